// SPDX-License-Identifier: Apache-2.0
//===- XmlUtil.c - the pieces manifest.xml and report.xml share -----------===//
//
// Both documents describe steps the same way, so a <step> element means the
// same in both; docs/schema/*.xsd define them.
//
//===----------------------------------------------------------------------===//
#include "XmlUtil.h"

#include "../Support/Fs.h"

#include <errno.h>
#include <stdlib.h>

#define X(s) ((const xmlChar *)(s))

void irsXmlAttrRef(xmlTextWriterPtr w, const char *name, MlirStringRef v) {
  char *s = irsStrDupRef(v);
  xmlTextWriterWriteAttribute(w, X(name), X(s ? s : ""));
  free(s);
}

void irsXmlElemRef(xmlTextWriterPtr w, const char *name, MlirStringRef v) {
  char *s = irsStrDupRef(v);
  xmlTextWriterWriteElement(w, X(name), X(s ? s : ""));
  free(s);
}

static void writeDiag(xmlTextWriterPtr w, const char *elem,
                      const IrsDiagnostic *d) {
  xmlTextWriterStartElement(w, X(elem));
  xmlTextWriterWriteAttribute(w, X("severity"),
                              X(irsSeverityGetName(d->severity)));
  irsXmlAttrRef(w, "location", d->location);
  irsXmlElemRef(w, "message", d->message);
  for (intptr_t k = 0; k < d->numNotes; ++k)
    writeDiag(w, "note", &d->notes[k]);
  xmlTextWriterEndElement(w);
}

void irsXmlWriteDiagnostics(xmlTextWriterPtr w, const IrsDiagnostic *d,
                            intptr_t n) {
  xmlTextWriterStartElement(w, X("diagnostics"));
  for (intptr_t i = 0; i < n; ++i)
    writeDiag(w, "diagnostic", &d[i]);
  xmlTextWriterEndElement(w);
}

void irsXmlWriteStep(xmlTextWriterPtr w, const IrsRunRecord *rec, intptr_t i) {
  const IrsStepResult *r = &rec->steps[i].result;
  IrsPipeline p = rec->pipeline;
  xmlTextWriterStartElement(w, X("step"));
  xmlTextWriterWriteFormatAttribute(w, X("index"), "%ld", (long)(i + 1));
  irsXmlAttrRef(w, "pass", irsPipelineGetStepPassName(p, i));
  irsXmlAttrRef(w, "anchor", irsPipelineGetStepAnchor(p, i));
  bool died = rec->deathKind != IrsOutcomeNone && i == rec->failedStep - 1;
  // The step an interrupt stopped is not "not-run": it says so, with how
  // long it ran, as one whose worker died does.
  bool stopped = rec->interrupted && i == rec->failedStep - 1 &&
                 r->status == IrsStepNotRun;
  xmlTextWriterWriteAttribute(
      w, X("status"),
      X(died ? irsOutcomeGetName(rec->deathKind)
             : stopped ? irsOutcomeGetName(IrsOutcomeInterrupted)
                       : irsStepStatusGetName(r->status)));
  if (r->status != IrsStepNotRun) {
    xmlTextWriterWriteAttribute(w, X("changed"), X(r->changed ? "true" : "false"));
  }
  if (stopped && rec->death.elapsedMs > 0)
    xmlTextWriterWriteFormatAttribute(w, X("elapsed-ms"), "%.3f",
                                      rec->death.elapsedMs);
  irsXmlElemRef(w, "pipeline", irsPipelineGetStepText(p, i));
  MlirStringRef opts = irsPipelineGetStepPassOptions(p, i);
  if (opts.length)
    irsXmlElemRef(w, "options", opts);
  if (r->status != IrsStepNotRun) {
    xmlTextWriterStartElement(w, X("dump"));
    if (r->dumpFile.length) {
      irsXmlAttrRef(w, "file", r->dumpFile);
      if (rec->steps[i].dumpPending)
        xmlTextWriterWriteAttribute(w, X("pending"), X("true"));
      else if (rec->steps[i].dumpHash[0])
        xmlTextWriterWriteAttribute(w, X("hash"), X(rec->steps[i].dumpHash));
    }
    else
      xmlTextWriterWriteAttribute(
          w, X("skipped"),
          X(r->status != IrsStepOk ? "failed"
            : rec->steps[i].dumpUnwritten ? "unwritten"
            : (rec->dumpOnlyChanged && !r->changed) ? "unchanged"
                                                        : "disabled"));
    xmlTextWriterEndElement(w);
    // Unknown (-1) when irscope did not parse the module (lib/Tool).
    if (r->opsBefore >= 0 && r->opsAfter >= 0) {
      xmlTextWriterStartElement(w, X("ops"));
      xmlTextWriterWriteFormatAttribute(w, X("before"), "%lld",
                                        (long long)r->opsBefore);
      xmlTextWriterWriteFormatAttribute(w, X("after"), "%lld",
                                        (long long)r->opsAfter);
      xmlTextWriterEndElement(w);
    }
    xmlTextWriterStartElement(w, X("time"));
    xmlTextWriterWriteFormatAttribute(w, X("wall-ms"), "%.3f", r->wallMs);
    xmlTextWriterWriteFormatAttribute(w, X("cpu-ms"), "%.3f", r->cpuMs);
    xmlTextWriterEndElement(w);
    xmlTextWriterStartElement(w, X("memory"));
    xmlTextWriterWriteFormatAttribute(w, X("peak-rss-kb"), "%lld",
                                      (long long)r->peakRssKb);
    xmlTextWriterEndElement(w);
    xmlTextWriterStartElement(w, X("verifier"));
    xmlTextWriterWriteAttribute(
        w, X("result"),
        X(!r->verified ? "skipped" : r->verifierOk ? "ok" : "failed"));
    if (r->failedHook.length)
      irsXmlAttrRef(w, "failed-hook", r->failedHook);
    xmlTextWriterEndElement(w);
    irsXmlWriteDiagnostics(w, r->diagnostics, r->numDiagnostics);
    irsXmlWriteRewrites(w, &rec->steps[i]);
  }
  xmlTextWriterEndElement(w);
}

