// SPDX-License-Identifier: Apache-2.0
//===- DialectHint.h - a hint at --tool when a dialect is missing ---------===//
//
// IR of a dialect irscope's MLIR does not have (mlir-opt's `test`,
// Flang's `fir`, IREE's, Triton's) cannot be parsed in-process; the
// compiler that has the dialect runs it with --tool. MLIR's message says
// only that the dialect was not found.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_TOOLS_COMMON_DIALECTHINT_H
#define IRS_TOOLS_COMMON_DIALECTHINT_H

#include "irscope/Diagnostics.h"

/// After `d`, when it is an error about a dialect that is not registered:
/// one `TOOL: note:` line on stderr pointing at --tool=PATH.
void irsToolDialectHint(const char *tool, const IrsDiagnostic *d);

#endif // IRS_TOOLS_COMMON_DIALECTHINT_H
