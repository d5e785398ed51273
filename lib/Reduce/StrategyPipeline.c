// SPDX-License-Identifier: Apache-2.0
//===- StrategyPipeline.c - keep only the failing step --------------------===//
//
// Replaces module and pipeline by the IR that went into the failing step
// and that step alone, if that still fails the same way. It is not an
// IrsEdit: it swaps the reducer's module and pipeline, after one test.
//
// The swap is judged by the final measure, the module's op count: when the
// steps before the failing one make the module larger (a loop tiling, a
// lowering), the cut is put off and the module is reduced under the whole
// pipeline; each later round tries again, and the cut is taken as soon as
// the pre-step IR is no larger than the module. (Measured on upstream
// #62374, affine-loop-tile then a hang in affine-data-copy-generate:
// cutting first ended at 12 ops, a greedy line deleter under the whole
// pipeline at 11.) A big module is cut at once all the same: there every
// test under the whole pipeline costs the steps before the failing one
// again (seconds each on a million ops; after the cut a test runs one
// step), and such modules are mostly unrelated code that the first
// halvings remove either way.
//
//===----------------------------------------------------------------------===//
#include "ReduceImpl.h"

#include <stdio.h>
#include <unistd.h>

// Ops from which the cut is taken even when the IR going into the failing
// step is larger.
enum { kCutAtOnceOps = 100000 };

// 1 + the generation at which the IR going into the failing step was
// found larger than the module (0: never).
typedef struct State {
  uint64_t grewAt;
} State;

static bool cutPipeline(Reducer *r, void *state) {
  State *st = state;
  intptr_t n = irsPipelineGetNumSteps(r->pipeline);
  int64_t s = r->target.step;
  if (n <= 1 || s < 1 || s > n || st->grewAt == r->generation + 1)
    return false;
  char path[300];
  snprintf(path, sizeof(path), "%s/pre-step.mlirbc", r->tmpDir);
  if (s > 1 && !irsReduceSnapshot(r, s - 1, path))
    return false;
  MlirModule pre = s > 1 ? mlirModuleCreateParseFromFile(
                               r->ctx, mlirStringRefCreateFromCString(path))
                         : (MlirModule){NULL};
  unlink(path);
  if (s > 1 && mlirModuleIsNull(pre))
    return false;
  if (s > 1 && r->opsNow < kCutAtOnceOps &&
      irsReduceCountOps(mlirModuleGetOperation(pre)) > r->opsNow) {
    mlirModuleDestroy(pre);
    st->grewAt = r->generation + 1;
    return false;
  }
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

// The input's check writes the IR going into each step (OracleSnapshot.c):
// only a pipeline of several steps has one to cut at.
static void recordSnapshots(Reducer *r) {
  intptr_t n = irsPipelineGetNumSteps(r->pipeline);
  r->checkSnapSteps = n > 1 ? n : 0;
}

const IrsStrategy irsStrategyPipeline = {.run = cutPipeline,
                                         .stateSize = sizeof(State),
                                         .beforeCheck = recordSnapshots};
