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

int irsReportWrite(IrsPassManagerImpl *pm, const char *dir,
                   const char *preStepIr, const char *postStepIr,
                   const char *reproducer) {
  intptr_t i = pm->failedStep - 1;
  if (i < 0 || i >= pm->numSteps)
    return EINVAL;
  const IrsStepResult *r = &pm->steps[i].result;
  xmlBufferPtr buf;
  xmlTextWriterPtr w = irsXmlBegin(&buf, "irscope-report");
  if (!w)
    return ENOMEM;
  irsXmlWriteRunHeader(w, pm);

  irsXmlStartFailure(w, pm, irsStepStatusGetName(r->status), i);
  if (r->failedHook.length)
    irsXmlAttrRef(w, "hook", r->failedHook);
  xmlTextWriterWriteFormatAttribute(w, X("elapsed-ms"), "%.3f", pm->totalWallMs);
  irsXmlElemRef(w, "message", irsBufRef(&pm->errMsg));
  xmlTextWriterEndElement(w);

  xmlTextWriterStartElement(w, X("artifacts"));
  if (preStepIr) {
    irsXmlStartFileElem(w, "pre-step-ir", preStepIr);
    xmlTextWriterEndElement(w);
  }
  if (postStepIr) {
    irsXmlStartFileElem(w, "post-step-ir", postStepIr);
    xmlTextWriterWriteAttribute(w, X("form"), X("generic"));
    xmlTextWriterEndElement(w);
  }
  // The most recent dump before the failing step: with --dump-only-changed
  // the step right before may have written none.
  intptr_t last = i - 1;
  while (last >= 0 && !pm->steps[last].dumpFile)
    --last;
  if (last >= 0) {
    irsXmlStartFileElem(w, "last-good-dump", pm->steps[last].dumpFile);
    xmlTextWriterEndElement(w);
  } else if (pm->inputDumpFile) {
    irsXmlStartFileElem(w, "last-good-dump", pm->inputDumpFile);
    xmlTextWriterEndElement(w);
  }
  if (reproducer) {
    irsXmlStartFileElem(w, "reproducer", reproducer);
    irsXmlAttrRef(w, "pipeline", irsPipelineGetStepText(pm->pipeline, i));
    xmlTextWriterEndElement(w);
  }
  xmlTextWriterEndElement(w);

  irsXmlWriteSteps(w, pm, i + 1);
  xmlTextWriterEndElement(w);
  return irsXmlCommit(w, buf, dir, "report.xml");
}
