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

#include <errno.h>
#include <stdint.h>

#define X(s) ((const xmlChar *)(s))

static const char *runStatus(IrsPassManagerImpl *pm) {
  if (pm->interrupted)
    return irsOutcomeGetName(IrsOutcomeInterrupted);
  if (pm->deathKind)
    return pm->deathKind;
  if (pm->running)
    return irsOutcomeGetName(IrsOutcomeRunning);
  return irsErrorKindGetName(pm->runStatus);
}

int irsManifestWrite(IrsPassManagerImpl *pm, const char *dir) {
  xmlBufferPtr buf;
  xmlTextWriterPtr w = irsXmlBegin(&buf, "irscope-manifest");
  if (!w)
    return ENOMEM;
  xmlTextWriterWriteAttribute(w, X("status"), X(runStatus(pm)));
  irsXmlWriteRunHeader(w, pm);
  irsXmlWriteSteps(w, pm, pm->failedStep);
  if (!irsDiagVerifierIsNull(pm->diagVerifier)) {
    // Counted so far: the manifest is rewritten after every step.
    IrsDiagVerifierCounts c = irsDiagVerifierGetCounts(pm->diagVerifier);
    xmlTextWriterStartElement(w, X("diagnostics-verification"));
    xmlTextWriterWriteFormatAttribute(w, X("expected"), "%jd", (intmax_t)c.expected);
    xmlTextWriterWriteFormatAttribute(w, X("matched"), "%jd", (intmax_t)c.matched);
    xmlTextWriterWriteFormatAttribute(w, X("unmatched"), "%jd",
                                      (intmax_t)(c.expected - c.matched));
    xmlTextWriterWriteFormatAttribute(w, X("unexpected"), "%jd",
                                      (intmax_t)c.unexpected);
    xmlTextWriterEndElement(w);
  }
  if (pm->failureDirUsed) {
    xmlTextWriterStartElement(w, X("failure"));
    xmlTextWriterWriteAttribute(w, X("report"), X("report.xml"));
    xmlTextWriterEndElement(w);
  }
  xmlTextWriterEndElement(w);
  return irsXmlCommit(w, buf, dir, "manifest.xml");
}
