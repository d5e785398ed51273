// SPDX-License-Identifier: Apache-2.0
//===- Strategies.c - the strategy table and the rounds over it -----------===//
//
// Strategies (Strategies.def, one file each) run coarse before fine and the
// whole list repeats until a round changes nothing; the final (cosmetic)
// ones run once after that. The engine knows a strategy only by its row:
// its name, what it needs of the run's mode, and its IrsStrategy.
//
//===----------------------------------------------------------------------===//
#include "ReduceImpl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Row {
  const char *name;
  const IrsStrategy *ops;
  const char *description;
  bool final; // cosmetic: runs once, after the fixed point of the others
  IrsStrategyNeeds needs;
} Row;

static const Row strategies[] = {
#define IRS_STRATEGY(NAME, STRATEGY, NEEDS, DESC)                              \
  {NAME, &STRATEGY, DESC, false, NEEDS},
#define IRS_FINAL_STRATEGY(NAME, STRATEGY, NEEDS, DESC)                        \
  {NAME, &STRATEGY, DESC, true, NEEDS},
#include "Strategies.def"
};
#define NUM_STRATEGIES ((intptr_t)(sizeof(strategies) / sizeof(strategies[0])))

intptr_t irsReduceStrategyGetNum(void) { return NUM_STRATEGIES; }
const char *irsReduceStrategyGetName(intptr_t pos) {
  return strategies[pos].name;
}
const char *irsReduceStrategyGetDescription(intptr_t pos) {
  return strategies[pos].description;
}
bool irsReduceStrategyNeedsFailingStep(intptr_t pos) {
  return (strategies[pos].needs & IrsStrategyNeedsFailingStep) != 0;
}
intptr_t irsReduceStrategyCount(void) { return NUM_STRATEGIES; }
const IrsStrategy *irsReduceStrategyAt(intptr_t pos) {
  return strategies[pos].ops;
}

bool irsReduceStrategyEnabled(const Reducer *r, const char *name) {
  const char *list = r->opts.strategies;
  if (!list || !*list)
    return true;
  size_t n = strlen(name);
  for (const char *p = list; *p;) {
    const char *c = strchr(p, ',');
    size_t l = c ? (size_t)(c - p) : strlen(p);
    if (l == n && memcmp(p, name, n) == 0)
      return true;
    if (!c)
      break;
    p = c + 1;
  }
  return false;
}

bool irsReduceCheckStrategyList(const char *list, IrsBuf *err) {
  for (const char *p = list; p && *p;) {
    const char *c = strchr(p, ',');
    size_t l = c ? (size_t)(c - p) : strlen(p);
    bool found = false;
    for (intptr_t s = 0; s < NUM_STRATEGIES; ++s)
      if (strlen(strategies[s].name) == l && !memcmp(strategies[s].name, p, l))
        found = true;
    if (!found) {
      irsBufPrintf(err, "unknown strategy '%.*s' (see --list-strategies)",
                   (int)l, p);
      return false;
    }
    if (!c)
      break;
    p = c + 1;
  }
  return true;
}

bool irsReduceStrategiesCreate(Reducer *r) {
  r->strategyOps = calloc((size_t)NUM_STRATEGIES, sizeof(int64_t));
  r->strategyWins = calloc((size_t)NUM_STRATEGIES, sizeof(int64_t));
  r->strategyState = calloc((size_t)NUM_STRATEGIES, sizeof(void *));
  if (!r->strategyOps || !r->strategyWins || !r->strategyState)
    return false;
  for (intptr_t s = 0; s < NUM_STRATEGIES; ++s) {
    size_t n = strategies[s].ops->stateSize;
    if (n && !(r->strategyState[s] = calloc(1, n)))
      return false;
  }
  return true;
}

void irsReduceStrategiesDestroy(Reducer *r) {
  for (intptr_t s = 0; r->strategyState && s < NUM_STRATEGIES; ++s)
    free(r->strategyState[s]);
  free(r->strategyState);
  free(r->strategyOps);
  free(r->strategyWins);
}

void irsReduceStrategiesBeforeCheck(Reducer *r) {
  for (intptr_t s = 0; s < NUM_STRATEGIES; ++s)
    if (strategies[s].ops->beforeCheck &&
        irsReduceStrategyEnabled(r, strategies[s].name))
      strategies[s].ops->beforeCheck(r);
}

