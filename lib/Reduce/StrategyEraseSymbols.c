// SPDX-License-Identifier: Apache-2.0
//===- StrategyEraseSymbols.c - ddmin over the module's top-level ops -----===//
//
// Functions, declarations and globals go first: one accepted chunk removes
// whole functions. The erase edit takes the ops that name an erased symbol
// with it (Edit.c), so a function still called elsewhere can go: the calls
// go too and their results become poison. Progress: each accepted chunk
// erases at least one op.
//
//===----------------------------------------------------------------------===//
#include "ReduceImpl.h"

#include <stdlib.h>

static bool eraseSymbols(Reducer *r, void *state) {
  (void)state;
  bool any = false;
  // ddmin returns after the first round that removed something, because
  // removals renumber the ops behind them: collect afresh and go on.
  for (int round = 0; round < 1000 && !r->stop; ++round) {
    size_t n = 0;
    int64_t *items = irsReduceCollect(r, true, &n);
    bool removed = items && irsReduceDdmin(r, items, n, true);
    free(items);
    if (!removed)
      break;
    any = true;
  }
  return any;
}

const IrsStrategy irsStrategyEraseSymbols = {.run = eraseSymbols};
