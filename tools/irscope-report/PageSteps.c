// SPDX-License-Identifier: Apache-2.0
//===- PageSteps.c - the list of steps: details and diffs ------------------===//
#define _GNU_SOURCE
#include "PageDom.h"
#include "PageView.h"

#include "irscope/Outcome.h"
#include "irscope/Pipeline.h"
#include "irscope/StackTrace.h"

#include "ShellQuote.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

xmlNodePtr irsExStepElement(xmlNodePtr parent, const char *tag,
                            const char *cls, const char *link,
                            const char *hash, const IrsExRun *run,
                            const IrsExStep *s) {
  char c[96];
  snprintf(c, sizeof(c), "%s%s%s", cls, irsExStatusClass(s),
           s->index == run->failedStep ? " failing-step" : "");
  xmlNodePtr e = el(parent, tag, c);
  attrf(e, link, "%sstep-%d", hash, s->index);
  attrf(e, "data-step", "%d", s->index);
  attrf(e, "data-status", "%s", irsExStatusClass(s));
  return e;
}

// The switch between the text diff and the structural one, with the size
// of each, so a reader sees how much of the change is only renaming.
static void diffViews(xmlNodePtr bodyDiv, const IrsExStep *s,
                      const StepView *v) {
  if (!v->structDiff)
    return;
  xmlNodePtr p = el(bodyDiv, "p", "diff-views");
  addText(p, "Diff ");
  char b[160];
  if (*v->structDiff)
    snprintf(b, sizeof(b), "structural (%ld lines%s)", v->structLines,
             v->structCut ? ", cut" : "");
  else
    snprintf(b, sizeof(b), "structural (only names changed)");
  xmlNodePtr sb = tel(p, "button", "view", b);
  xmlNewProp(sb, X("data-view"), X("structural"));
  attrf(sb, "data-step", "%d", s->index);
  addText(p, " ");
  snprintf(b, sizeof(b), "text (%ld lines%s)", v->diffLines,
           v->diffCut ? ", cut" : "");
  xmlNodePtr tb = tel(p, "button", "view", b);
  xmlNewProp(tb, X("data-view"), X("text"));
  attrf(tb, "data-step", "%d", s->index);
}

// The diff of a step (capped, with the switch between the text and the
// structural view) as templates the page's script shows.
// The command that prints the whole diff of a cut one: the page cannot
// read files, a shell can.
static void fullDiffCommand(xmlNodePtr parent, const char *dir,
                            const StepView *v, const IrsExStep *s) {
  char abs[4096];
  const char *d = realpath(dir, abs) ? abs : dir;
  char *a = NULL, *b = NULL;
  if (asprintf(&a, "%s/%s", d, v->compareWith) >= 0 &&
      asprintf(&b, "%s/%s", d, s->dumpFile) >= 0) {
    char *words[] = {"diff", "-u", a, b};
    char *cmd = irsToolShellJoin(4, words);
    if (cmd) {
      xmlNodePtr pre = tel(parent, "pre", "full-diff", cmd);
      attrf(pre, "id", "full-diff-%d", s->index);
    }
    free(cmd);
  }
  free(a);
  free(b);
}

static void stepDiff(xmlNodePtr bodyDiv, const IrsExRun *run,
                     const IrsExStep *s, const StepView *v,
                     const IrsExPageOptions *o) {
  char b[512];
  if (v->diffCut) {
    xmlNodePtr n = el(bodyDiv, "p", "note capped");
    snprintf(b, sizeof(b),
             "This diff is too large to embed: showing the first %ld of "
             "%ld lines (limit %zu bytes). The full IR is in ",
             v->diffLinesShown, v->diffLines, o->maxDiffBytes);
    addText(n, b);
    irsExLink(n, o, s->dumpFile);
    addText(n, v->compareWith ? "; the whole diff:" : ".");
    if (v->compareWith)
      fullDiffCommand(bodyDiv, run->dir, v, s);
  }
  diffViews(bodyDiv, s, v);
  xmlNodePtr box = el(bodyDiv, "div", "diff");
  attrf(box, "id", "diff-view-%d", s->index);
  // The structural view is shown first when it is shorter: after cse or
  // canonicalize most of a text diff is renumbering.
  bool structural = v->structDiff && v->structLines < v->diffLines;
  xmlNewProp(box, X("data-view"), X(structural ? "structural" : "text"));
  xmlNodePtr tpl = tel(bodyDiv, "template", NULL, v->diff);
  attrf(tpl, "id", "diff-%d", s->index);
  if (v->structDiff) {
    tpl = tel(bodyDiv, "template", NULL, v->structDiff);
    attrf(tpl, "id", "diff-structural-%d", s->index);
  }
}

