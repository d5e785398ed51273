// SPDX-License-Identifier: Apache-2.0
//===- Miscompile.c - the oracle of opt-reduce --miscompile ---------------===//
//
// In miscompile mode a candidate (module and pipeline) is interesting when
// the culprit step still changes what the program computes. The test runs
// in the oracle's worker (OracleWorker.c), which already applied the edit and
// verified the IR; the executions it needs run in grandchildren through an
// IrsExecutor, so a candidate whose JIT'd code crashes or hangs ends only
// that execution.
//
// The culprit is found once, on the input, the way irscope-opt
// --check-results finds it (every step's IR, bisection, confirmation), and
// is then named by its pass in the signature. Later candidates run the
// steps before the first step of that pass and the step; a step that left
// the IR as it was is not interesting without executing anything.
// Otherwise one execution worker (irsExecutorRunSequence) runs the IR
// before the step (must run cleanly) and the step's output (must run
// cleanly too, and give another result), with fresh heap blocks and stack
// filled with one byte (IrsExecFill); another worker runs both again
// under the other byte, and each must give its result again. So a
// candidate that reduced into a read of memory nothing wrote, into other
// undefined behaviour or into a crash is never interesting: forked
// workers find the same leftovers in unwritten memory, and only the
// fillings tell garbage from a result. Whether the IR before the step
// gives its result a third time, under the same filling (nondeterminism
// of another kind: threads, time), is asked only with r->miscompileFull:
// Reducer.c turns it on to confirm the result of the reduction and, if
// that fails, reduces again from the input with it on. That is sound: the
// input (findCulprit, whose confirmation runs under the other filling) and
// the result pass the full guards, and intermediate candidates are never
// output; a nondeterministic one can only mislead the search, which the
// confirmation then catches.
// Edits that leave uses of erased results behind (ub.poison) are
// refused before anything runs (OracleWorker.c): computing with poison is
// undefined, and printing it prints garbage.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "OracleImpl.h"

#include "irscope/Exec.h"
#include "irscope/Report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static MlirStringRef refOf(const IrsBuf *b) { return irsBufRef(b); }

static void printTo(MlirOperation op, IrsBuf *b) {
  irsBufReset(b);
  mlirOperationPrint(op, irsBufStringCallback, b);
}

// Tells the parent the culprit step (its pass goes into the signature).
static int announce(IrsWorkerChannel ch, intptr_t step) {
  irsWorkerChannelSendValue(ch, IRS_REDUCE_FAILED_STEP_KEY, step);
  return irsOutcomeGetExitCode(IrsOutcomeWrongResult);
}

// The IR after each step that changed it: texts[0] the input, steps[i] the
// 1-based step after which texts[i] was printed. Returns the count, -1 if
// a step failed.
static intptr_t collectVersions(const Reducer *r, IrsPassManager pm,
                                MlirOperation root, IrsBuf *texts,
                                intptr_t *steps) {
  intptr_t n = irsPipelineGetNumSteps(r->pipeline), num = 1;
  printTo(root, &texts[0]);
  for (intptr_t s = 0; s < n; ++s) {
    if (!irsStatusIsOk(irsPassManagerRunSteps(pm, root, s, s + 1)))
      return -1;
    printTo(root, &texts[num]);
    MlirStringRef now = refOf(&texts[num]), prev = refOf(&texts[num - 1]);
    if (now.length != prev.length || memcmp(now.data, prev.data, now.length))
      steps[num++] = s + 1;
  }
  return num;
}

// Candidates' executions are judged hung long before --exec-timeout: a
// candidate whose program runs far longer than the module it was made from
// (an edit that made a loop endless is common) is not interesting anyway,
// since it does not run cleanly. The slowest execution of the input, and
// then of the last candidate found interesting (the reduction goes on from
// it, and it is ever smaller), is kept in the reducer's temporary
// directory by the worker that ran it (workers share nothing else);
// candidates get 10 times that, at least 1 s, at most the timeout asked
// for. Too short a limit only rejects a candidate, it never
// lets a wrong one through; the result is confirmed at the full timeout.
static void execTimeFile(const Reducer *r, char *path, size_t n) {
  snprintf(path, n, "%s/exec-ms", r->tmpDir);
}

// Written to a file of this worker's, then renamed: a concurrent reader
// sees the old time or the new one.
static void noteExecTime(const Reducer *r, double ms) {
  char path[300], tmp[320];
  execTimeFile(r, path, sizeof(path));
  snprintf(tmp, sizeof(tmp), "%s.%ld", path, (long)getpid());
  FILE *f = fopen(tmp, "we");
  if (!f)
    return;
  bool ok = fprintf(f, "%.3f\n", ms) > 0;
  ok = fclose(f) == 0 && ok;
  if (!ok || rename(tmp, path) != 0)
    unlink(tmp);
}

