// SPDX-License-Identifier: Apache-2.0
//===- DiagOut.c - how irscope-opt shows diagnostics ----------------------===//
//
// The state is per process and set before the supervisor forks its worker;
// a worker that starts at a later chunk after a crash sets up that chunk's
// verifier itself. Each chunk is verified on its own, against its own
// expected-* comments (numbered with the file's lines), so a chunk that
// crashes the worker takes no other chunk's verification with it.
//
// Rationale: mlir-opt 22 prints the "was not produced" complaints of all
// chunks at the end of the file; irscope-opt prints them at the end of each
// chunk. The complaints and the exit code are the same.
//
//===----------------------------------------------------------------------===//
#include "DiagOut.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The form of diagnostics without --diagnostic-format. mlir-opt's form
// would be the natural default, but the test suite's older FileCheck lines
// (CHECK-NEXT right after a diagnostic) expect one line per diagnostic;
// docs/irscope-opt.md#diagnostics. The complaints of --verify-diagnostics
// are always in mlir-opt's form unless "plain" is asked for.
static const char kDefaultFormat[] = "plain";

typedef struct DiagOut {
  bool plain;         // diagnostics in one line each
  bool plainComplaints;
  bool verify;
  bool onlyExpected;
  IrsInput input;
  IrsDiagnosticSource src;
  IrsDiagVerifier verifier; // the current chunk's
} DiagOut;

// One per process: diagnostics arrive through MLIR's handler callbacks,
// which irscope-opt registers in several places (parsing, the pass manager,
// the IRDL loader) and which all print to the same stderr.
static DiagOut out;

static void textAppend(MlirStringRef s, void *ud) {
  irsOptOutAppend((IrsOptOut *)ud, s.data, s.length);
}

// One write per diagnostic, so that a diagnostic's lines stay together.
static void flushText(IrsOptOut *t) {
  if (t->len)
    fwrite(t->data, 1, t->len, stderr);
  free(t->data);
}

bool irsOptDiagOutInit(const IrsOptConfig *cfg, IrsInput input) {
  const char *fmt = cfg->diagnosticFormat ? cfg->diagnosticFormat
                                          : kDefaultFormat;
  if (strcmp(fmt, "mlir") != 0 && strcmp(fmt, "plain") != 0) {
    fprintf(stderr, "irscope-opt: error: unknown --diagnostic-format '%s' "
                    "(expected mlir or plain)\n",
            fmt);
    return false;
  }
  const char *v = cfg->verifyDiagnostics;
  if (v && *v && strcmp(v, "all") != 0 && strcmp(v, "only-expected") != 0) {
    fprintf(stderr, "irscope-opt: error: unknown --verify-diagnostics '%s' "
                    "(expected all or only-expected)\n",
            v);
    return false;
  }
  if (v && (cfg->repeat > 0 || cfg->checkDeterminism)) {
    // Those modes run every step several times: each run would be matched
    // against the same expectations.
    fprintf(stderr, "irscope-opt: error: '--verify-diagnostics' cannot be "
                    "combined with '--%s'\n",
            cfg->repeat > 0 ? "repeat" : "check-determinism");
    return false;
  }
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
                          NULL, textAppend, &t);
  else
    irsSourceMessagePrint(c->location, IrsSeverityError, c->message,
                          c->rangeLength, true, &out.src, textAppend, &t);
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
    irsDiagnosticPrint(d, textAppend, &t);
  else
    irsDiagnosticPrintWithSource(d, &out.src, textAppend, &t);
  flushText(&t);
}

void irsOptDiagOutChunkBegin(intptr_t chunk) {
  if (!out.verify)
    return;
  MlirStringRef text = irsInputIsBytecode(out.input)
                           ? (MlirStringRef){"", 0}
                           : irsInputGetChunk(out.input, chunk);
  out.verifier = irsDiagVerifierCreate(
      out.src.name, text, irsInputGetChunkLine(out.input, chunk),
      out.onlyExpected, printComplaint, NULL);
  if (irsDiagVerifierIsNull(out.verifier))
    fprintf(stderr, "irscope-opt: error: out of memory reading expected-* "
                    "comments\n");
}

int irsOptDiagOutChunkEnd(int chunkRc) {
  if (!out.verify)
    return chunkRc;
  if (irsDiagVerifierIsNull(out.verifier))
    return IRS_EXIT_IO;
  bool ok = irsDiagVerifierFinish(out.verifier);
  irsDiagVerifierDestroy(out.verifier);
  out.verifier = (IrsDiagVerifier){NULL};
  if (chunkRc == IRS_EXIT_IO)
    return chunkRc;
  return ok ? IRS_EXIT_OK : IRS_EXIT_PASS_FAILURE;
}

bool irsOptDiagOutVerifying(void) { return out.verify; }

IrsDiagVerifier irsOptDiagOutVerifier(void) { return out.verifier; }
