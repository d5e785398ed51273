// SPDX-License-Identifier: Apache-2.0
//===- DiagOut.h - how irscope-opt shows diagnostics ----------------------===//
//
// Every diagnostic a process of irscope-opt shows goes through
// irsOptDiagOutPrint: in mlir-opt's form (source line and caret, the
// default), in the plain one-line form (--diagnostic-format=plain), or,
// with --verify-diagnostics, into the current chunk's verifier, which
// prints only its complaints. Configured once per run before any worker is
// forked, so workers inherit it.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_TOOLS_IRSCOPE_OPT_DIAGOUT_H
#define IRS_TOOLS_IRSCOPE_OPT_DIAGOUT_H

#include "Driver.h"

#include "irscope/DiagVerifier.h"

/// Checks --diagnostic-format and --verify-diagnostics (and what they cannot
/// be combined with) and remembers the input whose lines diagnostics show.
/// False after printing one error line (exit code IRS_EXIT_USAGE).
bool irsOptDiagOutInit(const IrsOptConfig *cfg, IrsInput input);
/// Shows one diagnostic with its notes.
void irsOptDiagOutPrint(const IrsDiagnostic *d);
/// With --verify-diagnostics: starts verifying chunk `chunk` (reads its
/// expected-* comments; complaints about bad regexes are printed now).
void irsOptDiagOutChunkBegin(intptr_t chunk);
/// Ends the chunk: with --verify-diagnostics prints the expectations not
/// produced and returns the chunk's exit code as mlir-opt's (0 or 1; I/O
/// errors in `chunkRc` are kept); otherwise returns `chunkRc`.
int irsOptDiagOutChunkEnd(int chunkRc);
/// True with --verify-diagnostics: failures are expected, so irscope-opt's
/// own "error:" lines about them are left out, as mlir-opt prints none.
bool irsOptDiagOutVerifying(void);
/// The current chunk's verifier (null outside a chunk or without
/// --verify-diagnostics), for the manifest's counts.
IrsDiagVerifier irsOptDiagOutVerifier(void);

#endif
