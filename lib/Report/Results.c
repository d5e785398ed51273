// SPDX-License-Identifier: Apache-2.0
//===- Results.c - the outputs of a wrong-result failure in report.xml ----===//
//
// A step that changes what a program prints is documented like a crash
// (CrashReport.c writes the document); this file adds what only such a
// failure has: both results side by side with their outcomes and the line
// where they part, and the files holding them and the commands that show
// the difference.
//
//===----------------------------------------------------------------------===//
#include "XmlUtil.h"

#include "irscope/Report.h"
#include "../Support/Buf.h"

#include <stdlib.h>

#define X(s) ((const xmlChar *)(s))

static void writeOutput(xmlTextWriterPtr w, const char *elem,
                        const char *outcome, MlirStringRef text) {
  xmlTextWriterStartElement(w, X(elem));
  xmlTextWriterWriteAttribute(w, X("outcome"), X(outcome ? outcome : ""));
  char *t = irsStrDupRef(text);
  xmlTextWriterWriteString(w, X(t ? t : ""));
  free(t);
  xmlTextWriterEndElement(w);
}

void irsXmlWriteResults(xmlTextWriterPtr w, const IrsResultsInfo *r) {
  xmlTextWriterStartElement(w, X("results"));
  xmlTextWriterWriteAttribute(w, X("entry"), X(r->entry ? r->entry : "main"));
  xmlTextWriterWriteFormatAttribute(w, X("executions"), "%ld",
                                    (long)r->executions);
  if (r->firstDifferenceLine > 0)
    xmlTextWriterWriteFormatAttribute(w, X("first-difference-line"), "%ld",
                                      (long)r->firstDifferenceLine);
  writeOutput(w, "expected", r->expectedOutcome, r->expected);
  writeOutput(w, "actual", r->actualOutcome, r->actual);
  xmlTextWriterEndElement(w);
}

static void fileElem(xmlTextWriterPtr w, const char *elem, const char *file) {
  if (!file)
    return;
  irsXmlStartFileElem(w, elem, file);
  xmlTextWriterEndElement(w);
}

void irsXmlWriteResultFiles(xmlTextWriterPtr w, const IrsResultsInfo *r) {
  if (r->postStepIr) {
    irsXmlStartFileElem(w, "post-step-ir", r->postStepIr);
    xmlTextWriterWriteAttribute(w, X("form"), X("custom"));
    xmlTextWriterEndElement(w);
  }
  fileElem(w, "expected-output", r->expectedFile);
  fileElem(w, "actual-output", r->actualFile);
  fileElem(w, "run-reproducer", r->runReproducer);
}
