// SPDX-License-Identifier: Apache-2.0
//===- FuzzDiagVerifier.c - expected-* comments matched to diagnostics ----===//
//
// The input is an input file with expected-error/-warning/-note/-remark
// comments (in.mlir), then a line "//#### stderr", then the diagnostics a
// tool printed for it, which irsToolParseDiagnostics reads as the --tool
// runner does. Every diagnostic is checked against the expectations and
// the verification finished, once over the whole file and once with the
// file read as a --split-input-file chunk with a window.
//
//===----------------------------------------------------------------------===//
#include "FuzzInput.h"

#include "irscope/DiagVerifier.h"
#include "irscope/Tool.h"

static void onComplaint(const IrsDiagComplaint *c, void *ud) {
  fuzzSink(c->location, ud);
  fuzzSink(c->message, ud);
  *(size_t *)ud += (size_t)c->rangeLength;
}

static void onDiag(const IrsDiagnostic *d, void *ud) {
  irsDiagVerifierProcess(*(IrsDiagVerifier *)ud, d);
}

static void verify(MlirStringRef file, MlirStringRef diags, intptr_t line,
                   bool onlyExpected, bool window, size_t *sum) {
  IrsDiagVerifier v =
      irsDiagVerifierCreate(mlirStringRefCreateFromCString("in.mlir"), file,
                            line, onlyExpected, onComplaint, sum);
  if (irsDiagVerifierIsNull(v))
    return;
  if (window)
    irsDiagVerifierSetWindow(v, line, line + 40);
  irsToolParseDiagnostics(diags, onDiag, &v);
  irsDiagVerifierFinish(v);
  IrsDiagVerifierCounts n = irsDiagVerifierGetCounts(v);
  *sum += (size_t)(n.expected + n.matched + n.unexpected);
  irsDiagVerifierDestroy(v);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static const char kSep[] = "\n//#### stderr\n";
  const char *text = (const char *)data;
  const char *sep = memmem(text, size, kSep, sizeof(kSep) - 1);
  size_t fileLen = sep ? (size_t)(sep - text) : size;
  const char *diags = sep ? sep + sizeof(kSep) - 1 : text + size;
  MlirStringRef file = mlirStringRefCreate(text, fileLen);
  MlirStringRef stderrText =
      mlirStringRefCreate(diags, (size_t)(text + size - diags));
  size_t sum = 0;
  verify(file, stderrText, 1, false, false, &sum);
  verify(file, stderrText, 3, true, true, &sum);
  return 0;
}
