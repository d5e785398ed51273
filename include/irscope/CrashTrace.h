// SPDX-License-Identifier: Apache-2.0
//===- CrashTrace.h - the markers of a worker's trace on its stderr -------===//
//
// A worker's signal handlers write what they know to stderr, the only
// channel left to a dying process: on a fatal signal a header line
// ("TOOL: fatal signal SIGSEGV", with " (stack overflow)" when it was
// one), "Stack trace:" and glibc backtrace lines; asked for the trace of a
// step that timed out the same with the header "TOOL: step timed out" and
// an end line the supervisor waits for; for the reducer, raw return
// addresses between two marker lines. The writer (tools/common/
// CrashHandler.c) and every reader (the supervisor, the tools' stderr
// abridger, crash documentation) take these markers from here, and readers
// judge a line with one function, irsCrashTraceLineKind.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_CRASHTRACE_H
#define IRS_CRASHTRACE_H

#include "irscope/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// After the tool's name on a fatal signal's header line, before the
/// signal's name ("irscope-opt: fatal signal SIGSEGV").
#define IRS_CRASH_TRACE_FATAL_SIGNAL ": fatal signal "
/// After the signal's name when the fault was next to the stack pointer.
#define IRS_CRASH_TRACE_STACK_OVERFLOW " (stack overflow)"
/// After the tool's name on a timed-out step's header line.
#define IRS_CRASH_TRACE_TIMED_OUT ": step timed out"
/// The line between a header and the frames.
#define IRS_CRASH_TRACE_START "Stack trace:\n"
/// The line a timed-out step's trace ends with (the supervisor kills the
/// worker as soon as it has read it).
#define IRS_CRASH_TRACE_END "(end of stack trace)\n"
/// The reducer's raw crash frames: this line, one "0xADDR\n" line per
/// return address, then IRS_CRASH_TRACE_FRAMES_END.
#define IRS_CRASH_TRACE_FRAMES_BEGIN "##irs-frames\n"
#define IRS_CRASH_TRACE_FRAMES_END "##\n"

/// What one line of a worker's stderr is to a trace reader.
typedef enum IrsCrashTraceLine {
  IrsCrashTraceLineOther,  ///< none of the below
  IrsCrashTraceLineHeader, ///< "TOOL: fatal signal ..." or a timeout's
  IrsCrashTraceLineStart,  ///< IRS_CRASH_TRACE_START
  IrsCrashTraceLineFrame,  ///< a backtrace line, "...[0xADDR]"
  IrsCrashTraceLineEnd,    ///< IRS_CRASH_TRACE_END
} IrsCrashTraceLine;

/// The kind of `line`, given without its newline.
IRS_API IrsCrashTraceLine irsCrashTraceLineKind(MlirStringRef line);

/// Whether `text` (a worker's stderr) holds a timed-out step's whole trace,
/// its end line included.
IRS_API bool irsCrashTraceHasEnd(MlirStringRef text);

/// Whether a fatal signal's header in `text` says it was a stack overflow.
IRS_API bool irsCrashTraceIsStackOverflow(MlirStringRef text);

#ifdef __cplusplus
}
#endif

#endif // IRS_CRASHTRACE_H
