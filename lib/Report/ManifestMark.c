// SPDX-License-Identifier: Apache-2.0
//===- ManifestMark.c - mark a step of a run's manifest as failed ---------===//
//
// Two runs end with a manifest.xml that no pass manager will rewrite again:
// a wrong result, found after the run ended well by executing its dumps,
// and a worker that died (crash, timeout, memory limit, interrupt), whose
// last manifest says "running". In both the manifest is reread as a
// document, the step and the run given the failure's status and pointed at
// the report, and written back atomically: it was complete after the last
// finished step, so the edit keeps it valid.
//
//===----------------------------------------------------------------------===//
#include "XmlUtil.h"

#include "irscope/Outcome.h"
#include "irscope/Report.h"
#include "irscope/RunDoc.h"
#include "irscope/RunDir.h"
#include "../Support/Fs.h"

#include <libxml/parser.h>
#include <libxml/tree.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define X(s) ((const xmlChar *)(s))

static xmlNodePtr child(xmlNodePtr n, const char *name) {
  for (xmlNodePtr c = n ? n->children : NULL; c; c = c->next)
    if (c->type == XML_ELEMENT_NODE && !xmlStrcmp(c->name, X(name)))
      return c;
  return NULL;
}

static bool attrIs(xmlNodePtr n, const char *name, const char *value) {
  xmlChar *v = xmlGetProp(n, X(name));
  bool is = v && !xmlStrcmp(v, X(value));
  xmlFree(v);
  return is;
}

static bool statusIs(xmlNodePtr n, IrsOutcome status) {
  xmlChar *v = xmlGetProp(n, X("status"));
  bool is = v && irsOutcomeFromName((const char *)v) == status;
  xmlFree(v);
  return is;
}

// The <step> of 1-based index `step`, or NULL.
static xmlNodePtr stepNode(xmlNodePtr steps, intptr_t step) {
  char idx[32];
  snprintf(idx, sizeof(idx), "%ld", (long)step);
  for (xmlNodePtr c = steps->children; c; c = c->next)
    if (c->type == XML_ELEMENT_NODE && !xmlStrcmp(c->name, X("step")) &&
        attrIs(c, "index", idx))
      return c;
  return NULL;
}

static void setFailed(xmlNodePtr steps, intptr_t step) {
  char idx[32];
  snprintf(idx, sizeof(idx), "%ld", (long)step);
  xmlSetProp(steps, X("failed"), X(idx));
}

static int writeBack(xmlDocPtr doc, const char *dir) {
  return irsXmlRewriteDoc(doc, dir, IRS_RUN_DIR_MANIFEST, NULL, NULL);
}

static xmlDocPtr readManifest(const char *dir, char **path) {
  return irsXmlReadDoc(dir, IRS_RUN_DIR_MANIFEST, path);
}

int irsManifestMarkStepFailed(const char *dir, intptr_t step,
                              IrsOutcome outcome, const char *report) {
  const char *status = irsOutcomeGetName(outcome);
  char *path;
  xmlDocPtr doc = readManifest(dir, &path);
  if (!path)
    return ENOMEM;
  int e = EINVAL;
  xmlNodePtr root = doc ? xmlDocGetRootElement(doc) : NULL;
  xmlNodePtr steps = child(root, "steps");
  if (steps) {
    xmlSetProp(root, X("status"), X(status));
    setFailed(steps, step);
    xmlNodePtr s = stepNode(steps, step);
    if (s)
      xmlSetProp(s, X("status"), X(status));
    xmlNodePtr f = child(root, "failure");
    if (!f)
      f = xmlNewChild(root, NULL, X("failure"), NULL);
    xmlSetProp(f, X("report"), X(report));
    e = writeBack(doc, dir);
  }
  if (doc)
    xmlFreeDoc(doc);
  free(path);
  return e;
}

// No dump is left "pending": the worker that would have finished it is
// gone, and the supervisor has waited for its printers (or killed them,
// see IrsSupervisorOptions.awaitDescendantsMs), so the file is complete
// (renamed into place whole) or absent; an absent one is "lost", never
// listed, a complete one gets its hash (RunRecord.c's irsRunRecordHashDumps
// hashes only finished dumps).
static void dropPending(xmlNodePtr n, const char *dir) {
  for (xmlNodePtr c = n->children; c; c = c->next) {
    if (c->type != XML_ELEMENT_NODE)
      continue;
    if (attrIs(c, "pending", "true")) {
      xmlUnsetProp(c, X("pending"));
      xmlChar *f = xmlGetProp(c, X("file"));
      char *path = f ? irsPathJoin(dir, (const char *)f) : NULL;
      char hash[17];
      if (path && access(path, F_OK) != 0) {
        xmlUnsetProp(c, X("file"));
        xmlSetProp(c, X("skipped"), X("lost"));
      } else if (path && irsHashFileHex(path, hash) == 0) {
        xmlSetProp(c, X("hash"), X(hash)); // as the run would have
      }
      free(path);
      xmlFree(f);
    }
    dropPending(c, dir);
  }
}

static void markDeath(xmlNodePtr root, xmlNodePtr steps, const char *dir,
                      const char *status, intptr_t step, bool hasReport,
                      double elapsedMs) {
  xmlSetProp(root, X("status"), X(status));
  if (step > 0) {
    if (hasReport && !xmlHasProp(steps, X("failed")))
      setFailed(steps, step);
    // Only a step the worker had not finished takes the death's status,
    // and how long it had run: an interrupted step too, so that a reader
    // does not take it for one that never started.
    xmlNodePtr s = stepNode(steps, step);
    if (s && statusIs(s, IrsOutcomeNotRun)) {
      xmlSetProp(s, X("status"), X(status));
      if (elapsedMs >= 0) {
        char ms[32];
        snprintf(ms, sizeof(ms), "%.3f", elapsedMs);
        xmlSetProp(s, X("elapsed-ms"), X(ms));
      }
    }
  }
  dropPending(steps, dir);
  if (hasReport && !child(root, "failure"))
    xmlSetProp(xmlNewChild(root, NULL, X("failure"), NULL), X("report"),
               X(IRS_RUN_DIR_REPORT));
}

int irsManifestMarkDeath(const char *dir, IrsOutcome outcome, intptr_t step,
                         bool hasReport, double elapsedMs) {
  const char *status = irsOutcomeGetName(outcome);
  char *path;
  xmlDocPtr doc = readManifest(dir, &path);
  if (!path)
    return ENOMEM;
  int e = doc ? 0 : ENOENT;
  xmlNodePtr root = doc ? xmlDocGetRootElement(doc) : NULL;
  xmlNodePtr steps = child(root, "steps");
  // A manifest the worker finished is not the dead run's.
  if (steps && statusIs(root, IrsOutcomeRunning)) {
    markDeath(root, steps, dir, status, step, hasReport, elapsedMs);
    e = writeBack(doc, dir);
  }
  if (doc)
    xmlFreeDoc(doc);
  free(path);
  return e;
}
