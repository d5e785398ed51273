// SPDX-License-Identifier: Apache-2.0
//===- FailureWriter.c - the one writer of a failure directory ------------===//
//
// include/irscope/FailureWriter.h: the artefact table (names from RunDir.h,
// which ones are scripts), adding artefacts through a temporary renamed
// into place, and committing report.xml last, from a run record (the pass
// manager, lib/Tool) or from an IrsCrashInfo (a supervisor, a driver).
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "irscope/FailureWriter.h"

#include "IrFile.h"
#include "RunRecord.h"

#include "../Support/Fs.h"
#include "irscope/Diff.h"
#include "irscope/RunDir.h"

#include <assert.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct Artefact {
  const char *name;
  bool script; // made executable
} Artefact;

static const Artefact artefacts[IrsArtefact_COUNT] = {
    [IrsArtefactPreStepIr] = {IRS_RUN_DIR_PRE_STEP_IR, false},
    [IrsArtefactPostStepIr] = {IRS_RUN_DIR_POST_STEP_IR, false},
    [IrsArtefactReproducer] = {IRS_RUN_DIR_REPRODUCER, false},
    [IrsArtefactExpectedOutput] = {IRS_RUN_DIR_EXPECTED_OUTPUT, false},
    [IrsArtefactActualOutput] = {IRS_RUN_DIR_ACTUAL_OUTPUT, false},
    [IrsArtefactRunReproducer] = {IRS_RUN_DIR_RUN_REPRODUCER, true},
    [IrsArtefactActionBefore] = {IRS_RUN_DIR_ACTION_BEFORE, false},
    [IrsArtefactActionAfter] = {IRS_RUN_DIR_ACTION_AFTER, false},
    [IrsArtefactActionDiff] = {IRS_RUN_DIR_ACTION_DIFF, false},
    [IrsArtefactActionReplay] = {IRS_RUN_DIR_ACTION_REPLAY, true},
    [IrsArtefactFullReproducer] = {IRS_RUN_DIR_FULL_REPRODUCER, false},
};

typedef struct Writer {
  char *dir;
  IrsOutcome kind;
  bool added[IrsArtefact_COUNT];
  int firstErr; // the first artefact not added: its errno and which
  IrsArtefact firstErrWhich;
} Writer;

static Writer *unwrap(IrsFailureWriter w) { return (Writer *)w.ptr; }

static bool valid(IrsArtefact which) {
  return which >= 0 && which < IrsArtefact_COUNT;
}

const char *irsArtefactGetName(IrsArtefact which) {
  return valid(which) ? artefacts[which].name : NULL;
}

int irsFailureWriterOpen(const char *dir, IrsOutcome kind,
                         IrsFailureWriter *out) {
  out->ptr = NULL;
  Writer *w = calloc(1, sizeof(*w));
  if (!w || !(w->dir = irsStrDup(dir))) {
    free(w);
    return ENOMEM;
  }
  int e = irsMkdirP(dir);
  if (e) {
    free(w->dir);
    free(w);
    return e;
  }
  w->kind = kind;
  out->ptr = w;
  return 0;
}

const char *irsFailureWriterGetDir(IrsFailureWriter w) {
  return unwrap(w)->dir;
}

IrsOutcome irsFailureWriterGetKind(IrsFailureWriter w) {
  return unwrap(w)->kind;
}

bool irsFailureWriterHas(IrsFailureWriter w, IrsArtefact which) {
  return w.ptr && valid(which) && unwrap(w)->added[which];
}

int irsFailureWriterGetError(IrsFailureWriter h, char **path) {
  Writer *w = unwrap(h);
  *path = w->firstErr ? irsPathJoin(w->dir, artefacts[w->firstErrWhich].name)
                      : NULL;
  return w->firstErr;
}

char *irsFailureWriterGetPath(IrsFailureWriter w, IrsArtefact which) {
  return valid(which) ? irsPathJoin(unwrap(w)->dir, artefacts[which].name)
                      : NULL;
}

