// SPDX-License-Identifier: Apache-2.0
//===- Page.c - the HTML pipeline explorer ----------------------------------===//
//
// Builds the page as a libxml2 HTML tree and serialises it with libxml2's
// HTML serializer, which escapes text and attributes, writes the raw-text
// elements (<script>, <style>) verbatim and closes every element the way
// HTML parsers expect; nothing is assembled by string concatenation. The
// page is self-contained: the CSS and JS (page.css, page.js) are embedded at
// build time and nothing is fetched.
//
// The page is a list of sections, one call each in irsExRenderPage, each
// rendered by its own file: the failure (PageFailure.c), the operations
// chart (PageChart.c), the steps with their diffs (PageSteps.c, from the
// views PageAnalysis.c computes); the header and the timeline are here.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "Explorer.h"
#include "PageDom.h"
#include "PageView.h"

#include "irscope/Outcome.h"

#include "page_css.h"
#include "page_js.h"

#include <libxml/HTMLtree.h>
#include <libxml/tree.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// A step that did not finish has no <time>: its bar gets the time it ran
// before the worker died or was stopped (the manifest's elapsed-ms, else
// the report's).
static double stepMs(const IrsExRun *run, const IrsExStep *s) {
  if (!s->ran && s->elapsedMs > 0)
    return s->elapsedMs;
  if (!s->ran && s->index == run->failedStep && run->failElapsedMs > 0)
    return run->failElapsedMs;
  return s->wallMs;
}

const char *irsExRunStatus(const IrsExRun *run) {
  return run->reportOnly ? "failed" : irsOutcomeGetName(run->status);
}

static void header(xmlNodePtr body, const IrsExRun *run) {
  xmlNodePtr h = el(body, "header", NULL);
  char title[600];
  snprintf(title, sizeof(title), "Pipeline run: %s",
           run->inputPath ? run->inputPath : run->dir);
  tel(h, "h1", NULL, title);
  xmlNodePtr p = el(h, "p", "meta");
  addText(p, "Status ");
  xmlNodePtr st = tel(p, "span", NULL, irsExRunStatus(run));
  xmlNewProp(st, X("id"), X("run-status"));
  addText(p, " \xc2\xb7 pipeline ");
  tel(p, "code", NULL, run->pipeline);
  if (run->commandLine && *run->commandLine) {
    xmlNodePtr c = el(h, "p", "meta");
    addText(c, "Command line ");
    tel(c, "code", NULL, run->commandLine);
  }
  xmlNodePtr d = el(h, "p", "meta");
  addText(d, "Directory ");
  tel(d, "code", NULL, run->dir);
}

static void timeline(xmlNodePtr body, const IrsExRun *run) {
  xmlNodePtr sec = el(body, "section", NULL);
  xmlNewProp(sec, X("id"), X("timeline-section"));
  tel(sec, "h2", NULL, "Timeline (bar width: wall time)");
  xmlNodePtr tl = el(sec, "div", "timeline");
  xmlNewProp(tl, X("id"), X("timeline"));
  double total = 0;
  for (int i = 0; i < run->numSteps; ++i)
    total += stepMs(run, &run->steps[i]);
  for (int i = 0; i < run->numSteps; ++i) {
    const IrsExStep *s = &run->steps[i];
    xmlNodePtr a = irsExStepElement(tl, "a", "bar status-", "href", "#", run, s);
    double ms = stepMs(run, s);
    // Not-run steps keep a sliver so the pipeline's shape stays visible.
    double grow = total > 0 ? ms / total * 1000 : 1;
    if (grow < 1)
      grow = 1;
    attrf(a, "style", "flex-grow: %.3f", grow);
    attrf(a, "title", "step %d %s (%s): %s, %.3f ms", s->index, s->pass,
          s->anchor, irsOutcomeGetName(s->status), ms);
    char label[32];
    snprintf(label, sizeof(label), "%d", s->index);
    addText(a, label);
  }
  xmlNodePtr lg = el(sec, "p", "legend");
  const char *names[] = {"ok",          "unchanged", "failed", "crashed",
                         "interrupted", "not-run"};
  for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); ++i) {
    xmlNodePtr sp = el(lg, "span", NULL);
    char c[32];
    snprintf(c, sizeof(c), "status-%s", names[i]);
    el(sp, "i", c);
    addText(sp, names[i]);
  }
}

