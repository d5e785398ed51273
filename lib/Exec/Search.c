// SPDX-License-Identifier: Apache-2.0
//===- Search.c - the version whose result differs, found and confirmed ---===//
//
// What irscope-opt --check-results does with the IR after each step, and
// what opt-reduce --miscompile does once with its input: execute the
// reference, bisect, confirm. Each version is executed at most once during
// the search (results are kept), so the confirmation's two extra
// executions are the only repeats. A version that never gives the same
// result twice is reported as nondeterministic, never as the culprit.
//
//===----------------------------------------------------------------------===//
#include "ExecImpl.h"

typedef struct Search {
  IrsExecutor ex;
  const MlirStringRef *v;
  IrsExecTolerance tol;
  IrsExecResult *res;
  bool noWorker;
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
  if (!r)
    return -1;
  return irsExecResultsEqual(&s->res[0], r, s->tol) ? 1 : 0;
}

// 1: version i gives its first result again; 0: it does not; -1: no worker.
static int repeats(Search *s, intptr_t i) {
  IrsExecResult again;
  if (!irsStatusIsOk(irsExecutorRun(s->ex, s->v[i], &again)))
    return -1;
  bool same = irsExecResultsEqual(&s->res[i], &again, s->tol);
  irsExecResultFree(&again);
  return same;
}

IrsExecSearchResult irsExecSearch(IrsExecutor ex, const MlirStringRef *v,
                                  intptr_t num, IrsExecTolerance tol,
                                  IrsExecResult *res) {
  Search s = {ex, v, tol, res, false};
  IrsExecSearchResult out = {IrsExecSearchNoWorker, 0, 0};
  const IrsExecResult *ref = execOnce(&s, 0);
  if (!ref)
    return out;
  if (ref->outcome != IrsExecOk) {
    out.status = IrsExecSearchReferenceFailed;
    return out;
  }
  intptr_t k = irsExecBisect(num - 1, sameAsReference, &s);
  if (k < 0)
    return out;
  if (k == 0) {
    out.status = IrsExecSearchSame;
    return out;
  }
  int before = repeats(&s, k - 1);
  int after = before == 1 ? repeats(&s, k) : 1;
  if (before < 0 || after < 0)
    return out;
  if (!before || !after) {
    out.status = IrsExecSearchNondeterministic;
    out.unstable = before ? k : k - 1;
    return out;
  }
  out.culprit = k;
  out.status = irsExecOutcomeIsSetupError(res[k].outcome)
                   ? IrsExecSearchCannotExecute
                   : IrsExecSearchFound;
  return out;
}