// Writes artefact `which` with `write` into a temporary sibling of its
// path, then renames it into place: a reader never sees half of it.
static int addVia(Writer *w, IrsArtefact which, IrsArtefactWriteFn write,
                  void *ud) {
  if (!valid(which))
    return EINVAL;
  w->added[which] = false;
  char *path = irsPathJoin(w->dir, artefacts[which].name);
  char *tmp = path ? irsRunDirTemporaryTemplate(path, NULL) : NULL;
  if (!tmp) {
    free(path);
    return ENOMEM;
  }
  int fd = mkstemp(tmp);
  int e = fd < 0 ? errno : 0;
  if (fd >= 0) {
    // mkstemp creates 0600; a writer that fills the file in place keeps
    // that mode, and artefacts are ordinary files: honour the umask.
    mode_t um = umask(0);
    umask(um);
    fchmod(fd, 0666 & ~um);
    close(fd);
  }
  if (!e)
    e = write(tmp, ud);
  if (!e && artefacts[which].script && chmod(tmp, 0755) != 0)
    e = errno;
  if (!e && rename(tmp, path) != 0)
    e = errno;
  if (e && fd >= 0)
    unlink(tmp);
  w->added[which] = !e;
  if (e && !w->firstErr) {
    w->firstErr = e;
    w->firstErrWhich = which;
  }
  free(tmp);
  free(path);
  return e;
}

int irsFailureWriterAddWith(IrsFailureWriter w, IrsArtefact which,
                            IrsArtefactWriteFn write, void *userData) {
  return addVia(unwrap(w), which, write, userData);
}

static int writeText(const char *path, void *ud) {
  const MlirStringRef *s = ud;
  return irsWriteFileAtomic(path, s->data ? s->data : "", s->length);
}

int irsFailureWriterAddText(IrsFailureWriter w, IrsArtefact which,
                            MlirStringRef text) {
  return addVia(unwrap(w), which, writeText, &text);
}

static int copyFile(const char *path, void *ud) {
  return irsCopyFileAtomic((const char *)ud, path);
}

int irsFailureWriterAddFile(IrsFailureWriter w, IrsArtefact which,
                            const char *from) {
  return addVia(unwrap(w), which, copyFile, (void *)from);
}

typedef struct ModuleArgs {
  MlirOperation module;
  bool generic, debugInfo, verified;
  // The reproducer's.
  MlirStringRef pipeline;
  bool disableThreading, verifyEach, hasSeed;
  IrsPlugins plugins;
  uint64_t seed;
} ModuleArgs;

static int printModule(const char *path, void *ud) {
  const ModuleArgs *m = ud;
  return irsDumpModule(m->module, path, m->generic, m->debugInfo, m->verified);
}

int irsFailureWriterAddModule(IrsFailureWriter w, IrsArtefact which,
                              MlirOperation module, bool generic,
                              bool debugInfo, bool verified) {
  ModuleArgs m = {.module = module,
                  .generic = generic,
                  .debugInfo = debugInfo,
                  .verified = verified};
  return addVia(unwrap(w), which, printModule, &m);
}

static int printReproducer(const char *path, void *ud) {
  const ModuleArgs *m = ud;
  return irsReproducerWriteSeeded(m->module, path, m->pipeline,
                                  m->disableThreading, m->verifyEach,
                                  m->plugins, m->hasSeed, m->seed);
}

int irsFailureWriterAddReproducer(IrsFailureWriter w, MlirOperation module,
                                  MlirStringRef pipeline, bool disableThreading,
                                  bool verifyEach, IrsPlugins plugins,
                                  bool hasSeed, uint64_t seed) {
  return irsFailureWriterAddReproducerAs(w, IrsArtefactReproducer, module,
                                         pipeline, disableThreading,
                                         verifyEach, plugins, hasSeed, seed);
}

int irsFailureWriterAddReproducerAs(IrsFailureWriter w, IrsArtefact which,
                                    MlirOperation module,
                                    MlirStringRef pipeline,
                                    bool disableThreading, bool verifyEach,
                                    IrsPlugins plugins, bool hasSeed,
                                    uint64_t seed) {
  ModuleArgs m = {.module = module,
                  .pipeline = pipeline,
                  .disableThreading = disableThreading,
                  .verifyEach = verifyEach,
                  .hasSeed = hasSeed,
                  .plugins = plugins,
                  .seed = seed};
  return addVia(unwrap(w), which, printReproducer, &m);
}

void irsFailureWriterAddAction(IrsFailureWriter w, IrsNarrowedAction *a,
                               MlirStringRef before, MlirStringRef after,
                               MlirStringCallback diff, void *userData) {
  MlirStringRef bo = before, ao = after;
  bool both = before.data && after.data;
  if (both)
    irsNarrowChangedTopLevelOp(before, after, &bo, &ao);
  const char *nb = artefacts[IrsArtefactActionBefore].name;
  const char *na = artefacts[IrsArtefactActionAfter].name;
  if (before.data && !irsFailureWriterAddText(w, IrsArtefactActionBefore, bo))
    a->before = nb;
  if (after.data && !irsFailureWriterAddText(w, IrsArtefactActionAfter, ao))
    a->after = na;
  IrsBuf d = IRS_BUF_INIT;
  if (both && irsStatusIsOk(irsDiffUnified(bo, ao, nb, na, 3,
                                           irsBufStringCallback, &d, NULL))) {
    if (diff)
      diff(irsBufRef(&d), userData);
    if (!d.failed &&
        !irsFailureWriterAddText(w, IrsArtefactActionDiff, irsBufRef(&d)))
      a->diff = artefacts[IrsArtefactActionDiff].name;
  }
  irsBufFree(&d);
}

