// SPDX-License-Identifier: Apache-2.0
//===- NondeterminismReport.c - report.xml for a nondeterministic step ----===//
//
// Written by irsPassManagerCheckDeterminism for the first step whose two
// runs on identical input printed different IR: the same document as a
// failure report (schema docs/schema/report.xsd) with kind
// "nondeterminism", the check's mode and the unified diff of the outputs.
//
//===----------------------------------------------------------------------===//
#include "../PassManager/Determinism.h"
#include "XmlUtil.h"
#include "irscope/Outcome.h"

#include <errno.h>

#define X(s) ((const xmlChar *)(s))

int irsNondeterminismReportWrite(IrsPassManagerImpl *pm, const char *dir,
                                 intptr_t i, MlirStringRef diff,
                                 const char *mode, const char *preStepIr,
                                 const char *firstOutput,
                                 const char *reproducer) {
  if (i < 0 || i >= pm->numSteps)
    return EINVAL;
  xmlBufferPtr buf;
  xmlTextWriterPtr w = irsXmlBegin(&buf, "irscope-report");
  if (!w)
    return ENOMEM;
  irsXmlWriteRunHeader(w, pm);
  irsXmlStartFailure(w, pm, irsOutcomeGetName(IrsOutcomeNondeterminism), i);
  xmlTextWriterWriteFormatAttribute(w, X("elapsed-ms"), "%.3f",
                                    pm->totalWallMs);
  xmlTextWriterWriteAttribute(w, X("determinism-mode"), X(mode));
  irsXmlElemRef(w, "message", irsBufRef(&pm->errMsg));
  irsXmlElemRef(w, "diff", diff);
  xmlTextWriterEndElement(w);

  xmlTextWriterStartElement(w, X("artifacts"));
  if (preStepIr) {
    irsXmlStartFileElem(w, "pre-step-ir", preStepIr);
    xmlTextWriterEndElement(w);
  }
  if (firstOutput) {
    irsXmlStartFileElem(w, "post-step-ir", firstOutput);
    xmlTextWriterWriteAttribute(w, X("form"),
                                X(pm->opts.printGeneric ? "generic" : "custom"));
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
