// SPDX-License-Identifier: Apache-2.0
//===- RepeatReport.c - repeat.xml: how often a pipeline fails ------------===//
//
// The machine-readable summary of irscope-opt --repeat: how many runs, how
// many failed, the rate and its 95% Wilson interval, failures per step and
// kind, and one element per distinct failure signature with the directory
// holding the artefacts of its first occurrence. A function of the run
// record (Writers.def): its header and its repeat section, which
// irsRepeatReportWrite (Flake.h) fills from a driver's IrsRepeatSummary.
// Schema: docs/schema/repeat.xsd.
//
//===----------------------------------------------------------------------===//
#include "XmlUtil.h"
#include "irscope/Flake.h"
#include "irscope/Outcome.h"
#include "irscope/Report.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define X(s) ((const xmlChar *)(s))

static void writeRate(xmlTextWriterPtr w, int64_t failures, int64_t runs) {
  IrsRateInterval r = irsWilsonInterval(failures, runs, IRS_Z95);
  xmlTextWriterWriteFormatAttribute(w, X("failures"), "%lld",
                                    (long long)failures);
  xmlTextWriterWriteFormatAttribute(w, X("rate"), "%.6f", r.rate);
  xmlTextWriterWriteFormatAttribute(w, X("ci-low"), "%.6f", r.lower);
  xmlTextWriterWriteFormatAttribute(w, X("ci-high"), "%.6f", r.upper);
}

static void writeBool(xmlTextWriterPtr w, const char *name, bool v) {
  xmlTextWriterWriteAttribute(w, X(name), X(v ? "true" : "false"));
}

static void writeRuns(xmlTextWriterPtr w, const IrsRunRecord *rec) {
  const IrsRecordRepeat *s = &rec->repeat;
  xmlTextWriterStartElement(w, X("runs"));
  xmlTextWriterWriteFormatAttribute(w, X("requested"), "%lld",
                                    (long long)s->requestedRuns);
  xmlTextWriterWriteFormatAttribute(w, X("done"), "%lld", (long long)s->runs);
  writeBool(w, "stopped-early", s->stoppedEarly);
  writeBool(w, "interrupted", s->interrupted);
  writeBool(w, "threading", rec->threadingEnabled);
  writeBool(w, "verify-each", rec->verifyEach);
  xmlTextWriterWriteFormatAttribute(w, X("max-threads"), "%d", s->maxThreads);
  xmlTextWriterWriteFormatAttribute(w, X("mean-run-ms"), "%.3f", s->meanRunMs);
  if (rec->hasSeed) {
    xmlTextWriterWriteFormatAttribute(w, X("seed"), "%llu",
                                      (unsigned long long)rec->seed);
    writeBool(w, "seed-drawn", s->seedDrawn);
  }
  xmlTextWriterEndElement(w);

  if (s->shard > 0) {
    xmlTextWriterStartElement(w, X("shard"));
    xmlTextWriterWriteFormatAttribute(w, X("index"), "%ld", (long)s->shard);
    xmlTextWriterWriteFormatAttribute(w, X("count"), "%ld",
                                      (long)s->numShards);
    xmlTextWriterWriteFormatAttribute(w, X("total-runs"), "%lld",
                                      (long long)s->totalRuns);
    xmlTextWriterWriteFormatAttribute(w, X("first-run"), "%lld",
                                      (long long)s->firstRun);
    xmlTextWriterEndElement(w);
  }

  xmlTextWriterStartElement(w, X("failure-rate"));
  writeRate(w, s->failures, s->runs);
  xmlTextWriterWriteAttribute(w, X("confidence"), X("0.95"));
  xmlTextWriterWriteAttribute(w, X("method"), X("wilson"));
  xmlTextWriterEndElement(w);
}

// Whether signature `j` failed in step `step` with kind `kind`.
static bool isStepKind(const IrsRecordRepeat *s, intptr_t j, intptr_t step,
                       IrsOutcome kind) {
  return s->signatures[j].step == step && s->signatures[j].kind == kind;
}

// One <kind> per distinct kind of step `i`'s signatures, in order of first
// appearance.
static void writeStepKinds(xmlTextWriterPtr w, const IrsRecordRepeat *s,
                           intptr_t i) {
  for (intptr_t k = 0; k < s->numSignatures; ++k) {
    const IrsRepeatSignature *g = &s->signatures[k];
    IrsOutcome kind = g->kind;
    if (g->step != i)
      continue;
    bool seen = false;
    for (intptr_t j = 0; j < k && !seen; ++j)
      seen = isStepKind(s, j, i, kind);
    if (seen)
      continue;
    int64_t c = 0;
    for (intptr_t j = k; j < s->numSignatures; ++j)
      if (isStepKind(s, j, i, kind))
        c += s->signatures[j].count;
    xmlTextWriterStartElement(w, X("kind"));
    xmlTextWriterWriteAttribute(w, X("name"), X(irsOutcomeGetName(g->kind)));
    xmlTextWriterWriteFormatAttribute(w, X("count"), "%lld", (long long)c);
    xmlTextWriterEndElement(w);
  }
}

