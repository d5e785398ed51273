// SPDX-License-Identifier: Apache-2.0
//===- Culprit.c - the one rewrite the reduced failure comes from ---------===//
//
// The reduced module runs once more, stepwise and single-threaded, in a
// supervised worker whose pass manager records an action trail
// (include/irscope/Narrow.h), the library's own entry points. A crash
// is told by the action the crashing thread had in flight, or the pass it
// ran last when it died outside any (in the verifier after the pass:
// irsActionTrailGetCrashAction, as irscope-opt tells it), a hang by the
// action it kept repeating. A step whose IR the verifier rejects is announced as soon as
// it is documented and narrowed by a second, fresh worker
// (irsPassManagerNarrowStep: each trial forked from a heap the failing
// step never touched), as irscope-opt narrows it: the step may have
// corrupted the first worker's heap (llvm/llvm-project#102577). Pass
// failures are not narrowed in-process (irscope-opt narrows them through
// --tool). A wrong result is narrowed by executing (CulpritResults.c).
//
// The workers run the reduced module as the written file is run, not as
// it is in memory: they parse its text into a fresh context, as
// irscope-opt and mlir-opt read the file. The reducer's context has loaded
// dialects the file does not use (ub, for its poison placeholders; those
// of the input's other functions), and canonicalize collects the patterns
// of every loaded dialect, which changes the patterns the greedy rewriter
// tries: on upstream #126213 the module in memory, and its text parsed in
// that context, counted #85 where the written file, which the emitted
// test's debug-counter RUN lines replay, counts #84
// (test/Reduce/culprit-as-written.mlir). The parse also gives use lists
// the order a parse of the file gives, not the order edits left.
//
//===----------------------------------------------------------------------===//
#define _XOPEN_SOURCE 700
#include "Culprit.h"

#include "CrashHandler.h"
#include "FixTest.h"
#include "Irdl.h"
#include "Session.h"
#include "Text.h"

#include "irscope/Action.h"
#include "irscope/CrashDoc.h"
#include "irscope/Narrow.h"
#include "irscope/PassManager.h"
#include "irscope/RunDir.h"
#include "irscope/Pipeline.h"
#include "irscope/Supervisor.h"

#include <ftw.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { SlotTag, SlotName, SlotOpName, SlotLocation };

// The search's supervisor while it runs; reached from the signal handler
// only (orCulpritInterrupt).
static IrsSupervisor active;

void orCulpritInterrupt(void) {
  if (active.ptr)
    irsSupervisorInterrupt(active);
  orCulpritResultsInterrupt();
}

typedef struct Run {
  const OrConfig *c;
  MlirOperation module;
  IrsToolText text; // the module printed as -o has it, with locations
  IrsPipeline pipeline;
  IrsActionTrail trail;
  IrsWorkerChannel ch;
  intptr_t step; // 1-based: the failing run's verifier failure, narrowed
  char dir[4096]; // the failure directory of the workers' pass managers
} Run;

static int rmEntry(const char *path, const struct stat *sb, int flag,
                   struct FTW *ftw) {
  (void)sb, (void)flag, (void)ftw;
  return remove(path), 0;
}

// A failure the failing run documented: a verifier failure's step goes to
// the supervisor at once (the run may die freeing what the step broke).
static void announce(const IrsFailureNotice *n, void *ud) {
  Run *u = ud;
  if (n->verifierFailed)
    irsWorkerChannelSendValue(u->ch, "verifier-failed", n->step);
}

static IrsWorkerStream field(intptr_t slot) {
  return (IrsWorkerStream){IrsWorkerStreamCulpritField, 0, slot};
}

static void send(IrsWorkerChannel ch, intptr_t slot, const char *s) {
  irsWorkerChannelSendOutput(ch, field(slot), s ? s : "", s ? strlen(s) : 0);
}

// A crash must end a worker by its signal (a sanitizer's handler would
// exit instead), as in the reducer's own workers; an interrupt (the
// supervisor's SIGTERM) ends it too, not opt-reduce's handler it inherited.
void orCulpritWorkerSignals(void) {
  signal(SIGINT, SIG_DFL);
  signal(SIGTERM, SIG_DFL);
  irsInstallCrashHandlers("opt-reduce");
}

