// SPDX-License-Identifier: Apache-2.0
//===- NondeterminismReport.c - report.xml for a nondeterministic step ----===//
//
// Written for irsPassManagerCheckDeterminism's first step whose two runs on
// identical input printed different IR (the record's failed step): the same document as a
// failure report (schema docs/schema/report.xsd) with kind
// "nondeterminism", the check's mode and the unified diff of the outputs.
//
//===----------------------------------------------------------------------===//
#include "XmlUtil.h"
#include "irscope/Outcome.h"

#include <errno.h>

#define X(s) ((const xmlChar *)(s))

int irsNondeterminismReportWriteXml(xmlTextWriterPtr w,
                                    const IrsRunRecord *rec) {
  intptr_t i = rec->failedStep - 1;
  if (i < 0 || i >= rec->numSteps)
    return EINVAL;
  const IrsRecordArtifacts *a = &rec->artifacts;
  irsXmlWriteRunHeader(w, rec);
  irsXmlStartFailure(w, rec, irsOutcomeGetName(IrsOutcomeNondeterminism), i);
  xmlTextWriterWriteFormatAttribute(w, X("elapsed-ms"), "%.3f",
                                    rec->totalWallMs);
  xmlTextWriterWriteAttribute(
      w, X("determinism-mode"),
      X(a->determinismMode ? a->determinismMode : "repeat"));
  irsXmlElemRef(w, "message", irsBufRef(&rec->errMsg));
  irsXmlElemRef(w, "diff", a->diff);
  xmlTextWriterEndElement(w);

  irsXmlStartArtifacts(w, rec, rec->printGeneric ? "generic" : "custom");
  irsXmlEndArtifacts(w, rec, i);
  return 0;
}
