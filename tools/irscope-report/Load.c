// SPDX-License-Identifier: Apache-2.0
//===- Load.c - reading a dump directory's manifest and report -------------===//
//
// The manifest (docs/manifest.md) is the index of the directory; report.xml
// (docs/report.md) adds the failure when the manifest points at it, and is
// the index itself in a failure directory written without dumps. Both are
// read through the run directory's reader (irscope/RunDir.h: libxml2,
// without network access or entity expansion). The reader accepts every
// manifest the schema allows, including one a supervisor patched after a
// crash (the crashed step has a status such as "crash" and no results) and
// one of a run that is still going or was killed (status "running").
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "Explorer.h"

#include "irscope/RunDoc.h"
#include "irscope/RunDir.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef IrsRunDocNode Node;

static char *dup(const char *s) { return s ? strdup(s) : NULL; }

static char *attr(Node n, const char *name) {
  return dup(irsRunDocNodeGetAttr(n, name));
}

static char *text(Node n) { return dup(irsRunDocNodeGetText(n)); }

static Node child(Node n, const char *name) {
  return irsRunDocNodeGetChild(n, name);
}

static bool attrIsTrue(Node n, const char *name) {
  const char *v = irsRunDocNodeGetAttr(n, name);
  return v && !strcmp(v, "true");
}

// The rows of a step's <rewrites> named `elem` (pattern or pass), whose
// number is attribute `what`.
static void addRewrites(IrsExStep *s, Node r, const char *elem,
                        const char *what) {
  for (Node c = child(r, elem); !irsRunDocNodeIsNull(c);
       c = irsRunDocNodeGetNext(c, elem)) {
    IrsExRewrite *p =
        realloc(s->rewrites, (size_t)(s->numRewrites + 1) * sizeof(*p));
    if (!p)
      return;
    s->rewrites = p;
    p[s->numRewrites++] =
        (IrsExRewrite){attr(c, "name"), irsRunDocNodeGetAttrLong(c, what, 0),
                       !strcmp(elem, "pass")};
  }
}

static void addDiag(IrsExStep *s, Node d, int depth) {
  IrsExDiag *p = realloc(s->diags, (size_t)(s->numDiags + 1) * sizeof(*p));
  if (!p)
    return;
  s->diags = p;
  IrsExDiag *e = &p[s->numDiags++];
  e->severity = attr(d, "severity");
  e->location = attr(d, "location");
  e->message = text(child(d, "message"));
  e->depth = depth;
  for (Node c = child(d, "note"); !irsRunDocNodeIsNull(c);
       c = irsRunDocNodeGetNext(c, "note"))
    addDiag(s, c, depth + 1);
}

static bool readStep(Node n, IrsExStep *s, char *err, size_t cap) {
  memset(s, 0, sizeof(*s));
  s->index = (int)irsRunDocNodeGetAttrLong(n, "index", 0);
  s->pass = attr(n, "pass");
  s->anchor = attr(n, "anchor");
  const char *status = irsRunDocNodeGetAttr(n, "status");
  s->status = irsOutcomeFromName(status);
  s->target = attr(n, "target");
  if (s->index <= 0 || !s->pass || !s->anchor || !status) {
    snprintf(err, cap, "a <step> lacks its index, pass, anchor or status");
    return false;
  }
  s->changed = attrIsTrue(n, "changed");
  s->elapsedMs = irsRunDocNodeGetAttrDouble(n, "elapsed-ms");
  s->pipeline = text(child(n, "pipeline"));
  s->options = text(child(n, "options"));
  Node dump = child(n, "dump");
  s->ran = !irsRunDocNodeIsNull(dump);
  s->dumpFile = attr(dump, "file");
  s->dumpSkipped = attr(dump, "skipped");
  Node ops = child(n, "ops");
  s->opsBefore = irsRunDocNodeGetAttrLong(ops, "before", -1);
  s->opsAfter = irsRunDocNodeGetAttrLong(ops, "after", -1);
  Node t = child(n, "time");
  s->wallMs = irsRunDocNodeGetAttrDouble(t, "wall-ms");
  s->cpuMs = irsRunDocNodeGetAttrDouble(t, "cpu-ms");
  Node v = child(n, "verifier");
  s->verifier = attr(v, "result");
  s->failedHook = attr(v, "failed-hook");
  for (Node d = child(child(n, "diagnostics"), "diagnostic");
       !irsRunDocNodeIsNull(d); d = irsRunDocNodeGetNext(d, "diagnostic"))
    addDiag(s, d, 0);
  Node rw = child(n, "rewrites");
  s->counted = !irsRunDocNodeIsNull(rw);
  s->applications = irsRunDocNodeGetAttrLong(rw, "applications", 0);
  addRewrites(s, rw, "pattern", "count");
  addRewrites(s, rw, "pass", "ops");
  return true;
}