htmlDocPtr irsExPageBegin(const char *title, xmlNodePtr *body) {
  htmlDocPtr doc = htmlNewDocNoDtD(NULL, NULL);
  if (!doc)
    return NULL;
  xmlCreateIntSubset(doc, X("html"), NULL, NULL);
  xmlNodePtr root = xmlNewNode(NULL, X("html"));
  xmlDocSetRootElement(doc, root);
  xmlNewProp(root, X("lang"), X("en"));
  xmlNodePtr head = el(root, "head", NULL);
  xmlNodePtr meta = el(head, "meta", NULL);
  xmlNewProp(meta, X("charset"), X("utf-8"));
  tel(head, "title", NULL, title);
  // The page must not reach the network; say so to the browser as well.
  xmlNodePtr csp = el(head, "meta", NULL);
  xmlNewProp(csp, X("http-equiv"), X("Content-Security-Policy"));
  xmlNewProp(csp, X("content"),
             X("default-src 'none'; style-src 'unsafe-inline'; "
               "script-src 'unsafe-inline'; img-src data:"));
  tel(head, "style", NULL, PAGE_css);
  *body = el(root, "body", NULL);
  return doc;
}

bool irsExPageEnd(htmlDocPtr doc, xmlNodePtr body, char **html, size_t *len,
                  char *err, size_t errCap) {
  tel(body, "script", NULL, PAGE_js);
  xmlChar *mem = NULL;
  int size = 0;
  htmlDocDumpMemoryFormat(doc, &mem, &size, 1);
  if (!mem) {
    snprintf(err, errCap, "out of memory serialising the page");
    return false;
  }
  bool ok = false;
  *html = malloc((size_t)size + 1);
  if (*html) {
    memcpy(*html, mem, (size_t)size);
    (*html)[size] = '\0';
    *len = (size_t)size;
    ok = true;
  } else {
    snprintf(err, errCap, "out of memory");
  }
  xmlFree(mem);
  return ok;
}

bool irsExRenderPage(const IrsExRun *run, const IrsExPageOptions *o,
                     char **html, size_t *len, char *err, size_t errCap) {
  StepView *views = calloc((size_t)(run->numSteps ? run->numSteps : 1),
                           sizeof(StepView));
  SymSet allSyms = {0};
  IrsExDialectCount *input = NULL;
  int numInput = 0;
  bool ok = false;
  htmlDocPtr doc = NULL;
  if (!views || !irsExAnalyse(run, o, views, &input, &numInput, &allSyms)) {
    snprintf(err, errCap, "out of memory while comparing dumps");
    goto done;
  }
  char title[600];
  snprintf(title, sizeof(title), "irscope report: %s",
           run->inputPath ? run->inputPath : run->dir);
  xmlNodePtr body = NULL;
  doc = irsExPageBegin(title, &body);
  if (!doc) {
    snprintf(err, errCap, "out of memory");
    goto done;
  }
  attrf(body, "data-failed-step", "%d", run->failedStep);
  header(body, run);
  irsExFailureSection(body, run, o);
  timeline(body, run);
  irsExOpChart(body, run, views, input, numInput);
  irsExStepsSection(body, run, views, o, &allSyms);
  ok = irsExPageEnd(doc, body, html, len, err, errCap);
done:
  if (doc)
    xmlFreeDoc(doc);
  irsExViewsFree(run, views, &allSyms);
  free(views);
  free(input);
  return ok;
}

