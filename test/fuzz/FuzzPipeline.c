// SPDX-License-Identifier: Apache-2.0
//===- FuzzPipeline.c - textual pipelines and mlir-opt style pass flags ---===//
//
// The input is a --pass-pipeline text; every query of the parsed pipeline
// is asked, then the same bytes are read as pass flags, one a line
// (irsPipelineCreateFromPassFlags, what "--inline=..." becomes), and the
// flags' restricted passes nested as mlir-opt nests them
// (irsPipelineNestRestrictedPasses, which asks MLIR's registry through the
// process's one context).
//
//===----------------------------------------------------------------------===//
#include "FuzzInput.h"

#include "irscope/Pipeline.h"

#include <mlir-c/RegisterEverything.h>

static MlirContext gCtx;

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  mlirRegisterAllPasses();
  gCtx = mlirContextCreateWithThreading(false);
  return 0;
}

static void onError(const IrsPipelineError *e, void *ud) {
  irsPipelineErrorPrint(e, fuzzSink, ud);
}

static void query(IrsPipeline p, size_t *sum) {
  fuzzSink(irsPipelineGetText(p), sum);
  fuzzSink(irsPipelineGetRootAnchor(p), sum);
  intptr_t n = irsPipelineGetNumSteps(p);
  for (intptr_t i = 0; i < n; ++i) {
    fuzzSink(irsPipelineGetStepText(p, i), sum);
    fuzzSink(irsPipelineGetStepPassName(p, i), sum);
    fuzzSink(irsPipelineGetStepPassOptions(p, i), sum);
    fuzzSink(irsPipelineGetStepAnchor(p, i), sum);
    intptr_t na = irsPipelineGetStepNumAnchors(p, i);
    for (intptr_t a = 0; a < na; ++a)
      fuzzSink(irsPipelineGetStepAnchorAt(p, i, a), sum);
    *sum += (size_t)irsPipelineGetStepOffset(p, i);
    irsPipelineGetRangeText(p, i, n, fuzzSink, sum);
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  size_t sum = 0;
  MlirStringRef text = mlirStringRefCreate((const char *)data, size);
  irsPipelineTextNamesIrscopePass(text);
  IrsPipeline p = irsPipelineCreateParseLocated(text, onError, &sum);
  if (!irsPipelineIsNull(p))
    query(p, &sum);
  irsPipelineDestroy(p);

  char *copy = fuzzString(data, size);
  char *words[64];
  int n = fuzzSplitLines(copy, words, 64);
  MlirStringRef flags[64];
  for (int i = 0; i < n; ++i)
    flags[i] = mlirStringRefCreateFromCString(words[i]);
  p = irsPipelineCreateFromPassFlagsLocated(
      flags, n, mlirStringRefCreateFromCString("builtin.module"), onError,
      &sum);
  if (!irsPipelineIsNull(p)) {
    IrsPipeline nested = irsPipelineNestRestrictedPasses(p, gCtx, fuzzSink, &sum);
    if (!irsPipelineIsNull(nested))
      query(nested, &sum);
    irsPipelineDestroy(nested);
  }
  irsPipelineDestroy(p);
  free(copy);
  return 0;
}