void irsReduceMiscompileForget(const Reducer *r) {
  char path[300];
  execTimeFile(r, path, sizeof(path));
  unlink(path);
}

static double candidateTimeout(const Reducer *r) {
  double full = r->opts.miscompile->timeoutSec, ms = -1;
  char path[300];
  execTimeFile(r, path, sizeof(path));
  FILE *f = r->miscompileFull ? NULL : fopen(path, "re");
  if (f) {
    if (fscanf(f, "%lf", &ms) != 1)
      ms = -1;
    fclose(f);
  }
  if (ms < 0)
    return full;
  double quick = ms * 10 / 1000 > 1 ? ms * 10 / 1000 : 1;
  return full > 0 && full < quick ? full : quick;
}

// On the input: every step's IR, then the search irscope-opt
// --check-results does; the culprit must run cleanly too.
static int findCulprit(Reducer *r, IrsWorkerChannel ch, IrsPassManager pm,
                       MlirOperation root) {
  intptr_t n = irsPipelineGetNumSteps(r->pipeline);
  IrsBuf *texts = calloc((size_t)n + 1, sizeof(*texts));
  intptr_t *steps = calloc((size_t)n + 1, sizeof(*steps));
  MlirStringRef *refs = calloc((size_t)n + 1, sizeof(*refs));
  IrsExecResult *res = calloc((size_t)n + 1, sizeof(*res));
  // Under a filling, so that the search's confirmation (under the other)
  // rejects an input whose result depends on memory it never wrote.
  IrsExecOptions o = *r->opts.miscompile;
  o.fill = IrsExecFill5A;
  IrsExecutor ex =
      irsExecutorCreate(&o, r->opts.execSetup, r->opts.execSetupUserData);
  int rc = IRS_EXIT_INVALID_CANDIDATE;
  intptr_t num = texts && steps && refs && res && !irsExecutorIsNull(ex)
                     ? collectVersions(r, pm, root, texts, steps)
                     : -1;
  for (intptr_t i = 0; i < num; ++i)
    refs[i] = refOf(&texts[i]);
  IrsExecSearchResult sr = {IrsExecSearchNoWorker, 0, 0};
  if (num > 0)
    sr = irsExecSearch(ex, refs, num, r->opts.tolerance, res);
  if (sr.status == IrsExecSearchSame)
    rc = 0;
  else if (sr.status == IrsExecSearchFound &&
           res[sr.culprit].outcome == IrsExecOk) {
    noteExecTime(r, res[0].wallMs > res[sr.culprit].wallMs
                        ? res[0].wallMs
                        : res[sr.culprit].wallMs);
    rc = announce(ch, steps[sr.culprit]);
  }
  for (intptr_t i = 0; i <= n && texts && res; ++i) {
    irsBufFree(&texts[i]);
    irsExecResultFree(&res[i]);
  }
  irsExecutorDestroy(ex);
  free(texts);
  free(steps);
  free(refs);
  free(res);
  return rc;
}

static intptr_t stepOfPass(const Reducer *r, const char *pass) {
  intptr_t n = irsPipelineGetNumSteps(r->pipeline);
  for (intptr_t s = 0; s < n; ++s) {
    MlirStringRef p = irsPipelineGetStepPassName(r->pipeline, s);
    if (p.length == strlen(pass) && !memcmp(p.data, pass, p.length))
      return s + 1;
  }
  return 0;
}

static bool sameText(const IrsBuf *a, const IrsBuf *b) {
  return a->len == b->len && (!a->len || !memcmp(a->data, b->data, a->len));
}