// A worker's start: its signals and its pass manager, the reducer's, with
// failures documented in the temporary directory and narrowing as asked;
// null on failure.
static IrsPassManager startWorker(Run *u, IrsWorkerChannel ch, bool narrow,
                                  MlirOperation module) {
  u->ch = ch;
  orCulpritWorkerSignals();
  // A hang is described when the supervisor asks (traceOnTimeout), a crash
  // as the worker dies.
  irsInstallHangTraceHandler("opt-reduce");
  irsCrashHandlerDescribeTrail(u->trail);
  IrsPassManager pm = irsWorkerChannelCreatePassManager(
      &u->ch, mlirOperationGetContext(module), u->pipeline,
      u->c->plugins.registry, u->trail, u->c->seed ? &u->c->seedValue : NULL);
  if (irsPassManagerIsNull(pm))
    return pm;
  IrsVerifyOptions v = irsVerifyOptionsDefault();
  v.narrow = narrow;
  IrsFailureOptions f = irsFailureOptionsDefault();
  f.dir = u->dir;
  f.onDocumented = narrow ? NULL : announce;
  f.onDocumentedUserData = u;
  if (!irsStatusIsOk(irsPassManagerSetVerifyOptions(pm, &v)) ||
      !irsStatusIsOk(irsPassManagerSetFailureOptions(pm, &f))) {
    irsPassManagerDestroy(pm);
    return (IrsPassManager){NULL};
  }
  return pm;
}

MlirContext orCulpritContext(const OrConfig *c) {
  MlirContext ctx = orContextCreate(c);
  if (irsToolLoadIrdlFiles(ctx, "opt-reduce",
                           (const char *const *)c->irdlFiles.items,
                           c->irdlFiles.num, NULL, NULL))
    return ctx;
  mlirContextDestroy(ctx);
  return (MlirContext){NULL};
}

void orCulpritPrintAsWritten(MlirOperation module, IrsToolText *out) {
  MlirOpPrintingFlags pf = mlirOpPrintingFlagsCreate();
  mlirOpPrintingFlagsEnableDebugInfo(pf, true, false);
  mlirOperationPrintWithFlags(module, pf, irsToolTextCallback, out);
  mlirOpPrintingFlagsDestroy(pf);
}

// The reduced module as the written file has it, in the worker: its text
// (locations kept: they point into the input) parsed in a fresh context
// with the reduction's IRDL dialects; the module in memory, in the
// reducer's context, if that cannot be had.
static MlirOperation asWritten(Run *u) {
  if (u->text.failed || !u->text.data)
    return mlirOperationClone(u->module);
  MlirContext ctx = orCulpritContext(u->c);
  MlirModule m = !mlirContextIsNull(ctx)
                     ? mlirModuleCreateParse(
                           ctx, mlirStringRefCreate(u->text.data, u->text.len))
                     : (MlirModule){NULL};
  return mlirModuleIsNull(m) ? mlirOperationClone(u->module)
                             : mlirModuleGetOperation(m);
}

// The failing run: the reduced pipeline on the reduced module with the
// trail. Its failure's files (report.xml, the pre-step IR) go to a
// temporary directory the caller removes (also after a death); a verifier
// failure is announced before anything is freed.
static int culpritMain(IrsWorkerChannel ch, void *ud) {
  Run *u = ud;
  MlirOperation m = asWritten(u);
  IrsPassManager pm = startWorker(u, ch, false, m);
  if (irsPassManagerIsNull(pm))
    return 2;
  irsPassManagerRun(pm, m);
  return 0; // the process ends now: nothing is destroyed
}

// The narrowing worker, forked from opt-reduce, whose heap never ran the
// failing step: step `u->step` narrowed into the failing run's directory;
// the action's fields go back on the channel.
static int narrowMain(IrsWorkerChannel ch, void *ud) {
  Run *u = ud;
  MlirOperation m = asWritten(u);
  IrsPassManager pm = startWorker(u, ch, true, m);
  if (irsPassManagerIsNull(pm))
    return 2;
  irsPassManagerNarrowStep(pm, m, u->step, u->dir);
  const IrsNarrowedAction *a = irsPassManagerGetNarrowedAction(pm);
  if (a) {
    irsWorkerChannelSendValue(ch, "index", a->index);
    irsWorkerChannelSendValue(ch, "of", a->of);
    irsWorkerChannelSendValue(ch, "step", u->step);
    send(ch, SlotTag, a->tag);
    send(ch, SlotName, a->name);
    send(ch, SlotOpName, a->opName);
    send(ch, SlotLocation, a->location);
  }
  return 0;
}

