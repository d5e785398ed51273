// SPDX-License-Identifier: Apache-2.0
//===- Diff.h - unified diffs of IR text ----------------------------------===//
//
// Determinism reports and the HTML explorer show how two versions of the IR
// differ. The diff itself is git's (xdiff through libgit2, a maintained
// implementation with the heuristics people are used to); this header only
// fixes the output format: "--- A" / "+++ B" headers followed by hunks, as
// `diff -u` prints them.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_DIFF_H
#define IRS_DIFF_H

#include "irscope/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Writes a unified diff from `before` to `after` through `callback`, with
/// `contextLines` lines of context around each change. Nothing is written
/// when the texts are equal. `*differs` (nullable) tells whether they differ.
/// Returns IRS_ERR_NOMEM (or IRS_ERR_IO for an internal diff error).
IRS_API IrsStatus irsDiffUnified(MlirStringRef before, MlirStringRef after,
                                 const char *beforeLabel,
                                 const char *afterLabel, int contextLines,
                                 MlirStringCallback callback, void *userData,
                                 bool *differs);

/// The structural view of the same diff: lines are compared with every SSA
/// value name (`%x`, `%0`, `%arg1`) and block name (`^bb2`) left out
/// (string literals untouched), so renumbering alone (after cse, say) is no
/// difference; the lines shown are the originals (removed lines from
/// `before`, added and context lines from `after`). `*differs` tells whether
/// the texts differ other than in names. Same statuses as irsDiffUnified.
IRS_API IrsStatus irsDiffStructural(MlirStringRef before, MlirStringRef after,
                                    const char *beforeLabel,
                                    const char *afterLabel, int contextLines,
                                    MlirStringCallback callback,
                                    void *userData, bool *differs);

#ifdef __cplusplus
}
#endif

#endif // IRS_DIFF_H
