// SPDX-License-Identifier: Apache-2.0
//===- Load.c - reading a dump directory's manifest and report -------------===//
//
// The manifest (docs/manifest.md) is the index of the directory; report.xml
// (docs/report.md) adds the failure when the manifest points at it. Both are
// read with libxml2's tree API, without network access or entity
// expansion. The reader accepts every manifest the schema allows, including
// one a supervisor patched after a crash (the crashed step has a status
// such as "crash" and no results) and one of a run that is still going or
// was killed (status "running").
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "Explorer.h"

#include <libxml/parser.h>
#include <libxml/tree.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define X(s) ((const xmlChar *)(s))

static char *attr(xmlNodePtr n, const char *name) {
  xmlChar *v = n ? xmlGetProp(n, X(name)) : NULL;
  if (!v)
    return NULL;
  char *s = strdup((const char *)v);
  xmlFree(v);
  return s;
}

static char *text(xmlNodePtr n) {
  if (!n)
    return NULL;
  xmlChar *v = xmlNodeGetContent(n);
  if (!v)
    return strdup("");
  char *s = strdup((const char *)v);
  xmlFree(v);
  return s;
}

static bool is(xmlNodePtr n, const char *name) {
  return n && n->type == XML_ELEMENT_NODE && !strcmp((const char *)n->name, name);
}

static xmlNodePtr child(xmlNodePtr n, const char *name) {
  for (xmlNodePtr c = n ? n->children : NULL; c; c = c->next)
    if (is(c, name))
      return c;
  return NULL;
}

static long attrLong(xmlNodePtr n, const char *name, long dflt) {
  char *v = attr(n, name);
  long r = v ? strtol(v, NULL, 10) : dflt;
  free(v);
  return r;
}

static double attrDouble(xmlNodePtr n, const char *name) {
  char *v = attr(n, name);
  double r = v ? strtod(v, NULL) : 0;
  free(v);
  return r;
}

static void addDiag(IrsExStep *s, xmlNodePtr d, int depth) {
  IrsExDiag *p = realloc(s->diags, (size_t)(s->numDiags + 1) * sizeof(*p));
  if (!p)
    return;
  s->diags = p;
  IrsExDiag *e = &p[s->numDiags++];
  e->severity = attr(d, "severity");
  e->location = attr(d, "location");
  e->message = text(child(d, "message"));
  e->depth = depth;
  for (xmlNodePtr c = d->children; c; c = c->next)
    if (is(c, "note"))
      addDiag(s, c, depth + 1);
}

static bool readStep(xmlNodePtr n, IrsExStep *s, char *err, size_t cap) {
  memset(s, 0, sizeof(*s));
  s->index = (int)attrLong(n, "index", 0);
  s->pass = attr(n, "pass");
  s->anchor = attr(n, "anchor");
  s->status = attr(n, "status");
  s->target = attr(n, "target");
  if (s->index <= 0 || !s->pass || !s->anchor || !s->status) {
    snprintf(err, cap, "a <step> lacks its index, pass, anchor or status");
    return false;
  }
  char *ch = attr(n, "changed");
  s->changed = ch && !strcmp(ch, "true");
  free(ch);
  s->pipeline = text(child(n, "pipeline"));
  s->options = text(child(n, "options"));
  xmlNodePtr dump = child(n, "dump");
  s->ran = dump != NULL;
  s->dumpFile = attr(dump, "file");
  s->dumpSkipped = attr(dump, "skipped");
  xmlNodePtr ops = child(n, "ops");
  s->opsBefore = attrLong(ops, "before", -1);
  s->opsAfter = attrLong(ops, "after", -1);
  xmlNodePtr t = child(n, "time");
  s->wallMs = attrDouble(t, "wall-ms");
  s->cpuMs = attrDouble(t, "cpu-ms");
  xmlNodePtr v = child(n, "verifier");
  s->verifier = attr(v, "result");
  s->failedHook = attr(v, "failed-hook");
  for (xmlNodePtr d = child(n, "diagnostics") ? child(n, "diagnostics")->children
                                              : NULL;
       d; d = d->next)
    if (is(d, "diagnostic"))
      addDiag(s, d, 0);
  return true;
}

static xmlDocPtr readXml(const char *path) {
  // No network, no entity substitution, no DTD loading: the files are ours,
  // but a page generator must not be talked into fetching anything.
  return xmlReadFile(path, NULL, XML_PARSE_NONET | XML_PARSE_NOERROR |
                                     XML_PARSE_NOWARNING);
}

static void readReport(IrsExRun *run, const char *file) {
  char path[4096];
  snprintf(path, sizeof(path), "%s/%s", run->dir, file);
  xmlDocPtr doc = readXml(path);
  xmlNodePtr root = doc ? xmlDocGetRootElement(doc) : NULL;
  if (!is(root, "irscope-report")) {
    if (doc)
      xmlFreeDoc(doc);
    return; // the page says the report could not be read
  }
  run->hasReport = true;
  xmlNodePtr f = child(root, "failure");
  run->failKind = attr(f, "kind");
  run->failHook = attr(f, "hook");
  run->failSignal = attr(f, "signal-name");
  run->failElapsedMs = attrDouble(f, "elapsed-ms");
  run->failMessage = text(child(f, "message"));
  run->failStderr = text(child(f, "stderr"));
  run->failExpected = text(child(child(f, "results"), "expected"));
  run->failActual = text(child(child(f, "results"), "actual"));
  run->failTrace = text(child(f, "stack-trace"));
  run->failSite = attr(f, "crash-site");
  if (!run->failSite)
    run->failSite = attr(f, "hang-site");
  if (!run->failedStep)
    run->failedStep = (int)attrLong(f, "step", 0);
  xmlNodePtr a = child(root, "artifacts");
  run->preStepIr = attr(child(a, "pre-step-ir"), "file");
  run->postStepIr = attr(child(a, "post-step-ir"), "file");
  run->lastGoodDump = attr(child(a, "last-good-dump"), "file");
  run->reproducer = attr(child(a, "reproducer"), "file");
  run->reproPipeline = attr(child(a, "reproducer"), "pipeline");
  run->fullReproducer = attr(child(a, "full-reproducer"), "file");
  xmlFreeDoc(doc);
}

