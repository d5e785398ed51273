// SPDX-License-Identifier: Apache-2.0
//===- TextScan.h - scanning printed IR for a few rare bytes --------------===//
//
// Internal to lib/PassManager. The dump writers look at every byte they
// print for what a whole print would alias (StitchedDump.c) and for affine
// maps and sets to name (AliasStitch.c). Each stops only at a few bytes
// that come once every few dozen or hundred bytes of printed IR, so the
// scan tests 16 bytes at a time and looks closer only at a block holding
// one of them.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_LIB_PASSMANAGER_TEXTSCAN_H
#define IRS_LIB_PASSMANAGER_TEXTSCAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/// A character of an MLIR bare identifier (dialect names, keywords).
static inline bool irsTextIsIdent(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || c == '_' || c == '$';
}

// 16 bytes at a time (GCC/Clang vector extensions, SSE2 or NEON code).
typedef signed char IrsTextBytes16 __attribute__((vector_size(16)));

/// The first index from i on holding one of the four bytes `a`..`d` (repeat
/// one to look for fewer), or n. Inlined with constant bytes, each block
/// costs four compares.
static inline size_t irsTextNextStop(const char *t, size_t i, size_t n,
                                     char a, char b, char c, char d) {
  for (; i + 16 <= n; i += 16) {
    IrsTextBytes16 v;
    memcpy(&v, t + i, 16);
    IrsTextBytes16 m = (v == a) | (v == b) | (v == c) | (v == d);
    uint64_t w[2];
    memcpy(w, &m, 16);
    if (w[0] | w[1])
      break;
  }
  for (; i < n; ++i)
    if (t[i] == a || t[i] == b || t[i] == c || t[i] == d)
      return i;
  return n;
}

#endif // IRS_LIB_PASSMANAGER_TEXTSCAN_H
