// SPDX-License-Identifier: Apache-2.0
//===- PageFailure.c - the explorer page's failure section ----------------===//
//
// What went wrong, as the run's report.xml tells it: the kind and message,
// the crash site, what the worker printed with its trace cut to the
// failing pass's frames (the driver's frames and this build's offsets stay
// in report.xml), a wrong result's two outputs, the artefacts and the
// commands that replay the failure.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "Explorer.h"
#include "Text.h"

#include "irscope/Outcome.h"
#include "irscope/Pipeline.h"
#include "irscope/StackTrace.h"

#include "ShellQuote.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "PageDom.h"
#include "irscope/RunDir.h"

typedef IrsToolText Text;

static void textStr(Text *t, const char *s) { irsToolTextAppend(t, s, strlen(s)); }

xmlNodePtr irsExLink(xmlNodePtr parent, const IrsExPageOptions *o,
                       const char *file) {
  xmlNodePtr a = tel(parent, "a", NULL, file);
  char href[4096];
  snprintf(href, sizeof(href), "%s%s", o->linkPrefix, file);
  xmlNewProp(a, X("href"), X(href));
  return a;
}

// What the worker printed, with the raw frame lines (glibc's mangled names
// and addresses, or a tool's LLVM dump from its own signal handler on)
// replaced by the failing pass's frames of the report's demangled trace
// (irsStackTraceGetPassFrames): the page is what gets pasted into a bug
// report, where the driver's frames and this build's offsets mean nothing.
static void workerText(const IrsExRun *run, Text *t) {
  const char *p = run->failStderr;
  // The symbolised frames (function at file:line) when the report has them
  // (reports written without a symbolizer, or before, do not).
  const char *trace = run->failSymTrace ? run->failSymTrace : run->failTrace;
  bool traced = false;
  while (*p) {
    const char *nl = strchr(p, '\n');
    size_t n = nl ? (size_t)(nl - p) : strlen(p);
    bool frame = irsStackTraceIsFrameLine(mlirStringRefCreate(p, n));
    if (!frame || !trace) {
      irsToolTextAppend(t, p, n + (nl ? 1 : 0));
    } else if (!traced) {
      intptr_t left = 0;
      irsStackTraceGetPassFrames(mlirStringRefCreateFromCString(trace),
                                 mlirStringRefCreateFromCString(""),
                                 irsToolTextCallback, t, &left);
      if (left) {
        char note[160];
        snprintf(note, sizeof(note),
                 "(%ld frames below mlir::PassManager::run, the driver's, "
                 "are in " IRS_RUN_DIR_REPORT ")\n",
                 (long)left);
        textStr(t, note);
      }
      traced = true;
    }
    p += n + (nl ? 1 : 0);
  }
}

// A run of `irscope-opt --tool=PATH` replays with PATH (its IR may need
// PATH's dialects): its reproducer, and its pass on the pre-step IR.
static bool toolReplays(xmlNodePtr sec, const IrsExRun *run, const char *dir,
                        const char *repro) {
  char *tool = irsExRunTool(run->runTool, run->commandLine);
  if (!tool)
    return false;
  char cmd[8400];
  snprintf(cmd, sizeof(cmd), "%s --run-reproducer %s/%s", tool, dir, repro);
  xmlNodePtr pre = tel(sec, "pre", NULL, cmd);
  xmlNewProp(pre, X("id"), X("reproducer-command"));
  if (run->preStepIr && run->reproPipeline && repro == run->reproducer) {
    char joined[4200];
    snprintf(joined, sizeof(joined), "--pass-pipeline=%s", run->reproPipeline);
    char *word[] = {joined};
    char *quoted = irsToolShellJoin(1, word);
    snprintf(cmd, sizeof(cmd), "%s %s %s/%s -o -", tool,
             quoted ? quoted : joined, dir, run->preStepIr);
    free(quoted);
    pre = tel(sec, "pre", NULL, cmd);
    xmlNewProp(pre, X("id"), X("tool-replay-command"));
  }
  free(tool);
  return true;
}