static void readReport(IrsExRun *run, const char *file) {
  char path[4096];
  snprintf(path, sizeof(path), "%s/%s", run->dir, file);
  IrsRunDoc doc = irsRunDocCreateFromFile(path, NULL, 0);
  Node root = irsRunDocGetRoot(doc);
  if (!irsRunDocNodeIs(root, "irscope-report")) {
    irsRunDocDestroy(doc);
    return; // the page says the report could not be read
  }
  run->hasReport = true;
  Node f = child(root, "failure");
  run->failKind = irsOutcomeFromName(irsRunDocNodeGetAttr(f, "kind"));
  run->failHook = attr(f, "hook");
  run->failSignal = attr(f, "signal-name");
  run->failElapsedMs = irsRunDocNodeGetAttrDouble(f, "elapsed-ms");
  run->failMessage = text(child(f, "message"));
  run->failStderr = text(child(f, "stderr"));
  run->failExpected = text(child(child(f, "results"), "expected"));
  run->failActual = text(child(child(f, "results"), "actual"));
  run->failTrace = text(child(f, "stack-trace"));
  run->failSymTrace = text(child(f, "symbolised-trace"));
  irsExLoadAction(run, f);
  run->failSite = attr(f, "crash-site");
  if (!run->failSite)
    run->failSite = attr(f, "hang-site");
  if (!run->failedStep)
    run->failedStep = (int)irsRunDocNodeGetAttrLong(f, "step", 0);
  Node a = child(root, "artifacts");
  run->preStepIr = attr(child(a, "pre-step-ir"), "file");
  run->postStepIr = attr(child(a, "post-step-ir"), "file");
  run->lastGoodDump = attr(child(a, "last-good-dump"), "file");
  run->reproducer = attr(child(a, "reproducer"), "file");
  run->reproPipeline = attr(child(a, "reproducer"), "pipeline");
  run->fullReproducer = attr(child(a, "full-reproducer"), "file");
  run->postStepForm = attr(child(a, "post-step-ir"), "form");
  run->expectedOutput = attr(child(a, "expected-output"), "file");
  run->actualOutput = attr(child(a, "actual-output"), "file");
  run->runReproducer = attr(child(a, "run-reproducer"), "file");
  irsRunDocDestroy(doc);
}

// The directory holds a manifest, or (a failure directory written without
// --dump-after-each) only report.xml, whose run header and steps have the
// manifest's shape; false with the message otherwise.
static bool checkDir(const char *dir, char *path, bool *reportOnly, char *err,
                     size_t cap) {
  struct stat st;
  if (stat(dir, &st) != 0) {
    snprintf(err, cap, "cannot open directory '%s': %s", dir, strerror(errno));
    return false;
  }
  if (!S_ISDIR(st.st_mode)) {
    snprintf(err, cap, "'%s' is not a directory", dir);
    return false;
  }
  snprintf(path, 4096, "%s/" IRS_RUN_DIR_MANIFEST, dir);
  *reportOnly = false;
  if (stat(path, &st) != 0) {
    char report[4096];
    snprintf(report, sizeof(report), "%s/" IRS_RUN_DIR_REPORT, dir);
    if (stat(report, &st) == 0) {
      memcpy(path, report, strlen(report) + 1);
      *reportOnly = true;
      return true;
    }
    snprintf(err, cap,
             "no manifest in '%s' (expected '%s' from irscope-opt "
             "--dump-after-each)",
             dir, path);
    return false;
  }
  return true;
}