// Executes the step's input and its output in one worker under one
// filling (with `full`, the input again) and, when they differ, both once
// more under the other filling in another. Interesting: all ran cleanly,
// the input gave one result every time and the output another, every
// time. The second filling is what keeps the reduction from drifting into
// reads of memory nothing wrote: workers forked from one process find the
// same leftovers there, so without it two executions agree on garbage.
// The output runs again too: a candidate whose step leaves a value the
// program prints undefined (a shift LLVM folds to poison once its amount
// is a constant) prints leftovers of the caller, another result than the
// input's in one worker, and must not replace a module whose step gave a
// wrong but repeatable result.
static int judge(Reducer *r, IrsWorkerChannel ch, intptr_t step,
                 const IrsBuf *pre, const IrsBuf *post, bool full) {
  IrsExecOptions o = *r->opts.miscompile;
  o.timeoutSec = candidateTimeout(r);
  o.fill = IrsExecFill5A;
  IrsExecutor ex =
      irsExecutorCreate(&o, r->opts.execSetup, r->opts.execSetupUserData);
  if (irsExecutorIsNull(ex))
    return IRS_EXIT_INVALID_CANDIDATE;
  MlirStringRef texts[3] = {refOf(pre), refOf(post), refOf(pre)};
  IrsExecResult res[5];
  intptr_t k = irsExecutorRunSequence(ex, texts, full ? 3 : 2, res);
  int rc = IRS_EXIT_INVALID_CANDIDATE;
  bool clean = k == (full ? 3 : 2) && res[k - 1].outcome == IrsExecOk;
  if (clean && irsExecResultsEqual(&res[0], &res[1], r->opts.tolerance)) {
    rc = 0;
  } else if (clean && (!full || irsExecResultsEqual(&res[0], &res[2],
                                                    r->opts.tolerance))) {
    irsExecutorSetFill(ex, IrsExecFillA5);
    intptr_t again = irsExecutorRunSequence(ex, texts, 2, &res[k]);
    if (again == 2 && res[k + 1].outcome == IrsExecOk &&
        irsExecResultsEqual(&res[0], &res[k], r->opts.tolerance) &&
        irsExecResultsEqual(&res[1], &res[k + 1], r->opts.tolerance)) {
      noteExecTime(r, res[0].wallMs > res[1].wallMs ? res[0].wallMs
                                                    : res[1].wallMs);
      rc = announce(ch, step);
    }
    k += again > 0 ? again : 0;
  }
  for (intptr_t i = 0; i < k; ++i)
    irsExecResultFree(&res[i]);
  irsExecutorDestroy(ex);
  return rc;
}

int irsReduceMiscompileTest(Reducer *r, IrsWorkerChannel ch, IrsPassManager pm,
                            MlirOperation root) {
  if (!r->target.pass[0])
    return findCulprit(r, ch, pm, root);
  intptr_t step = stepOfPass(r, r->target.pass);
  if (step == 0)
    return 0; // the culprit is gone: not this bug
  IrsBuf pre = IRS_BUF_INIT, post = IRS_BUF_INIT;
  int rc = IRS_EXIT_INVALID_CANDIDATE;
  if (irsStatusIsOk(irsPassManagerRunSteps(pm, root, 0, step - 1))) {
    printTo(root, &pre);
    if (irsStatusIsOk(irsPassManagerRunSteps(pm, root, step - 1, step))) {
      printTo(root, &post);
      // A step that leaves the IR as it was cannot change the results
      // (short of nondeterminism, which is never interesting): no
      // execution needed.
      rc = sameText(&pre, &post)
               ? 0
               : judge(r, ch, step, &pre, &post, r->miscompileFull);
    }
  }
  irsBufFree(&pre);
  irsBufFree(&post);
  return rc;
}

// Ops (not terminators: they cannot go) with an operand defined by
// ub.poison, in pre-order.
static MlirWalkResult findPoisonUsers(MlirOperation op, void *ud) {
  IrsOpList *u = ud;
  if (mlirBlockIsNull(mlirOperationGetBlock(op)) ||
      mlirOperationEqual(mlirBlockGetTerminator(mlirOperationGetBlock(op)), op))
    return MlirWalkResultAdvance;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
    MlirValue v = mlirOperationGetOperand(op, i);
    if (!mlirValueIsAOpResult(v) || !irsEditIsPoison(mlirOpResultGetOwner(v)))
      continue;
    return irsOpListPush(u, op) ? MlirWalkResultSkip : MlirWalkResultInterrupt;
  }
  return MlirWalkResultAdvance;
}

static MlirWalkResult collectUnusedPoison(MlirOperation op, void *ud) {
  IrsOpList *u = ud;
  if (!irsEditIsPoison(op) ||
      !mlirOpOperandIsNull(mlirValueGetFirstUse(mlirOperationGetResult(op, 0))))
    return MlirWalkResultAdvance;
  return irsOpListPush(u, op) ? MlirWalkResultAdvance : MlirWalkResultInterrupt;
}

void irsReduceErasePoisonUsers(MlirContext ctx, MlirOperation root) {
  for (int round = 0; round < 1000; ++round) {
    IrsOpList u = {NULL, 0, 0};
    mlirOperationWalk(root, findPoisonUsers, &u, MlirWalkPreOrder);
    // Last first: a later user may be nested in an earlier one's region.
    for (size_t i = u.n; i-- > 0;)
      irsEditEraseOp(ctx, u.ops[i]);
    free(u.ops);
    if (u.n == 0)
      break;
  }
  // The placeholders nothing uses any more.
  IrsOpList dead = {NULL, 0, 0};
  mlirOperationWalk(root, collectUnusedPoison, &dead, MlirWalkPreOrder);
  for (size_t i = dead.n; i-- > 0;)
    mlirOperationDestroy(dead.ops[i]);
  free(dead.ops);
}

int64_t irsReduceCountPoison(MlirOperation root) {
  return irsReduceCountOpsWhere(root, irsEditIsPoison);
}
