// SPDX-License-Identifier: Apache-2.0
//===- DiagOut.c - how irscope-opt shows diagnostics ----------------------===//
//
// The state is per process and set before the supervisor forks its worker.
// As in mlir-opt 22, one verifier covers the whole file: the expected-*
// comments of every chunk are read first (bad regexes are reported before
// anything runs), each chunk's diagnostics are matched against all of them
// (an @+N may reach into the next chunk), and the expectations not produced
// are reported once, after the last chunk. A worker that starts after a
// crash (the supervisor resumes at the next chunk) verifies the rest of the
// file from that chunk on; the crashed worker's verification is lost, and
// the run's exit code is the crash's.
//
//===----------------------------------------------------------------------===//
#include "DiagOut.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The form of diagnostics without --diagnostic-format: mlir-opt's (source
// line and caret after each file location), so that FileCheck lines written
// against mlir-opt's stderr carry over; "plain" keeps one line per
// diagnostic for tools that read them; docs/irscope-opt.md#diagnostics.
static const char kDefaultFormat[] = "mlir";

typedef struct DiagOut {
  bool plain;         // diagnostics in one line each
  bool plainComplaints;
  bool verify;
  bool onlyExpected;
  IrsInput input;
  IrsDiagnosticSource src;
  IrsDiagVerifier verifier; // this process's, from irsOptDiagOutRunBegin
  bool failed;              // out of memory creating it
} DiagOut;

// One per process: diagnostics arrive through MLIR's handler callbacks,
// which irscope-opt registers in several places (parsing, the pass manager,
// the IRDL loader) and which all print to the same stderr.
static DiagOut out;

// One write per diagnostic, so that a diagnostic's lines stay together.
static void flushText(IrsOptOut *t) {
  if (t->len)
    fwrite(t->data, 1, t->len, stderr);
  free(t->data);
}

bool irsOptDiagOutInit(const IrsOptConfig *cfg, IrsInput input) {
  // The values and the modes they exclude are checked with the option
  // table (Config.c).
  const char *fmt = cfg->diagnosticFormat ? cfg->diagnosticFormat
                                          : kDefaultFormat;
  const char *v = cfg->verifyDiagnostics;
  memset(&out, 0, sizeof(out));
  out.plain = !strcmp(fmt, "plain");
  out.plainComplaints = cfg->diagnosticFormat && out.plain;
  out.verify = v != NULL;
  out.onlyExpected = v && !strcmp(v, "only-expected");
  out.input = input;
  out.src.name = mlirStringRefCreateFromCString(irsInputGetSourceName(input));
  out.src.text = irsInputIsBytecode(input) ? (MlirStringRef){NULL, 0}
                                           : irsInputGetContents(input);
  return true;
}

static void printComplaint(const IrsDiagComplaint *c, void *ud) {
  (void)ud;
  IrsOptOut t = {0};
  if (out.plainComplaints)
    irsSourceMessagePrint(c->location, IrsSeverityError, c->message, 0, false,
                          NULL, irsToolTextCallback, &t);
  else
    irsSourceMessagePrint(c->location, IrsSeverityError, c->message,
                          c->rangeLength, true, &out.src, irsToolTextCallback, &t);
  flushText(&t);
}

// In mlir-opt, --verify-diagnostics turns off MLIR's "see current
// operation" note (MLIRContext::printOpOnDiagnostic(false)); the C API
// cannot, so the note is left out here before verification.
static void verify(const IrsDiagnostic *d) {
  static const char prefix[] = "see current operation: ";
  IrsDiagnostic copy = *d;
  IrsDiagnostic *notes = NULL;
  if (d->numNotes > 0 && (notes = malloc((size_t)d->numNotes *
                                         sizeof(IrsDiagnostic)))) {
    intptr_t n = 0;
    for (intptr_t i = 0; i < d->numNotes; ++i) {
      MlirStringRef m = d->notes[i].message;
      if (m.length >= strlen(prefix) && !memcmp(m.data, prefix, strlen(prefix)))
        continue;
      notes[n++] = d->notes[i];
    }
    copy.notes = notes;
    copy.numNotes = n;
  }
  irsDiagVerifierProcess(out.verifier, &copy);
  free(notes);
}

void irsOptDiagOutPrint(const IrsDiagnostic *d) {
  if (!irsDiagVerifierIsNull(out.verifier)) {
    verify(d);
    return;
  }
  IrsOptOut t = {0};
  if (out.plain)
    irsDiagnosticPrint(d, irsToolTextCallback, &t);
  else
    irsDiagnosticPrintWithSource(d, &out.src, irsToolTextCallback, &t);
  flushText(&t);
}

void irsOptDiagOutRunBegin(intptr_t firstChunk) {
  if (!out.verify || irsInputGetNumChunks(out.input) <= firstChunk)
    return;
  MlirStringRef text = {"", 0};
  if (!irsInputIsBytecode(out.input)) {
    MlirStringRef all = irsInputGetContents(out.input);
    MlirStringRef first = irsInputGetChunk(out.input, firstChunk);
    text.data = first.data;
    text.length = all.length - (size_t)(first.data - all.data);
  }
  out.verifier = irsDiagVerifierCreate(
      out.src.name, text, irsInputGetChunkLine(out.input, firstChunk),
      out.onlyExpected, printComplaint, NULL);
  if (irsDiagVerifierIsNull(out.verifier)) {
    fprintf(stderr, "irscope-opt: error: out of memory reading expected-* "
                    "comments\n");
    out.failed = true;
  }
}

void irsOptDiagOutChunkBegin(intptr_t chunk) {
  if (irsDiagVerifierIsNull(out.verifier))
    return;
  intptr_t last = chunk + 1 < irsInputGetNumChunks(out.input)
                      ? irsInputGetChunkLine(out.input, chunk + 1)
                      : INTPTR_MAX;
  irsDiagVerifierSetWindow(out.verifier, irsInputGetChunkLine(out.input, chunk),
                           last);
}

IrsOutcome irsOptDiagOutChunkEnd(IrsOutcome chunk) {
  if (!out.verify ||
      irsOutcomeGetExitCode(chunk) == irsOutcomeGetExitCode(IrsOutcomeIoError))
    return chunk;
  return IrsOutcomeOk;
}

IrsOutcome irsOptDiagOutRunEnd(void) {
  if (!out.verify)
    return IrsOutcomeOk;
  bool ok = !out.failed && !irsDiagVerifierIsNull(out.verifier) &&
            irsDiagVerifierFinish(out.verifier);
  irsDiagVerifierDestroy(out.verifier);
  out.verifier = (IrsDiagVerifier){NULL};
  return ok ? IrsOutcomeOk : IrsOutcomePassFailure;
}

bool irsOptDiagOutVerifying(void) { return out.verify; }

IrsDiagVerifier irsOptDiagOutVerifier(void) { return out.verifier; }
