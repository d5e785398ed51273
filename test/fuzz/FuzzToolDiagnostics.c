// SPDX-License-Identifier: Apache-2.0
//===- FuzzToolDiagnostics.c - diagnostics in a --tool's stderr -----------===//
//
// The input is what a tool (mlir-opt, fir-opt, a user's) printed on stderr:
// "LOC: SEVERITY: MESSAGE" lines with notes, source excerpts and stack
// dumps in between, read by irsToolParseDiagnostics.
//
//===----------------------------------------------------------------------===//
#include "FuzzInput.h"

#include "irscope/Tool.h"

static void onDiag(const IrsDiagnostic *d, void *ud) {
  fuzzSink(d->location, ud);
  fuzzSink(d->message, ud);
  for (intptr_t i = 0; i < d->numNotes; ++i)
    onDiag(&d->notes[i], ud);
  irsDiagnosticPrint(d, fuzzSink, ud);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  size_t sum = 0;
  MlirStringRef text = mlirStringRefCreate((const char *)data, size);
  irsToolParseDiagnostics(text, onDiag, &sum);
  sum += fuzzCountLines(text, irsToolIsDiagnosticLine);
  return 0;
}
