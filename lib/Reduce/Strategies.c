// SPDX-License-Identifier: Apache-2.0
//===- Strategies.c - the reduction strategies of Strategies.def ----------===//
//
// Each returns true if it made the module (or pipeline) smaller. Op-level
// strategies re-collect their candidates after every accepted removal,
// because removals renumber the ops behind them.
//
//===----------------------------------------------------------------------===//
#include "ReduceImpl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static bool eraseLoop(Reducer *r, bool topLevel) {
  bool any = false;
  for (int round = 0; round < 1000 && !r->stop; ++round) {
    size_t n = 0;
    int64_t *items = irsReduceCollect(r, topLevel, &n);
    bool removed = items && irsReduceDdmin(r, items, n);
    free(items);
    if (!removed)
      break;
    any = true;
  }
  return any;
}

bool irsReduceEraseSymbols(Reducer *r) { return eraseLoop(r, true); }

bool irsReduceEraseOps(Reducer *r) { return eraseLoop(r, false); }

// Replaces module and pipeline by the IR that went into the failing step and
// that step alone, if that still fails the same way.
bool irsReducePipeline(Reducer *r) {
  intptr_t n = irsPipelineGetNumSteps(r->pipeline);
  int64_t s = r->target.step;
  if (n <= 1 || s < 1 || s > n)
    return false;
  char path[300];
  snprintf(path, sizeof(path), "%s/pre-step.mlir", r->tmpDir);
  if (s > 1 && !irsReduceSnapshot(r, s - 1, path))
    return false;
  MlirModule pre = s > 1 ? mlirModuleCreateParseFromFile(
                               r->ctx, mlirStringRefCreateFromCString(path))
                         : (MlirModule){NULL};
  unlink(path);
  if (s > 1 && mlirModuleIsNull(pre))
    return false;
  IrsPipeline one = irsPipelineCreateParse(
      irsPipelineGetStepText(r->pipeline, s - 1), NULL, NULL);
  if (irsPipelineIsNull(one)) {
    if (!mlirModuleIsNull(pre))
      mlirModuleDestroy(pre);
    return false;
  }
  MlirModule oldModule = r->module;
  IrsPipeline oldPipeline = r->pipeline;
  IrsSignature oldTarget = r->target;
  if (!mlirModuleIsNull(pre))
    r->module = pre;
  r->pipeline = one;
  r->target.step = 1;
  if (irsReduceTest(r, NULL)) {
    if (!mlirModuleIsNull(pre))
      mlirModuleDestroy(oldModule);
    irsPipelineDestroy(oldPipeline);
    irsReduceSaveBest(r);
    irsReduceReport(r, true);
    return true;
  }
  r->module = oldModule;
  r->pipeline = oldPipeline;
  r->target = oldTarget;
  irsPipelineDestroy(one);
  if (!mlirModuleIsNull(pre))
    mlirModuleDestroy(pre);
  return false;
}
