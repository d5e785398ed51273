// SPDX-License-Identifier: Apache-2.0
//===- PageAction.c - the one action a failing step was narrowed to -------===//
//
// report.xml's <action> (docs/report.md): the one pattern application or
// pass execution after which the failing step fails, or the one a crash
// was in. On the page it sits in the failing step, under its rewrite
// table: what the action was (tag, pattern or pass, K of N, the op and its
// location, the executions narrowing took), the enclosing top-level op's
// diff around it (action.diff, inline in the report), and the files.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "Explorer.h"
#include "PageDom.h"

#include "irscope/RunDir.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// "First wrong rewrite: #4 of 40, pattern 'WhileMoveIfDown' on 'scf.while'
// at in.mlir:12:8 (found with 7 executions)", or what a crash was doing.
static void headline(xmlNodePtr p, const IrsExAction *x) {
  bool pattern = x->tag && !strcmp(x->tag, "apply-pattern");
  char b[1024];
  if (x->inFlight && x->index && x->of)
    snprintf(b, sizeof(b), "In flight when it died, and the one action "
                           "after which the step dies: #%s of %s, %s",
             x->index, x->of, pattern ? "pattern" : "pass");
  else if (x->inFlight)
    snprintf(b, sizeof(b), "In flight when it died: %s", pattern
                                                              ? "applying pattern"
                                                              : "running pass");
  else if (x->index && x->of)
    snprintf(b, sizeof(b), "The one action after which the step fails: #%s "
                           "of %s, %s",
             x->index, x->of, pattern ? "pattern" : "pass");
  else
    snprintf(b, sizeof(b), "The one action: %s", pattern ? "pattern" : "pass");
  addText(p, b);
  addText(p, " ");
  tel(p, "code", "action-name", x->name ? x->name : "?");
  if (x->opName) {
    addText(p, " on ");
    tel(p, "code", NULL, x->opName);
  }
  if (x->loc) {
    snprintf(b, sizeof(b), " at %s", x->loc);
    addText(p, b);
  }
  if (x->executions) {
    snprintf(b, sizeof(b), " (narrowed with %s runs of the step, "
                           "single-threaded)", x->executions);
    addText(p, b);
  }
}

// The unified diff, one line a div, classed as the step diffs are.
static void diffLines(xmlNodePtr parent, const char *diff) {
  xmlNodePtr box = el(parent, "div", "diff action-diff");
  xmlNewProp(box, X("id"), X("action-diff"));
  const char *p = diff;
  while (*p) {
    const char *nl = strchr(p, '\n');
    size_t n = nl ? (size_t)(nl - p) : strlen(p);
    const char *cls = !strncmp(p, "+++", 3) || !strncmp(p, "---", 3)
                          ? "dl file"
                      : *p == '+' ? "dl add"
                      : *p == '-' ? "dl del"
                      : *p == '@' ? "dl hunk"
                                  : "dl";
    char *line = strndup(p, n);
    tel(box, "div", cls, line ? line : "");
    free(line);
    p += n + (nl ? 1 : 0);
  }
}

void irsExActionPart(xmlNodePtr parent, const IrsExRun *run,
                     const IrsExStep *s, const IrsExPageOptions *o) {
  const IrsExAction *x = run->action;
  if (!x || s->index != run->failedStep)
    return;
  xmlNodePtr div = el(parent, "div", "action");
  xmlNewProp(div, X("id"), X("action"));
  headline(el(div, "p", "action-headline"), x);
  if (x->genericOp)
    tel(el(div, "p", "meta"), "code", "generic-op", x->genericOp);
  if (x->diff && *x->diff) {
    tel(div, "h4", NULL,
        "The enclosing top-level op just before and just after it");
    diffLines(div, x->diff);
  }
  const char *files[][2] = {{"Before: ", x->before},
                            {"After: ", x->after},
                            {"Diff: ", x->diffFile},
                            {"Replay with the tool's debug counter: ",
                             x->replay}};
  xmlNodePtr ul = NULL;
  for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); ++i) {
    if (!files[i][1])
      continue;
    if (!ul)
      ul = el(div, "ul", "action-files");
    xmlNodePtr li = el(ul, "li", NULL);
    addText(li, files[i][0]);
    irsExLink(li, o, files[i][1]);
  }
}
