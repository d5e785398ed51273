// SPDX-License-Identifier: Apache-2.0
//===- StrategyEraseOps.c - hierarchical ddmin over nested ops ------------===//
//
// ddmin one nesting level at a time, outermost first (ops directly in a
// function body, then the ops in their regions, ...), the idea of the
// hierarchical delta debugging of Misherghi and Su (ICSE 2006): erasing an
// outer op takes everything inside it in one test, so a level whose ops
// are not needed costs a few tests however much they hold, and a flat list
// never makes ddmin split chunks across unrelated nests. Terminators are
// never candidates; results that still have uses become ub.poison of the
// same type. Progress: each accepted chunk erases at least one op that is
// not a used ub.poison, so the count of non-poison ops goes down.
//
//===----------------------------------------------------------------------===//
#include "ReduceImpl.h"

#include <stdlib.h>

static bool eraseOps(Reducer *r, void *state) {
  (void)state;
  bool any = false;
  for (int depth = 2; !r->stop; ++depth) {
    bool deeper = false;
    for (int round = 0; round < 1000 && !r->stop; ++round) {
      size_t n = 0;
      int64_t *items = irsReduceCollectAtDepth(r, depth, &n, &deeper);
      bool removed = items && irsReduceDdmin(r, items, n, false);
      free(items);
      if (!removed)
        break;
      any = true;
    }
    if (!deeper)
      break;
  }
  return any;
}

const IrsStrategy irsStrategyEraseOps = {.run = eraseOps};
