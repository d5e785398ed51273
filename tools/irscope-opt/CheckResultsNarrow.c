// SPDX-License-Identifier: Apache-2.0
//===- CheckResultsNarrow.c - the one rewrite that changes the results ----===//
//
// Once --check-results has found the step after which the program computes
// something else, the step is narrowed to one action on its own pre-step
// IR (include/irscope/Narrow.h): each trial runs the step in a fresh
// worker, single-threaded, with irscope's debug counter (ActionCounter:
// only the first K actions of a tag run) and hands the IR back; this
// process executes it as every version was executed and compares with the
// IR before the step. A first trial with no limit counts the actions; then
// irsNarrowBisect over `apply-pattern`, and over `pass-execution` when no
// pattern application is to blame and the step runs its pass on several
// ops; a last trial describes action K (its pattern or pass, its op, the
// module just before and just after it). Trials run in workers because a
// step cut short may crash, and this process must stay free of MLIR
// threads to fork the executions.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "CheckResults.h"

#include "irscope/Diff.h"
#include "irscope/ActionCounter.h"
#include "irscope/RunDir.h"
#include "irscope/Supervisor.h"

#include <mlir-c/Diagnostics.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


typedef struct Narrowing {
  IrsOptCheck *c;
  intptr_t k, step;
  const char *tag;
  int64_t count, describe;
  int64_t executions;
  IrsSupervisor sup;
} Narrowing;

static MlirLogicalResult quiet(MlirDiagnostic d, void *ud) {
  (void)d;
  (void)ud;
  return mlirLogicalResultSuccess();
}

static const IrsWorkerStream trialIr = {IrsWorkerStreamTrialIr, 0, 0};

static IrsWorkerStream trialField(IrsActionField f) {
  return (IrsWorkerStream){IrsWorkerStreamTrialField, 0, (intptr_t)f};
}

static void send(IrsWorkerChannel ch, IrsWorkerStream to, MlirStringRef s) {
  irsWorkerChannelSendOutput(ch, to, s.data ? s.data : "", s.length);
}

static void sendModule(IrsWorkerChannel ch, MlirOperation op) {
  IrsOptOut o = {0};
  MlirOpPrintingFlags f = mlirOpPrintingFlagsCreate();
  if (!mlirOperationVerify(op))
    mlirOpPrintingFlagsPrintGenericOpForm(f);
  mlirOperationPrintWithFlags(op, f, irsToolTextCallback, &o);
  mlirOpPrintingFlagsDestroy(f);
  send(ch, trialIr, (MlirStringRef){o.data, o.len});
  free(o.data);
}

// One trial: step `step` on version k - 1 with the counter; exit 0 when
// the step succeeded, 1 when it failed, 2 when it could not be run.
static int trialMain(IrsWorkerChannel ch, void *ud) {
  Narrowing *n = ud;
  IrsOptRun *run = n->c->run;
  MlirContext ctx = irsOptMakeContext(run->cfg, /*threading=*/false);
  mlirContextAttachDiagnosticHandler(ctx, quiet, NULL, NULL);
  MlirModule m = mlirModuleCreateParse(ctx, irsOptCheckText(n->c, n->k - 1));
  // Only irsPassManagerRunSteps runs: no checks, dumps or failure files.
  IrsPassManagerOptions o = irsOptPmOptions(run).create;
  o.threadingEnabled = false;
  o.stderrCatcher = (IrsStderrCatcher){NULL};
  IrsPassManager pm = mlirModuleIsNull(m)
                          ? (IrsPassManager){NULL}
                          : irsPassManagerCreate(ctx, run->pipeline, &o, NULL,
                                                 NULL);
  IrsActionCounter ac = irsActionCounterCreate(n->tag, n->count, n->describe, true);
  if (irsPassManagerIsNull(pm) || irsActionCounterIsNull(ac))
    return 2;
  MlirOperation root = mlirModuleGetOperation(m);
  // The pass manager owns the context's action handler during its runs.
  irsActionCounterSetRoot(ac, root);
  if (!irsPassManagerAddActionConsumer(pm, irsActionCounterBefore,
                                       irsActionCounterAfter, ac.ptr))
    return 2;
  irsWorkerChannelStepBegin(ch, 0, n->step);
  IrsStatus st = irsPassManagerRunSteps(pm, root, n->step - 1, n->step);
  irsWorkerChannelStepEnd(ch, 0, n->step);
  irsWorkerChannelSendValue(ch, "patterns",
                            irsActionCounterGetNum(ac, IRS_NARROW_TAG_PATTERN));
  irsWorkerChannelSendValue(ch, "passes",
                            irsActionCounterGetNum(ac, IRS_NARROW_TAG_PASS));
  sendModule(ch, root);
  for (int f = 0; n->describe && f <= IrsActionFieldAfter; ++f)
    send(ch, trialField((IrsActionField)f),
         irsActionCounterGetField(ac, (IrsActionField)f));
  // The process ends now: nothing is destroyed.
  return irsStatusIsOk(st) ? 0 : 1;
}

