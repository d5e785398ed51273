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

  xmlTextWriterStartElement(w, X("failure"));
  xmlTextWriterWriteAttribute(
      w, X("kind"),
      X(r->status == IrsStepPassFailed ? "pass-failure" : "verify-failure"));
  xmlTextWriterWriteFormatAttribute(w, X("step"), "%ld", (long)(i + 1));
  irsXmlAttrRef(w, "pass", irsPipelineGetStepPassName(pm->pipeline, i));
  irsXmlAttrRef(w, "anchor", irsPipelineGetStepAnchor(pm->pipeline, i));
  if (r->failedHook.length)
    irsXmlAttrRef(w, "hook", r->failedHook);
  xmlTextWriterWriteFormatAttribute(w, X("elapsed-ms"), "%.3f", pm->totalWallMs);
  irsXmlElemRef(w, "message", irsBufRef(&pm->errMsg));
  xmlTextWriterEndElement(w);

  xmlTextWriterStartElement(w, X("artifacts"));
  if (preStepIr) {
    xmlTextWriterStartElement(w, X("pre-step-ir"));
    xmlTextWriterWriteAttribute(w, X("file"), X(preStepIr));
    xmlTextWriterEndElement(w);
  }
  if (postStepIr) {
    xmlTextWriterStartElement(w, X("post-step-ir"));
    xmlTextWriterWriteAttribute(w, X("file"), X(postStepIr));
    xmlTextWriterWriteAttribute(w, X("form"), X("generic"));
    xmlTextWriterEndElement(w);
  }
  // The most recent dump before the failing step: with --dump-only-changed
  // the step right before may have written none.
  intptr_t last = i - 1;
  while (last >= 0 && !pm->steps[last].dumpFile)
    --last;
  if (last >= 0) {
    xmlTextWriterStartElement(w, X("last-good-dump"));
    xmlTextWriterWriteAttribute(w, X("file"), X(pm->steps[last].dumpFile));
    xmlTextWriterEndElement(w);
  } else if (pm->inputDumpFile) {
    xmlTextWriterStartElement(w, X("last-good-dump"));
    xmlTextWriterWriteAttribute(w, X("file"), X(pm->inputDumpFile));
    xmlTextWriterEndElement(w);
  }
  if (reproducer) {
    xmlTextWriterStartElement(w, X("reproducer"));
    xmlTextWriterWriteAttribute(w, X("file"), X(reproducer));
    irsXmlAttrRef(w, "pipeline", irsPipelineGetStepText(pm->pipeline, i));
    xmlTextWriterEndElement(w);
  }
  xmlTextWriterEndElement(w);

  xmlTextWriterStartElement(w, X("steps"));
  xmlTextWriterWriteFormatAttribute(w, X("count"), "%ld", (long)pm->numSteps);
  xmlTextWriterWriteFormatAttribute(w, X("failed"), "%ld", (long)(i + 1));
  for (intptr_t k = 0; k < pm->numSteps; ++k)
    irsXmlWriteStep(w, pm, k);
  xmlTextWriterEndElement(w);
  xmlTextWriterEndElement(w);
  return irsXmlCommit(w, buf, dir, "report.xml");
}
