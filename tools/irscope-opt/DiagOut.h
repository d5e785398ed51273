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
/// False after printing one error line (the exit code of a
/// usage error).
bool irsOptDiagOutInit(const IrsOptConfig *cfg, IrsInput input);
/// Shows one diagnostic with its notes.
void irsOptDiagOutPrint(const IrsDiagnostic *d);
/// With --verify-diagnostics: reads the expected-* comments of chunk
/// `firstChunk` and all after it (complaints about bad regexes are printed
/// now). Called once per process, before its first chunk.
void irsOptDiagOutRunBegin(intptr_t firstChunk);
/// Marks the chunk whose diagnostics come next (the manifest's counts).
void irsOptDiagOutChunkBegin(intptr_t chunk);
/// The outcome of a chunk: with --verify-diagnostics its failures are
/// expected, so only an I/O error in `chunk` is kept; otherwise `chunk`.
IrsOutcome irsOptDiagOutChunkEnd(IrsOutcome chunk);
/// With --verify-diagnostics: prints the expectations not produced and
/// returns the verification's outcome (ok, or pass-failure: mlir-opt's exit
/// code 1); otherwise ok.
IrsOutcome irsOptDiagOutRunEnd(void);
/// True with --verify-diagnostics: failures are expected, so irscope-opt's
/// own "error:" lines about them are left out, as mlir-opt prints none.
bool irsOptDiagOutVerifying(void);
/// This process's verifier (null without --verify-diagnostics), for the
/// manifest's counts.
IrsDiagVerifier irsOptDiagOutVerifier(void);

#endif
