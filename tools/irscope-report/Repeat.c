// SPDX-License-Identifier: Apache-2.0
//===- Repeat.c - the page of an irscope-opt --repeat directory -----------===//
//
// A --repeat directory holds repeat.xml (docs/repeat.md: the failure rate
// with its interval, per-step rates, one entry per distinct failure
// signature with the seed of its first run) and one failure-N directory of
// artefacts per signature. Its page summarises the flake and links each
// signature's own page, which main.c renders from the failure directory
// (report.xml as its index, as for any failure directory without dumps).
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "Explorer.h"
#include "PageDom.h"

#include "irscope/RunDoc.h"
#include "irscope/RunDir.h"

#include <libgen.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef IrsRunDocNode Node;

static Node child(Node n, const char *name) {
  return irsRunDocNodeGetChild(n, name);
}

static const char *attrOr(Node n, const char *name, const char *dflt) {
  const char *v = irsRunDocNodeGetAttr(n, name);
  return v ? v : dflt;
}

bool irsExIsRepeatDir(const char *dir) {
  char path[4096];
  struct stat st;
  snprintf(path, sizeof(path), "%s/" IRS_RUN_DIR_MANIFEST, dir);
  if (stat(path, &st) == 0)
    return false;
  snprintf(path, sizeof(path), "%s/" IRS_RUN_DIR_REPEAT, dir);
  return stat(path, &st) == 0;
}

// The failure directory of a signature, as a name inside DIR: repeat.xml
// gives it as the run gave --failure-dir (relative to where it ran), and
// failure-N sits directly in DIR.
static void artefactDir(Node sig, char *out, size_t cap) {
  const char *a = irsRunDocNodeGetAttr(sig, "artifacts");
  out[0] = '\0';
  if (!a || !*a)
    return;
  char copy[4096];
  snprintf(copy, sizeof(copy), "%s", a);
  snprintf(out, cap, "%s", basename(copy));
}

static void percent(char *b, size_t n, double r) {
  snprintf(b, n, "%.1f%%", 100.0 * r);
}

static void header(xmlNodePtr body, Node root, const char *dir) {
  xmlNodePtr h = el(body, "header", NULL);
  char b[4200];
  const char *in = attrOr(child(root, "input"), "path", dir);
  snprintf(b, sizeof(b), "Repeated run: %s", in);
  tel(h, "h1", NULL, b);
  xmlNodePtr p = el(h, "p", "meta");
  addText(p, "Pipeline ");
  tel(p, "code", NULL, irsRunDocNodeGetText(child(root, "pipeline")));
  const char *cmd = irsRunDocNodeGetText(child(root, "command-line"));
  if (cmd && *cmd) {
    xmlNodePtr c = el(h, "p", "meta");
    addText(c, "Command line ");
    tel(c, "code", NULL, cmd);
  }
  xmlNodePtr d = el(h, "p", "meta");
  addText(d, "Directory ");
  tel(d, "code", NULL, dir);
}

static void rateSection(xmlNodePtr body, Node root) {
  Node runs = child(root, "runs"), fr = child(root, "failure-rate");
  xmlNodePtr sec = el(body, "section", NULL);
  xmlNewProp(sec, X("id"), X("failure-rate"));
  tel(sec, "h2", NULL, "Failure rate");
  char rate[32], lo[32], hi[32], b[512];
  percent(rate, sizeof(rate), irsRunDocNodeGetAttrDouble(fr, "rate"));
  percent(lo, sizeof(lo), irsRunDocNodeGetAttrDouble(fr, "ci-low"));
  percent(hi, sizeof(hi), irsRunDocNodeGetAttrDouble(fr, "ci-high"));
  snprintf(b, sizeof(b),
           "%ld of %ld runs failed (%s; %.0f%% interval %s to %s, %s)",
           irsRunDocNodeGetAttrLong(fr, "failures", 0),
           irsRunDocNodeGetAttrLong(runs, "done", 0), rate,
           100.0 * irsRunDocNodeGetAttrDouble(fr, "confidence"), lo, hi,
           attrOr(fr, "method", "wilson"));
  xmlNodePtr p = tel(sec, "p", "rate", b);
  xmlNewProp(p, X("id"), X("rate"));
  bool interrupted = !strcmp(attrOr(runs, "interrupted", ""), "true");
  bool early = !strcmp(attrOr(runs, "stopped-early", ""), "true");
  bool drawn = !strcmp(attrOr(runs, "seed-drawn", ""), "true");
  snprintf(b, sizeof(b), "%ld runs requested%s%s; mean run %s ms; seed %s%s",
           irsRunDocNodeGetAttrLong(runs, "requested", 0),
           interrupted ? ", interrupted" : "",
           early ? ", stopped at the first failure" : "",
           attrOr(runs, "mean-run-ms", "?"), attrOr(runs, "seed", "none"),
           drawn ? " (drawn)" : "");
  tel(sec, "p", "meta", b);
}

