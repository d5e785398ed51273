// SPDX-License-Identifier: Apache-2.0
//===- FromLog.h - dump directories from another tool's IR dumps ----------===//
//
// See FromLog.c. Both write into `dir` (created, or an empty directory) the
// dumps NNNN-ANCHOR-PASS.mlir (each the whole module after that step),
// 0000-input.mlir when the IR before the first step is known, and
// manifest.xml. False with a one-line reason in err on failure.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_TOOLS_IRSCOPE_REPORT_FROMLOG_H
#define IRS_TOOLS_IRSCOPE_REPORT_FROMLOG_H

#include <stdbool.h>
#include <stddef.h>

/// From the stderr of --mlir-print-ir-after-all and/or -before-all.
bool irsExFromLog(const char *log, const char *dir, const char *cmdLine,
                  char *err, size_t cap);
/// From a --mlir-print-ir-tree-dir directory.
bool irsExFromTreeDir(const char *tree, const char *dir, const char *cmdLine,
                      char *err, size_t cap);

#endif