void irsXmlWriteRewrites(xmlTextWriterPtr w, const IrsRecordStep *s) {
  if (!s->counted)
    return;
  if (s->rewritesXml) {
    xmlTextWriterWriteRaw(w, X(s->rewritesXml));
    return;
  }
  int64_t applications = 0;
  for (size_t k = 0; k < s->numRewrites; ++k)
    if (s->rewrites[k].kind == IrsRewritePattern)
      applications += s->rewrites[k].count;
  xmlTextWriterStartElement(w, X("rewrites"));
  xmlTextWriterWriteFormatAttribute(w, X("applications"), "%lld",
                                    (long long)applications);
  for (size_t k = 0; k < s->numRewrites; ++k) {
    const IrsRewriteCount *c = &s->rewrites[k];
    bool pattern = c->kind == IrsRewritePattern;
    xmlTextWriterStartElement(w, X(pattern ? "pattern" : "pass"));
    xmlTextWriterWriteAttribute(w, X("name"), X(c->name));
    xmlTextWriterWriteFormatAttribute(w, X(pattern ? "count" : "ops"), "%lld",
                                      (long long)c->count);
    xmlTextWriterEndElement(w);
  }
  xmlTextWriterEndElement(w);
}

void irsXmlStartRunHeader(xmlTextWriterPtr w, const IrsRunHeader *header) {
  const char *toolName = header->toolName, *commandLine = header->commandLine,
             *inputPath = header->inputPath, *inputHash = header->inputHash;
  xmlTextWriterStartElement(w, X("tool"));
  xmlTextWriterWriteAttribute(w, X("name"), X(toolName ? toolName : "irscope"));
  xmlTextWriterWriteAttribute(w, X("version"), X(irsGetVersion()));
  xmlTextWriterWriteAttribute(w, X("mlir-version"), X(irsGetMlirVersion()));
  xmlTextWriterEndElement(w);
  if (commandLine)
    xmlTextWriterWriteElement(w, X("command-line"), X(commandLine));
  if (header->runTool)
    xmlTextWriterWriteElement(w, X("run-tool"), X(header->runTool));
  xmlTextWriterStartElement(w, X("input"));
  if (inputPath)
    xmlTextWriterWriteAttribute(w, X("path"), X(inputPath));
  if (inputHash) {
    xmlTextWriterWriteAttribute(w, X("hash"), X(inputHash));
    xmlTextWriterWriteAttribute(w, X("hash-algorithm"), X("fnv1a-64"));
  }
  if (header->chunk > 0) {
    xmlTextWriterWriteFormatAttribute(w, X("chunk"), "%lld",
                                      (long long)header->chunk);
    xmlTextWriterWriteFormatAttribute(w, X("line"), "%lld",
                                      (long long)header->chunkLine);
  }
}

