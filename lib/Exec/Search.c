// SPDX-License-Identifier: Apache-2.0
//===- Search.c - the version whose result differs, found and confirmed ---===//
//
// What irscope-opt --check-results does with the IR after each step, and
// what opt-reduce --miscompile does once with its input: execute the
// reference, bisect, confirm. Each version is executed at most once during
// the search (results are kept, and so are those the caller passes in
// from an earlier search over the same versions), so the confirmation's
// two extra executions are the only repeats; IR that cannot be executed
// at all (a setup error) is not confirmed. The reference and the last version run
// in one worker, and so do the two confirming executions
// (irsExecutorRunSequence): the same executions, fewer process starts. A
// version before the culprit that does not give its result twice is
// reported as nondeterministic; so is a culprit whose second execution
// gives the reference's result (with a filling, IrsExecOptions.fill, the
// confirming executions run under the other one). A culprit that gives
// two results, neither the reference's, after a version that gave the
// reference's twice, is blamed: its step made the results undefined.
//
//===----------------------------------------------------------------------===//
#include "ExecImpl.h"

typedef struct Search {
  IrsExecutor ex;
  const MlirStringRef *v;
  IrsExecTolerance tol;
  IrsExecResult *res;
  bool noWorker;
  bool interrupted; // an execution ended IrsExecInterrupted
} Search;

static const IrsExecResult *execOnce(Search *s, intptr_t i) {
  if (!s->res[i].output &&
      !irsStatusIsOk(irsExecutorRun(s->ex, s->v[i], &s->res[i]))) {
    s->noWorker = true;
    return NULL;
  }
  return &s->res[i];
}

static int sameAsReference(intptr_t i, void *ud) {
  Search *s = ud;
  const IrsExecResult *r = execOnce(s, i);
  if (r && r->outcome == IrsExecInterrupted)
    s->interrupted = true;
  if (!r || s->interrupted)
    return -1;
  return irsExecResultsEqual(&s->res[0], r, s->tol) ? 1 : 0;
}

// The reference and the last version, which the bisection asks first, in
// one worker (the last is not run when the reference fails); a version
// the caller already executed is not run again.
static bool execFirstAndLast(Search *s, intptr_t num) {
  if (num < 2 || s->res[0].output || s->res[num - 1].output)
    return execOnce(s, 0) != NULL &&
           (num < 2 || s->res[0].outcome != IrsExecOk ||
            execOnce(s, num - 1) != NULL);
  MlirStringRef texts[2] = {s->v[0], s->v[num - 1]};
  IrsExecResult two[2];
  intptr_t k = irsExecutorRunSequence(s->ex, texts, 2, two);
  if (k < 1) {
    s->noWorker = true;
    return false;
  }
  s->res[0] = two[0];
  if (k == 2)
    s->res[num - 1] = two[1];
  return true;
}

// Executes versions i - 1 and i once more, in one worker. Sets *before and
// *after to whether each gave its first result again (*after is 1 when
// i - 1 did not: it is not run then), and *afterDiffers to whether version
// i's second result differs from version i - 1's too. False: no worker.
static bool repeatPair(Search *s, intptr_t i, int *before, int *after,
                       int *afterDiffers) {
  MlirStringRef texts[2] = {s->v[i - 1], s->v[i]};
  IrsExecResult again[2];
  // Under the other filling, if there is one: version i - 1 must not
  // depend on memory it never wrote.
  IrsExecFill fill = irsExecutorGetFill(s->ex);
  if (fill != IrsExecFillNone)
    irsExecutorSetFill(s->ex, fill == IrsExecFill5A ? IrsExecFillA5
                                                    : IrsExecFill5A);
  intptr_t k = irsExecutorRunSequence(s->ex, texts, 2, again);
  irsExecutorSetFill(s->ex, fill);
  if (k < 1)
    return false;
  for (intptr_t j = 0; j < k; ++j)
    s->interrupted |= again[j].outcome == IrsExecInterrupted;
  *before = irsExecResultsEqual(&s->res[i - 1], &again[0], s->tol);
  // A reference-equal version that no longer runs cleanly stopped the pair.
  *after = !*before || k < 2 ||
           irsExecResultsEqual(&s->res[i], &again[1], s->tol);
  *afterDiffers = k == 2 &&
                  !irsExecResultsEqual(&s->res[i - 1], &again[1], s->tol);
  for (intptr_t j = 0; j < k; ++j)
    irsExecResultFree(&again[j]);
  return true;
}

IrsExecSearchResult irsExecSearch(IrsExecutor ex, const MlirStringRef *v,
                                  intptr_t num, IrsExecTolerance tol,
                                  IrsExecResult *res) {
  Search s = {ex, v, tol, res, false, false};
  IrsExecSearchResult out = {IrsExecSearchNoWorker, 0, 0};
  if (!execFirstAndLast(&s, num))
    return out;
  const IrsExecResult *ref = &res[0];
  if (ref->outcome == IrsExecInterrupted ||
      (num > 1 && res[num - 1].outcome == IrsExecInterrupted)) {
    out.status = IrsExecSearchInterrupted;
    return out;
  }
  if (ref->outcome != IrsExecOk) {
    out.status = IrsExecSearchReferenceFailed;
    return out;
  }
  intptr_t k = irsExecBisect(num - 1, sameAsReference, &s);
  if (k < 0) {
    out.status = s.interrupted ? IrsExecSearchInterrupted : out.status;
    return out;
  }
  if (k == 0) {
    out.status = IrsExecSearchSame;
    return out;
  }
  // IR that cannot be executed (it does not parse or lower, the entry is
  // missing) says so every time: nothing to confirm.
  if (irsExecOutcomeIsSetupError(res[k].outcome)) {
    out.culprit = k;
    out.status = IrsExecSearchCannotExecute;
    return out;
  }
  int before = 0, after = 0, afterDiffers = 0;
  if (!repeatPair(&s, k, &before, &after, &afterDiffers))
    return out;
  if (s.interrupted) {
    out.status = IrsExecSearchInterrupted;
    return out;
  }
  // Version k - 1 gave its (the reference's) result twice and version k
  // two others: the step made the results undefined, which is as wrong as
  // making them different (a copy of memory never written, for one). Only
  // a version k that also gave the reference's result is too unstable to
  // blame.
  if (!before || (!after && !afterDiffers)) {
    out.status = IrsExecSearchNondeterministic;
    out.unstable = before ? k : k - 1;
    return out;
  }
  out.culprit = k;
  out.unstable = after ? 0 : k;
  out.status = IrsExecSearchFound;
  return out;
}