static void stepsTable(xmlNodePtr body, Node root) {
  xmlNodePtr sec = el(body, "section", NULL);
  xmlNewProp(sec, X("id"), X("repeat-steps"));
  tel(sec, "h2", NULL, "Failures by step");
  xmlNodePtr t = el(sec, "table", "repeat");
  xmlNodePtr tr = el(t, "tr", NULL);
  const char *heads[] = {"step", "pass", "failures", "rate", "interval",
                         "kinds"};
  for (size_t i = 0; i < sizeof(heads) / sizeof(heads[0]); ++i)
    tel(tr, "th", NULL, heads[i]);
  for (Node s = child(child(root, "steps"), "step"); !irsRunDocNodeIsNull(s);
       s = irsRunDocNodeGetNext(s, "step")) {
    long n = irsRunDocNodeGetAttrLong(s, "failures", 0);
    tr = el(t, "tr", n ? "failing" : NULL);
    char b[600], lo[32], hi[32];
    tel(tr, "td", NULL, attrOr(s, "index", "?"));
    snprintf(b, sizeof(b), "%s on %s", attrOr(s, "pass", "?"),
             attrOr(s, "anchor", "?"));
    tel(tr, "td", NULL, b);
    snprintf(b, sizeof(b), "%ld", n);
    tel(tr, "td", NULL, b);
    percent(b, sizeof(b), irsRunDocNodeGetAttrDouble(s, "rate"));
    tel(tr, "td", NULL, b);
    percent(lo, sizeof(lo), irsRunDocNodeGetAttrDouble(s, "ci-low"));
    percent(hi, sizeof(hi), irsRunDocNodeGetAttrDouble(s, "ci-high"));
    snprintf(b, sizeof(b), "%s to %s", lo, hi);
    tel(tr, "td", NULL, b);
    b[0] = '\0';
    for (Node k = child(s, "kind"); !irsRunDocNodeIsNull(k);
         k = irsRunDocNodeGetNext(k, "kind"))
      snprintf(b + strlen(b), sizeof(b) - strlen(b), "%s%s %s",
               b[0] ? ", " : "", attrOr(k, "name", "?"),
               attrOr(k, "count", "?"));
    tel(tr, "td", NULL, b);
  }
}

// Appends to `b` (capacity `cap`) what `fmt` prints.
static void appendf(char *b, size_t cap, const char *fmt, const char *a,
                    const char *c) {
  size_t used = strlen(b);
  snprintf(b + used, cap - used, fmt, a, c);
}

// A crash's identity (<crash>): what tells it from another crash of the
// same signal and step, one line each: its site, its abort line, its
// frames numbered from the site's (#0), as a stack trace numbers them.
static void crashIdentity(xmlNodePtr div, Node sig) {
  Node c = child(sig, "crash");
  if (irsRunDocNodeIsNull(c))
    return;
  char b[4096] = "";
  const char *site = irsRunDocNodeGetAttr(c, "site");
  const char *caller = irsRunDocNodeGetAttr(c, "site-caller");
  if (site)
    appendf(b, sizeof(b), "at %s%s", site, "");
  if (caller)
    appendf(b, sizeof(b), " (in %s)%s", caller, "");
  if (*b)
    appendf(b, sizeof(b), "%s%s", "\n", "");
  const char *line = irsRunDocNodeGetText(child(c, "abort-line"));
  if (line && *line)
    appendf(b, sizeof(b), "%s%s", line, "\n");
  int n = 0;
  for (Node f = child(c, "frame"); !irsRunDocNodeIsNull(f);
       f = irsRunDocNodeGetNext(f, "frame")) {
    char num[16];
    snprintf(num, sizeof(num), "#%d ", n++);
    const char *text = irsRunDocNodeGetText(f);
    appendf(b, sizeof(b), "%s%s\n", num, text ? text : "");
  }
  if (*b)
    tel(div, "pre", "crash", b);
}

