// SPDX-License-Identifier: Apache-2.0
//===- FailureReport.c - report.xml for a failed step ---------------------===//
//
// What failed, in which step, with which diagnostics, and where the IR that
// went into the step, the IR it left behind and a reproducer are. Schema:
// docs/schema/report.xsd.
//
//===----------------------------------------------------------------------===//
#include "XmlUtil.h"

#include <errno.h>

#define X(s) ((const xmlChar *)(s))

int irsFailureReportWriteXml(xmlTextWriterPtr w, const IrsRunRecord *rec) {
  intptr_t i = rec->failedStep - 1;
  if (i < 0 || i >= rec->numSteps)
    return EINVAL;
  const IrsStepResult *r = &rec->steps[i].result;
  irsXmlWriteRunHeader(w, rec);

  irsXmlStartFailure(w, rec, irsStepStatusGetName(r->status), i);
  if (r->failedHook.length)
    irsXmlAttrRef(w, "hook", r->failedHook);
  xmlTextWriterWriteFormatAttribute(w, X("elapsed-ms"), "%.3f", rec->totalWallMs);
  irsXmlElemRef(w, "message", irsBufRef(&rec->errMsg));
  if (rec->artifacts.action)
    irsXmlWriteAction(w, rec->artifacts.action, rec->artifacts.actionDiff);
  xmlTextWriterEndElement(w);

  irsXmlStartArtifacts(w, rec, "generic");
  const char *lastGood = irsRunRecordLastGoodDump(rec, i);
  if (lastGood) {
    irsXmlStartFileElem(w, "last-good-dump", lastGood);
    xmlTextWriterEndElement(w);
  }
  irsXmlEndArtifacts(w, rec, i);
  return 0;
}
