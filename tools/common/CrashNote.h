// SPDX-License-Identifier: Apache-2.0
//===- CrashNote.h - what a terminal shows of a dead worker's trace -------===//
//
// The crash handler (CrashHandler.c) prints a raw glibc backtrace; the
// supervisor holds its frames back (abridgeCrashTraces) and the tool prints
// these few lines instead: the first frames from the crash site on,
// symbolised, and one note naming the site. The whole trace stays in
// report.xml.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_TOOLS_CRASHNOTE_H
#define IRS_TOOLS_CRASHNOTE_H

#include <mlir-c/Support.h>
#include <stdbool.h>

/// The llvm-symbolizer to use: $LLVM_SYMBOLIZER_PATH (as LLVM's tools
/// read it) if set, else the one next to the MLIR tools irscope was built
/// with; NULL when not executable.
const char *irsToolSymbolizer(void);

/// Frames shown on a terminal for a crash.
enum { IRS_TOOL_CRASH_FRAMES = 4 };

/// Prints the short trace of a crash (irsStackTraceSummarise) to stderr.
void irsToolPrintCrashFrames(MlirStringRef trace);

/// Prints "TOOL: note: crashed in SITE" (or "hung in"), with
/// " (under CALLER)" when the site has no name. Nothing without a trace.
void irsToolPrintSiteNote(const char *tool, MlirStringRef trace, bool hang);

/// The site as that note names it, "SITE" or "SITE (under CALLER)", into
/// `out` (empty without a trace).
void irsToolSiteText(MlirStringRef trace, char *out, size_t cap);

#endif