static void copyRef(char *dst, size_t cap, MlirStringRef s) {
  size_t n = s.length < cap - 1 ? s.length : cap - 1;
  memcpy(dst, s.data ? s.data : "", n);
  dst[n] = '\0';
}

static void fromRecord(OrCulprit *cu, const IrsActionRecord *r) {
  copyRef(cu->tag, sizeof(cu->tag), mlirStringRefCreateFromCString(r->tag));
  copyRef(cu->name, sizeof(cu->name), mlirStringRefCreateFromCString(r->name));
  copyRef(cu->opName, sizeof(cu->opName),
          mlirStringRefCreateFromCString(r->opName));
  // An implicit module is at line 0 of its file: the file says it all.
  if (r->file[0] && r->line)
    snprintf(cu->location, sizeof(cu->location), "%s:%u:%u", r->file,
             r->line, r->column);
  else if (r->file[0])
    snprintf(cu->location, sizeof(cu->location), "%s", r->file);
  cu->index = r->index;
  cu->found = cu->name[0] != '\0';
}

static void fromChannel(OrCulprit *cu, IrsSupervisor sup,
                        const IrsWorkerResult *res) {
  if (!irsWorkerResultGetValue(res, "of", &cu->of) ||
      !irsWorkerResultGetValue(res, "index", &cu->stepIndex))
    return;
  irsWorkerResultGetValue(res, "step", &cu->step);
  copyRef(cu->tag, sizeof(cu->tag), irsSupervisorGetOutput(sup, field(SlotTag)));
  copyRef(cu->name, sizeof(cu->name), irsSupervisorGetOutput(sup, field(SlotName)));
  copyRef(cu->opName, sizeof(cu->opName),
          irsSupervisorGetOutput(sup, field(SlotOpName)));
  copyRef(cu->location, sizeof(cu->location),
          irsSupervisorGetOutput(sup, field(SlotLocation)));
  // The count within step 1 is the count since the pipeline began.
  if (cu->step == 1)
    cu->index = cu->stepIndex;
  cu->found = cu->name[0] != '\0';
}

// The failing run's verifier failure, narrowed by a fresh worker.
static void narrowFresh(Run *u, IrsSupervisor sup,
                        const IrsWorkerResult *res, OrCulprit *out) {
  int64_t step = 0;
  if (!irsWorkerResultGetValue(res, "verifier-failed", &step) || step < 1)
    return;
  u->step = (intptr_t)step;
  if (irsStatusIsOk(irsSupervisorRun(sup, narrowMain, u, &res)) &&
      res->outcome == IrsWorkerExited)
    fromChannel(out, sup, res);
}

