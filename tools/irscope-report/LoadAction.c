// SPDX-License-Identifier: Apache-2.0
//===- LoadAction.c - report.xml's <action>, read for the page ------------===//
//
// The reading half of PageAction.c: the one action a failing step was
// narrowed to (or a crash was in), as report.xml's <action> has it
// (docs/report.md). Apart from the page so the report reader (Load.c) and
// its fuzz target need no rendering.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "Explorer.h"

#include <stdlib.h>
#include <string.h>

static char *dupAttr(IrsRunDocNode n, const char *name) {
  const char *v = irsRunDocNodeGetAttr(n, name);
  return v ? strdup(v) : NULL;
}

void irsExLoadAction(IrsExRun *run, IrsRunDocNode failure) {
  IrsRunDocNode a = irsRunDocNodeGetChild(failure, "action");
  if (irsRunDocNodeIsNull(a) || run->action)
    return;
  IrsExAction *x = calloc(1, sizeof(*x));
  if (!x)
    return;
  x->tag = dupAttr(a, "tag");
  x->name = dupAttr(a, "name");
  x->index = dupAttr(a, "index");
  x->of = dupAttr(a, "of");
  x->executions = dupAttr(a, "executions");
  x->opName = dupAttr(a, "op");
  x->loc = dupAttr(a, "loc");
  x->before = dupAttr(a, "before");
  x->after = dupAttr(a, "after");
  x->diffFile = dupAttr(a, "diff");
  x->replay = dupAttr(a, "replay");
  const char *v = irsRunDocNodeGetAttr(a, "in-flight");
  x->inFlight = v && !strcmp(v, "true");
  const char *t = irsRunDocNodeGetText(irsRunDocNodeGetChild(a, "generic-op"));
  x->genericOp = t ? strdup(t) : NULL;
  t = irsRunDocNodeGetText(irsRunDocNodeGetChild(a, "diff"));
  x->diff = t ? strdup(t) : NULL;
  run->action = x;
}

void irsExActionFree(IrsExRun *run) {
  IrsExAction *x = run->action;
  if (!x)
    return;
  char *strs[] = {x->tag,    x->name,      x->index,  x->of,
                  x->executions, x->opName, x->loc,   x->genericOp,
                  x->diff,   x->before,    x->after,  x->diffFile,
                  x->replay};
  for (size_t i = 0; i < sizeof(strs) / sizeof(strs[0]); ++i)
    free(strs[i]);
  free(x);
  run->action = NULL;
}
