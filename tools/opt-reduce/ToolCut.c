// SPDX-License-Identifier: Apache-2.0
//===- ToolCut.c - tool mode: the failing step, found before reducing -----===//
//
// A run of the tool is the whole pipeline and does not say which step
// failed, so candidates cannot tell the reducer which steps matter. Before
// reducing, the tool runs the steps one by one, as irscope-opt --tool
// does (lib/Tool): when step K fails, the reduction starts from the IR
// going into it, as that run's reproducer has it (the tool's generic form,
// with locations), under step K alone. Steps after K never ran; those
// before it are what made that IR.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "ToolCut.h"

#include "irscope/Reduce.h"
#include "irscope/RunDir.h"
#include "irscope/Tool.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void dropLine(MlirStringRef s, void *ud) { (void)s, (void)ud; }

static bool listed(const char *list, const char *name) {
  size_t len = strlen(name);
  for (const char *p = list; *p;) {
    size_t n = strcspn(p, ",");
    if (n == len && !memcmp(p, name, n))
      return true;
    p += n + (p[n] == ',');
  }
  return false;
}

// The cut stands in, in tool mode, for what the strategies that need the
// failing step would learn from it (the table's flag): --strategies
// without any of them keeps the whole pipeline.
static bool cutWanted(const char *list) {
  if (!list || !*list)
    return true;
  for (intptr_t s = 0; s < irsReduceStrategyGetNum(); ++s)
    if (irsReduceStrategyNeedsFailingStep(s) &&
        listed(list, irsReduceStrategyGetName(s)))
      return true;
  return false;
}

IrsPipeline orToolCutPipeline(OrTool *t, const OrConfig *c, IrsPipeline full,
                              char *input, size_t cap) {
  intptr_t n = irsPipelineIsNull(full) ? 0 : irsPipelineGetNumSteps(full);
  if (n < 2 || !cutWanted(c->strategies))
    return (IrsPipeline){NULL};
  char dir[300], out[320];
  snprintf(dir, sizeof(dir), "%s/locate", t->dir);
  snprintf(out, sizeof(out), "%s/output.mlir", t->dir);
  IrsToolOptions o = irsToolOptionsDefault();
  o.path = t->path;
  o.args = (const char *const *)t->args->items;
  o.numArgs = (intptr_t)t->args->num;
  o.stepTimeoutSec = c->testTimeoutSec;
  o.memoryLimitBytes = c->memoryLimitBytes;
  o.stepwise = true;
  o.failureDir = dir;
  IrsToolRunner r = irsToolRunnerCreate(full, &o, dropLine, NULL);
  if (irsToolRunnerIsNull(r))
    return (IrsPipeline){NULL};
  IrsStatus st = irsToolRunnerRun(r, input, out);
  intptr_t k = irsToolRunnerGetFailedStep(r);
  MlirStringRef fd = irsToolRunnerGetFailureDir(r);
  char repro[400];
  snprintf(repro, sizeof(repro), "%.*s/" IRS_RUN_DIR_REPRODUCER, (int)fd.length,
           fd.data);
  struct stat sb;
  bool located = !irsStatusIsOk(st) && !irsToolRunnerGetToolError(r) &&
                 k >= 1 && k <= n && fd.length &&
                 (k == 1 || stat(repro, &sb) == 0);
  unlink(out);
  if (!located) {
    if (c->verbose)
      fprintf(stderr, "opt-reduce: note: no single step fails when the tool "
                      "runs the steps one by one: the whole pipeline is "
                      "reduced with the input\n");
    irsToolRunnerDestroy(r);
    return (IrsPipeline){NULL};
  }
  MlirStringRef step = irsPipelineGetStepText(full, k - 1);
  IrsPipeline cut = irsPipelineCreateParse(step, NULL, NULL);
  if (!irsPipelineIsNull(cut)) {
    fprintf(stderr, "opt-reduce: note: step %ld of %ld, '%.*s', fails when "
                    "the tool runs the steps one by one: reduced %s under "
                    "that step alone\n",
            (long)k, (long)n, (int)step.length, step.data,
            k == 1 ? "the input" : "the IR going into it");
    if (k > 1)
      snprintf(input, cap, "%s", repro);
  }
  irsToolRunnerDestroy(r);
  return cut;
}
