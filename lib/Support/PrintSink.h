// SPDX-License-Identifier: Apache-2.0
//===- PrintSink.h - the fast path of every callback that receives IR -----===//
//
// MLIR's C API prints through mlir::detail::CallbackOstream, an unbuffered
// raw_ostream: every token the printer emits (a keyword, a space, "%12",
// ", ") is one call of the MlirStringCallback, 2.3 bytes a call on average,
// about 440,000 calls per MB of IR. The stream's own path to the callback
// (raw_ostream::write, write_impl, std::function) is fixed; what the
// callback does is ours, and at this rate a call to memcpy or a NUL store
// per token shows up against the printer itself.
//
// So every callback that receives printed IR is one of three, each this
// fast path with its slow path out of line: irsBufStringCallback (Buf.h:
// kept in memory), irsAtomicFileStringCallback (Fs.h: a 1 MiB buffer
// written out by write(2) when full) and, in the tools, irsToolTextCallback
// (tools/common/Text.h). No allocation, lock or system call per call.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_SUPPORT_PRINTSINK_H
#define IRS_SUPPORT_PRINTSINK_H

#include <mlir-c/Support.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/// Copies n bytes, w <= n <= 2w, as the first w and the last w of them (w a
/// constant once inlined: two loads and two stores).
static inline void irsPrintSinkCopyEnds(char *d, const char *p, size_t n,
                                        size_t w) {
  char a[8], b[8];
  memcpy(a, p, w);
  memcpy(b, p + n - w, w);
  memcpy(d, a, w);
  memcpy(d + n - w, b, w);
}

/// Copies `s` to data + *len, NUL-terminated, and advances *len when it
/// fits with the NUL below `cap` (`data` may be NULL with `cap` and *len 0);
/// false, with nothing copied, otherwise: the caller's slow path grows or
/// flushes the buffer then.
static inline bool irsPrintSinkPut(char *data, size_t *len, size_t cap,
                                   MlirStringRef s) {
  size_t n = s.length, l = *len;
  if (cap - l <= n) // callers keep l <= cap
    return false;
  char *d = data + l;
  const char *p = s.data;
  *len = l + n;
  // A token is a few bytes (most often one to three): overlapping
  // fixed-size copies cost less than a call to memcpy and read nothing
  // outside [p, p + n).
  if (n - 1 < 3) {
    d[0] = p[0];
    d[n >> 1] = p[n >> 1];
    d[n - 1] = p[n - 1];
  } else if (n - 4 < 4) {
    irsPrintSinkCopyEnds(d, p, n, 4);
  } else if (n - 8 < 9) {
    irsPrintSinkCopyEnds(d, p, n, 8);
  } else if (n) {
    memcpy(d, p, n);
  }
  d[n] = '\0';
  return true;
}

#endif // IRS_SUPPORT_PRINTSINK_H
