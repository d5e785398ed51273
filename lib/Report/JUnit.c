// SPDX-License-Identifier: Apache-2.0
//===- JUnit.c - a run log as JUnit XML -------------------------------------===//
//
// The JUnit XML dialect CI systems read (Jenkins, GitLab, GitHub test
// reporters): <testsuites> with one <testsuite> per group (pipeline or
// chunk) and one <testcase> per step, named after the step so that a
// dashboard says which pass broke. A failed, crashed or timed-out step gets
// <failure message="..." type="STATUS"> with the details as text; steps that
// never ran because an earlier one failed are <skipped>. Times are seconds.
// Schema of what we write: docs/schema/junit.xsd.
//
//===----------------------------------------------------------------------===//
#include "RunLogImpl.h"
#include "irscope/Outcome.h"

#include "../Support/Fs.h"

#include <libxml/xmlwriter.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define X(s) ((const xmlChar *)(s))

static bool isNotRun(const IrsRunLogStep *s) {
  return s->status == IrsOutcomeNotRun;
}

static bool isFailure(const IrsRunLogStep *s) {
  return s->status != IrsOutcomeOk && !isNotRun(s);
}

static double stepSeconds(const IrsRunLogStep *s) {
  double ms = s->wallMs + s->verifyMs + s->dumpMs;
  return ms > 0 ? ms / 1000 : 0;
}

static void attrf(xmlTextWriterPtr w, const char *name, const char *fmt,
                  double v) {
  char b[64];
  snprintf(b, sizeof(b), fmt, v);
  xmlTextWriterWriteAttribute(w, X(name), X(b));
}

static void attrCount(xmlTextWriterPtr w, const char *name, long v) {
  char b[32];
  snprintf(b, sizeof(b), "%ld", v);
  xmlTextWriterWriteAttribute(w, X(name), X(b));
}

typedef struct Totals {
  long tests, failures, skipped;
  double seconds;
} Totals;

// Totals over the steps of `group` (all steps when NULL).
static Totals totalsOf(const IrsRunLogImpl *l, const char *group) {
  Totals t = {0, 0, 0, 0};
  for (intptr_t i = 0; i < l->num; ++i) {
    const IrsRunLogStep *s = &l->steps[i];
    if (group && strcmp(s->group, group) != 0)
      continue;
    ++t.tests;
    t.failures += isFailure(s);
    t.skipped += isNotRun(s);
    t.seconds += stepSeconds(s);
  }
  return t;
}

static void writeTotals(xmlTextWriterPtr w, Totals t) {
  attrCount(w, "tests", t.tests);
  attrCount(w, "failures", t.failures);
  attrCount(w, "errors", 0);
  attrCount(w, "skipped", t.skipped);
  attrf(w, "time", "%.6f", t.seconds);
}

static void writeCase(xmlTextWriterPtr w, const IrsRunLogStep *s) {
  char name[64];
  snprintf(name, sizeof(name), "step %ld ", (long)s->index);
  xmlTextWriterStartElement(w, X("testcase"));
  // "step N PIPELINE": unique within the suite and names the pass.
  size_t n = strlen(name) + strlen(s->pipeline) + 1;
  char *full = malloc(n);
  if (full) {
    snprintf(full, n, "%s%s", name, s->pipeline);
    xmlTextWriterWriteAttribute(w, X("name"), X(full));
    free(full);
  }
  xmlTextWriterWriteAttribute(w, X("classname"), X(s->group));
  attrf(w, "time", "%.6f", stepSeconds(s));
  if (isFailure(s)) {
    xmlTextWriterStartElement(w, X("failure"));
    xmlTextWriterWriteAttribute(
        w, X("message"),
        X(s->message ? s->message : irsOutcomeGetName(s->status)));
    xmlTextWriterWriteAttribute(w, X("type"), X(irsOutcomeGetName(s->status)));
    if (s->details)
      xmlTextWriterWriteString(w, X(s->details));
    xmlTextWriterEndElement(w);
  } else if (isNotRun(s)) {
    xmlTextWriterStartElement(w, X("skipped"));
    xmlTextWriterWriteAttribute(
        w, X("message"),
        X(s->message ? s->message : "not run: an earlier step failed"));
    xmlTextWriterEndElement(w);
  }
  xmlTextWriterEndElement(w);
}

int irsRunLogWriteJUnit(IrsRunLog log, const char *path) {
  IrsRunLogImpl *l = log.ptr;
  xmlBufferPtr buf = xmlBufferCreate();
  if (!buf)
    return ENOMEM;
  xmlTextWriterPtr w = xmlNewTextWriterMemory(buf, 0);
  if (!w) {
    xmlBufferFree(buf);
    return ENOMEM;
  }
  xmlTextWriterSetIndent(w, 1);
  xmlTextWriterSetIndentString(w, X("  "));
  xmlTextWriterStartDocument(w, NULL, "UTF-8", NULL);
  xmlTextWriterStartElement(w, X("testsuites"));
  xmlTextWriterWriteAttribute(w, X("name"), X(l->name));
  writeTotals(w, totalsOf(l, NULL));
  // One suite per group, in order of first appearance.
  for (intptr_t i = 0; i < l->num; ++i) {
    const char *g = l->steps[i].group;
    intptr_t j = 0;
    while (j < i && strcmp(l->steps[j].group, g) != 0)
      ++j;
    if (j < i)
      continue;
    xmlTextWriterStartElement(w, X("testsuite"));
    xmlTextWriterWriteAttribute(w, X("name"), X(g));
    writeTotals(w, totalsOf(l, g));
    for (intptr_t k = i; k < l->num; ++k)
      if (!strcmp(l->steps[k].group, g))
        writeCase(w, &l->steps[k]);
    xmlTextWriterEndElement(w);
  }
  int rc = xmlTextWriterEndDocument(w);
  xmlFreeTextWriter(w);
  if (rc < 0) {
    xmlBufferFree(buf);
    return ENOMEM;
  }
  int e = irsWriteFileAtomic(path, xmlBufferContent(buf),
                             (size_t)xmlBufferLength(buf));
  xmlBufferFree(buf);
  return e;
}
