// SPDX-License-Identifier: Apache-2.0
//===- ToolCheckResults.c - --check-results through --tool ----------------===//
//
// The wrong-result answer for any opt tool. The tool runs the pipeline
// step by step, one process per step, and hands each step's output over
// as text (IrsToolOptions.onStepText); a step that leaves the text as it
// was is no version of its own. Then the in-process check runs on those
// versions (CheckResults.c: the input executed as the reference,
// irsExecSearch, the report, the exit code). irscope parses the tool's
// output in its own context, so IR of a dialect only the tool has cannot
// be executed: CheckResults.c drops such a version with a note and
// compares at the next one it can execute.
//
// The culprit step is narrowed through the tool's own --log-actions-to and
// --mlir-debug-counter (irsToolRunnerNarrowOutput, the code that narrows a
// tool's failing steps) with the in-process narrowing's oracle: the step
// cut short after K actions, its output executed, differs from the
// pre-step result (irsOptCheckResultsDiffers).
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "CheckResults.h"

#include "StdStreams.h"

#include "irscope/RunDir.h"
#include "irscope/Tool.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct Keep {
  IrsOptResults *v; // one chunk: --split-input-file is not taken with --tool
  bool failed;      // a step's text could not be kept
} Keep;

// IrsToolOptions.onStepText: a step whose text differs from the last
// version's is the next version.
static void keepStep(intptr_t step, const char *path, void *ud) {
  Keep *k = ud;
  IrsOptResults *v = k->v;
  IrsOptOut o = {0};
  if (k->failed || !irsToolTextAppendFile(&o, path)) {
    k->failed = true;
    free(o.data);
    return;
  }
  size_t last = v->len[v->num - 1];
  if (o.len == last && (!last || !memcmp(o.data, v->text[v->num - 1], last))) {
    free(o.data);
    return;
  }
  v->step[v->num] = step;
  v->len[v->num] = o.len;
  v->text[v->num++] = o.data ? o.data : strdup("");
  k->failed = v->text[v->num - 1] == NULL;
}

// Version 0, the input; room for one version per step.
static IrsOptResults *versionsCreate(const IrsOptToolRun *r) {
  intptr_t n = irsPipelineGetNumSteps(r->pipeline);
  IrsOptResults *v = calloc(1, sizeof(*v));
  if (!v)
    return NULL;
  v->step = calloc((size_t)n + 1, sizeof(*v->step));
  v->text = calloc((size_t)n + 1, sizeof(*v->text));
  v->len = calloc((size_t)n + 1, sizeof(*v->len));
  MlirStringRef in = irsInputGetChunk(r->in, 0);
  if (v->step && v->text && v->len)
    v->text[0] = strndup(in.data, in.length);
  v->len[0] = in.length;
  v->num = 1;
  v->ok = v->text && v->text[0];
  return v;
}

// The run as CheckResults.c knows it: one chunk whose versions are `v`.
static IrsOptRun checkRun(IrsOptToolRun *r, IrsToolRunner t, IrsOptResults *v) {
  return (IrsOptRun){.cfg = r->cfg, .input = r->in, .pipeline = r->pipeline,
                     .tool = t, .results = v, .log = r->log};
}

// Drops the versions of steps the runner found unchanged: the tool's
// print of a step's input equals its output, although the text differs
// from the last version's (step 1's, printed from the input as written).
static void dropUnchanged(IrsOptResults *v, IrsToolRunner t) {
  intptr_t kept = 1;
  for (intptr_t i = 1; i < v->num; ++i) {
    if (!irsToolRunnerGetStepResult(t, v->step[i] - 1)->changed) {
      free(v->text[i]);
      continue;
    }
    v->step[kept] = v->step[i];
    v->len[kept] = v->len[i];
    v->text[kept++] = v->text[i];
  }
  v->num = kept;
}

// After a successful run: the check (which frees the versions).
static int check(IrsOptToolRun *r, IrsToolRunner t) {
  Keep *k = r->options.onStepTextUserData;
  dropUnchanged(k->v, t);
  IrsOptRun run = checkRun(r, t, k->v);
  k->v = NULL;
  run.results->ok = run.results->ok && !k->failed;
  return irsOptCheckResults(&run);
}

