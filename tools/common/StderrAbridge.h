// SPDX-License-Identifier: Apache-2.0
//===- StderrAbridge.h - a worker's stderr on the terminal, traces held ---===//
//
// The supervisor hands what its worker writes to stderr to a sink
// (IrsSupervisorOptions.onStderr). This one copies it to our stderr and
// holds back the traces the crash handler (CrashHandler.c) prints: the
// header ("TOOL: fatal signal ..." or "TOOL: step timed out"), "Stack
// trace:", the frame lines "MODULE(...) [0xADDR]" and a hang trace's end
// line, each judged by irsCrashTraceLineKind (irscope/CrashTrace.h, where
// the markers are defined). They stay in the result's stderrTail,
// so the tool prints its own error line first and then a short, symbolised
// trace (CrashNote.h). Lines are forwarded whole (a line must be whole to
// be judged), a long one as it arrives.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_TOOLS_STDERRABRIDGE_H
#define IRS_TOOLS_STDERRABRIDGE_H

#include <stddef.h>

typedef struct IrsToolAbridger IrsToolAbridger;

/// NULL when out of memory.
IrsToolAbridger *irsToolAbridgerCreate(void);
void irsToolAbridgerDestroy(IrsToolAbridger *a);

/// The onStderr sink; `userData` is an IrsToolAbridger. At the end of a
/// run's stderr (data NULL, size 0) a held line goes out, and a held
/// header no "Stack trace:" followed.
void irsToolAbridgeStderr(const char *data, size_t size, void *userData);

#endif // IRS_TOOLS_STDERRABRIDGE_H
