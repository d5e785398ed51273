// SPDX-License-Identifier: Apache-2.0
//===- PageView.h - what the explorer's sections share ----------------------===//
//
// The explorer page (Page.c) is a list of sections, one call each; a
// section that needs the steps' diffs reads the StepViews PageAnalysis.c
// computes once.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_TOOLS_IRSCOPE_REPORT_PAGEVIEW_H
#define IRS_TOOLS_IRSCOPE_REPORT_PAGEVIEW_H

#include "Explorer.h"
#include "Text.h"

#include <libxml/tree.h>

#include <string.h>

static inline void irsExTextStr(IrsToolText *t, const char *s) {
  irsToolTextAppend(t, s, strlen(s));
}

typedef struct StepView {
  char *diff;         // annotated (and possibly cut) unified diff; NULL: none
  bool diffCut;
  long diffLines, diffLinesShown;
  // The structural view (irsDiffStructural: SSA names ignored), annotated
  // and cut the same way; "" when only names changed. NULL with no diff.
  char *structDiff;
  bool structCut;
  long structLines;
  char *note;         // why there is no diff, or NULL
  char *compareWith;  // file the diff starts from
  char *symbols;      // space-separated symbols the diff touches
  // Those of them with changes past the cut, of the text and of the
  // structural view: the symbol filter says so instead of "no change".
  char *symbolsBeyond, *structSymbolsBeyond;
  IrsExDialectCount *dialects;
  int numDialects;
  bool ownCounts;     // dialects belong to this step (else borrowed)
} StepView;

typedef struct SymSet {
  char **names;
  int num, cap;
} SymSet;


/// Fills one view per step: the diffs against the previous IR (annotated
/// with the symbols they touch) and dialect counts; the input's counts in
/// *inputCounts. False when out of memory.
bool irsExAnalyse(const IrsExRun *run, const IrsExPageOptions *o,
                  StepView *views, IrsExDialectCount **inputCounts,
                  int *numInputCounts, SymSet *allSyms);
/// Sorts the names (strcmp order).
void irsExSymSetSort(SymSet *s);
/// Frees what irsExAnalyse put in the views and in `allSyms`.
void irsExViewsFree(const IrsExRun *run, StepView *views, SymSet *allSyms);

/// The element of step `s` in the timeline or the step list: class
/// CLASS<status>[ failing-step], then `link`="<hash>step-N" (its anchor or
/// the link to it), data-step and data-status, which page.js reads.
xmlNodePtr irsExStepElement(xmlNodePtr parent, const char *tag,
                            const char *cls, const char *link,
                            const char *hash, const IrsExRun *run,
                            const IrsExStep *s);

/// The sections, in page order after the header and the failure
/// (PageFailure.c) and the timeline (Page.c).
void irsExOpChart(xmlNodePtr body, const IrsExRun *run, const StepView *views,
                  const IrsExDialectCount *input, int numInput);   // PageChart.c
void irsExStepsSection(xmlNodePtr body, const IrsExRun *run,
                       const StepView *views, const IrsExPageOptions *o,
                       SymSet *allSyms);                          // PageSteps.c

#endif
