// SPDX-License-Identifier: Apache-2.0
//===- Bisect.c - the first version whose result differs ------------------===//
//
// Binary search over versions 1..n of the IR (version 0 is the reference),
// as git bisect does over commits: the last version is asked first, since
// a run whose final result is right needs no search at all; then the
// interval (good, bad] is halved until it holds one version.
//
//===----------------------------------------------------------------------===//
#include "ExecImpl.h"

#include "../Support/Halve.h"

typedef struct Same {
  IrsExecSameAsReference same;
  void *ud;
} Same;

// irsHalve asks whether a version is bad: one that differs.
static int differs(int64_t i, void *ud) {
  const Same *s = ud;
  int r = s->same((intptr_t)i, s->ud);
  return r < 0 ? -1 : !r;
}

intptr_t irsExecBisect(intptr_t n, IrsExecSameAsReference same, void *ud) {
  if (n <= 0)
    return 0;
  int r = same(n, ud);
  if (r < 0)
    return -1;
  if (r)
    return 0;
  Same s = {same, ud};
  return (intptr_t)irsHalve(0, n, differs, &s);
}
