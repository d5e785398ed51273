// SPDX-License-Identifier: Apache-2.0
//===- CrashTrace.c - judging the lines of a worker's trace ---------------===//
//
// include/irscope/CrashTrace.h: the one place that recognises the markers
// tools/common/CrashHandler.c writes.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE // memmem
#include "irscope/CrashTrace.h"

#include <string.h>

// A marker's length without its newline.
#define LINE_LEN(m) (sizeof(m) - 2)

static bool isLine(MlirStringRef l, const char *marker, size_t n) {
  return l.length == n && memcmp(l.data, marker, n) == 0;
}

static bool contains(MlirStringRef t, const char *s, size_t n) {
  return t.length >= n && memmem(t.data, t.length, s, n) != NULL;
}

static bool endsWith(MlirStringRef t, const char *s, size_t n) {
  return t.length > n && memcmp(t.data + t.length - n, s, n) == 0;
}

IrsCrashTraceLine irsCrashTraceLineKind(MlirStringRef l) {
  static const char fatal[] = IRS_CRASH_TRACE_FATAL_SIGNAL;
  static const char timedOut[] = IRS_CRASH_TRACE_TIMED_OUT;
  if (!l.data)
    return IrsCrashTraceLineOther;
  if (isLine(l, IRS_CRASH_TRACE_END, LINE_LEN(IRS_CRASH_TRACE_END)))
    return IrsCrashTraceLineEnd;
  if (isLine(l, IRS_CRASH_TRACE_START, LINE_LEN(IRS_CRASH_TRACE_START)))
    return IrsCrashTraceLineStart;
  if (contains(l, fatal, sizeof(fatal) - 1) ||
      endsWith(l, timedOut, sizeof(timedOut) - 1))
    return IrsCrashTraceLineHeader;
  // backtrace_symbols_fd: "MODULE(SYMBOL+0xOFF) [0xADDR]".
  if (l.length > 4 && l.data[l.length - 1] == ']' && contains(l, "[0x", 3))
    return IrsCrashTraceLineFrame;
  return IrsCrashTraceLineOther;
}

bool irsCrashTraceHasEnd(MlirStringRef text) {
  return text.data &&
         contains(text, IRS_CRASH_TRACE_END, sizeof(IRS_CRASH_TRACE_END) - 1);
}

bool irsCrashTraceIsStackOverflow(MlirStringRef text) {
  // Without its leading space: the words are the marker.
  static const char so[] = IRS_CRASH_TRACE_STACK_OVERFLOW;
  return text.data && contains(text, so + 1, sizeof(so) - 2);
}
