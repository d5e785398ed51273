// SPDX-License-Identifier: Apache-2.0
//===- Narrow.c - bisecting a step's actions, and naming the one found ----===//
//
// The bisection behind "narrow a failing step to one action" (Narrow.h):
// with the first K actions of a tag executed, the step is good below the
// culprit and bad from it on. The search keeps an interval (lo, hi] with
// lo answered good and hi bad (n is bad: the full run failed), asks the
// middle, and stops when hi = lo + 1. This is git bisect's invariant on a
// line of counts instead of commits; asking count 0 first is what tells a
// culprit among the actions from a failure that needs none of them (a
// folder, the pass's own code outside any pattern).
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "irscope/Narrow.h"

#include "Buf.h"
#include "Halve.h"

#include <string.h>

int64_t irsHalve(int64_t good, int64_t bad, int (*isBad)(int64_t, void *),
                 void *ud) {
  while (bad - good > 1) {
    int64_t mid = good + (bad - good) / 2;
    int r = isBad(mid, ud);
    if (r < 0)
      return -1;
    if (r)
      bad = mid;
    else
      good = mid;
  }
  return bad;
}

int64_t irsNarrowBisect(int64_t n, IrsNarrowIsBad isBad, void *ud) {
  if (n <= 0)
    return 0;
  int r = isBad(0, ud);
  if (r != 0)
    return r < 0 ? -1 : 0;
  return irsHalve(0, n, isBad, ud);
}

// The count that fails lies past `good`, the last count a log reached
// (answered good): gallops up from it (1, 2, 4, ... past it), then halves.
// Past the step's last action a count runs everything, which fails.
static int64_t gallop(int64_t good, int (*isBad)(int64_t, void *), void *ud) {
  for (int64_t step = 1, from = good; step <= ((int64_t)1 << 16); step *= 2) {
    int r = isBad(from + step, ud);
    if (r < 0)
      return -1;
    if (r)
      return irsHalve(from, from + step, isBad, ud);
    from += step;
  }
  return -1;
}

int64_t irsNarrowSearchFrom(int64_t hint, int (*isBad)(int64_t, void *),
                            void *ud) {
  if (hint <= 0)
    hint = 0;
  int r = isBad(hint, ud);
  if (r < 0)
    return -1;
  if (r) {
    if (hint == 0)
      return 0;
    r = isBad(hint - 1, ud);
    if (r <= 0)
      return r < 0 ? -1 : hint;
    // Bad without the action the log ended in: bad at hint - 1, asked.
    return irsNarrowBisect(hint - 1, isBad, ud);
  }
  // The log ended early: the count that fails lies beyond it.
  return gallop(hint, isBad, ud);
}

int64_t irsNarrowSearchPast(int64_t n, int (*isBad)(int64_t, void *),
                            void *ud) {
  if (n <= 0)
    return irsNarrowSearchFrom(0, isBad, ud);
  int r = isBad(n, ud);
  if (r < 0)
    return -1;
  return r ? irsNarrowBisect(n, isBad, ud) : gallop(n, isBad, ud);
}

int64_t irsNarrowBudget(int64_t n) {
  int64_t log = 0;
  while (n > 1 && ((int64_t)1 << log) < n)
    ++log;
  return log + 4;
}

MlirStringRef irsNarrowShortName(MlirStringRef name) {
  // The last "::" outside template arguments and parentheses.
  size_t start = 0;
  int depth = 0;
  for (size_t i = 0; i + 1 < name.length; ++i) {
    char c = name.data[i];
    if (c == '<' || c == '(')
      ++depth;
    else if ((c == '>' || c == ')') && depth > 0)
      --depth;
    else if (depth == 0 && c == ':' && name.data[i + 1] == ':')
      start = i + 2;
  }
  return (MlirStringRef){name.data + start, name.length - start};
}

// The first words of the note: what went wrong, by what kind of action.
static const char *lead(IrsOutcome kind) {
  switch (kind) {
  case IrsOutcomeWrongResult:
    return "first wrong %s";
  case IrsOutcomeVerifyFailure:
    return "first %s that breaks the IR";
  case IrsOutcomeTimeout:
    return "first %s that hangs the step";
  case IrsOutcomeCrash:
  case IrsOutcomeMemoryLimit:
    return "first %s that crashes the step";
  default:
    return "first %s that fails the step";
  }
}

// `@name` of an op whose generic form carries sym_name = "name".
static void symbolOf(const char *op, IrsBuf *out) {
  const char *p = op ? strstr(op, "sym_name = \"") : NULL;
  if (!p)
    return;
  p += strlen("sym_name = \"");
  const char *q = strchr(p, '"');
  if (q && q - p < 200)
    irsBufPrintf(out, " @%.*s", (int)(q - p), p);
}

void irsNarrowFormatNote(const IrsNarrowedAction *a, IrsOutcome kind,
                         intptr_t step, MlirStringRef stepText,
                         MlirStringCallback callback, void *ud) {
  bool pattern = a->tag && strcmp(a->tag, IRS_NARROW_TAG_PATTERN) == 0;
  IrsBuf b = IRS_BUF_INIT;
  irsBufPrintf(&b, lead(kind), pattern ? "rewrite" : "pass execution");
  irsBufPrintf(&b, ": #%lld of %lld in step %ld '%.*s': %s '%s'",
               (long long)a->index, (long long)a->of, (long)step,
               (int)stepText.length, stepText.data,
               pattern ? "pattern" : "pass", a->name ? a->name : "?");
  if (a->opName) {
    irsBufPrintf(&b, " on '%s'", a->opName);
    symbolOf(a->op, &b);
  }
  if (a->location && *a->location)
    irsBufPrintf(&b, " at %s", a->location);
  callback(irsBufRef(&b), ud);
  irsBufFree(&b);
}
