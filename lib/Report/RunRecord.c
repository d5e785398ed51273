// SPDX-License-Identifier: Apache-2.0
//===- RunRecord.c - the record of one run and the table of its writers ---===//
//
// Keeping, resetting and freeing an IrsRunRecord, the few questions every
// runner asks it (the last good dump, where failure artefacts go), and
// irsRunRecordWrite, which hands the record to a writer of Writers.def.
//
//===----------------------------------------------------------------------===//
#include "RunRecord.h"
#include "XmlUtil.h"

#include "../Support/Fs.h"
#include "irscope/RunDir.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static bool dupOpt(char **dst, const char *src) {
  *dst = src ? irsStrDup(src) : NULL;
  return !src || *dst;
}

// The header's strings, copied: the record owns them (irsRunRecordFree).
static bool copyHeader(IrsRunHeader *dst, const IrsRunHeader *src) {
  const char *const from[] = {src->toolName, src->commandLine, src->inputPath,
                              src->inputHash, src->runTool};
  char *to[5] = {NULL, NULL, NULL, NULL, NULL};
  bool ok = true;
  for (int i = 0; i < 5 && ok; ++i)
    ok = dupOpt(&to[i], from[i]);
  *dst = (IrsRunHeader){to[0], to[1], to[2], to[3], to[4], src->chunk,
                        src->chunkLine};
  return ok;
}

bool irsRunRecordInit(IrsRunRecord *rec, IrsPipeline pipeline,
                      const IrsRunHeader *header) {
  memset(rec, 0, sizeof(*rec));
  rec->pipeline = pipeline;
  // The defaults of a pass manager's options (IrsVerifyOptions,
  // IrsPassManagerOptions); their setters change them.
  rec->verifyEach = true;
  rec->threadingEnabled = true;
  rec->numSteps = irsPipelineGetNumSteps(pipeline);
  rec->steps = calloc((size_t)(rec->numSteps ? rec->numSteps : 1),
                      sizeof(IrsRecordStep));
  if (!rec->steps)
    return false;
  for (intptr_t i = 0; i < rec->numSteps; ++i)
    irsRunRecordResetStep(rec, i);
  return copyHeader(&rec->header, header);
}

void irsRunRecordResetStep(IrsRunRecord *rec, intptr_t i) {
  IrsRecordStep *s = &rec->steps[i];
  free(s->diagCopies);
  free(s->dumpFile);
  free(s->failedHook);
  irsRewriteCountsFree(s->rewrites, s->numRewrites);
  free(s->rewritesXml);
  memset(s, 0, sizeof(*s));
  s->result.dumpFile = mlirStringRefCreate("", 0);
  s->result.failedHook = mlirStringRefCreate("", 0);
}

void irsRunRecordReset(IrsRunRecord *rec) {
  for (intptr_t i = 0; i < rec->numSteps; ++i)
    irsRunRecordResetStep(rec, i);
  irsBufReset(&rec->errMsg);
  free(rec->failureDirUsed);
  rec->failureDirUsed = NULL;
  free(rec->inputDumpFile);
  rec->inputDumpFile = NULL;
  rec->inputDumpHash[0] = '\0';
  rec->failedStep = 0;
  rec->runStatus = IRS_OK;
  rec->deathKind = IrsOutcomeNone;
  memset(&rec->death, 0, sizeof(rec->death));
  memset(&rec->repeat, 0, sizeof(rec->repeat));
  rec->interrupted = false;
  rec->totalWallMs = 0;
  memset(&rec->artifacts, 0, sizeof(rec->artifacts));
}

void irsRunRecordFree(IrsRunRecord *rec) {
  if (rec->steps)
    irsRunRecordReset(rec);
  free(rec->steps);
  free(rec->dumpDir);
  free(rec->failureDir);
  free(rec->verifyWith);
  free((char *)rec->header.toolName);
  free((char *)rec->header.commandLine);
  free((char *)rec->header.inputPath);
  free((char *)rec->header.inputHash);
  free((char *)rec->header.runTool);
  irsBufFree(&rec->errMsg);
  memset(rec, 0, sizeof(*rec));
}

void irsRunRecordSetFailedHook(IrsRunRecord *rec, intptr_t i,
                               const char *hook) {
  IrsRecordStep *s = &rec->steps[i];
  free(s->failedHook);
  s->failedHook = hook ? irsStrDup(hook) : NULL;
  s->result.failedHook = mlirStringRefCreateFromCString(
      s->failedHook ? s->failedHook : "");
}

