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

intptr_t irsExecBisect(intptr_t n, IrsExecSameAsReference same, void *ud) {
  if (n <= 0)
    return 0;
  int r = same(n, ud);
  if (r < 0)
    return -1;
  if (r)
    return 0;
  intptr_t good = 0, bad = n;
  while (bad - good > 1) {
    intptr_t mid = good + (bad - good) / 2;
    r = same(mid, ud);
    if (r < 0)
      return -1;
    if (r)
      good = mid;
    else
      bad = mid;
  }
  return bad;
}