static bool readSteps(IrsExRun *run, Node steps, const char *path, char *err,
                      size_t cap, bool *usage) {
  run->failedStep = (int)irsRunDocNodeGetAttrLong(steps, "failed", 0);
  int n = 0;
  for (Node s = child(steps, "step"); !irsRunDocNodeIsNull(s);
       s = irsRunDocNodeGetNext(s, "step"))
    ++n;
  run->steps = calloc((size_t)(n ? n : 1), sizeof(IrsExStep));
  if (!run->steps) {
    snprintf(err, cap, "out of memory");
    *usage = false;
    return false;
  }
  for (Node s = child(steps, "step"); !irsRunDocNodeIsNull(s);
       s = irsRunDocNodeGetNext(s, "step")) {
    char why[200];
    if (!readStep(s, &run->steps[run->numSteps++], why, sizeof(why))) {
      snprintf(err, cap, "invalid manifest '%s': %s", path, why);
      return false;
    }
  }
  return true;
}

// The run header manifests and reports share.
static void readHeader(IrsExRun *run, Node root) {
  Node tool = child(root, "tool");
  run->toolName = attr(tool, "name");
  run->toolVersion = attr(tool, "version");
  run->commandLine = text(child(root, "command-line"));
  run->runTool = text(child(root, "run-tool"));
  Node in = child(root, "input");
  run->inputPath = attr(in, "path");
  run->inputDump = attr(in, "dump");
  run->inputOps = irsRunDocNodeGetAttrLong(in, "ops", -1);
  run->pipeline = text(child(root, "pipeline"));
  run->dumpOnlyChanged = attrIsTrue(child(root, "settings"), "dump-only-changed");
}

static bool readManifest(IrsExRun *run, Node root, const char *path,
                         char *err, size_t cap, bool *usage) {
  if (!irsRunDocNodeIs(root, "irscope-manifest")) {
    snprintf(err, cap, "invalid manifest '%s': the root element is not "
                       "<irscope-manifest>",
             path);
    return false;
  }
  const char *status = irsRunDocNodeGetAttr(root, "status");
  run->status = irsOutcomeFromName(status);
  run->converted = attrIsTrue(root, "converted");
  readHeader(run, root);
  Node steps = child(root, "steps");
  if (!status || irsRunDocNodeIsNull(steps) || !run->pipeline ||
      irsRunDocNodeIsNull(child(root, "input"))) {
    snprintf(err, cap, "invalid manifest '%s': missing status, <input>, "
                       "<pipeline> or <steps>",
             path);
    return false;
  }
  if (!readSteps(run, steps, path, err, cap, usage))
    return false;
  const char *rep = irsRunDocNodeGetAttr(child(root, "failure"), "report");
  if (rep)
    readReport(run, rep);
  return true;
}

// A failure directory without dumps: report.xml is both the index (its run
// header and <steps> are the manifest's) and the failure.
static bool readReportOnly(IrsExRun *run, Node root, const char *path,
                           char *err, size_t cap, bool *usage) {
  Node steps = child(root, "steps");
  if (!irsRunDocNodeIs(root, "irscope-report") || irsRunDocNodeIsNull(steps)) {
    snprintf(err, cap, "invalid report '%s': expected <irscope-report> with "
                       "<steps>",
             path);
    return false;
  }
  run->reportOnly = true;
  readHeader(run, root);
  if (!readSteps(run, steps, path, err, cap, usage))
    return false;
  readReport(run, IRS_RUN_DIR_REPORT);
  // When the first step failed, the IR that went into it is the input: the
  // page counts the input's dialects from it.
  if (run->failedStep == 1 && run->preStepIr && !run->inputDump)
    run->inputDump = strdup(run->preStepIr);
  return true;
}