void irsXmlWriteRunHeader(xmlTextWriterPtr w, const IrsRunRecord *rec) {
  irsXmlStartRunHeader(w, &rec->header);
  if (rec->inputOps >= 0)
    xmlTextWriterWriteFormatAttribute(w, X("ops"), "%lld",
                                      (long long)rec->inputOps);
  if (rec->inputDumpFile)
    xmlTextWriterWriteAttribute(w, X("dump"), X(rec->inputDumpFile));
  if (rec->inputDumpFile && rec->inputDumpHash[0])
    xmlTextWriterWriteAttribute(w, X("dump-hash"), X(rec->inputDumpHash));
  xmlTextWriterEndElement(w);
  irsXmlElemRef(w, "pipeline", irsPipelineGetText(rec->pipeline));
  xmlTextWriterStartElement(w, X("settings"));
  xmlTextWriterWriteAttribute(w, X("verify-each"),
                              X(rec->verifyEach ? "true" : "false"));
  xmlTextWriterWriteAttribute(w, X("threading"),
                              X(rec->threadingEnabled ? "true" : "false"));
  xmlTextWriterWriteAttribute(w, X("dump-only-changed"),
                              X(rec->dumpOnlyChanged ? "true" : "false"));
  if (rec->verifyWith)
    xmlTextWriterWriteAttribute(w, X("verify-with"), X(rec->verifyWith));
  // Only when given (--seed): the run's random choices can be replayed.
  if (rec->hasSeed)
    xmlTextWriterWriteFormatAttribute(w, X("seed"), "%llu",
                                      (unsigned long long)rec->seed);
  xmlTextWriterEndElement(w);
  irsXmlWritePlugins(w, rec->plugins);
}

void irsXmlWritePlugins(xmlTextWriterPtr w, IrsPlugins plugins) {
  intptr_t n = irsPluginsGetNum(plugins);
  if (!n)
    return;
  xmlTextWriterStartElement(w, X("plugins"));
  for (intptr_t i = 0; i < n; ++i) {
    xmlTextWriterStartElement(w, X("plugin"));
    xmlTextWriterWriteAttribute(
        w, X("kind"), X(irsPluginKindGetName(irsPluginsGetKind(plugins, i))));
    irsXmlAttrRef(w, "path", irsPluginsGetPath(plugins, i));
    irsXmlAttrRef(w, "name", irsPluginsGetName(plugins, i));
    irsXmlAttrRef(w, "version", irsPluginsGetVersion(plugins, i));
    xmlTextWriterEndElement(w);
  }
  xmlTextWriterEndElement(w);
}

void irsXmlWriteSteps(xmlTextWriterPtr w, const IrsRunRecord *rec,
                      intptr_t failed) {
  xmlTextWriterStartElement(w, X("steps"));
  xmlTextWriterWriteFormatAttribute(w, X("count"), "%ld", (long)rec->numSteps);
  if (failed > 0)
    xmlTextWriterWriteFormatAttribute(w, X("failed"), "%ld", (long)failed);
  for (intptr_t k = 0; k < rec->numSteps; ++k)
    irsXmlWriteStep(w, rec, k);
  xmlTextWriterEndElement(w);
}

void irsXmlStartFailure(xmlTextWriterPtr w, const IrsRunRecord *rec,
                        const char *kind, intptr_t i) {
  xmlTextWriterStartElement(w, X("failure"));
  xmlTextWriterWriteAttribute(w, X("kind"), X(kind));
  xmlTextWriterWriteFormatAttribute(w, X("step"), "%ld", (long)(i + 1));
  irsXmlAttrRef(w, "pass", irsPipelineGetStepPassName(rec->pipeline, i));
  irsXmlAttrRef(w, "anchor", irsPipelineGetStepAnchor(rec->pipeline, i));
}

void irsXmlStartFileElem(xmlTextWriterPtr w, const char *elem,
                         const char *file) {
  xmlTextWriterStartElement(w, X(elem));
  xmlTextWriterWriteAttribute(w, X("file"), X(file));
}

