// SPDX-License-Identifier: Apache-2.0
//===- ShellQuote.h - command lines that paste into a shell ---------------===//
#ifndef IRS_TOOLS_SHELLQUOTE_H
#define IRS_TOOLS_SHELLQUOTE_H

#include <stdbool.h>

/// argv[0..argc) joined by spaces, each word quoted for a POSIX shell
/// where it needs it: a word of only [A-Za-z0-9_./:,+@%=-] stays as is,
/// an option "--name=VALUE" gets only its value quoted
/// ("--pass-pipeline='builtin.module(cse)'"), anything else is put in
/// single quotes with each ' written '\''. malloc'd; NULL when out of
/// memory.
char *irsToolShellJoin(int argc, char *const *argv);

/// The next word of the command line at *p, as a POSIX shell splits it
/// (quotes and backslashes; no expansions), into `out`, which needs room
/// for the rest of the line; *p moves past it. False at the end.
bool irsToolShellNextWord(const char **p, char *out);

#endif