int irsOptToolCheckResults(IrsOptToolRun *r) {
  Keep k = {versionsCreate(r), false};
  if (!k.v || !k.v->ok) {
    fprintf(stderr, "irscope-opt: error: out of memory keeping the steps' IR "
                    "for --check-results\n");
    IrsOptRun run = checkRun(r, (IrsToolRunner){NULL}, k.v);
    irsOptCheckResultsRelease(&run);
    return irsOutcomeGetExitCode(IrsOutcomeIoError);
  }
  r->options.stepwise = true;
  r->options.onStepText = keepStep;
  r->options.onStepTextUserData = &k;
  int rc = irsOptToolRunThen(r, check);
  IrsOptRun run = checkRun(r, (IrsToolRunner){NULL}, k.v);
  irsOptCheckResultsRelease(&run); // a failed run left them
  return rc;
}

//===----------------------------------------------------------------------===//
// Narrowing the culprit step through the tool
//===----------------------------------------------------------------------===//

typedef struct Oracle {
  IrsOptCheck *c;
  intptr_t k;
  int64_t executions;
} Oracle;

static int differs(const char *outputPath, void *ud) {
  Oracle *o = ud;
  IrsOptOut text = {0};
  int bad = irsToolTextAppendFile(&text, outputPath)
                ? irsOptCheckResultsDiffers(
                      o->c, o->k, (MlirStringRef){text.data ? text.data : "",
                                                  text.len},
                      &o->executions)
                : -1;
  free(text.data);
  return bad;
}

// The pre-step IR's file as the tool read it is a temporary: its locations
// name the input (version 0) or failure-input.mlir, as in-process.
static char *location(const IrsOptCheck *c, intptr_t k, const char *loc,
                      const char *tmp) {
  size_t n = strlen(tmp);
  char *named = NULL;
  if (loc && !strncmp(loc, tmp, n) && loc[n] == ':' &&
      asprintf(&named, "%s%s",
               k == 1 && c->v->step[0] == 0 ? c->run->cfg->io.input
                                            : IRS_RUN_DIR_PRE_STEP_IR,
               loc + n) >= 0)
    return named;
  return loc ? strdup(loc) : NULL;
}

static char *dupRef(MlirStringRef s) {
  return s.length ? strndup(s.data, s.length) : NULL;
}

bool irsOptToolCheckResultsNarrow(IrsOptCheck *c, intptr_t k,
                                  IrsOptNarrowed *out) {
  if (c->v->pre && c->v->pre[k]) {
    snprintf(out->why, sizeof(out->why),
             "irscope cannot execute the IR before the step");
    return false;
  }
  char *tmp = irsToolTempFile("irscope-pre-step");
  MlirStringRef pre = irsOptCheckPreText(c, k);
  FILE *f = tmp ? fopen(tmp, "wbe") : NULL;
  bool ok = f && fwrite(pre.data, 1, pre.length, f) == pre.length;
  ok = f && fclose(f) == 0 && ok;
  Oracle o = {c, k, 0};
  IrsToolNarrowed tn;
  bool found = ok && irsToolRunnerNarrowOutput(c->run->tool, c->v->step[k],
                                               tmp, differs, &o, &tn);
  out->executions = o.executions;
  if (!ok)
    snprintf(out->why, sizeof(out->why),
             "cannot write the pre-step IR to a temporary file: %s",
             strerror(errno));
  else if (!found)
    snprintf(out->why, sizeof(out->why), "%.*s", (int)tn.why.length,
             tn.why.data);
  if (found) {
    const IrsNarrowedAction *a = tn.action;
    out->action = *a;
    out->name = a->name ? strdup(a->name) : NULL;
    out->op = a->op ? strdup(a->op) : NULL;
    out->opName = a->opName ? strdup(a->opName) : NULL;
    out->location = location(c, k, a->location, tmp);
    out->before = dupRef(tn.before);
    out->after = dupRef(tn.after);
    out->action.name = out->name;
    out->action.op = out->op;
    out->action.opName = out->opName;
    out->action.location = out->location;
    out->action.executions = o.executions;
    found = out->name != NULL;
  }
  if (tmp)
    unlink(tmp);
  free(tmp);
  return found;
}