// Per step: the failures attributed to it, by kind. Step 0 collects
// failures no step could be named for.
static void writeSteps(xmlTextWriterPtr w, const IrsRunRecord *rec) {
  const IrsRecordRepeat *s = &rec->repeat;
  IrsPipeline p = rec->pipeline;
  intptr_t n = irsPipelineGetNumSteps(p);
  xmlTextWriterStartElement(w, X("steps"));
  xmlTextWriterWriteFormatAttribute(w, X("count"), "%ld", (long)n);
  for (intptr_t i = 0; i <= n; ++i) {
    int64_t total = 0;
    for (intptr_t k = 0; k < s->numSignatures; ++k)
      if (s->signatures[k].step == i)
        total += s->signatures[k].count;
    if (i == 0 && total == 0)
      continue;
    xmlTextWriterStartElement(w, X("step"));
    xmlTextWriterWriteFormatAttribute(w, X("index"), "%ld", (long)i);
    if (i > 0) {
      irsXmlAttrRef(w, "pass", irsPipelineGetStepPassName(p, i - 1));
      irsXmlAttrRef(w, "anchor", irsPipelineGetStepAnchor(p, i - 1));
    }
    writeRate(w, total, s->runs);
    writeStepKinds(w, s, i);
    xmlTextWriterEndElement(w);
  }
  xmlTextWriterEndElement(w);
}

// What tells a crash from another of the same signal, step and message:
// its site, its abort line and its frames, as the signature compared them.
static void writeCrash(xmlTextWriterPtr w, const IrsRepeatSignature *g) {
  const IrsCrashIdentity *id = g->crash;
  if (!g->site && !id)
    return;
  xmlTextWriterStartElement(w, X("crash"));
  if (g->site && *g->site)
    xmlTextWriterWriteAttribute(w, X("site"), X(g->site));
  if (g->siteCaller && *g->siteCaller)
    xmlTextWriterWriteAttribute(w, X("site-caller"), X(g->siteCaller));
  if (id && id->abortLine[0])
    xmlTextWriterWriteElement(w, X("abort-line"), X(id->abortLine));
  for (int k = 0; id && k < id->numFrames; ++k) {
    xmlTextWriterStartElement(w, X("frame"));
    if ((id->addressOnly >> k) & 1u)
      writeBool(w, "address-only", true);
    xmlTextWriterWriteString(w, X(id->frames[k]));
    xmlTextWriterEndElement(w);
  }
  xmlTextWriterEndElement(w);
}

static void writeSignature(xmlTextWriterPtr w, const IrsRepeatSignature *g,
                           intptr_t id) {
  xmlTextWriterStartElement(w, X("signature"));
  xmlTextWriterWriteFormatAttribute(w, X("id"), "%ld", (long)id);
  xmlTextWriterWriteAttribute(w, X("kind"), X(irsOutcomeGetName(g->kind)));
  if (g->signal > 0) {
    xmlTextWriterWriteFormatAttribute(w, X("signal"), "%d", g->signal);
    if (g->signalName)
      xmlTextWriterWriteAttribute(w, X("signal-name"), X(g->signalName));
  }
  xmlTextWriterWriteFormatAttribute(w, X("step"), "%ld", (long)g->step);
  if (g->pass)
    xmlTextWriterWriteAttribute(w, X("pass"), X(g->pass));
  xmlTextWriterWriteFormatAttribute(w, X("count"), "%lld",
                                    (long long)g->count);
  xmlTextWriterWriteFormatAttribute(w, X("first-run"), "%lld",
                                    (long long)g->firstRun);
  if (g->hasRunSeed)
    xmlTextWriterWriteFormatAttribute(w, X("run-seed"), "%llu",
                                      (unsigned long long)g->runSeed);
  if (g->artifacts)
    xmlTextWriterWriteAttribute(w, X("artifacts"), X(g->artifacts));
  if (g->shard > 0)
    xmlTextWriterWriteFormatAttribute(w, X("shard"), "%ld", (long)g->shard);
  xmlTextWriterWriteElement(w, X("message"), X(g->message ? g->message : ""));
  writeCrash(w, g);
  xmlTextWriterEndElement(w);
}

int irsRepeatReportWriteXml(xmlTextWriterPtr w, const IrsRunRecord *rec) {
  const IrsRecordRepeat *s = &rec->repeat;
  irsXmlStartRunHeader(w, &rec->header);
  xmlTextWriterEndElement(w);
  irsXmlElemRef(w, "pipeline", irsPipelineGetText(rec->pipeline));
  writeRuns(w, rec);
  writeSteps(w, rec);
  xmlTextWriterStartElement(w, X("signatures"));
  xmlTextWriterWriteFormatAttribute(w, X("count"), "%ld",
                                    (long)s->numSignatures);
  for (intptr_t k = 0; k < s->numSignatures; ++k)
    writeSignature(w, &s->signatures[k], k + 1);
  xmlTextWriterEndElement(w);
  return 0;
}

int irsRepeatReportWrite(const IrsRepeatSummary *s, const char *dir) {
  IrsRunRecord rec;
  int e = ENOMEM;
  if (irsRunRecordInit(&rec, s->pipeline, &s->header)) {
    rec.threadingEnabled = s->threading;
    rec.verifyEach = s->verifyEach;
    rec.hasSeed = s->hasSeed;
    rec.seed = s->seed;
    rec.repeat = (IrsRecordRepeat){.requestedRuns = s->requestedRuns,
                                   .runs = s->runs,
                                   .failures = s->failures,
                                   .stoppedEarly = s->stoppedEarly,
                                   .interrupted = s->interrupted,
                                   .seedDrawn = s->seedDrawn,
                                   .maxThreads = s->maxThreads,
                                   .meanRunMs = s->meanRunMs,
                                   .numSignatures = s->numSignatures,
                                   .signatures = s->signatures,
                                   .shard = s->shard,
                                   .numShards = s->numShards,
                                   .totalRuns = s->totalRuns,
                                   .firstRun = s->firstRun};
    e = irsRunRecordWrite(&rec, IrsRecordWriterRepeatReport, dir);
  }
  irsRunRecordFree(&rec);
  return e;
}