void orCulpritFind(const OrConfig *c, IrsReducer r, OrCulprit *out) {
  memset(out, 0, sizeof(*out));
  const IrsSignature *sig = irsReducerGetSignature(r);
  out->kind = sig->kind;
  if (c->miscompile && !c->test && !c->tool && c->testRuns <= 1 &&
      sig->kind == IrsOutcomeWrongResult) {
    orCulpritFindResults(c, r, out);
    return;
  }
  // A failure only some runs show (--test-runs) may not show in this one.
  if (c->test || c->tool || c->miscompile || c->checkDeterminism ||
      c->testRuns > 1 || sig->inEdit ||
      (sig->kind != IrsOutcomeCrash && sig->kind != IrsOutcomeTimeout &&
       sig->kind != IrsOutcomeVerifyFailure))
    return;
  Run u = {c, irsReducerGetModule(r), {0},
           irsPipelineCreateParse(irsReducerGetPipeline(r), NULL, NULL),
           irsActionTrailCreate(), {0}, 0, ""};
  orCulpritPrintAsWritten(u.module, &u.text);
  char *dir = NULL; // pid-named: the next run removes a killed run's
  bool haveDir =
      irsRunDirCreateScratch("opt-reduce-culprit-", true, &dir) == 0 &&
      strlen(dir) < sizeof(u.dir);
  snprintf(u.dir, sizeof(u.dir), "%s", haveDir ? dir : "");
  if (dir && !haveDir)
    rmdir(dir);
  free(dir);
  // The reducer's limits; without a test timeout, 60 s keeps a result
  // that now hangs from hanging us.
  // A timeout first asks the worker to describe what it repeats (and for
  // its trace, which no one reads here).
  IrsSupervisorOptions so = {
      .stepTimeoutSec = c->testTimeoutSec > 0 ? c->testTimeoutSec : 60,
      .memoryLimitBytes = c->memoryLimitBytes,
      .progress = irsActionTrailGetProgress(u.trail),
      .traceOnTimeout = true};
  IrsSupervisor sup = irsSupervisorCreate(&so);
  active = sup;
  const IrsWorkerResult *res = NULL;
  IrsActionRecord rec;
  size_t window = 0;
  if (haveDir && !irsPipelineIsNull(u.pipeline) && sup.ptr &&
      !irsActionTrailIsNull(u.trail) &&
      irsStatusIsOk(irsSupervisorRun(sup, culpritMain, &u, &res))) {
    bool ended = false;
    if (sig->kind == IrsOutcomeCrash && res->outcome == IrsWorkerCrashed &&
        irsActionTrailGetCrashAction(u.trail, &rec, &ended)) {
      fromRecord(out, &rec);
      out->ended = ended;
    } else if (sig->kind == IrsOutcomeTimeout &&
               res->outcome == IrsWorkerTimedOut &&
               (irsActionTrailSetStalled(u.trail, res->stalledMs),
                irsActionTrailGetStalled(u.trail) > 0) &&
               irsActionTrailGetLast(u.trail, &rec)) {
      // It stopped beginning actions: the last one it began, not a repeat
      // (still in flight when it is where the hang is).
      IrsActionRecord in;
      out->inFlight = irsActionTrailGetInFlight(u.trail, &in) &&
                      !strcmp(in.tag, rec.tag) && in.index == rec.index;
      fromRecord(out, &rec);
      out->index = 0; // a hang has no debug-counter check
      out->lastIndex = rec.index;
      out->stalledMs = irsActionTrailGetStalled(u.trail);
    } else if (sig->kind == IrsOutcomeTimeout &&
               res->outcome == IrsWorkerTimedOut &&
               irsActionTrailGetRepeating(u.trail, &rec, 1, &window) == 1) {
      fromRecord(out, &rec);
      out->index = 0; // one of many
      out->times = rec.count;
      out->window = (int64_t)window;
    } else if (sig->kind == IrsOutcomeVerifyFailure) {
      narrowFresh(&u, sup, res, out);
    }
  }
  if (haveDir)
    nftw(u.dir, rmEntry, 8, FTW_DEPTH | FTW_PHYS);
  active = (IrsSupervisor){NULL};
  irsSupervisorDestroy(sup);
  irsActionTrailDestroy(u.trail);
  irsPipelineDestroy(u.pipeline);
  free(u.text.data);
}

static bool isPattern(const OrCulprit *cu) {
  return !strcmp(cu->tag, IRS_NARROW_TAG_PATTERN);
}

// "pattern 'X' on 'op' at LOC (#K of N in step S)" and the other forms.
static void describe(FILE *f, const OrCulprit *cu) {
  fprintf(f, "%s '%s'", isPattern(cu) ? "pattern" : "pass", cu->name);
  if (cu->opName[0])
    fprintf(f, " on '%s'", cu->opName);
  if (cu->location[0])
    fprintf(f, " at %s", cu->location);
  if (cu->of)
    fprintf(f, " (#%lld of %lld in step %lld)", (long long)cu->stepIndex,
            (long long)cu->of, (long long)cu->step);
  else if (cu->stalledMs > 0)
    fprintf(f, " (#%lld, %s: none began in the hang's last %.1f s)",
            (long long)cu->lastIndex,
            cu->inFlight ? "in flight when it hung" : "the last action begun",
            cu->stalledMs / 1e3);
  else if (cu->times)
    fprintf(f, " (repeated %lld of the last %lld actions)",
            (long long)cu->times, (long long)cu->window);
  else if (cu->index && cu->ended)
    fprintf(f, " (#%lld, crashed after it ended: in the verifier or the "
               "pass manager)",
            (long long)cu->index);
  else if (cu->index)
    fprintf(f, " (#%lld, in flight when it crashed)", (long long)cu->index);
}

void orCulpritPrint(const OrCulprit *cu) {
  if (!cu->found)
    return;
  fprintf(stderr, "opt-reduce: culprit %s: ",
          isPattern(cu) ? "rewrite" : "pass execution");
  describe(stderr, cu);
  fputc('\n', stderr);
  if (cu->executions)
    fprintf(stderr, "opt-reduce: note: narrowed single-threaded with %lld "
                    "executions\n",
            (long long)cu->executions);
}