static void signature(xmlNodePtr sec, Node sig, const char *absDir,
                      const char *tool) {
  xmlNodePtr div = el(sec, "div", "signature");
  attrf(div, "id", "signature-%s", attrOr(sig, "id", "0"));
  char b[4600];
  const char *signal = irsRunDocNodeGetAttr(sig, "signal-name");
  snprintf(b, sizeof(b), "Signature %s: %s%s%s in step %s (%s)",
           attrOr(sig, "id", "?"), attrOr(sig, "kind", "?"),
           signal ? " " : "", signal ? signal : "", attrOr(sig, "step", "?"),
           attrOr(sig, "pass", "?"));
  tel(div, "h3", NULL, b);
  // A run through another tool has no seed: its passes take none.
  const char *seed = irsRunDocNodeGetAttr(sig, "run-seed");
  snprintf(b, sizeof(b), "%s runs, first in run %s%s%s",
           attrOr(sig, "count", "?"), attrOr(sig, "first-run", "?"),
           seed ? ", whose seed is " : "", seed ? seed : "");
  tel(div, "p", "meta", b);
  const char *msg = irsRunDocNodeGetText(child(sig, "message"));
  if (msg && *msg)
    tel(div, "pre", "message", msg);
  crashIdentity(div, sig);
  char art[1024];
  artefactDir(sig, art, sizeof(art));
  if (!*art)
    return;
  xmlNodePtr ul = el(div, "ul", NULL);
  const char *repro = seed ? "Reproducer (with the run's seed)" : "Reproducer";
  const char *full = seed ? "Reproducer of the whole pipeline (with the "
                            "run's seed)"
                          : "Reproducer of the whole pipeline";
  const char *files[][2] = {{"Page of this failure", "report.html"},
                            {"Report", IRS_RUN_DIR_REPORT},
                            {"IR before the step", IRS_RUN_DIR_PRE_STEP_IR},
                            {repro, IRS_RUN_DIR_REPRODUCER},
                            {full, IRS_RUN_DIR_FULL_REPRODUCER}};
  for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); ++i) {
    // The page is always written; of the rest only what the run left.
    char path[5400];
    struct stat st;
    snprintf(path, sizeof(path), "%s/%s/%s", absDir, art, files[i][1]);
    if (i > 0 && stat(path, &st) != 0)
      continue;
    xmlNodePtr li = el(ul, "li", NULL);
    snprintf(b, sizeof(b), "%s: ", files[i][0]);
    addText(li, b);
    snprintf(b, sizeof(b), "%s/%s", art, files[i][1]);
    xmlNodePtr a = tel(li, "a", NULL, b);
    xmlNewProp(a, X("href"), X(b));
  }
  // A --tool run replays with its tool, as its failure's page says.
  char cmd[9500];
  snprintf(cmd, sizeof(cmd),
           "%s --run-reproducer %s/%s/" IRS_RUN_DIR_REPRODUCER,
           tool ? tool : "irscope-opt", absDir, art);
  tel(div, "pre", "replay", cmd);
}

static void signaturesSection(xmlNodePtr body, Node root, const char *dir) {
  xmlNodePtr sec = el(body, "section", NULL);
  xmlNewProp(sec, X("id"), X("signatures"));
  tel(sec, "h2", NULL, "Failure signatures");
  Node sigs = child(root, "signatures");
  if (irsRunDocNodeIsNull(child(sigs, "signature"))) {
    tel(sec, "p", "note", "No run failed.");
    return;
  }
  char abs[4096];
  const char *absDir = realpath(dir, abs) ? abs : dir;
  char *tool = irsExRunTool(irsRunDocNodeGetText(child(root, "run-tool")),
                            irsRunDocNodeGetText(child(root, "command-line")));
  for (Node s = child(sigs, "signature"); !irsRunDocNodeIsNull(s);
       s = irsRunDocNodeGetNext(s, "signature"))
    signature(sec, s, absDir, tool);
  free(tool);
}

bool irsExRenderRepeatPage(const char *dir, char **html, size_t *len,
                           char ***failureDirs, int *numFailureDirs,
                           char *err, size_t cap, bool *usage) {
  *usage = true;
  *failureDirs = NULL;
  *numFailureDirs = 0;
  char path[4096], why[1024];
  snprintf(path, sizeof(path), "%s/" IRS_RUN_DIR_REPEAT, dir);
  IrsRunDoc doc = irsRunDocCreateFromFile(path, why, sizeof(why));
  if (irsRunDocIsNull(doc)) {
    snprintf(err, cap, "invalid repeat summary '%s': %s", path, why);
    return false;
  }
  Node root = irsRunDocGetRoot(doc);
  if (!irsRunDocNodeIs(root, "irscope-repeat")) {
    snprintf(err, cap, "invalid repeat summary '%s': the root element is "
                       "not <irscope-repeat>",
             path);
    irsRunDocDestroy(doc);
    return false;
  }
  *usage = false;
  char title[4200];
  snprintf(title, sizeof(title), "irscope repeat: %s",
           attrOr(child(root, "input"), "path", dir));
  xmlNodePtr body = NULL;
  htmlDocPtr page = irsExPageBegin(title, &body);
  bool ok = page != NULL;
  if (ok) {
    header(body, root, dir);
    rateSection(body, root);
    stepsTable(body, root);
    signaturesSection(body, root, dir);
    ok = irsExPageEnd(page, body, html, len, err, cap);
    xmlFreeDoc(page);
  } else {
    snprintf(err, cap, "out of memory");
  }
  // The failure directories whose own pages the caller renders.
  for (Node s = child(child(root, "signatures"), "signature");
       ok && !irsRunDocNodeIsNull(s); s = irsRunDocNodeGetNext(s, "signature")) {
    char art[1024];
    artefactDir(s, art, sizeof(art));
    char **p = realloc(*failureDirs,
                       (size_t)(*numFailureDirs + 1) * sizeof(char *));
    if (!*art || !p) {
      if (p)
        *failureDirs = p;
      continue;
    }
    *failureDirs = p;
    if (asprintf(&p[*numFailureDirs], "%s/%s", dir, art) >= 0)
      ++*numFailureDirs;
  }
  irsRunDocDestroy(doc);
  return ok;
}
