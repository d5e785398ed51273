// SPDX-License-Identifier: Apache-2.0
//===- CrashReport.c - report.xml for a worker that died ------------------===//
//
// Same document as FailureReport.c for a failure a supervisor saw: a
// function of the run record (Writers.def) whose death section
// (irsRunRecordSetDeath) says how the worker died and its last words on
// stderr. irsCrashReportWrite (Report.h) is how a driver outside lib/
// appends such a death: it builds the record from an IrsCrashInfo.
//
//===----------------------------------------------------------------------===//
#include "XmlUtil.h"

#include "irscope/Outcome.h"
#include "irscope/StackTrace.h"
#include "../Support/Buf.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define X(s) ((const xmlChar *)(s))

// The attributes of <failure> that say how the worker died.
static void writeDeath(xmlTextWriterPtr w, const IrsRecordDeath *d) {
  xmlTextWriterWriteFormatAttribute(w, X("elapsed-ms"), "%.3f", d->elapsedMs);
  if (d->signal) {
    xmlTextWriterWriteFormatAttribute(w, X("signal"), "%d", d->signal);
    xmlTextWriterWriteAttribute(w, X("signal-name"),
                                X(d->signalName ? d->signalName : ""));
  }
  if (d->timeoutSec > 0)
    xmlTextWriterWriteFormatAttribute(w, X("timeout-s"), "%g", d->timeoutSec);
  if (d->memoryLimitBytes > 0)
    xmlTextWriterWriteFormatAttribute(w, X("memory-limit-bytes"), "%lld",
                                      (long long)d->memoryLimitBytes);
  if (d->peakRssKb > 0)
    xmlTextWriterWriteFormatAttribute(w, X("peak-rss-kb"), "%lld",
                                      (long long)d->peakRssKb);
}

enum { kSymbolisedFrames = 16 };

// A summary line "  #N ..." without its indent, as <stack-trace> has them.
static void appendTrimmed(MlirStringRef s, void *ud) {
  while (s.length && s.data[0] == ' ')
    ++s.data, --s.length;
  irsBufAppendRef(ud, s);
}

// Whether the record names one of its steps as the failing one.
static bool knowsStep(const IrsRunRecord *rec) {
  return rec->failedStep > 0 && rec->failedStep <= rec->numSteps;
}

// What the worker was doing (its action trail): the action in flight (for
// a crash outside any action, the last one begun, without in-flight:
// irsActionTrailGetCrashAction) and, for a hang, the actions the last window kept repeating, or for a hang
// that began no action in its last moments (irsActionTrailGetStalled), how
// long and the last action it began.
// A narrowed action (`narrowed`) is the failure's one <action>: the one in
// flight is then left out.
static void writeActions(xmlTextWriterPtr w, IrsActionTrail trail, bool hang,
                         bool narrowed) {
  IrsActionRecord r;
  bool ended = false;
  if (!narrowed && !hang && irsActionTrailGetCrashAction(trail, &r, &ended))
    irsXmlWriteActionRecord(w, &r, !ended);
  else if (!narrowed && hang && irsActionTrailGetInFlight(trail, &r))
    irsXmlWriteActionRecord(w, &r, true);
  if (!hang)
    return;
  double stalled = irsActionTrailGetStalled(trail);
  if (stalled > 0) {
    xmlTextWriterStartElement(w, X("stall"));
    xmlTextWriterWriteFormatAttribute(w, X("ms"), "%.0f", stalled);
    if (irsActionTrailGetLast(trail, &r))
      irsXmlWriteActionRecord(w, &r, false);
    xmlTextWriterEndElement(w);
    return;
  }
  enum { kShown = 5 };
  IrsActionRecord rep[kShown];
  size_t window = 0;
  size_t n = irsActionTrailGetRepeating(trail, rep, kShown, &window);
  if (!n)
    return;
  xmlTextWriterStartElement(w, X("repeating-actions"));
  xmlTextWriterWriteFormatAttribute(w, X("window"), "%zu", window);
  for (size_t k = 0; k < n; ++k)
    irsXmlWriteActionRecord(w, &rep[k], false);
  xmlTextWriterEndElement(w);
}

// <replay>: how the step of a death the worker did not announce was
// looked for, and what to do when the replay did not die again. One row
// per IrsCrashLocated.
static const struct {
  const char *name, *advice;
} kLocated[] = {
    [IrsCrashLocatedAnnounced] = {"announced", NULL},
    [IrsCrashLocatedInStep] = {"in-step", NULL},
    [IrsCrashLocatedNotReproduced] =
        {"not-reproduced",
         "the failure depends on timing or scheduling (threads): run the "
         "whole pipeline many times (irscope-opt --repeat=N) to see how "
         "often it happens, and with --mlir-disable-threading to see "
         "whether threads matter"},
    [IrsCrashLocatedOtherFailure] =
        {"other-failure",
         "the whole pipeline and the stepwise replay fail differently: "
         "run the whole pipeline many times (irscope-opt --repeat=N)"},
    [IrsCrashLocatedNoAnswer] = {"no-answer", NULL},
};

