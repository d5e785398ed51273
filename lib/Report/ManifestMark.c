// SPDX-License-Identifier: Apache-2.0
//===- ManifestMark.c - mark a step of a finished run as failed -----------===//
//
// A wrong result is found after the run that wrote manifest.xml has ended
// well (the pass manager saw nothing wrong), by executing its dumps. The
// manifest is then reread as a document, the step and the run given the
// failure's status and pointed at the report, and written back atomically.
//
//===----------------------------------------------------------------------===//
#include "irscope/Report.h"
#include "../Support/Fs.h"

#include <libxml/parser.h>
#include <libxml/tree.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define X(s) ((const xmlChar *)(s))

static xmlNodePtr child(xmlNodePtr n, const char *name) {
  for (xmlNodePtr c = n ? n->children : NULL; c; c = c->next)
    if (c->type == XML_ELEMENT_NODE && !xmlStrcmp(c->name, X(name)))
      return c;
  return NULL;
}

static void markStep(xmlNodePtr steps, intptr_t step, const char *status) {
  char idx[32];
  snprintf(idx, sizeof(idx), "%ld", (long)step);
  xmlSetProp(steps, X("failed"), X(idx));
  for (xmlNodePtr c = steps->children; c; c = c->next) {
    if (c->type != XML_ELEMENT_NODE || xmlStrcmp(c->name, X("step")))
      continue;
    xmlChar *i = xmlGetProp(c, X("index"));
    if (i && !xmlStrcmp(i, X(idx)))
      xmlSetProp(c, X("status"), X(status));
    xmlFree(i);
  }
}

int irsManifestMarkStepFailed(const char *dir, intptr_t step,
                              const char *status, const char *report) {
  char *path = irsPathJoin(dir, "manifest.xml");
  if (!path)
    return ENOMEM;
  xmlDocPtr doc = xmlReadFile(path, NULL, XML_PARSE_NONET | XML_PARSE_NOBLANKS);
  int e = EINVAL;
  xmlNodePtr root = doc ? xmlDocGetRootElement(doc) : NULL;
  xmlNodePtr steps = child(root, "steps");
  if (steps) {
    xmlSetProp(root, X("status"), X(status));
    markStep(steps, step, status);
    xmlNodePtr f = child(root, "failure");
    if (!f)
      f = xmlNewChild(root, NULL, X("failure"), NULL);
    xmlSetProp(f, X("report"), X(report));
    xmlChar *mem = NULL;
    int n = 0;
    xmlDocDumpFormatMemoryEnc(doc, &mem, &n, "UTF-8", 1);
    e = mem ? irsWriteFileAtomic(path, mem, (size_t)n) : ENOMEM;
    xmlFree(mem);
  }
  if (doc)
    xmlFreeDoc(doc);
  free(path);
  return e;
}
