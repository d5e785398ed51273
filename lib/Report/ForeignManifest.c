// SPDX-License-Identifier: Apache-2.0
//===- ForeignManifest.c - manifest.xml of a converted run ----------------===//
//
// See include/irscope/ForeignRun.h. The document is the one Manifest.c
// writes for irscope-opt's runs, through the same helpers (XmlUtil.c),
// minus what a log does not record.
//
//===----------------------------------------------------------------------===//
#include "XmlUtil.h"
#include "irscope/Outcome.h"

#include "irscope/ForeignRun.h"
#include "irscope/RunDir.h"

#include <errno.h>
#include <string.h>

#define X(s) ((const xmlChar *)(s))

static bool failed(const IrsForeignStep *s) {
  return s->status != IrsOutcomeNone && s->status != IrsOutcomeOk;
}

// A step without a status ran to its end.
static const char *statusName(IrsOutcome status) {
  return irsOutcomeGetName(status == IrsOutcomeNone ? IrsOutcomeOk : status);
}

static void writeStep(xmlTextWriterPtr w, const IrsForeignStep *s,
                      intptr_t index) {
  bool module = !strcmp(s->anchor, "builtin.module");
  xmlTextWriterStartElement(w, X("step"));
  xmlTextWriterWriteFormatAttribute(w, X("index"), "%ld", (long)index);
  xmlTextWriterWriteAttribute(w, X("pass"), X(s->pass));
  xmlTextWriterWriteAttribute(w, X("anchor"), X(s->anchor));
  xmlTextWriterWriteAttribute(w, X("status"), X(statusName(s->status)));
  if (s->target)
    xmlTextWriterWriteAttribute(w, X("target"), X(s->target));
  if (s->dumpFile)
    xmlTextWriterWriteAttribute(w, X("changed"), X(s->changed ? "true" : "false"));
  xmlTextWriterWriteFormatElement(w, X("pipeline"), "builtin.module(%s%s%s%s)",
                                  module ? "" : s->anchor, module ? "" : "(",
                                  s->pass, module ? "" : ")");
  if (s->dumpFile) {
    irsXmlStartFileElem(w, "dump", s->dumpFile);
    xmlTextWriterEndElement(w);
    if (s->opsBefore >= 0 && s->opsAfter >= 0) {
      xmlTextWriterStartElement(w, X("ops"));
      xmlTextWriterWriteFormatAttribute(w, X("before"), "%ld", s->opsBefore);
      xmlTextWriterWriteFormatAttribute(w, X("after"), "%ld", s->opsAfter);
      xmlTextWriterEndElement(w);
    }
  }
  xmlTextWriterEndElement(w);
}

int irsForeignManifestWrite(const char *dir, const IrsForeignRun *run) {
  xmlBufferPtr buf;
  xmlTextWriterPtr w = irsXmlBegin(&buf, "irscope-manifest");
  if (!w)
    return ENOMEM;
  intptr_t fail = 0;
  for (intptr_t i = 0; i < run->numSteps && !fail; ++i)
    if (failed(&run->steps[i]))
      fail = i + 1;
  IrsOutcome status = fail ? run->steps[fail - 1].status : IrsOutcomeOk;
  xmlTextWriterWriteAttribute(w, X("status"), X(statusName(status)));
  xmlTextWriterWriteAttribute(w, X("converted"), X("true"));
  IrsRunHeader header = run->header;
  header.inputHash = NULL; // a log has no input file to hash
  irsXmlStartRunHeader(w, &header);
  xmlTextWriterWriteFormatAttribute(w, X("ops"), "%ld",
                                    run->inputOps > 0 ? run->inputOps : 0);
  if (run->inputDump)
    xmlTextWriterWriteAttribute(w, X("dump"), X(run->inputDump));
  xmlTextWriterEndElement(w); // input
  // The log has no pipeline text: the steps', in order.
  xmlTextWriterStartElement(w, X("pipeline"));
  for (intptr_t i = 0; i < run->numSteps; ++i)
    xmlTextWriterWriteFormatString(w, "%s%s", i ? "," : "",
                                   run->steps[i].pass);
  xmlTextWriterEndElement(w);
  xmlTextWriterStartElement(w, X("settings"));
  xmlTextWriterWriteAttribute(w, X("verify-each"), X("false"));
  xmlTextWriterWriteAttribute(w, X("threading"), X("false"));
  xmlTextWriterWriteAttribute(w, X("dump-only-changed"), X("false"));
  xmlTextWriterEndElement(w);
  xmlTextWriterStartElement(w, X("steps"));
  xmlTextWriterWriteFormatAttribute(w, X("count"), "%ld", (long)run->numSteps);
  if (fail)
    xmlTextWriterWriteFormatAttribute(w, X("failed"), "%ld", (long)fail);
  for (intptr_t i = 0; i < run->numSteps; ++i)
    writeStep(w, &run->steps[i], i + 1);
  xmlTextWriterEndElement(w);
  xmlTextWriterEndElement(w);
  return irsXmlCommit(w, buf, dir, IRS_RUN_DIR_MANIFEST);
}
