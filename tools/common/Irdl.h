// SPDX-License-Identifier: Apache-2.0
//===- Irdl.h - loading --irdl-file dialects into a tool's context --------===//
//
// The tools' one loader of IRDL dialect definitions (irscope-opt's plain
// runs, its --repeat and its supervised workers, and opt-reduce): read the
// file, parse it in the tool's context and register the dialects it
// defines.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_TOOLS_IRDL_H
#define IRS_TOOLS_IRDL_H

#include <mlir-c/IR.h>
#include <stdbool.h>
#include <stddef.h>

/// Loads the IRDL dialects of each of `paths[0, num)` into `ctx`, stopping
/// at the first that fails. A file that cannot be read is reported through
/// `onError` (irsInputCreateFromFile's message); one that does not parse or
/// load gets "TOOL: error: cannot parse IRDL file 'PATH'" or "...: cannot
/// load IRDL dialects from 'PATH'" on stderr (parse diagnostics go to the
/// context's handlers). Returns whether all loaded.
bool irsToolLoadIrdlFiles(MlirContext ctx, const char *tool,
                          const char *const *paths, size_t num,
                          MlirStringCallback onError, void *userData);

#endif // IRS_TOOLS_IRDL_H