// Both replays, with absolute paths so that they can be pasted anywhere:
// irscope-opt's, and upstream mlir-opt's when the pipeline has no irscope
// pass (mlir-opt does not know those); a --tool run's with its tool.
static void replays(xmlNodePtr sec, const IrsExRun *run, const char *repro) {
  tel(sec, "h3", NULL, "Reproduce");
  char abs[4096];
  const char *dir = realpath(run->dir, abs) ? abs : run->dir;
  char cmd[4200];
  // A wrong result shows only when the IR is executed: the script does
  // that; the reproducer alone reruns the step and prints its IR.
  if (run->runReproducer) {
    snprintf(cmd, sizeof(cmd), "sh %s/%s", dir, run->runReproducer);
    xmlNodePtr pre = tel(sec, "pre", NULL, cmd);
    xmlNewProp(pre, X("id"), X("run-reproducer-command"));
    tel(sec, "p", "note",
        "prints the results before and after the step (mlir-opt and "
        "mlir-runner); --run-reproducer below only reruns the step and "
        "prints the IR it produces");
  }
  if (toolReplays(sec, run, dir, repro))
    return;
  snprintf(cmd, sizeof(cmd), "irscope-opt --run-reproducer %s/%s", dir, repro);
  xmlNodePtr pre = tel(sec, "pre", NULL, cmd);
  xmlNewProp(pre, X("id"), X("reproducer-command"));
  const char *pipe = repro == run->reproducer ? run->reproPipeline : NULL;
  const char *whole = run->pipeline;
  const char *shown = pipe ? pipe : whole;
  bool own = shown && irsPipelineTextNamesIrscopePass(
                          mlirStringRefCreateFromCString(shown));
  if (own) {
    tel(sec, "p", "note",
        "mlir-opt cannot replay it: the pipeline has irscope's own passes");
    return;
  }
  snprintf(cmd, sizeof(cmd), "mlir-opt --run-reproducer %s/%s%s", dir, repro,
           run->runReproducer ? "" : " -o /dev/null");
  pre = tel(sec, "pre", NULL, cmd);
  xmlNewProp(pre, X("id"), X("mlir-opt-command"));
}

// "Crashed in SITE", "Hung in SITE": the site as the library reads it from
// what the report kept (irsStackTraceDescribeReportSite).
// An unnamed site ("libX.so+0xOFF (under F)") is said as the trace below
// says it, without the offset that means something only in this build.
static void siteLine(xmlNodePtr sec, const IrsExRun *run) {
  Text site = {0}, shown = {0};
  textStr(&site, "#0 ");
  irsStackTraceDescribeReportSite(
      mlirStringRefCreateFromCString(run->failSite),
      mlirStringRefCreateFromCString(run->failSymTrace ? run->failSymTrace : ""),
      mlirStringRefCreateFromCString(run->failStderr ? run->failStderr : ""),
      irsToolTextCallback, &site);
  textStr(&shown, run->failKind == IrsOutcomeTimeout ? "Hung in" : "Crashed in");
  irsStackTraceGetPassFrames(mlirStringRefCreate(site.data ? site.data : "", site.len),
                             mlirStringRefCreateFromCString(""),
                             irsToolTextCallback, &shown, NULL);
  // "Crashed in#0 F\n": the frame's number and newline go.
  char *text = shown.data ? shown.data : "";
  char *num = strstr(text, "#0");
  if (num)
    memmove(num, num + 2, strlen(num + 2) + 1);
  size_t n = strlen(text);
  if (n && text[n - 1] == '\n')
    text[n - 1] = '\0';
  xmlNodePtr sp = tel(sec, "p", NULL, text);
  free(site.data);
  free(shown.data);
  xmlNewProp(sp, X("id"), X("crash-site"));
}