static void writeReplay(xmlTextWriterPtr w, const IrsRecordDeath *d) {
  if (d->located == IrsCrashLocatedAnnounced ||
      (size_t)d->located >= sizeof(kLocated) / sizeof(kLocated[0]))
    return;
  xmlTextWriterStartElement(w, X("replay"));
  xmlTextWriterWriteAttribute(w, X("located"), X(kLocated[d->located].name));
  xmlTextWriterWriteFormatAttribute(w, X("runs"), "%d", d->replays);
  if (d->located == IrsCrashLocatedOtherFailure)
    xmlTextWriterWriteFormatAttribute(w, X("failed-step"), "%ld",
                                      (long)d->replayFailedStep);
  if (kLocated[d->located].advice)
    xmlTextWriterWriteString(w, X(kLocated[d->located].advice));
  xmlTextWriterEndElement(w);
}

static void writeFailure(xmlTextWriterPtr w, const IrsRunRecord *rec) {
  const IrsRecordDeath *d = &rec->death;
  const char *kind = irsOutcomeGetName(rec->deathKind);
  if (knowsStep(rec)) {
    irsXmlStartFailure(w, rec, kind, rec->failedStep - 1);
  } else {
    xmlTextWriterStartElement(w, X("failure"));
    xmlTextWriterWriteAttribute(w, X("kind"), X(kind));
    xmlTextWriterWriteFormatAttribute(w, X("step"), "%ld",
                                      (long)rec->failedStep);
    xmlTextWriterWriteAttribute(w, X("pass"), X(""));
    xmlTextWriterWriteAttribute(w, X("anchor"), X(""));
  }
  writeDeath(w, d);
  // The handler's raw backtrace stays in <stderr>; the readable form and
  // the crash site are derived here, where allocating is safe. A timed-out
  // worker may have printed one when asked (traceOnTimeout): its first
  // frame is where the step was when stopped, a sample of the loop rather
  // than a cause, hence "hang-site" and not "crash-site".
  bool hang = rec->deathKind == IrsOutcomeTimeout;
  IrsBuf site = IRS_BUF_INIT, trace = IRS_BUF_INIT, sym = IRS_BUF_INIT;
  if ((d->signal || hang) && d->stderrTail.length) {
    irsStackTraceGetCrashSite(d->stderrTail, irsBufStringCallback, &site);
    irsStackTraceFormat(d->stderrTail, irsBufStringCallback, &trace);
    // The frames from the site on with file:line, for the explorer: only
    // a process that shares the worker's layout can map its addresses. A
    // tool's own LLVM stack dump comes symbolised: kept when it has lines.
    irsStackTraceSummarise(d->stderrTail, kSymbolisedFrames, d->symbolizer,
                           appendTrimmed, &sym);
    if (!(d->symbolizer && *d->symbolizer) &&
        !(sym.len && strstr(sym.data, " at ")))
      irsBufReset(&sym);
  }
  if (site.len)
    xmlTextWriterWriteAttribute(w, X(hang ? "hang-site" : "crash-site"),
                                X(site.data));
  irsXmlElemRef(w, "message", irsBufRef(&rec->errMsg));
  if (d->stderrTail.length)
    irsXmlElemRef(w, "stderr", d->stderrTail);
  if (trace.len)
    irsXmlElemRef(w, "stack-trace", irsBufRef(&trace));
  if (sym.len)
    irsXmlElemRef(w, "symbolised-trace", irsBufRef(&sym));
  irsBufFree(&site);
  irsBufFree(&trace);
  irsBufFree(&sym);
  if (rec->artifacts.results)
    irsXmlWriteResults(w, rec->artifacts.results);
  // Before the <action>s: narrowing appends its action at the end.
  writeReplay(w, d);
  if (rec->artifacts.action)
    irsXmlWriteAction(w, rec->artifacts.action, rec->artifacts.actionDiff);
  writeActions(w, d->actionTrail, hang, rec->artifacts.action != NULL);
  xmlTextWriterEndElement(w);
}

static void writeFile(xmlTextWriterPtr w, const char *elem, const char *file,
                      const MlirStringRef *pipeline) {
  irsXmlStartFileElem(w, elem, file);
  if (pipeline)
    irsXmlAttrRef(w, "pipeline", *pipeline);
  xmlTextWriterEndElement(w);
}

