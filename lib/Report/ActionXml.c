// SPDX-License-Identifier: Apache-2.0
//===- ActionXml.c - <action>: the one action a failing step narrowed to --===//
//
// report.xml's account of narrowing (include/irscope/Narrow.h): which
// action of the step (pattern application or pass execution, K of N) is
// the first after which the step fails, the op it applied to, how many runs
// of the step that took, and the files around it: the enclosing top-level
// op just before and just after it, their diff (also inline, for readers
// of the report alone) and the script that replays it with the tool's own
// debug counter. Written by FailureReport.c and CrashReport.c alike.
//
//===----------------------------------------------------------------------===//
#include "XmlUtil.h"

#include "irscope/Narrow.h"

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
