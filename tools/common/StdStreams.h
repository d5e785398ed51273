// SPDX-License-Identifier: Apache-2.0
//===- StdStreams.h - `-` for stdin and stdout, where a path is needed ----===//
//
// mlir-opt reads `-` as stdin and writes `-o -` to stdout; the tools keep
// that habit where what they drive needs a real file (a tool run with
// --tool reads and writes paths; the reducer saves its best result as it
// goes): a temporary file stands in, copied from stdin first or to stdout
// last.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_TOOLS_COMMON_STDSTREAMS_H
#define IRS_TOOLS_COMMON_STDSTREAMS_H

#include <stddef.h>

/// A new empty file "$TMPDIR/PREFIX-PID-XXXXXX" (TMPDIR defaults to /tmp;
/// irsRunDirCreateScratch, which first removes what killed processes left
/// under PREFIX); NULL with errno set on failure. The caller unlinks and
/// frees it.
char *irsToolTempFile(const char *prefix);

/// All of stdin copied into a new irsToolTempFile(prefix); NULL with errno
/// set on failure (nothing left behind).
char *irsToolSaveStdin(const char *prefix);

/// Writes `path`'s contents to stdout and flushes it; the exit code of ok,
/// or of an I/O error after printing "TOOL: error: cannot write to stdout".
int irsToolCopyToStdout(const char *tool, const char *path);

#endif // IRS_TOOLS_COMMON_STDSTREAMS_H