xmlTextWriterPtr irsXmlBegin(xmlBufferPtr *buf, const char *root) {
  *buf = xmlBufferCreate();
  if (!*buf)
    return NULL;
  xmlTextWriterPtr w = xmlNewTextWriterMemory(*buf, 0);
  if (!w) {
    xmlBufferFree(*buf);
    *buf = NULL;
    return NULL;
  }
  xmlTextWriterSetIndent(w, 1);
  xmlTextWriterSetIndentString(w, X("  "));
  xmlTextWriterStartDocument(w, NULL, "UTF-8", NULL);
  xmlTextWriterStartElement(w, X(root));
  xmlTextWriterWriteAttribute(w, X("version"), X("1"));
  return w;
}

int irsXmlCommit(xmlTextWriterPtr w, xmlBufferPtr buf, const char *dir,
                 const char *name) {
  int rc = xmlTextWriterEndDocument(w);
  xmlFreeTextWriter(w);
  if (rc < 0) {
    xmlBufferFree(buf);
    return ENOMEM;
  }
  char *path = irsPathJoin(dir, name);
  int e = path ? irsWriteFileAtomic(path, xmlBufferContent(buf),
                                    (size_t)xmlBufferLength(buf))
               : ENOMEM;
  free(path);
  xmlBufferFree(buf);
  return e;
}

void irsXmlEndArtifacts(xmlTextWriterPtr w, const IrsRunRecord *rec,
                        intptr_t i) {
  const IrsRecordArtifacts *a = &rec->artifacts;
  if (a->reproducer) {
    irsXmlStartFileElem(w, "reproducer", a->reproducer);
    irsXmlAttrRef(w, "pipeline", irsPipelineGetStepText(rec->pipeline, i));
    xmlTextWriterEndElement(w);
  }
  irsXmlWriteReplayCommands(w, a);
  xmlTextWriterEndElement(w);
  irsXmlWriteSteps(w, rec, i + 1);
}

void irsXmlWriteReplayCommands(xmlTextWriterPtr w,
                               const IrsRecordArtifacts *a) {
  if (a->replayCommand)
    xmlTextWriterWriteElement(w, X("replay-command"), X(a->replayCommand));
  if (a->reproducerCommand)
    xmlTextWriterWriteElement(w, X("reproducer-command"),
                              X(a->reproducerCommand));
}

void irsXmlStartArtifacts(xmlTextWriterPtr w, const IrsRunRecord *rec,
                          const char *postForm) {
  const IrsRecordArtifacts *a = &rec->artifacts;
  xmlTextWriterStartElement(w, X("artifacts"));
  if (a->preStepIr) {
    irsXmlStartFileElem(w, "pre-step-ir", a->preStepIr);
    xmlTextWriterEndElement(w);
  }
  if (a->postStepIr) {
    irsXmlStartFileElem(w, "post-step-ir", a->postStepIr);
    xmlTextWriterWriteAttribute(w, X("form"), X(postForm));
    xmlTextWriterEndElement(w);
  }
}

void irsXmlWriteActionRecord(xmlTextWriterPtr w, const IrsActionRecord *r,
                             bool inFlight) {
  xmlTextWriterStartElement(w, X("action"));
  xmlTextWriterWriteAttribute(w, X("tag"), X(r->tag));
  xmlTextWriterWriteAttribute(w, X("name"), X(r->name));
  // A repeat's count stands for its index: it is many actions.
  if (r->index > 0 && (inFlight || r->count <= 0))
    xmlTextWriterWriteFormatAttribute(w, X("index"), "%lld",
                                      (long long)r->index);
  if (r->opName[0])
    xmlTextWriterWriteAttribute(w, X("op"), X(r->opName));
  if (r->file[0] && r->line)
    xmlTextWriterWriteFormatAttribute(w, X("loc"), "%s:%u:%u", r->file,
                                      r->line, r->column);
  else if (r->file[0])
    xmlTextWriterWriteAttribute(w, X("loc"), X(r->file));
  if (inFlight)
    xmlTextWriterWriteAttribute(w, X("in-flight"), X("true"));
  else if (r->count > 0)
    xmlTextWriterWriteFormatAttribute(w, X("times"), "%lld",
                                      (long long)r->count);
  xmlTextWriterEndElement(w);
}
