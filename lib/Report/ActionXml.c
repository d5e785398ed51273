// SPDX-License-Identifier: Apache-2.0
//===- ActionXml.c - <action>: the one action a failing step narrowed to --===//
//
// report.xml's account of narrowing (include/irscope/Narrow.h): which
// action of the step (pattern application or pass execution, K of N) is
// the first after which the step fails, the op it applied to, how many runs
// of the step that took, and the files around it: the enclosing top-level
// op just before and just after it, their diff (also inline, for readers
// of the report alone) and the script that replays it with the tool's own
// debug counter. Written by FailureReport.c and CrashReport.c alike, or
// added to a report another process wrote (irsFailureWriterCommitAction).
//
//===----------------------------------------------------------------------===//
#include "XmlUtil.h"

#include "irscope/FailureWriter.h"
#include "irscope/Narrow.h"
#include "irscope/RunDir.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define X(s) ((const xmlChar *)(s))

static void attr(xmlTextWriterPtr w, const char *name, const char *v) {
  if (v && *v)
    xmlTextWriterWriteAttribute(w, X(name), X(v));
}

void irsXmlWriteAction(xmlTextWriterPtr w, const IrsNarrowedAction *a,
                       MlirStringRef diff) {
  xmlTextWriterStartElement(w, X("action"));
  attr(w, "tag", a->tag);
  attr(w, "name", a->name);
  xmlTextWriterWriteFormatAttribute(w, X("index"), "%lld", (long long)a->index);
  xmlTextWriterWriteFormatAttribute(w, X("of"), "%lld", (long long)a->of);
  xmlTextWriterWriteFormatAttribute(w, X("executions"), "%lld",
                                    (long long)a->executions);
  attr(w, "op", a->opName);
  attr(w, "loc", a->location);
  attr(w, "before", a->before);
  attr(w, "after", a->after);
  attr(w, "diff", a->diff);
  attr(w, "replay", a->replay);
  if (a->inFlight)
    xmlTextWriterWriteAttribute(w, X("in-flight"), X("true"));
  if (a->op)
    xmlTextWriterWriteElement(w, X("generic-op"), X(a->op));
  if (diff.length)
    irsXmlElemRef(w, "diff", diff);
  xmlTextWriterEndElement(w);
}

typedef struct Addition {
  const IrsNarrowedAction *a;
  MlirStringRef diff;
  bool added;
} Addition;

// The <failure>'s <action> (a crash's, written before narrowing ran)
// leaves the tree: the narrowed one takes its place. A crash's <action>
// is its <failure>'s last child, so the end is that place.
static void dropFailureAction(xmlDocPtr doc) {
  xmlNodePtr root = xmlDocGetRootElement(doc);
  for (xmlNodePtr f = root ? root->children : NULL; f; f = f->next) {
    if (f->type != XML_ELEMENT_NODE || xmlStrcmp(f->name, X("failure")))
      continue;
    for (xmlNodePtr c = f->children, next; c; c = next) {
      next = c->next;
      if (c->type == XML_ELEMENT_NODE && !xmlStrcmp(c->name, X("action"))) {
        xmlUnlinkNode(c);
        xmlFreeNode(c);
      }
    }
  }
}

static void addAtFailureEnd(xmlTextWriterPtr w, const char *element,
                            void *ud) {
  Addition *add = ud;
  if (!add->added && !strcmp(element, "failure")) {
    irsXmlWriteAction(w, add->a, add->diff);
    add->added = true;
  }
}

int irsFailureWriterCommitAction(IrsFailureWriter fw,
                                 const IrsNarrowedAction *a,
                                 MlirStringRef diff) {
  const char *dir = irsFailureWriterGetDir(fw);
  char *path = NULL;
  xmlDocPtr doc = dir ? irsXmlReadDoc(dir, IRS_RUN_DIR_REPORT, &path) : NULL;
  int e = dir && !path ? ENOMEM : EINVAL;
  if (doc) {
    dropFailureAction(doc);
    Addition add = {a, diff, false};
    e = irsXmlRewriteDoc(doc, dir, IRS_RUN_DIR_REPORT, addAtFailureEnd, &add);
    xmlFreeDoc(doc);
  }
  free(path);
  irsFailureWriterDetach(fw);
  return e;
}