void irsReduceStrategiesRedo(Reducer *r) {
  for (intptr_t s = 0; s < NUM_STRATEGIES; ++s)
    if (strategies[s].ops->redo)
      strategies[s].ops->redo(r->strategyState[s]);
  // The summary's per-strategy figures describe the reduction that counts.
  memset(r->strategyOps, 0, (size_t)NUM_STRATEGIES * sizeof(int64_t));
  memset(r->strategyWins, 0, (size_t)NUM_STRATEGIES * sizeof(int64_t));
}

// What the run's mode lacks of what the strategy needs: a test script and a
// foreign tool do not say which step failed; a foreign tool's dialects are
// not registered in opt-reduce, so irscope's canonicalize, cse and
// symbol-dce would change nothing there and cost three tests a round.
static IrsStrategyNeeds missingNeeds(const Reducer *r, const Row *s) {
  uint32_t lacks = 0;
  if (r->opts.testArgv || r->opts.toolArgv)
    lacks |= IrsStrategyNeedsFailingStep;
  if (r->opts.toolArgv)
    lacks |= IrsStrategyNeedsDialects;
  return (IrsStrategyNeeds)(s->needs & lacks);
}

// Tool mode says once, through the progress callback (opt-reduce -v), which
// strategies it skips and why.
static void noteSkipped(Reducer *r, const Row *s, IrsStrategyNeeds miss) {
  if (!r->opts.toolArgv || (r->skipNoted & (uint32_t)miss) == (uint32_t)miss)
    return;
  r->skipNoted |= (uint32_t)miss;
  char why[256];
  snprintf(why, sizeof(why), "strategy '%s' skipped: %s", s->name,
           (miss & IrsStrategyNeedsFailingStep)
               ? "a run of the tool does not say which step failed"
               : "it needs the tool's dialects, which are not registered "
                 "in opt-reduce");
  irsReduceNote(r, why);
}

// Whether strategy `s` runs in this reduction's mode. Miscompile mode skips
// the cosmetic (final) strategies: each of their tests costs two
// executions, and the entry and what it prints stay named as in the input.
static bool runsInMode(Reducer *r, const Row *s) {
  IrsStrategyNeeds miss = missingNeeds(r, s);
  if (miss) {
    noteSkipped(r, s, miss);
    return false;
  }
  return !(r->opts.miscompile && s->final);
}

// One round of strategy `s`, its figures counted; true if it changed the
// module.
static bool runOne(Reducer *r, intptr_t s) {
  r->strategy = strategies[s].name;
  r->strategyIndex = s;
  int64_t before = r->opsNow;
  bool changed = strategies[s].ops->run(r, r->strategyState[s]);
  r->opsNow = irsReduceCountOps(mlirModuleGetOperation(r->module));
  r->strategyOps[s] += before - r->opsNow;
  return changed;
}

void irsReduceToFixedPoint(Reducer *r) {
  bool progress = true;
  for (int pass = 0; pass < 2; ++pass) {
    for (progress = true; progress && !irsReduceOutOfTime(r);) {
      progress = false;
      for (intptr_t s = 0; s < NUM_STRATEGIES && !irsReduceOutOfTime(r); ++s) {
        if (strategies[s].final != (pass == 1) ||
            !irsReduceStrategyEnabled(r, strategies[s].name))
          continue;
        if (!runsInMode(r, &strategies[s]))
          continue;
        // The final strategies change little, and their tests at the full
        // timeout confirm quick hang verdicts for free when they succeed.
        if (pass == 1)
          r->quickHangs = false;
        if (runOne(r, s))
          progress = true;
      }
      if (pass == 1)
        break;
    }
  }
  r->strategyIndex = -1;
}

bool irsReduceConfirmThreaded(Reducer *r) {
  for (intptr_t s = 0; s < NUM_STRATEGIES; ++s) {
    if (!strategies[s].ops->confirmsThreadedCheck)
      continue;
    bool kept = runOne(r, s);
    r->strategyIndex = -1;
    if (kept)
      return true;
  }
  return false;
}
