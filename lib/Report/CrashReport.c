// SPDX-License-Identifier: Apache-2.0
//===- CrashReport.c - report.xml for a worker that died ------------------===//
//
// Same document as FailureReport.c, written from what the supervisor knows
// rather than from pass manager state: the pipeline's steps (all before the
// failing one ran fine, the failing one died, the rest never ran), how the
// worker died, and its last words on stderr.
//
//===----------------------------------------------------------------------===//
#include "XmlUtil.h"
#include "irscope/Outcome.h"

#include "irscope/Outcome.h"
#include "irscope/Report.h"
#include "irscope/StackTrace.h"
#include "../Support/Buf.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define X(s) ((const xmlChar *)(s))

// <tool>, <command-line>, <input>, <pipeline>, <settings> and <plugins>.
static void writeHeader(xmlTextWriterPtr w, const IrsCrashInfo *c) {
  irsXmlStartRunHeader(w, c->toolName, c->commandLine, c->inputPath,
                       c->inputHash);
  if (c->inputOps >= 0)
    xmlTextWriterWriteFormatAttribute(w, X("ops"), "%lld",
                                      (long long)c->inputOps);
  if (c->inputDump)
    xmlTextWriterWriteAttribute(w, X("dump"), X(c->inputDump));
  xmlTextWriterEndElement(w);
  irsXmlElemRef(w, "pipeline", irsPipelineGetText(c->pipeline));
  xmlTextWriterStartElement(w, X("settings"));
  xmlTextWriterWriteAttribute(w, X("verify-each"), X(c->verifyEach ? "true" : "false"));
  xmlTextWriterWriteAttribute(w, X("threading"), X(c->threading ? "true" : "false"));
  xmlTextWriterWriteAttribute(w, X("dump-only-changed"),
                              X(c->dumpOnlyChanged ? "true" : "false"));
  xmlTextWriterEndElement(w);
  irsXmlWritePlugins(w, c->plugins);
}

// The attributes of <failure> that say how the worker died.
static void writeDeath(xmlTextWriterPtr w, const IrsCrashInfo *c) {
  xmlTextWriterWriteFormatAttribute(w, X("elapsed-ms"), "%.3f", c->elapsedMs);
  if (c->signal) {
    xmlTextWriterWriteFormatAttribute(w, X("signal"), "%d", c->signal);
    xmlTextWriterWriteAttribute(w, X("signal-name"),
                                X(c->signalName ? c->signalName : ""));
  }
  if (c->timeoutSec > 0)
    xmlTextWriterWriteFormatAttribute(w, X("timeout-s"), "%g", c->timeoutSec);
  if (c->memoryLimitBytes > 0)
    xmlTextWriterWriteFormatAttribute(w, X("memory-limit-bytes"), "%lld",
                                      (long long)c->memoryLimitBytes);
  if (c->peakRssKb > 0)
    xmlTextWriterWriteFormatAttribute(w, X("peak-rss-kb"), "%lld",
                                      (long long)c->peakRssKb);
}

static void writeFailure(xmlTextWriterPtr w, const IrsCrashInfo *c) {
  intptr_t n = irsPipelineGetNumSteps(c->pipeline);
  intptr_t i = c->step - 1;
  xmlTextWriterStartElement(w, X("failure"));
  xmlTextWriterWriteAttribute(w, X("kind"), X(c->kind));
  xmlTextWriterWriteFormatAttribute(w, X("step"), "%ld", (long)c->step);
  if (i >= 0 && i < n) {
    irsXmlAttrRef(w, "pass", irsPipelineGetStepPassName(c->pipeline, i));
    irsXmlAttrRef(w, "anchor", irsPipelineGetStepAnchor(c->pipeline, i));
  } else {
    xmlTextWriterWriteAttribute(w, X("pass"), X(""));
    xmlTextWriterWriteAttribute(w, X("anchor"), X(""));
  }
  writeDeath(w, c);
  // The handler's raw backtrace stays in <stderr>; the readable form and
  // the crash site are derived here, where allocating is safe. A timed-out
  // worker may have printed one when asked (traceOnTimeout): its first
  // frame is where the step was when stopped, a sample of the loop rather
  // than a cause, hence "hang-site" and not "crash-site".
  bool hang = irsOutcomeFromName(c->kind) == IrsOutcomeTimeout;
  IrsBuf site = IRS_BUF_INIT, trace = IRS_BUF_INIT;
  if ((c->signal || hang) && c->stderrTail.length) {
    irsStackTraceGetCrashSite(c->stderrTail, irsBufStringCallback, &site);
    irsStackTraceFormat(c->stderrTail, irsBufStringCallback, &trace);
  }
  if (site.len)
    xmlTextWriterWriteAttribute(w, X(hang ? "hang-site" : "crash-site"),
                                X(site.data));
  xmlTextWriterWriteElement(w, X("message"), X(c->message ? c->message : ""));
  if (c->stderrTail.length)
    irsXmlElemRef(w, "stderr", c->stderrTail);
  if (trace.len)
    irsXmlElemRef(w, "stack-trace", irsBufRef(&trace));
  irsBufFree(&site);
  irsBufFree(&trace);
  if (c->results)
    irsXmlWriteResults(w, c->results);
  xmlTextWriterEndElement(w);
}