// The CHECK line of the failure under `check`: the signature's message,
// else LLVM's stack dump for a crash.
static void printFailureCheck(FILE *f, const char *check,
                              const IrsSignature *sig) {
  if (sig->message[0])
    irsFixTestPrintMessageCheckAs(f, check, sig->message);
  else
    fprintf(f, "// %s: Stack dump:\n", check);
}

static void printCounterRun(FILE *f, const char *readFlags, MlirStringRef p,
                            const OrCulprit *cu, int64_t count) {
  fprintf(f, "mlir-opt %%s%s --mlir-disable-threading -pass-pipeline='%.*s' "
             "--mlir-debug-counter=%s-count=%lld -o /dev/null",
          readFlags, (int)p.length, p.data, cu->tag, (long long)count);
}

static void printLitComment(FILE *f, const OrCulprit *cu) {
  fprintf(f, "// Culprit %s: ", isPattern(cu) ? "rewrite" : "pass execution");
  describe(f, cu);
  fputs(".\n", f);
}

// Checkable with mlir-opt's own counter only where its count is ours.
static bool counterCheckable(const OrConfig *c, const OrCulprit *cu,
                             MlirStringRef pipeline) {
  IrsPipeline p = irsPipelineCreateParse(pipeline, NULL, NULL);
  bool oneStep = !irsPipelineIsNull(p) && irsPipelineGetNumSteps(p) == 1;
  irsPipelineDestroy(p);
  return cu->index >= 1 && isPattern(cu) && oneStep &&
         !irsPipelineTextNamesIrscopePass(pipeline) &&
         !(c->plugins.plugins.ptr && irsPluginsGetNum(c->plugins.plugins) > 0);
}

void orCulpritPrintResultsLit(FILE *f, const OrConfig *c, const OrCulprit *cu,
                              MlirStringRef pipeline) {
  if (!cu->found)
    return;
  printLitComment(f, cu);
  if (!counterCheckable(c, cu, pipeline))
    return;
  fprintf(f, "// With upstream mlir-opt's debug counter, the first %lld %s "
             "actions give\n// the output checked above and the first %lld "
             "do not: the first RUN line's\n// mlir-opt with "
             "--mlir-disable-threading --mlir-debug-counter=%s-count=%lld "
             "(or %lld).\n",
          (long long)(cu->index - 1), cu->tag, (long long)cu->index, cu->tag,
          (long long)(cu->index - 1), (long long)cu->index);
}

void orCulpritPrintLit(FILE *f, const OrConfig *c, const OrCulprit *cu,
                       MlirStringRef pipeline, bool pin,
                       const IrsSignature *sig) {
  if (!cu->found)
    return;
  printLitComment(f, cu);
  if (!counterCheckable(c, cu, pipeline))
    return;
  bool crash = cu->kind == IrsOutcomeCrash;
  char *rf = orConfigReadFlags(c);
  const char *flags = rf ? rf : "";
  fprintf(f, "// With upstream mlir-opt's debug counter, the first %lld %s "
             "actions fail\n// as above and the first %lld do not:\n",
          (long long)cu->index, cu->tag, (long long)(cu->index - 1));
  if (!pin) {
    fputs("//   ", f);
    printCounterRun(f, flags, pipeline, cu, cu->index - 1);
    fputs("\n//   ", f);
    printCounterRun(f, flags, pipeline, cu, cu->index);
    fputc('\n', f);
    free(rf);
    return;
  }
  fputs("// RUN: ", f);
  printCounterRun(f, flags, pipeline, cu, cu->index - 1);
  fputs(" 2> %t.culprit-before || true\n"
        "// RUN: FileCheck %s --check-prefix=CULPRIT-BEFORE --allow-empty "
        "< %t.culprit-before\n", f);
  printFailureCheck(f, "CULPRIT-BEFORE-NOT", sig);
  fprintf(f, "// RUN: not%s ", crash ? " --crash" : "");
  printCounterRun(f, flags, pipeline, cu, cu->index);
  fputs(" 2>&1 | FileCheck %s --check-prefix=CULPRIT\n", f);
  printFailureCheck(f, "CULPRIT", sig);
  free(rf);
}