// Runs a trial; false when it could not be run or died.
static bool trial(Narrowing *n, int64_t count, int64_t describe) {
  n->count = count;
  n->describe = describe;
  const IrsWorkerResult *res = NULL;
  IrsStatus st = irsSupervisorRun(n->sup, trialMain, n, &res);
  return irsStatusIsOk(st) && res->outcome == IrsWorkerExited &&
         res->exitCode < 2;
}

int irsOptCheckResultsDiffers(IrsOptCheck *c, intptr_t k, MlirStringRef text,
                              int64_t *executions) {
  IrsExecResult r;
  memset(&r, 0, sizeof(r));
  ++*executions;
  if (!irsStatusIsOk(irsExecutorRun(c->ex, text, &r)))
    return -1;
  bool same = irsExecResultsEqual(&c->res[k - 1], &r, c->tol);
  irsExecResultFree(&r);
  return r.outcome == IrsExecInterrupted ? -1 : !same;
}

static int isBad(int64_t count, void *ud) {
  Narrowing *n = ud;
  if (!trial(n, count, 0))
    return 1; // a step cut short that dies is not the reference
  return irsOptCheckResultsDiffers(
      n->c, n->k, irsSupervisorGetOutput(n->sup, trialIr), &n->executions);
}

static char *field(Narrowing *n, IrsActionField f) {
  MlirStringRef s = irsSupervisorGetOutput(n->sup, trialField(f));
  return s.length ? strndup(s.data, s.length) : NULL;
}

// Fills `out` from the described trial at K.
static bool describe(Narrowing *n, int64_t k, int64_t of, IrsOptNarrowed *out) {
  if (!trial(n, k, k))
    return false;
  out->action.tag = n->tag;
  out->action.index = k;
  out->action.of = of;
  out->action.executions = n->executions;
  out->name = field(n, IrsActionFieldName);
  out->op = field(n, IrsActionFieldOp);
  out->opName = field(n, IrsActionFieldOpName);
  out->location = field(n, IrsActionFieldLocation);
  // The pre-step IR was parsed from a string: its locations name no file.
  // They are lines of the input (version 0) or of failure-input.mlir.
  char *named = NULL;
  const char *at = out->location ? strchr(out->location, ':') : NULL;
  if (at && (at == out->location || !strncmp(out->location, "-:", 2)) &&
      asprintf(&named, "%s%s",
               n->k == 1 ? n->c->run->cfg->io.input : IRS_RUN_DIR_PRE_STEP_IR,
               at) >= 0) {
    free(out->location);
    out->location = named;
  }
  out->before = field(n, IrsActionFieldBefore);
  out->after = field(n, IrsActionFieldAfter);
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
  Narrowing n = {.c = c, .k = k, .step = c->v->step[k],
                 .tag = IRS_NARROW_TAG_PATTERN};
  n.sup = irsSupervisorCreate(&so);
  if (!n.sup.ptr)
    return false;
  bool found = false;
  int64_t patterns = 0, passes = 0;
  if (trial(&n, -1, 0)) {
    irsSupervisorGetValue(n.sup, "patterns", &patterns);
    irsSupervisorGetValue(n.sup, "passes", &passes);
    int64_t at = patterns ? irsNarrowBisect(patterns, isBad, &n) : 0;
    int64_t of = patterns;
    if (at == 0 && passes > IRS_NARROW_MIN_PASSES) {
      n.tag = IRS_NARROW_TAG_PASS;
      at = irsNarrowBisect(passes, isBad, &n);
      of = passes;
    }
    found = at > 0 && describe(&n, at, of, out);
  }
  // A step without actions to tell apart is its own answer: no note.
  if (!found && (patterns > 0 || passes > IRS_NARROW_MIN_PASSES))
    snprintf(out->why, sizeof(out->why),
             "no single action is to blame: the results change with none of "
             "the step's %lld pattern applications",
             (long long)patterns);
  out->executions = n.executions;
  irsSupervisorDestroy(n.sup);
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