static void writeFile(xmlTextWriterPtr w, const char *elem, const char *file,
                      const MlirStringRef *pipeline) {
  irsXmlStartFileElem(w, elem, file);
  if (pipeline)
    irsXmlAttrRef(w, "pipeline", *pipeline);
  xmlTextWriterEndElement(w);
}

static void writeArtifacts(xmlTextWriterPtr w, const IrsCrashInfo *c) {
  intptr_t n = irsPipelineGetNumSteps(c->pipeline);
  intptr_t i = c->step - 1;
  xmlTextWriterStartElement(w, X("artifacts"));
  if (c->preStepIr)
    writeFile(w, "pre-step-ir", c->preStepIr, NULL);
  if (c->results)
    irsXmlWriteResultFiles(w, c->results);
  if (c->lastGoodDump)
    writeFile(w, "last-good-dump", c->lastGoodDump, NULL);
  if (c->reproducer && i >= 0 && i < n) {
    MlirStringRef p = irsPipelineGetStepText(c->pipeline, i);
    writeFile(w, "reproducer", c->reproducer, &p);
  }
  if (c->fullReproducer) {
    MlirStringRef p = irsPipelineGetText(c->pipeline);
    writeFile(w, "full-reproducer", c->fullReproducer, &p);
  }
  xmlTextWriterEndElement(w);
}

// Every step before the failing one ran fine, the failing one died, the
// rest never ran (a wrong result's later steps did run).
static void writeSteps(xmlTextWriterPtr w, const IrsCrashInfo *c) {
  intptr_t n = irsPipelineGetNumSteps(c->pipeline);
  intptr_t i = c->step - 1;
  xmlTextWriterStartElement(w, X("steps"));
  xmlTextWriterWriteFormatAttribute(w, X("count"), "%ld", (long)n);
  if (c->step > 0)
    xmlTextWriterWriteFormatAttribute(w, X("failed"), "%ld", (long)c->step);
  for (intptr_t k = 0; k < n; ++k) {
    xmlTextWriterStartElement(w, X("step"));
    xmlTextWriterWriteFormatAttribute(w, X("index"), "%ld", (long)(k + 1));
    irsXmlAttrRef(w, "pass", irsPipelineGetStepPassName(c->pipeline, k));
    irsXmlAttrRef(w, "anchor", irsPipelineGetStepAnchor(c->pipeline, k));
    const char *notRun = irsOutcomeGetName(IrsOutcomeNotRun);
    const char *ok = irsOutcomeGetName(IrsOutcomeOk);
    const char *st = c->step <= 0 ? notRun
                     : k < i      ? ok
                     : k == i     ? c->kind
                     : c->results ? ok
                                  : notRun;
    xmlTextWriterWriteAttribute(w, X("status"), X(st));
    irsXmlElemRef(w, "pipeline", irsPipelineGetStepText(c->pipeline, k));
    xmlTextWriterEndElement(w);
  }
  xmlTextWriterEndElement(w);
}

int irsCrashReportWrite(const IrsCrashInfo *c, const char *dir) {
  xmlBufferPtr buf;
  xmlTextWriterPtr w = irsXmlBegin(&buf, "irscope-report");
  if (!w)
    return ENOMEM;
  writeHeader(w, c);
  writeFailure(w, c);
  writeArtifacts(w, c);
  writeSteps(w, c);
  xmlTextWriterEndElement(w);
  return irsXmlCommit(w, buf, dir, "report.xml");
}

int irsModuleWriteFile(MlirOperation module, const char *path, bool generic,
                       bool debugInfo) {
  return irsDumpModule(module, path, generic, debugInfo, true);
}

int irsReproducerWriteFile(MlirOperation module, const char *path,
                           MlirStringRef pipeline, bool disableThreading,
                           bool verifyEach) {
  return irsReproducerWrite(module, path, pipeline, disableThreading,
                            verifyEach, (IrsPlugins){NULL});
}

int irsReproducerWriteFileWithPlugins(MlirOperation module, const char *path,
                                      MlirStringRef pipeline,
                                      bool disableThreading, bool verifyEach,
                                      IrsPlugins plugins) {
  return irsReproducerWrite(module, path, pipeline, disableThreading,
                            verifyEach, plugins);
}

int irsReproducerWriteFileSeeded(MlirOperation module, const char *path,
                                 MlirStringRef pipeline, bool disableThreading,
                                 bool verifyEach, IrsPlugins plugins,
                                 uint64_t seed) {
  return irsReproducerWriteSeeded(module, path, pipeline, disableThreading,
                                  verifyEach, plugins, true, seed);
}
