// SPDX-License-Identifier: Apache-2.0
//===- CheckResultsNarrow.c - the one rewrite that changes the results ----===//
//
// Once --check-results has found the step after which the program computes
// something else, the step is narrowed to one action on its own pre-step
// IR by the library (include/irscope/ExecNarrow.h): each trial runs the
// step in a fresh worker, single-threaded, with the run's context and
// pass manager made here, and this process executes the IR it hands back
// as every version was executed and compares with the IR before the step.
// Through --tool the tool's own flags count and skip the actions instead
// (ToolCheckResults.c).
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "CheckResults.h"

#include "irscope/ExecNarrow.h"
#include "irscope/RunDir.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// A trial's context: the run's dialects and plugins, single-threaded.
static MlirContext trialContext(void *ud) {
  const IrsOptCheck *c = ud;
  return irsOptMakeContext(c->run->cfg, /*threading=*/false);
}

// A trial's pass manager: the run's pipeline and passes, threading off;
// only irsPassManagerRunSteps runs (no checks, dumps or failure files).
static IrsPassManager trialPassManager(MlirContext ctx, void *ud) {
  const IrsOptCheck *c = ud;
  IrsPassManagerOptions o = irsOptPmOptions(c->run).create;
  o.threadingEnabled = false;
  o.stderrCatcher = (IrsStderrCatcher){NULL};
  return irsPassManagerCreate(ctx, c->run->pipeline, &o, NULL, NULL);
}

int irsOptCheckResultsDiffers(IrsOptCheck *c, intptr_t k, MlirStringRef text,
                              int64_t *executions) {
  ++*executions;
  return irsExecDiffersFromReference(c->ex, text, &c->res[k - 1], c->tol);
}

static char *dupRef(MlirStringRef s) {
  return s.length ? strndup(s.data, s.length) : NULL;
}

static char *dupStr(const char *s) { return s ? strdup(s) : NULL; }

// Copies what the library found into `out`, whose strings it owns.
static bool take(IrsExecNarrowing n, IrsOptNarrowed *out) {
  const IrsNarrowedAction *a = irsExecNarrowingGetAction(n);
  out->executions = irsExecNarrowingGetNumExecutions(n);
  MlirStringRef why = irsExecNarrowingGetWhy(n);
  snprintf(out->why, sizeof(out->why), "%.*s", (int)why.length, why.data);
  if (!a)
    return false;
  out->action = *a;
  out->name = dupStr(a->name);
  out->op = dupStr(a->op);
  out->opName = dupStr(a->opName);
  out->location = dupStr(a->location);
  out->before = dupRef(irsExecNarrowingGetModuleBefore(n));
  out->after = dupRef(irsExecNarrowingGetModuleAfter(n));
  out->action.name = out->name;
  out->action.op = out->op;
  out->action.opName = out->opName;
  out->action.location = out->location;
  return out->name != NULL;
}

bool irsOptCheckResultsNarrow(IrsOptCheck *c, intptr_t k, IrsOptNarrowed *out) {
  memset(out, 0, sizeof(*out));
  if (!c->run->cfg->narrow)
    return false;
  if (!irsToolRunnerIsNull(c->run->tool))
    return irsOptToolCheckResultsNarrow(c, k, out);
  IrsSupervisorOptions so = {.stepTimeoutSec = c->run->cfg->watch.stepTimeout,
                             .memoryLimitBytes =
                                 c->run->cfg->watch.memoryLimit};
  IrsSupervisor sup = irsSupervisorCreate(&so);
  if (!sup.ptr)
    return false;
  // The pre-step IR was parsed from a string: its locations name no file.
  // They are lines of the input (version 0) or of failure-input.mlir.
  IrsExecNarrowOptions o = {
      .preStep = irsOptCheckText(c, k - 1),
      .preStepFile = k == 1 ? c->run->cfg->io.input : IRS_RUN_DIR_PRE_STEP_IR,
      .step = c->v->step[k],
      .setup = {trialContext, trialPassManager, c},
      .supervisor = sup,
      .executor = c->ex,
      .reference = &c->res[k - 1],
      .tolerance = c->tol};
  IrsExecNarrowing n = irsExecNarrowingCreate(&o);
  bool found = !irsExecNarrowingIsNull(n) && take(n, out);
  if (!found)
    out->action.tag = NULL;
  irsExecNarrowingDestroy(n);
  irsSupervisorDestroy(sup);
  return found;
}

void irsOptNarrowedFree(IrsOptNarrowed *nr) {
  free(nr->name);
  free(nr->op);
  free(nr->opName);
  free(nr->location);
  free(nr->before);
  free(nr->after);
  free(nr->diff.data);
  memset(nr, 0, sizeof(*nr));
}
