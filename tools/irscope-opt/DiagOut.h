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
/// The exit code of a chunk: with --verify-diagnostics its failures are
/// expected, so only I/O errors in `chunkRc` are kept; otherwise `chunkRc`.
int irsOptDiagOutChunkEnd(int chunkRc);
/// With --verify-diagnostics: prints the expectations not produced and
/// returns mlir-opt's exit code for the verification (0 or 1); otherwise 0.
int irsOptDiagOutRunEnd(void);
/// True with --verify-diagnostics: failures are expected, so irscope-opt's
/// own "error:" lines about them are left out, as mlir-opt prints none.
bool irsOptDiagOutVerifying(void);
/// This process's verifier (null without --verify-diagnostics), for the
/// manifest's counts.
IrsDiagVerifier irsOptDiagOutVerifier(void);

#endif