void irsExFailureSection(xmlNodePtr body, const IrsExRun *run,
                         const IrsExPageOptions *o) {
  if (!run->failedStep && !run->hasReport)
    return;
  xmlNodePtr sec = el(body, "section", NULL);
  xmlNewProp(sec, X("id"), X("failure"));
  tel(sec, "h2", NULL, "Failure");
  char b[512];
  if (run->failedStep > 0 && run->failedStep <= run->numSteps) {
    const IrsExStep *s = &run->steps[run->failedStep - 1];
    snprintf(b, sizeof(b), "Step %d (%s on %s) failed: %s", s->index, s->pass,
             s->anchor,
             irsOutcomeGetName(run->failKind ? run->failKind : s->status));
  } else {
    snprintf(b, sizeof(b), "The run failed: %s",
             run->failKind ? irsOutcomeGetName(run->failKind) : irsExRunStatus(run));
  }
  xmlNodePtr p = tel(sec, "p", "failure-kind", b);
  xmlNewProp(p, X("id"), X("failure-summary"));
  if (!run->hasReport) {
    tel(sec, "p", "note",
        run->converted
            ? "converted from another tool's dumps: no " IRS_RUN_DIR_REPORT
              ", the log has the messages"
            : IRS_RUN_DIR_REPORT " could not be read");
    return;
  }
  if (run->failMessage)
    tel(sec, "p", "failure-message", run->failMessage);
  if (run->failHook) {
    snprintf(b, sizeof(b), "Rejected by: %s", run->failHook);
    tel(sec, "p", NULL, b);
  }
  if (run->failSignal && *run->failSignal) {
    snprintf(b, sizeof(b), "Signal: %s", run->failSignal);
    tel(sec, "p", NULL, b);
  }
  if (run->failSite)
    siteLine(sec, run);
  if (run->failStderr && *run->failStderr) {
    tel(sec, "h3", NULL, "What the worker printed (diagnostics, stack trace)");
    Text t = {0};
    workerText(run, &t);
    xmlNodePtr pre = tel(sec, "pre", NULL, t.data ? t.data : run->failStderr);
    free(t.data);
    xmlNewProp(pre, X("id"), X("stack-trace"));
  }
  if (run->failExpected || run->failActual) {
    // A wrong result: both outputs side by side.
    tel(sec, "h3", NULL, "Results: before the step (expected), after it");
    xmlNodePtr t = el(sec, "table", "results");
    xmlNewProp(t, X("id"), X("results"));
    xmlNodePtr hr = el(t, "tr", NULL);
    tel(hr, "th", NULL, "expected");
    tel(hr, "th", NULL, "actual");
    xmlNodePtr r = el(t, "tr", NULL);
    tel(el(r, "td", NULL), "pre", NULL, run->failExpected);
    tel(el(r, "td", NULL), "pre", NULL, run->failActual);
  }
  xmlNodePtr ul = el(sec, "ul", NULL);
  xmlNodePtr li = el(ul, "li", NULL);
  addText(li, "Report: ");
  irsExLink(li, o, IRS_RUN_DIR_REPORT);
  bool custom = run->postStepForm && !strcmp(run->postStepForm, "custom");
  const char *arts[][2] = {
      {"IR before the step: ", run->preStepIr},
      {custom ? "IR after the step: " : "IR after the step (generic form): ",
       run->postStepIr},
      {"Output before the step (expected): ", run->expectedOutput},
      {"Output after the step (actual): ", run->actualOutput},
      {"Script printing both outputs: ", run->runReproducer},
      {"Last good dump: ", run->lastGoodDump},
      {"Reproducer: ", run->reproducer},
      {"Reproducer of the whole pipeline: ", run->fullReproducer}};
  for (size_t i = 0; i < sizeof(arts) / sizeof(arts[0]); ++i) {
    if (!arts[i][1])
      continue;
    li = el(ul, "li", NULL);
    addText(li, arts[i][0]);
    irsExLink(li, o, arts[i][1]);
  }
  const char *repro = run->reproducer ? run->reproducer : run->fullReproducer;
  if (repro)
    replays(sec, run, repro);
}