static void stepDetails(xmlNodePtr parent, const IrsExRun *run,
                        const IrsExStep *s, const StepView *v,
                        const IrsExPageOptions *o) {
  bool failing = s->index == run->failedStep;
  xmlNodePtr det = irsExStepElement(parent, "details", "step st-", "id", "", run, s);
  xmlNewProp(det, X("data-symbols"), X(v->symbols ? v->symbols : ""));
  if (v->symbolsBeyond)
    xmlNewProp(det, X("data-symbols-beyond"), X(v->symbolsBeyond));
  if (v->structSymbolsBeyond)
    xmlNewProp(det, X("data-symbols-beyond-structural"),
               X(v->structSymbolsBeyond));
  // Steps start collapsed; the failing one is open, else (a run that did
  // not fail) the first that changed the IR.
  int firstChanged = 0;
  for (int i = 0; i < run->numSteps && !firstChanged; ++i)
    if (run->steps[i].ran && run->steps[i].changed)
      firstChanged = run->steps[i].index;
  if (failing || (!run->failedStep && s->index == firstChanged))
    xmlNewProp(det, X("open"), NULL);
  irsExStepSummary(det, s, failing);
  char b[512];
  xmlNodePtr bodyDiv = el(det, "div", "body");
  xmlNodePtr p = el(bodyDiv, "p", "meta");
  addText(p, "Pipeline ");
  tel(p, "code", NULL, s->pipeline);
  if (s->ran) {
    snprintf(b, sizeof(b), "CPU %.3f ms \xc2\xb7 verifier: %s%s%s",
             s->cpuMs, s->verifier ? s->verifier : "?",
             s->failedHook ? ", rejected by " : "",
             s->failedHook ? s->failedHook : "");
    xmlNodePtr vp = tel(bodyDiv, "p", "verifier", b);
    (void)vp;
  }
  if (s->dumpFile) {
    xmlNodePtr dp = el(bodyDiv, "p", "meta");
    addText(dp, "Dump ");
    irsExLink(dp, o, s->dumpFile);
    if (v->compareWith) {
      addText(dp, ", compared with ");
      irsExLink(dp, o, v->compareWith);
    }
  }
  if (s->numDiags > 0) {
    xmlNodePtr ul = el(bodyDiv, "ul", "diags");
    for (int d = 0; d < s->numDiags; ++d) {
      const IrsExDiag *g = &s->diags[d];
      snprintf(b, sizeof(b), "%s%s: %s: ", g->depth ? "  " : "",
               g->location ? g->location : "?",
               g->severity ? g->severity : "?");
      xmlNodePtr li = el(ul, "li", g->severity);
      tel(li, "code", NULL, b);
      addText(li, g->message ? g->message : "");
    }
  }
  irsExRewriteTable(bodyDiv, s);
  irsExActionPart(bodyDiv, run, s, o);
  if (v->note)
    tel(bodyDiv, "p", "note", v->note);
  if (v->diff)
    stepDiff(bodyDiv, run, s, v, o);
}

void irsExStepsSection(xmlNodePtr body, const IrsExRun *run,
                       const StepView *views, const IrsExPageOptions *o,
                       SymSet *allSyms) {
  xmlNodePtr sec = el(body, "section", NULL);
  xmlNewProp(sec, X("id"), X("steps"));
  tel(sec, "h2", NULL, "Steps");
  xmlNodePtr fp = el(sec, "p", NULL);
  xmlNodePtr lab = tel(fp, "label", NULL, "Show changes to ");
  xmlNewProp(lab, X("for"), X("symbol-filter"));
  // A text field over a list, not a <select>: a big module's steps touch
  // thousands of symbols, which only typing can find.
  xmlNodePtr in = el(fp, "input", NULL);
  xmlNewProp(in, X("id"), X("symbol-filter"));
  xmlNewProp(in, X("type"), X("search"));
  xmlNewProp(in, X("list"), X("symbol-list"));
  xmlNewProp(in, X("placeholder"), X("all symbols"));
  attrf(in, "data-count", "%d", allSyms->num);
  xmlNodePtr list = el(fp, "datalist", NULL);
  xmlNewProp(list, X("id"), X("symbol-list"));
  irsExSymSetSort(allSyms);
  for (int i = 0; i < allSyms->num; ++i) {
    xmlNodePtr opt = el(list, "option", NULL);
    xmlNewProp(opt, X("value"), X(allSyms->names[i]));
  }
  char count[96];
  snprintf(count, sizeof(count), " (%d symbol%s; type to search)",
           allSyms->num, allSyms->num == 1 ? "" : "s");
  addText(fp, count);
  // Runs of steps that changed nothing are folded into one line.
  for (int i = 0; i < run->numSteps;) {
    const IrsExStep *s = &run->steps[i];
    bool quiet = s->ran && !s->changed && s->index != run->failedStep;
    if (!quiet) {
      stepDetails(sec, run, s, &views[i], o);
      ++i;
      continue;
    }
    int j = i;
    while (j < run->numSteps && run->steps[j].ran && !run->steps[j].changed &&
           run->steps[j].index != run->failedStep)
      ++j;
    xmlNodePtr fold = el(sec, "details", "fold");
    char b[128];
    if (j - i == 1)
      snprintf(b, sizeof(b), "Step %d changed nothing", s->index);
    else
      snprintf(b, sizeof(b), "Steps %d\xe2\x80\x93%d changed nothing",
               s->index, run->steps[j - 1].index);
    tel(fold, "summary", NULL, b);
    for (int k = i; k < j; ++k)
      stepDetails(fold, run, &run->steps[k], &views[k], o);
    i = j;
  }
}
