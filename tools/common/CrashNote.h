// SPDX-License-Identifier: Apache-2.0
//===- CrashNote.h - what a terminal shows of a dead worker's trace -------===//
//
// The crash handler (CrashHandler.c) prints a raw glibc backtrace; the
// worker's stderr sink holds it back (StderrAbridge.h) and the tool prints these
// few lines instead, after its one-line error: one note naming the crash
// site, the next frames, symbolised, and the report's path last. The whole
// trace stays in report.xml.
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

/// Frames shown on a terminal below a crash's site.
enum { IRS_TOOL_CRASH_FRAMES = 4 };

/// Prints what follows a dead worker's error line to stderr: "TOOL: note:
/// crashed in SITE" (or "hung in"; " (under CALLER)" when the site has no
/// name), then the next IRS_TOOL_CRASH_FRAMES frames of the short trace
/// (irsStackTraceSummarise), "  #1 caller at file:line". Nothing without a
/// trace.
void irsToolPrintTraceNotes(const char *tool, MlirStringRef trace, bool hang);

/// Prints "TOOL: note: report: DIR/report.xml", the last line of a death.
void irsToolPrintReportNote(const char *tool, const char *dir, size_t dirLen);

/// The site as that note names it, "SITE" or "SITE (under CALLER)", into
/// `out` (empty without a trace).
void irsToolSiteText(MlirStringRef trace, char *out, size_t cap);

struct IrsSignature;

/// A failure signature's crash site as a person reads it, into `out`: the
/// site symbolised (irsStackTraceSymboliseSite) when it is "module+0xOFF"
/// and a symbolizer names it, else "SITE (under CALLER)" or "SITE" as
/// stored; empty without a site. For display: the signature keeps matching
/// on what it stores.
void irsToolSignatureSite(const struct IrsSignature *sig, char *out,
                          size_t cap);

/// Where a failure signature failed, as the words after its kind: " in
/// PASS, in SITE" (the site as irsToolSignatureSite names it: "F at
/// file:line", "F (module)", "module+0xOFF (under F)"), " in PASS", " in
/// SITE" when no pass is known, or "" for neither. With `quotePass`, the
/// form for a file meant for upstream (a lit test's `// Bug:` comment):
/// " in pass 'PASS'", and an unnamed site without the offset that means
/// something only in this build, led by its named caller: "F, in a
/// function without a symbol in module" ("a function without a symbol in
/// module" without a caller).
void irsToolSignatureWhere(const struct IrsSignature *sig, bool quotePass,
                           char *out, size_t cap);

#endif
