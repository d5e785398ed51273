// SPDX-License-Identifier: Apache-2.0
//===- StrategyRunPasses.c - cleanup passes as candidate edits ------------===//
//
// canonicalize, cse and symbol-dce, each alone, as an edit "run this
// pipeline on the module". The passes are deterministic, so the parent
// running the pipeline after an accepted test gets the module the worker
// tested. The edit only applies when it shrinks the module (fewer
// non-poison ops, or as many and fewer ops in all), so a pipeline that only
// reorders or grows the module costs one cheap test and is never kept.
// The worker applies it as step 0 under the test timeout: a pass that
// crashes or hangs on this module (say the bug is in canonicalize) never
// reaches the reducer's own process, and is not tried again.
// A pipeline that did not help is tried again only once the module has
// shrunk to half: on a small module every retry is a test spent for
// nothing (they rarely start to help), on a large one they are cheap
// insurance.
//
//===----------------------------------------------------------------------===//
#include "ReduceImpl.h"

#include <mlir-c/Pass.h>

#include <stdlib.h>
#include <string.h>

// The pipelines are ours and parse; a parse error would only be dropped.
static void ignore(MlirStringRef s, void *ud) {
  (void)s;
  (void)ud;
}

typedef struct Measure {
  int64_t nonPoison, all;
} Measure;

static MlirWalkResult measureCb(MlirOperation op, void *ud) {
  Measure *m = ud;
  ++m->all;
  m->nonPoison += !irsEditIsPoison(op);
  return MlirWalkResultAdvance;
}

static Measure measure(MlirOperation root) {
  Measure m = {0, 0};
  mlirOperationWalk(root, measureCb, &m, MlirWalkPreOrder);
  return m;
}

static bool applyRunPipeline(MlirContext ctx, MlirOperation root,
                             const IrsEdit *e) {
  const char *pipeline = e->runPipeline.pipeline;
  if (!pipeline)
    return false;
  Measure before = measure(root);
  MlirPassManager pm = mlirPassManagerCreateOnOperation(
      ctx, mlirStringRefCreateFromCString("builtin.module"));
  MlirLogicalResult ok = mlirParsePassPipeline(
      mlirPassManagerGetAsOpPassManager(pm),
      mlirStringRefCreateFromCString(pipeline), ignore, NULL);
  if (mlirLogicalResultIsSuccess(ok))
    ok = mlirPassManagerRunOnOp(pm, root);
  mlirPassManagerDestroy(pm);
  if (!mlirLogicalResultIsSuccess(ok))
    return false;
  Measure after = measure(root);
  return after.nonPoison < before.nonPoison ||
         (after.nonPoison == before.nonPoison && after.all < before.all);
}

static const char *const pipelines[] = {
    "builtin.module(canonicalize)",
    "builtin.module(cse)",
    "builtin.module(symbol-dce)",
};

static void keyRunPipeline(const IrsEdit *e, IrsBuf *out) {
  irsEditKeyText(out, e->runPipeline.pipeline);
}

static void describeRunPipeline(const IrsEdit *e, IrsBuf *out) {
  irsBufPrintf(out, "run %s",
               e->runPipeline.pipeline ? e->runPipeline.pipeline : "");
}

/// Run a pipeline on the module; applies only if the module gets smaller.
const IrsEditOps irsEditRunPipeline = {.apply = applyRunPipeline,
                                       .key = keyRunPipeline,
                                       .describe = describeRunPipeline,
                                       .runsPasses = true};

enum { kNumPipelines = sizeof(pipelines) / sizeof(pipelines[0]) };

// Per pipeline, the op count at or below which it is worth trying again
// (INT64_MAX: always; -1: never, it broke), once `started`.
typedef struct State {
  int64_t retryAt[kNumPipelines];
  bool started;
} State;

static bool runPasses(Reducer *r, void *state) {
  State *st = state;
  for (size_t i = 0; !st->started && i < kNumPipelines; ++i)
    st->retryAt[i] = INT64_MAX;
  st->started = true;
  bool any = false;
  for (size_t i = 0; i < kNumPipelines && !r->stop; ++i) {
    if (r->opsNow > st->retryAt[i])
      continue;
    IrsEdit e = {.ops = &irsEditRunPipeline, .runPipeline = {pipelines[i]}};
    r->editBroke = false;
    if (irsReduceTryEdit(r, &e)) {
      any = true;
      st->retryAt[i] = INT64_MAX;
    } else {
      st->retryAt[i] = r->editBroke ? -1 : r->opsNow / 2;
    }
  }
  return any;
}

// A cleanup pass killed on a quick verdict may not have hung at all.
static void forgetRetries(void *state) { ((State *)state)->started = false; }

const IrsStrategy irsStrategyRunPasses = {.run = runPasses,
                                          .stateSize = sizeof(State),
                                          .redo = forgetRetries,
                                          .edits = {&irsEditRunPipeline}};