//===----------------------------------------------------------------------===//
// Committing
//===----------------------------------------------------------------------===//

static const char *nameIf(const Writer *w, IrsArtefact which) {
  return w->added[which] ? artefacts[which].name : NULL;
}

static void destroy(Writer *w) {
  if (!w)
    return;
  free(w->dir);
  free(w);
}

// The record writer that documents a failure of `kind` (Writers.def): a
// death or a wrong result from the record's death section, two differing
// runs with their diff, any other failure of a step (a step status) from
// the steps.
static IrsRecordWriter writerFor(IrsOutcome kind) {
  if (irsOutcomeIsDeath(kind) || kind == IrsOutcomeWrongResult)
    return IrsRecordWriterCrashReport;
  if (kind == IrsOutcomeNondeterminism)
    return IrsRecordWriterNondeterminismReport;
  return IrsRecordWriterFailureReport;
}

int irsFailureWriterCommitRecord(IrsFailureWriter h, IrsRunRecord *rec,
                                 IrsRecordWriter which) {
  Writer *w = unwrap(h);
  assert(writerFor(w->kind) == which && "a report of another failure kind");
  (void)writerFor;
  IrsRecordArtifacts *a = &rec->artifacts;
  a->preStepIr = nameIf(w, IrsArtefactPreStepIr);
  a->postStepIr = nameIf(w, IrsArtefactPostStepIr);
  a->reproducer = nameIf(w, IrsArtefactReproducer);
  int e = irsRunRecordWrite(rec, which, w->dir);
  *a = (IrsRecordArtifacts){0};
  free(rec->failureDirUsed);
  rec->failureDirUsed = w->dir;
  w->dir = NULL;
  destroy(w);
  return e;
}

int irsFailureWriterCommitCrash(IrsFailureWriter h, const IrsCrashInfo *info) {
  Writer *w = unwrap(h);
  IrsCrashInfo c = *info;
  IrsResultsInfo r;
  c.preStepIr = nameIf(w, IrsArtefactPreStepIr);
  c.reproducer = nameIf(w, IrsArtefactReproducer);
  if (w->added[IrsArtefactFullReproducer])
    c.fullReproducer = artefacts[IrsArtefactFullReproducer].name;
  if (info->results) {
    r = *info->results;
    r.expectedFile = nameIf(w, IrsArtefactExpectedOutput);
    r.actualFile = nameIf(w, IrsArtefactActualOutput);
    r.postStepIr = nameIf(w, IrsArtefactPostStepIr);
    r.runReproducer = nameIf(w, IrsArtefactRunReproducer);
    c.results = &r;
  }
  int e = irsCrashReportWrite(&c, w->dir);
  destroy(w);
  return e;
}

void irsFailureWriterAbort(IrsFailureWriter h) {
  Writer *w = unwrap(h);
  if (!w)
    return;
  for (int k = 0; k < IrsArtefact_COUNT; ++k) {
    char *p = w->added[k] ? irsPathJoin(w->dir, artefacts[k].name) : NULL;
    if (p)
      unlink(p);
    free(p);
  }
  destroy(w);
}

void irsFailureWriterDetach(IrsFailureWriter h) { destroy(unwrap(h)); }

bool irsFailureWriterAdopt(IrsFailureWriter h, IrsArtefact which) {
  Writer *w = unwrap(h);
  if (!w || !valid(which))
    return false;
  char *p = irsPathJoin(w->dir, artefacts[which].name);
  w->added[which] = p && access(p, F_OK) == 0;
  free(p);
  return w->added[which];
}

int irsFailureWriterOpenForRecord(IrsRunRecord *rec, IrsOutcome kind,
                                  IrsFailureWriter *out) {
  out->ptr = NULL;
  char *dir = irsRunRecordFailureDirOpen(rec);
  if (!dir)
    return EIO;
  int e = irsFailureWriterOpen(dir, kind, out);
  free(dir);
  return e;
}