// A --tool run records no op counts: irscope does not parse the tool's
// IR. They are counted from the dump text, as the page counts dialects
// (irsExCountDialects), so that the steps and the op chart have them.
static void countMissingOps(IrsExRun *run) {
  long prev = run->inputOps;
  if (prev < 0 && run->inputDump)
    prev = run->inputOps = irsExCountOpsInFile(run->dir, run->inputDump);
  for (int i = 0; i < run->numSteps; ++i) {
    IrsExStep *s = &run->steps[i];
    if (s->opsBefore < 0)
      s->opsBefore = prev;
    if (s->opsAfter < 0 && s->ran && s->dumpFile)
      s->opsAfter = irsExCountOpsInFile(run->dir, s->dumpFile);
    else if (s->opsAfter < 0 && s->ran && !s->changed) // dump left out
      s->opsAfter = s->opsBefore;
    if (s->opsAfter >= 0)
      prev = s->opsAfter;
  }
}

bool irsExLoad(const char *dir, IrsExRun *run, char *err, size_t cap,
               bool *usage) {
  memset(run, 0, sizeof(*run));
  *usage = true;
  char path[4096];
  bool reportOnly;
  if (!checkDir(dir, path, &reportOnly, err, cap))
    return false;
  char why[1024];
  IrsRunDoc doc = irsRunDocCreateFromFile(path, why, sizeof(why));
  if (irsRunDocIsNull(doc)) {
    snprintf(err, cap, "invalid %s '%s': %s",
             reportOnly ? "report" : "manifest", path, why);
    return false;
  }
  run->dir = strdup(dir);
  Node root = irsRunDocGetRoot(doc);
  bool ok = reportOnly ? readReportOnly(run, root, path, err, cap, usage)
                       : readManifest(run, root, path, err, cap, usage);
  irsRunDocDestroy(doc);
  if (ok)
    countMissingOps(run);
  return ok;
}

void irsExFree(IrsExRun *run) {
  for (int i = 0; i < run->numSteps; ++i) {
    IrsExStep *s = &run->steps[i];
    free(s->pass);
    free(s->anchor);
    free(s->target);
    free(s->pipeline);
    free(s->options);
    free(s->dumpFile);
    free(s->dumpSkipped);
    free(s->verifier);
    free(s->failedHook);
    for (int d = 0; d < s->numDiags; ++d) {
      free(s->diags[d].severity);
      free(s->diags[d].location);
      free(s->diags[d].message);
    }
    free(s->diags);
    for (int r = 0; r < s->numRewrites; ++r)
      free(s->rewrites[r].name);
    free(s->rewrites);
  }
  free(run->steps);
  irsExActionFree(run);
  char **strs[] = {
      &run->dir,         &run->toolName,      &run->toolVersion,
      &run->commandLine, &run->inputPath,     &run->inputDump,
      &run->pipeline,    &run->failMessage,   &run->failHook,
      &run->failSignal,  &run->failStderr,    &run->failExpected,
      &run->failActual,  &run->failTrace,     &run->failSymTrace, &run->failSite,
      &run->preStepIr,   &run->postStepIr,    &run->lastGoodDump,
      &run->reproducer,  &run->reproPipeline, &run->fullReproducer,
      &run->runTool,     &run->postStepForm,  &run->expectedOutput,
      &run->actualOutput, &run->runReproducer};
  for (size_t i = 0; i < sizeof(strs) / sizeof(strs[0]); ++i)
    free(*strs[i]);
  memset(run, 0, sizeof(*run));
}