void irsRunRecordSetRewrites(IrsRunRecord *rec, intptr_t i,
                             IrsRewriteCount *counts, size_t n) {
  IrsRecordStep *s = &rec->steps[i];
  irsRewriteCountsFree(s->rewrites, s->numRewrites);
  free(s->rewritesXml);
  s->rewrites = counts;
  s->numRewrites = n;
  s->counted = true;
  s->rewritesXml = irsXmlRenderRewrites(counts, n);
}

void irsRunRecordSetDumpFile(IrsRunRecord *rec, intptr_t i, const char *file) {
  IrsRecordStep *s = &rec->steps[i];
  free(s->dumpFile);
  s->dumpFile = file ? irsStrDup(file) : NULL;
  s->dumpHash[0] = '\0';
  s->result.dumpFile =
      mlirStringRefCreateFromCString(s->dumpFile ? s->dumpFile : "");
}

static void hashDump(const char *dir, const char *file, char hash[17]) {
  if (!file || hash[0])
    return;
  char *path = irsPathJoin(dir, file);
  if (path && irsHashFileHex(path, hash) != 0)
    hash[0] = '\0';
  free(path);
}

void irsRunRecordHashDumps(IrsRunRecord *rec) {
  if (!rec->dumpDir)
    return;
  hashDump(rec->dumpDir, rec->inputDumpFile, rec->inputDumpHash);
  for (intptr_t i = 0; i < rec->numSteps; ++i)
    if (!rec->steps[i].dumpPending)
      hashDump(rec->dumpDir, rec->steps[i].dumpFile, rec->steps[i].dumpHash);
}

void irsRunRecordSetDeath(IrsRunRecord *rec, intptr_t step, IrsOutcome kind,
                          const IrsRecordDeath *death) {
  rec->failedStep = step;
  rec->deathKind = kind;
  rec->death = *death;
}

const char *irsRunRecordLastGoodDump(const IrsRunRecord *rec, intptr_t i) {
  for (intptr_t last = i - 1; last >= 0; --last)
    if (rec->steps[last].dumpFile)
      return rec->steps[last].dumpFile;
  return rec->inputDumpFile;
}

// Picks (and creates) the directory for failure artefacts (RunDir.h).
static char *failureDirFor(const IrsRunRecord *rec, IrsBuf *err) {
  char *dir = NULL;
  int e = irsRunDirCreateFailureDir(rec->dumpDir ? rec->dumpDir
                                                 : rec->failureDir,
                                    &dir);
  if (e) {
    irsBufPrintf(err, "cannot create failure directory '%s': %s",
                 dir ? dir : "", strerror(e));
    free(dir);
    return NULL;
  }
  return dir;
}

char *irsRunRecordFailureDirOpen(IrsRunRecord *rec) {
  IrsBuf err = IRS_BUF_INIT;
  char *dir = failureDirFor(rec, &err);
  if (!dir) {
    irsBufAppendStr(&rec->errMsg, "; ");
    irsBufAppendRef(&rec->errMsg, irsBufRef(&err));
  }
  irsBufFree(&err);
  return dir;
}

//===----------------------------------------------------------------------===//
// The table
//===----------------------------------------------------------------------===//

typedef struct Writer {
  const char *root, *file;
  int (*fn)(xmlTextWriterPtr w, const IrsRunRecord *rec);
} Writer;

static const Writer writers[] = {
#define IRS_RECORD_WRITER(id, root, file, fn, what) {root, file, fn},
#include "Writers.def"
};

const char *irsRecordWriterGetFile(IrsRecordWriter which) {
  return which >= 0 && which < IrsRecordWriter_COUNT ? writers[which].file
                                                      : NULL;
}

int irsRunRecordWrite(const IrsRunRecord *rec, IrsRecordWriter which,
                      const char *dir) {
  if (which < 0 || which >= IrsRecordWriter_COUNT)
    return EINVAL;
  const Writer *wr = &writers[which];
  xmlBufferPtr buf;
  xmlTextWriterPtr w = irsXmlBegin(&buf, wr->root);
  if (!w)
    return ENOMEM;
  int e = wr->fn(w, rec);
  if (e) {
    xmlFreeTextWriter(w);
    xmlBufferFree(buf);
    return e;
  }
  xmlTextWriterEndElement(w);
  return irsXmlCommit(w, buf, dir, wr->file);
}