static void writeArtifacts(xmlTextWriterPtr w, const IrsRunRecord *rec) {
  const IrsRecordArtifacts *a = &rec->artifacts;
  xmlTextWriterStartElement(w, X("artifacts"));
  if (a->preStepIr)
    writeFile(w, "pre-step-ir", a->preStepIr, NULL);
  if (a->results)
    irsXmlWriteResultFiles(w, a->results);
  if (a->lastGoodDump)
    writeFile(w, "last-good-dump", a->lastGoodDump, NULL);
  if (a->reproducer && knowsStep(rec)) {
    MlirStringRef p =
        irsPipelineGetStepText(rec->pipeline, rec->failedStep - 1);
    writeFile(w, "reproducer", a->reproducer, &p);
  }
  if (a->fullReproducer) {
    MlirStringRef p = irsPipelineGetText(rec->pipeline);
    writeFile(w, "full-reproducer", a->fullReproducer, &p);
  }
  irsXmlWriteReplayCommands(w, a);
  xmlTextWriterEndElement(w);
}

// Every step before the failing one ran fine, the failing one died, the
// rest never ran (a wrong result's later steps did run). What the record's
// steps say is not used: a supervisor knows no more than this.
static void writeSteps(xmlTextWriterPtr w, const IrsRunRecord *rec) {
  intptr_t n = rec->numSteps;
  intptr_t i = rec->failedStep - 1;
  xmlTextWriterStartElement(w, X("steps"));
  xmlTextWriterWriteFormatAttribute(w, X("count"), "%ld", (long)n);
  if (rec->failedStep > 0)
    xmlTextWriterWriteFormatAttribute(w, X("failed"), "%ld",
                                      (long)rec->failedStep);
  for (intptr_t k = 0; k < n; ++k) {
    xmlTextWriterStartElement(w, X("step"));
    xmlTextWriterWriteFormatAttribute(w, X("index"), "%ld", (long)(k + 1));
    irsXmlAttrRef(w, "pass", irsPipelineGetStepPassName(rec->pipeline, k));
    irsXmlAttrRef(w, "anchor", irsPipelineGetStepAnchor(rec->pipeline, k));
    IrsOutcome st = rec->failedStep <= 0       ? IrsOutcomeNotRun
                    : k < i                    ? IrsOutcomeOk
                    : k == i                   ? rec->deathKind
                    : rec->artifacts.results ? IrsOutcomeOk
                                               : IrsOutcomeNotRun;
    xmlTextWriterWriteAttribute(w, X("status"), X(irsOutcomeGetName(st)));
    irsXmlElemRef(w, "pipeline", irsPipelineGetStepText(rec->pipeline, k));
    xmlTextWriterEndElement(w);
  }
  xmlTextWriterEndElement(w);
}

int irsCrashReportWriteXml(xmlTextWriterPtr w, const IrsRunRecord *rec) {
  irsXmlWriteRunHeader(w, rec);
  writeFailure(w, rec);
  writeArtifacts(w, rec);
  writeSteps(w, rec);
  return 0;
}

// The record a driver's IrsCrashInfo describes: its header, and the death
// appended as a supervisor would (irsRunRecordSetDeath).
static bool recordOf(const IrsCrashInfo *c, IrsRunRecord *rec) {
  if (!irsRunRecordInit(rec, c->pipeline, &c->header))
    return false;
  rec->verifyEach = c->verifyEach;
  rec->threadingEnabled = c->threading;
  rec->dumpOnlyChanged = c->dumpOnlyChanged;
  rec->plugins = c->plugins;
  rec->inputOps = c->inputOps;
  rec->hasSeed = c->hasSeed;
  rec->seed = c->seed;
  if (c->inputDump && !(rec->inputDumpFile = irsStrDup(c->inputDump)))
    return false;
  IrsRecordDeath d = {c->signal,     c->signalName,       c->elapsedMs,
                      c->timeoutSec, c->memoryLimitBytes, c->peakRssKb,
                      c->stderrTail, c->symbolizer,       c->actionTrail,
                      c->located,    c->replays,          c->replayFailedStep};
  irsRunRecordSetDeath(rec, c->step, c->kind, &d);
  irsBufAppendStr(&rec->errMsg, c->message ? c->message : "");
  rec->artifacts.preStepIr = c->preStepIr;
  rec->artifacts.reproducer = c->reproducer;
  rec->artifacts.fullReproducer = c->fullReproducer;
  rec->artifacts.lastGoodDump = c->lastGoodDump;
  rec->artifacts.results = c->results;
  rec->artifacts.action = c->action;
  rec->artifacts.actionDiff = c->actionDiff;
  rec->artifacts.replayCommand = c->replayCommand;
  rec->artifacts.reproducerCommand = c->reproducerCommand;
  return !rec->errMsg.failed;
}

int irsCrashReportWrite(const IrsCrashInfo *c, const char *dir) {
  IrsRunRecord rec;
  int e = recordOf(c, &rec)
              ? irsRunRecordWrite(&rec, IrsRecordWriterCrashReport, dir)
              : ENOMEM;
  irsRunRecordFree(&rec);
  return e;
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