bool irsExLoad(const char *dir, IrsExRun *run, char *err, size_t cap,
               bool *usage) {
  memset(run, 0, sizeof(*run));
  *usage = true;
  struct stat st;
  if (stat(dir, &st) != 0) {
    snprintf(err, cap, "cannot open directory '%s': %s", dir, strerror(errno));
    return false;
  }
  if (!S_ISDIR(st.st_mode)) {
    snprintf(err, cap, "'%s' is not a directory", dir);
    return false;
  }
  char path[4096];
  snprintf(path, sizeof(path), "%s/manifest.xml", dir);
  if (stat(path, &st) != 0) {
    snprintf(err, cap,
             "no manifest in '%s' (expected '%s' from irscope-opt "
             "--dump-after-each)",
             dir, path);
    return false;
  }
  xmlDocPtr doc = readXml(path);
  if (!doc) {
    const xmlError *e = xmlGetLastError();
    snprintf(err, cap, "invalid manifest '%s': %s%s", path,
             e && e->message ? e->message : "not well-formed XML",
             "");
    // libxml2's messages end with a newline; keep the error on one line.
    char *nl = strchr(err, '\n');
    if (nl)
      *nl = '\0';
    return false;
  }
  xmlNodePtr root = xmlDocGetRootElement(doc);
  bool ok = false;
  if (!is(root, "irscope-manifest")) {
    snprintf(err, cap, "invalid manifest '%s': the root element is not "
                       "<irscope-manifest>",
             path);
    goto done;
  }
  run->dir = strdup(dir);
  run->status = attr(root, "status");
  char *conv = attr(root, "converted");
  run->converted = conv && !strcmp(conv, "true");
  free(conv);
  xmlNodePtr tool = child(root, "tool");
  run->toolName = attr(tool, "name");
  run->toolVersion = attr(tool, "version");
  run->commandLine = text(child(root, "command-line"));
  xmlNodePtr in = child(root, "input");
  run->inputPath = attr(in, "path");
  run->inputDump = attr(in, "dump");
  run->inputOps = attrLong(in, "ops", -1);
  run->pipeline = text(child(root, "pipeline"));
  char *doc2 = attr(child(root, "settings"), "dump-only-changed");
  run->dumpOnlyChanged = doc2 && !strcmp(doc2, "true");
  free(doc2);
  xmlNodePtr steps = child(root, "steps");
  if (!run->status || !steps || !run->pipeline || !in) {
    snprintf(err, cap, "invalid manifest '%s': missing status, <input>, "
                       "<pipeline> or <steps>",
             path);
    goto done;
  }
  run->failedStep = (int)attrLong(steps, "failed", 0);
  int n = 0;
  for (xmlNodePtr s = steps->children; s; s = s->next)
    n += is(s, "step");
  run->steps = calloc((size_t)(n ? n : 1), sizeof(IrsExStep));
  if (!run->steps) {
    snprintf(err, cap, "out of memory");
    *usage = false;
    goto done;
  }
  for (xmlNodePtr s = steps->children; s; s = s->next) {
    if (!is(s, "step"))
      continue;
    char why[200];
    if (!readStep(s, &run->steps[run->numSteps++], why, sizeof(why))) {
      snprintf(err, cap, "invalid manifest '%s': %s", path, why);
      goto done;
    }
  }
  xmlNodePtr f = child(root, "failure");
  char *rep = attr(f, "report");
  if (rep)
    readReport(run, rep);
  free(rep);
  ok = true;
done:
  xmlFreeDoc(doc);
  return ok;
}

void irsExFree(IrsExRun *run) {
  for (int i = 0; i < run->numSteps; ++i) {
    IrsExStep *s = &run->steps[i];
    free(s->pass);
    free(s->anchor);
    free(s->target);
    free(s->status);
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
  }
  free(run->steps);
  char **strs[] = {&run->dir, &run->status, &run->toolName, &run->toolVersion,
                   &run->commandLine, &run->inputPath, &run->inputDump,
                   &run->pipeline, &run->failKind, &run->failMessage,
                   &run->failHook, &run->failSignal, &run->failStderr,
                   &run->failExpected, &run->failActual,
                   &run->failTrace, &run->failSite,
                   &run->preStepIr, &run->postStepIr, &run->lastGoodDump,
                   &run->reproducer, &run->reproPipeline, &run->fullReproducer};
  for (size_t i = 0; i < sizeof(strs) / sizeof(strs[0]); ++i)
    free(*strs[i]);
  memset(run, 0, sizeof(*run));
}
