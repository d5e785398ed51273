// SPDX-License-Identifier: Apache-2.0
//===- Manifest.c - manifest.xml of a dump directory ----------------------===//
//
// Rewritten (atomically) after every step, so it is valid XML describing
// the run so far even if the process dies mid-pipeline. Schema:
// docs/schema/manifest.xsd.
//
//===----------------------------------------------------------------------===//
#include "XmlUtil.h"
#include "irscope/Outcome.h"
#include "irscope/RunDir.h"

#include <stdint.h>

#define X(s) ((const xmlChar *)(s))

static const char *runStatus(const IrsRunRecord *rec) {
  if (rec->interrupted)
    return irsOutcomeGetName(IrsOutcomeInterrupted);
  if (rec->deathKind != IrsOutcomeNone)
    return irsOutcomeGetName(rec->deathKind);
  if (rec->running)
    return irsOutcomeGetName(IrsOutcomeRunning);
  return irsErrorKindGetName(rec->runStatus);
}

int irsManifestWriteXml(xmlTextWriterPtr w, const IrsRunRecord *rec) {
  xmlTextWriterWriteAttribute(w, X("status"), X(runStatus(rec)));
  irsXmlWriteRunHeader(w, rec);
  irsXmlWriteSteps(w, rec, rec->failedStep);
  if (!irsDiagVerifierIsNull(rec->diagVerifier)) {
    // Counted so far: the manifest is rewritten after every step.
    IrsDiagVerifierCounts c = irsDiagVerifierGetCounts(rec->diagVerifier);
    xmlTextWriterStartElement(w, X("diagnostics-verification"));
    xmlTextWriterWriteFormatAttribute(w, X("expected"), "%jd", (intmax_t)c.expected);
    xmlTextWriterWriteFormatAttribute(w, X("matched"), "%jd", (intmax_t)c.matched);
    xmlTextWriterWriteFormatAttribute(w, X("unmatched"), "%jd",
                                      (intmax_t)(c.expected - c.matched));
    xmlTextWriterWriteFormatAttribute(w, X("unexpected"), "%jd",
                                      (intmax_t)c.unexpected);
    xmlTextWriterEndElement(w);
  }
  if (rec->failureDirUsed) {
    xmlTextWriterStartElement(w, X("failure"));
    xmlTextWriterWriteAttribute(w, X("report"), X(IRS_RUN_DIR_REPORT));
    xmlTextWriterEndElement(w);
  }
  return 0;
}
