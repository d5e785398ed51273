// SPDX-License-Identifier: Apache-2.0
//===- Text.h - the tools' growable text buffer ----------------------------===//
//
// What a tool collects before writing it whole: irscope-opt's output of all
// chunks, irscope-report's pieces of a page. (The library's IrsBuf is
// private to lib/.)
//
//===----------------------------------------------------------------------===//
#ifndef IRS_TOOLS_COMMON_TEXT_H
#define IRS_TOOLS_COMMON_TEXT_H

#include <mlir-c/Support.h>

#include <stdbool.h>
#include <stddef.h>

/// Zero-initialise; free `data` when done. `data` is NUL-terminated once
/// anything was appended.
typedef struct IrsToolText {
  char *data;
  size_t len, cap;
  /// An allocation failed: this append and every later one were dropped.
  bool failed;
} IrsToolText;

/// Appends `n` bytes of `d`.
void irsToolTextAppend(IrsToolText *t, const void *d, size_t n);

/// Appends the whole contents of the file at `path`. False, with errno
/// set and `t` as it was, when the file cannot be read (or memory runs
/// out: ENOMEM).
bool irsToolTextAppendFile(IrsToolText *t, const char *path);

/// An MlirStringCallback appending to the IrsToolText `userData`.
void irsToolTextCallback(MlirStringRef s, void *userData);

#endif // IRS_TOOLS_COMMON_TEXT_H
