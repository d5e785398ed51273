// SPDX-License-Identifier: Apache-2.0
//===- StackPassFrames.c - the frames of a trace an upstream report shows -===//
//
// A trace kept in report.xml is the whole stack of the process that died:
// the pass's frames, then mlir::PassManager::run, then the driver that ran
// it (irscope's supervisor, worker and main, or a tool's main), and frames
// without a symbol named by an offset in an object of this build. Someone
// reading a bug report upstream needs the first part only, and an offset
// means nothing on their machine. This file cuts a formatted trace (one
// "#N ..." line per frame, as irsStackTraceSummarise and
// irsStackTraceFormat write it) down to that part, renumbered, with
// offsets dropped; irsStackTraceGetPassFrames in StackTrace.h.
//
//===----------------------------------------------------------------------===//
#include "irscope/StackTrace.h"

#include "Buf.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

static bool startsWith(const char *s, size_t n, const char *prefix) {
  size_t k = strlen(prefix);
  return n >= k && memcmp(s, prefix, k) == 0;
}

// Whether `name` (n bytes) is "mlir::PassManager::run" and nothing more.
static bool isPassManagerRun(const char *name, size_t n) {
  static const char key[] = "mlir::PassManager::run";
  size_t k = sizeof(key) - 1;
  return startsWith(name, n, key) &&
         (n == k || name[k] == '(' || name[k] == ' ' || name[k] == '+');
}

// A frame of the C and C++ runtimes, which only report the crash (the
// signal trampoline, raise, abort): irsStackTraceFormat's trace starts
// with them, a summary at the crash site.
static bool isRuntime(const char *rest, size_t n) {
  static const char *const objects[] = {"libc.so", "libstdc++.so",
                                        "libgcc_s.so", "ld-linux"};
  for (size_t i = 0; i < sizeof(objects) / sizeof(objects[0]); ++i) {
    char paren[32];
    snprintf(paren, sizeof(paren), "(%s", objects[i]);
    if (startsWith(rest, n, objects[i]))
      return true;
    for (const char *p = rest; p + strlen(paren) <= rest + n; ++p)
      if (!memcmp(p, paren, strlen(paren)))
        return true;
  }
  return false;
}

// Length of the "+0xHEX" at s[0, n), or 0.
static size_t hexOffsetLength(const char *s, size_t n) {
  if (n < 4 || memcmp(s, "+0x", 3) != 0)
    return 0;
  size_t k = 3;
  while (k < n && isxdigit((unsigned char)s[k]))
    ++k;
  return k > 3 ? k : 0;
}

// Appends frame text `rest` without what only this build knows: a frame
// without a symbol ("libMLIR.so.22.1+0x64439d5", "... (no symbol)")
// becomes "a function without a symbol in libMLIR.so.22.1", and a named
// frame loses its offset from the symbol ("f+0x3d7 (m)" reads "f (m)").
static void appendPortable(IrsBuf *b, const char *rest, size_t n) {
  size_t word = 0;
  while (word < n && rest[word] != ' ' && rest[word] != '+')
    ++word;
  size_t off = hexOffsetLength(rest + word, n - word);
  const char *after = rest + word + off;
  size_t an = n - word - off;
  if (off && (!an || startsWith(after, an, " (no symbol)") ||
              startsWith(after, an, " (under "))) {
    irsBufAppendStr(b, "a function without a symbol in ");
    irsBufAppend(b, rest, word);
    if (startsWith(after, an, " (under "))
      irsBufAppend(b, after, an);
    return;
  }
  for (size_t i = 0; i < n;) {
    size_t k = hexOffsetLength(rest + i, n - i);
    if (k) {
      i += k;
      continue;
    }
    irsBufAppend(b, rest + i, 1);
    ++i;
  }
}

intptr_t irsStackTraceGetPassFrames(MlirStringRef trace, MlirStringRef indent,
                                    MlirStringCallback callback,
                                    void *userData, intptr_t *numLeftOut) {
  intptr_t kept = 0, left = 0;
  bool started = false, done = false;
  IrsBuf line = IRS_BUF_INIT;
  for (const char *p = trace.data, *end = p + trace.length; p < end;) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    size_t n = (size_t)((nl ? nl : end) - p);
    const char *s = p;
    p += n + (nl != NULL);
    size_t lead = 0;
    while (lead < n && s[lead] == ' ')
      ++lead;
    if (lead >= n || s[lead] != '#')
      continue; // no frame line
    const char *rest = memchr(s + lead, ' ', n - lead);
    if (!rest)
      continue;
    ++rest;
    size_t rn = (size_t)(s + n - rest);
    if (done) {
      ++left;
      continue;
    }
    if (!started && isRuntime(rest, rn))
      continue;
    started = true;
    irsBufReset(&line);
    irsBufAppend(&line, indent.data, indent.length);
    irsBufPrintf(&line, "#%ld ", (long)kept++);
    appendPortable(&line, rest, rn);
    irsBufAppendStr(&line, "\n");
    if (!line.failed)
      callback(mlirStringRefCreate(line.data, line.len), userData);
    done = isPassManagerRun(rest, rn);
  }
  irsBufFree(&line);
  if (numLeftOut)
    *numLeftOut = left;
  return kept;
}
