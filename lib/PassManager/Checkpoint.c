// SPDX-License-Identifier: Apache-2.0
//===- Checkpoint.c - instrumentation inside the pipeline's own schedule --===//
//
// A stepwise run gives each step its own pass manager and does the checks
// between steps on one thread: `func.func(canonicalize,cse)` then no longer
// runs both passes on a function while it is hot in cache, and MLIR's
// threads wait while the module is verified, fingerprinted and printed.
// Here the pipeline runs as mlir-opt schedules it, in one pass manager, with
// a checkpoint pass (an external pass) after each step at the step's own
// nesting:
//
//   builtin.module(open, func.func(start, canonicalize, cp1, cse, cp2),
//                  close, inline, cp3, ...)
//
// On each function, the worker thread that just ran canonicalize times it
// (wall and thread CPU), verifies the function (--verify-each, as MLIR's
// own verifier does after a nested pass), fingerprints it and prints it
// when it changed, in parallel across functions. `close`, on the module,
// turns the per-function results into the steps' results and stitches each
// step's module dump from the per-function texts (StitchedDump.c); a step
// on the module itself is checked and dumped by its checkpoint as in a
// stepwise run.
//
// Only a run that does not dump keeps a nested group of steps fused as
// above (--verify-each then verifies each changed function between the
// group's steps on its thread, as MLIR's verifier does, and the whole
// module at the group's close). One that dumps gives each nested step a
// group of its own, `open,
// func.func(start, s1, cp1), close, open, func.func(start, s2, cp2), close`:
// its close runs on the module once every function has finished the step
// and before any starts the next, so the dumps and the manifest on disk
// when a later step crashes are the stepwise run's, a crash is announced in
// its own step, and --verify-each checks the module itself (its symbol
// table and the symbol uses in it: what a function's own verifier never
// sees) after every step that changed a function, as MLIR's verifier does
// after a nested pass; the changed functions were verified on their
// threads. The functions are
// still run, fingerprinted and printed in parallel on MLIR's threads. Per-function results go to one row per top-level op (made
// by `open`, found through a read-only index), which only the thread
// running that op writes: no locks.
//
// Timing of a nested step: its CPU time is the sum of the threads' CPU time
// in its pass over all ops; its wall time is the group's elapsed time
// (open to close) split between the group's steps in proportion to the
// thread time each step's pass took (so wall times still add up to the
// run's). A step on the module gets the time since the previous checkpoint.
//
// Diagnostics are shown as they come, as in a plain run, and each is
// attributed to the step that emitted it: every diagnostic the capture
// receives is stamped with the step announced last (a module-level step,
// or a group of one step, which closes before the next step starts).
// MLIR's threads do not deliver theirs when they emit them: the parallel
// loop over the ops buffers them and delivers them in op order when it
// ends (ParallelDiagnosticHandler, mlir/IR/Threading.h). A group of several
// steps therefore has each op's checkpoints emit a step marker into that
// same stream (`start`: the group's first step; after step s: step s + 1),
// which the capture swallows and which stamps what follows it. Each step's
// result takes the diagnostics stamped with its index, before its manifest
// is written. So no pass runs twice because something spoke.
//
// Whatever this run cannot document exactly (a pass or verifier failure,
// a dump it could not write, a diagnostic irscope's own pass added to the
// capture from one of MLIR's threads inside a fused group, bypassing the
// markers) makes the caller replay the pipeline stepwise on the input
// (Run.c), which documents it exactly as before; the replay shows only the
// diagnostics of steps this run did not reach. A dump that cannot be
// stitched (aliases) is printed whole when its step closes on the module.
// A crash is documented by the supervisor's own replay, as for an
// uninstrumented run; the dumps and manifest of the groups that completed
// are on disk by then.
//
//===----------------------------------------------------------------------===//
#include "CheckpointImpl.h"
#include "Fingerprint.h"
#include "StitchedDump.h"

#include "../Support/DiagnosticsImpl.h"
#include "../Support/Fs.h"
#include "irscope/Narrow.h"
#include "irscope/RunDir.h"

#include <mlir-c/Diagnostics.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>


static int64_t peakRss(void) {
  struct rusage ru;
  return getrusage(RUSAGE_SELF, &ru) == 0 ? (int64_t)ru.ru_maxrss : 0;
}

static size_t hashOp(const void *p) {
  uint64_t x = (uint64_t)(uintptr_t)p;
  x ^= x >> 29;
  x *= 0xbf58476d1ce4e5b9ull;
  return (size_t)(x ^ (x >> 32));
}

static CpRow *findRow(IrsCheckpointRun *r, MlirOperation op, size_t *row) {
  if (!r->index)
    return NULL;
  for (size_t h = hashOp(op.ptr) & r->mask;; h = (h + 1) & r->mask) {
    size_t v = r->index[h];
    if (v == 0)
      return NULL;
    if (r->rows[v - 1].op.ptr == op.ptr) {
      *row = v - 1;
      return &r->rows[v - 1];
    }
  }
}

void irsCpFreeGroup(IrsCheckpointRun *r) {
  size_t ng = (size_t)(r->last - r->first);
  for (size_t i = 0; r->cells && i < r->numRows * ng; ++i)
    free(r->cells[i].own);
  for (size_t i = 0; r->rows && i < r->numRows; ++i)
    free(r->rows[i].own);
  free(r->cells);
  free(r->rows);
  free(r->index);
  free(r->done);
  free(r->completed);
  r->cells = NULL;
  r->rows = NULL;
  r->index = NULL;
  r->done = NULL;
  r->completed = NULL;
  r->numRows = 0;
}

//===----------------------------------------------------------------------===//
// On each op of a nested group (MLIR's worker threads)
//===----------------------------------------------------------------------===//

static void completeGroupStep(IrsCheckpointRun *r, intptr_t s);

// Tells onStep that step `next` (0-based) is the one running now, as a
// stepwise run does, so the run's log holds every step done before it. A
// nested step of a group of several is then announced as step 0 (the whole
// pipeline): its functions are in different steps at once, so on a crash
// the supervisor locates the step by replay, as for an uninstrumented run.
void irsCpAnnounce(IrsCheckpointRun *r, intptr_t next) {
  IrsPassManagerImpl *pm = r->pm;
  // Diagnostics delivered from now on come from step `next`: those of a
  // nested group's threads are delivered on this thread in MLIR's order,
  // before the group's close announces the step after it.
  irsDiagnosticCaptureSetStep(pm->capture, next < pm->numSteps ? next + 1 : 0);
  if (next < pm->numSteps && next + 1 > r->reached)
    r->reached = next + 1;
  if (r->begun >= 0)
    irsPmStepEnd(pm, r->begun);
  r->begun = -1;
  // A write at the step's end that failed (the manifest's rewrite with the
  // step's rewrite counts) ends the run before the next step: a worker
  // that dies in that step would take the error with it.
  if (pm->bgFailed && !atomic_load(&r->ioErrAt)) {
    irsBufReset(&pm->rec.errMsg);
    irsBufAppendRef(&pm->rec.errMsg, irsBufRef(&pm->bgErr));
    atomic_store(&r->ioErrAt, IRS_ERR_IO);
  }
  if (next >= pm->numSteps)
    return;
  irsPmStepBegin(pm, next + 1);
  r->begun = next + 1;
  if (!r->single && irsPipelineGetStepNumAnchors(pm->pipeline, next) == 2) {
    irsPmStepBegin(pm, 0);
    r->begun = 0;
  }
}

// The op's row; an op the index does not know
// makes the run lost, so the caller replays it stepwise.
static CpRow *rowOrLost(IrsCheckpointRun *r, MlirOperation op, size_t *k) {
  CpRow *row = findRow(r, op, k);
  if (!row)
    atomic_store(&r->lost, true);
  return row;
}

// In a group of several steps fused on each op, this op's diagnostics from
// now on come from `step` (0-based). MLIR delivers the diagnostics of the
// ops run in parallel when the group ends, in op order and, for each op, in
// the order they were emitted (ParallelDiagnosticHandler), so a marker in
// that stream attributes everything after it; the capture swallows it.
// A group of one step needs none: its step was announced.
static void markStep(IrsCheckpointRun *r, intptr_t step) {
  if (r->single || r->last - r->first < 2)
    return;
  char msg[24];
  snprintf(msg, sizeof(msg), "%ld", (long)(step + 1));
  mlirEmitError(r->marker, msg);
}

void irsCpRunStart(IrsCheckpointRun *r, MlirOperation op) {
  markStep(r, r->first);
  size_t k;
  CpRow *row = rowOrLost(r, op, &k);
  if (!row)
    return;
  // The op's fingerprint is known from the last checkpoint on the module
  // (the IR has not changed since): counting its ops is a tenth of a walk
  // that fingerprints them.
  IrsPassManagerImpl *pm = r->pm;
  if (pm->numTopFps == r->numRows) {
    row->fp0 = pm->topFps[k];
    row->ops0 = irsCountOps(op);
  } else {
    row->fp0 = irsFingerprint(op, &row->ops0);
  }
  row->t = irsClockMonotonicMs();
  row->c = irsClockThreadCpuMs();
}

// The text of the op before step s: the previous cell's, else the cache's.
static void reuseText(IrsCheckpointRun *r, CpRow *row, CpCell *cell,
                      intptr_t s) {
  if (s > 0 && cell[-1].fp == cell->fp && cell[-1].text) {
    cell->text = cell[-1].text;
    cell->len = cell[-1].len;
    cell->aliased = cell[-1].aliased;
  } else if (row->cacheText && row->cacheFp == cell->fp) {
    cell->text = row->cacheText;
    cell->len = row->cacheLen;
  }
  (void)r;
}

void irsCpRunNested(IrsCheckpointRun *r, MlirOperation op, intptr_t step,
                      MlirExternalPass pass) {
  double t = irsClockMonotonicMs();
  double c = irsClockThreadCpuMs();
  size_t k;
  CpRow *row = rowOrLost(r, op, &k);
  if (!row)
    return;
  IrsPassManagerImpl *pm = r->pm;
  intptr_t s = step - r->first;
  CpCell *cell = &r->cells[k * (size_t)(r->last - r->first) + (size_t)s];
  cell->ran = true;
  cell->wallMs = t - row->t;
  cell->cpuMs = c - row->c;
  IrsPhaseMark fm = irsPhaseBegin(pm->phases);
  cell->fp = irsFingerprint(op, &cell->ops);
  irsPhaseEnd(pm->phases, IrsPhaseFingerprint, fm, 0);
  // IR the verifier passed before (at parse or at a checkpoint) passes
  // again: like MLIR's own verifier, only a changed op is verified.
  uint64_t before = s > 0 ? cell[-1].fp : row->fp0;
  double v0 = irsClockMonotonicMs();
  // The whole module is verified at the group's close; the function is
  // verified here only when a step of the group runs on it next (as MLIR's
  // own verifier does between nested passes) or its text is printed next,
  // both of which need valid IR.
  bool check = pm->opts.verify.verifyEach &&
               (pm->rec.dumpDir || (!r->single && step + 1 < r->last));
  IrsPhaseMark vm = irsPhaseBegin(pm->phases);
  bool ok = !check || cell->fp == before || mlirOperationVerify(op);
  if (check && cell->fp != before)
    irsPhaseEnd(pm->phases, IrsPhaseVerify, vm, 0);
  if (check) {
    // The check's time, also when it was the fingerprint comparison.
    cell->verifyMs = irsClockMonotonicMs() - v0;
    cell->checked = true;
    if (!ok) {
      mlirExternalPassSignalFailure(pass);
      return;
    }
  }
  if (step + 1 < r->last)
    markStep(r, step + 1);
  // A module with aliases is dumped whole: its op texts would be wasted.
  if (pm->rec.dumpDir && !pm->dumpAliased) {
    reuseText(r, row, cell, s);
    if (!cell->text) {
      IrsPhaseMark pmk = irsPhaseBegin(pm->phases);
      cell->own = irsDumpPrintTop(op, pm->opts.verify.verifyEach, &cell->len);
      irsPhaseEnd(pm->phases, IrsPhasePrint, pmk, (int64_t)cell->len);
      cell->text = cell->own;
      // Builtin maps and sets do not stop a stitched dump (AliasStitch.c).
      cell->aliased = cell->own &&
                      irsDumpTextAliasKind(cell->own, cell->len) == IrsAliasOther;
    }
  }
  if (row->runs && !r->single &&
      atomic_fetch_add_explicit(&r->done[s], 1,
                                             memory_order_acq_rel) +
                           1 ==
                       r->expected)
    completeGroupStep(r, s);
  row->t = irsClockMonotonicMs();
  row->c = irsClockThreadCpuMs();
}

//===----------------------------------------------------------------------===//
// On the module (one thread)
//===----------------------------------------------------------------------===//

// The group of nested steps from `first` on: one row per top-level op,
// their index, the cached texts.
static bool allocGroup(IrsCheckpointRun *r, MlirOperation module,
                       intptr_t first) {
  IrsPipeline p = r->pm->pipeline;
  intptr_t last = first;
  MlirStringRef a = irsPipelineGetStepAnchorAt(p, first, 1);
  while (last < r->pm->numSteps && (!r->single || last == first) &&
         irsPipelineGetStepNumAnchors(p, last) == 2 &&
         mlirStringRefEqual(irsPipelineGetStepAnchorAt(p, last, 1), a))
    ++last;
  r->first = first;
  r->last = last;
  r->module = module;
  irsPmHeldSettle(r->pm, module); // the rows' first fingerprints
  r->pm->lightValid = false;      // the group changes ops without them
  size_t ng = (size_t)(last - first), n = 0;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation o = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(o);
       o = mlirOperationGetNextInBlock(o))
    ++n;
  size_t cap = 16;
  while (cap < 2 * n)
    cap *= 2;
  r->numRows = n;
  r->rows = calloc(n ? n : 1, sizeof(CpRow));
  r->cells = calloc((n ? n : 1) * ng, sizeof(CpCell));
  r->index = calloc(cap, sizeof(size_t));
  r->done = calloc(ng, sizeof(atomic_size_t));
  r->completed = calloc(ng, sizeof(bool));
  r->mask = cap - 1;
  r->expected = 0;
  if (!r->rows || !r->cells || !r->index || !r->done || !r->completed)
    return false;
  for (size_t s = 0; s < ng; ++s)
    atomic_init(&r->done[s], 0);
  bool any = a.length == 3 && memcmp(a.data, "any", 3) == 0;
  size_t k = 0;
  for (MlirOperation o = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(o);
       o = mlirOperationGetNextInBlock(o), ++k) {
    r->rows[k].op = o;
    r->rows[k].runs =
        !any && mlirStringRefEqual(mlirIdentifierStr(mlirOperationGetName(o)), a);
    r->expected += r->rows[k].runs;
    size_t h = hashOp(o.ptr) & r->mask;
    while (r->index[h])
      h = (h + 1) & r->mask;
    r->index[h] = k + 1;
  }
  return true;
}

// Borrows the cached texts; prints the ops the group does not run on when
// their cached text is stale.
static bool prepareTexts(IrsCheckpointRun *r) {
  IrsPassManagerImpl *pm = r->pm;
  size_t n = r->numRows;
  const void **ops = calloc(n ? n : 1, sizeof(void *));
  uint64_t *fps = calloc(n ? n : 1, sizeof(uint64_t));
  const char **texts = calloc(n ? n : 1, sizeof(char *));
  size_t *lens = calloc(n ? n : 1, sizeof(size_t));
  bool ok = ops && fps && texts && lens;
  for (size_t k = 0; ok && k < n; ++k)
    ops[k] = r->rows[k].op.ptr;
  irsPmDumpJoin(pm);
  if (ok)
    irsDumpCacheBorrow(pm->dumpCache, ops, n,
                       pm->numTopFps == n ? pm->topFps : NULL, fps, texts,
                       lens);
  for (size_t k = 0; ok && k < n; ++k) {
    CpRow *row = &r->rows[k];
    row->cacheText = texts[k];
    row->cacheLen = lens[k];
    row->cacheFp = fps[k];
    if (row->runs)
      continue;
    uint64_t now = pm->numTopFps == n ? pm->topFps[k] : 0;
    if (row->cacheText && now && row->cacheFp == now) {
      row->text = row->cacheText;
      row->textLen = row->cacheLen;
    } else {
      IrsPhaseMark m = irsPhaseBegin(pm->phases);
      row->own = irsDumpPrintTop(row->op, pm->opts.verify.verifyEach, &row->textLen);
      irsPhaseEnd(pm->phases, IrsPhasePrint, m, (int64_t)row->textLen);
      if (row->own &&
          irsDumpTextAliasKind(row->own, row->textLen) != IrsAliasOther)
        row->text = row->own;
    }
  }
  free(ops);
  free(fps);
  free(texts);
  free(lens);
  return ok;
}

bool irsCpOpenGroup(IrsCheckpointRun *r, MlirOperation module,
                      intptr_t first) {
  bool ok = allocGroup(r, module, first) &&
            (!r->pm->rec.dumpDir || prepareTexts(r));
  // Some op may run every step of the group before the group fails.
  if (r->last > r->reached)
    r->reached = r->last;
  if (!r->single && r->last - r->first > 1) {
    irsDiagnosticCaptureTakeUnordered(r->pm->capture);
    irsDiagnosticCaptureSetStepMarker(r->pm->capture, r->marker);
  }
  r->groupT0 = irsClockMonotonicMs();
  return ok;
}

// The text of row k after step s of the group (null: cannot stitch).
static const char *textAt(IrsCheckpointRun *r, size_t k, intptr_t s,
                          size_t *len) {
  size_t ng = (size_t)(r->last - r->first);
  CpCell *cell = &r->cells[k * ng + (size_t)s];
  if (cell->ran) {
    *len = cell->len;
    return cell->aliased ? NULL : cell->text;
  }
  *len = r->rows[k].textLen;
  return r->rows[k].runs ? NULL : r->rows[k].text;
}

// Step s's dump: the previous step's copied when s left the IR as it was,
// else stitched from the texts, else (in a group of one step) printed
// whole. Writes the file at `path`; *written tells whether it did.
static int writeGroupDump(IrsCheckpointRun *r, intptr_t s, const char *path,
                          bool *written) {
  IrsPassManagerImpl *pm = r->pm;
  *written = false;
  int e =
      irsPmCopyUnchangedDump(pm, r->first + s, path, pm->opts.verify.verifyEach);
  if (e >= 0) {
    *written = e == 0;
    return e;
  }
  size_t n = r->numRows;
  const char **texts = calloc(n ? n : 1, sizeof(char *));
  size_t *lens = calloc(n ? n : 1, sizeof(size_t));
  bool ok = texts && lens;
  for (size_t k = 0; ok && k < n; ++k)
    ok = (texts[k] = textAt(r, k, s, &lens[k])) != NULL;
  IrsPhaseMark m = irsPhaseBegin(pm->phases);
  e = ok ? irsDumpStitchTexts(r->module, texts, lens, n, path, written) : 0;
  irsPhaseEnd(pm->phases, IrsPhaseWrite, m, 0);
  free(texts);
  free(lens);
  // A group of one step completes on the module, after every op finished
  // the step and before any starts the next: the module is the IR after
  // the step, and printing it whole is its dump (aliases, an unusual
  // header). A replay of the whole pipeline would cost far more.
  if (!e && !*written && r->single) {
    if (irsBgDumpCan(pm, pm->opts.verify.verifyEach) &&
        irsBgDumpSnapshot(pm, r->first + s, r->module, path) == 0) {
      *written = true;
      return 0;
    }
    m = irsPhaseBegin(pm->phases);
    bool aliases = false;
    e = irsDumpModuleAliases(r->module, path, false, false, pm->opts.verify.verifyEach,
                           &aliases);
    irsPhaseEnd(pm->phases, IrsPhasePrintWhole, m, 0);
    pm->dumpAliased = !e && aliases && !irsDumpFileAliasesBuiltinOnly(path);
    *written = e == 0;
  }
  return e;
}

// The group's dump writer for the step observers (IrsStepEnd.writeDump;
// `engine`: the run): step i's dump from the group's texts.
static int writeGroupStepDump(IrsPassManagerImpl *pm, void *engine, intptr_t i,
                              const char *path, bool verified, bool *written,
                              bool *pending) {
  (void)pm;
  (void)verified;
  IrsCheckpointRun *r = engine;
  *pending = false;
  return writeGroupDump(r, i - r->first, path, written);
}

static void finishGroupStep(IrsCheckpointRun *r, intptr_t s, double scale) {
  size_t ng = (size_t)(r->last - r->first);
  IrsStepResult *res = &r->pm->rec.steps[r->first + s].result;
  double wall = 0, cpu = 0, verify = 0;
  int64_t ops = r->moduleOps;
  bool changed = false;
  for (size_t k = 0; k < r->numRows; ++k) {
    CpCell *c = &r->cells[k * ng + (size_t)s];
    if (!c->ran)
      continue;
    uint64_t before = s > 0 ? c[-1].fp : r->rows[k].fp0;
    changed = changed || c->fp != before;
    ops += c->ops - r->rows[k].ops0;
    wall += c->wallMs;
    cpu += c->cpuMs;
    verify += c->verifyMs;
  }
  res->opsBefore = s > 0 ? r->pm->rec.steps[r->first + s - 1].result.opsAfter
                         : r->moduleOps;
  res->opsAfter = ops;
  res->changed = changed;
  res->wallMs = wall * scale;
  res->cpuMs = cpu;
  res->verifyMs = verify * scale;
  res->verified = r->pm->opts.verify.verifyEach;
  res->verifierOk = true;
  res->status = IrsStepOk;
}

// Step s passed on every op: its result, dump and the manifest, as a
// stepwise run has them once the step is done.
static void completeGroupStep(IrsCheckpointRun *r, intptr_t s) {
  IrsPassManagerImpl *pm = r->pm;
  r->completed[s] = true;
  finishGroupStep(r, s, 1.0);
  IrsStepResult *res = &pm->rec.steps[r->first + s].result;
  res->peakRssKb = peakRss();
  if (!pm->rec.dumpDir)
    return;
  IrsStepEnd end = {r->first + s, pm->opts.verify.verifyEach,
                    writeGroupStepDump, r};
  if (irsPmStepDone(pm, &end) != IRS_OK)
    atomic_store(&r->ioErrAt, IRS_ERR_IO);
}

// New fingerprints of the ops the group ran on, the module's fingerprint
// and op count after the group, and the last step's texts as the dump cache.
static void advanceModule(IrsCheckpointRun *r, MlirOperation module) {
  IrsPassManagerImpl *pm = r->pm;
  size_t ng = (size_t)(r->last - r->first), n = r->numRows;
  if (pm->numTopFps != n) {
    r->moduleFp = irsFingerprintWithTops(module, &pm->topFps, &pm->capTopFps,
                                         &pm->numTopFps, &r->moduleOps,
                                         mlirContextGetNumThreads(pm->ctx) > 1);
  } else {
    for (size_t k = 0; k < n; ++k)
      if (r->cells[k * ng + ng - 1].ran)
        pm->topFps[k] = r->cells[k * ng + ng - 1].fp;
    r->moduleFp = irsFingerprintCombine(module, pm->topFps, n);
    r->moduleOps = pm->rec.steps[r->last - 1].result.opsAfter;
  }
  irsPmLightBaseline(pm, module);
  if (!pm->rec.dumpDir)
    return;
  irsPmDumpJoin(pm);
  const void **ops = calloc(n ? n : 1, sizeof(void *));
  const char **texts = calloc(n ? n : 1, sizeof(char *));
  size_t *lens = calloc(n ? n : 1, sizeof(size_t));
  bool ok = ops && texts && lens && pm->numTopFps == n;
  for (size_t k = 0; ok && k < n; ++k) {
    ops[k] = r->rows[k].op.ptr;
    ok = (texts[k] = textAt(r, k, (intptr_t)ng - 1, &lens[k])) != NULL;
  }
  if (ok) {
    irsDumpCacheAdopt(&pm->dumpCache, ops, pm->topFps, texts, lens, n);
  } else {
    irsDumpCacheDestroy(pm->dumpCache);
    pm->dumpCache = NULL;
  }
  free(ops);
  free(texts);
  free(lens);
}

// What MLIR's own verifier checks on the module after a nested step: the
// module op itself, its symbol table and every symbol use in it, but not
// the ops inside the functions (their threads verified the changed ones).
// The C API has no non-recursive verify; an MLIR pass manager holding only
// an empty nested pipeline on the group's anchor, with MLIR's verifier on,
// does exactly that after its adaptor (a third of a whole verify's time on
// run.py's module). Under `any`: the whole verify. The plain tool runs no
// such adaptor: its pass execution takes no number, so that the step's
// next ones are numbered as upstream's debug counter numbers them
// (llvm/llvm-project#205266 numbered convert-func-to-llvm 4, not 3).
static bool verifyModuleShallow(IrsCheckpointRun *r, MlirOperation module) {
  MlirStringRef a = irsPipelineGetStepAnchorAt(r->pm->pipeline, r->first, 1);
  if (a.length == 3 && memcmp(a.data, "any", 3) == 0)
    return mlirOperationVerify(module);
  MlirStringRef tag = mlirStringRefCreateFromCString(IRS_NARROW_TAG_PASS);
  int64_t passes = irsActionHandlerGetCount(r->pm->actions, tag);
  MlirPassManager v = irsPmNewMlirPm(r->pm);
  (void)mlirPassManagerGetNestedUnder(v, a);
  mlirPassManagerEnableVerifier(v, true);
  bool ok = mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(v, module));
  mlirPassManagerDestroy(v);
  irsActionHandlerSetCount(r->pm->actions, tag, passes);
  return ok;
}

// --verify-each after a group, when a function changed (a function pass
// can break what only the module's verifier sees: symbols, calls between
// functions). A dumping run verified every op that changed at every step
// on its thread (runNested), so the module is checked as MLIR checks it
// after a nested pass; otherwise the whole module, as a stepwise run does.
// False when it fails; its time in *ms, *ran when it ran.
static bool verifyGroupModule(IrsCheckpointRun *r, MlirOperation module,
                              double *ms, bool *ran) {
  *ms = 0;
  *ran = false;
  if (!r->pm->opts.verify.verifyEach)
    return true;
  size_t ng = (size_t)(r->last - r->first);
  bool changed = false;
  for (size_t k = 0; k < r->numRows && !changed; ++k) {
    const CpCell *c = &r->cells[k * ng + ng - 1];
    changed = c->ran && c->fp != r->rows[k].fp0;
  }
  if (!changed)
    return true;
  double v0 = irsClockMonotonicMs();
  IrsPhaseMark m = irsPhaseBegin(r->pm->phases);
  bool ok = r->pm->rec.dumpDir ? verifyModuleShallow(r, module)
                               : mlirOperationVerify(module);
  irsPhaseEnd(r->pm->phases, IrsPhaseVerify, m, 0);
  *ms = irsClockMonotonicMs() - v0;
  *ran = true;
  return ok;
}

// A step that verified keeps a verify time, however small its share of
// the group's time: carved from its pass time, else a sliver far below
// the trace's resolution (0.1 ns), so that its verify slice still shows.
static void keepVerifyTime(IrsStepResult *res) {
  if (res->verifyMs > 0)
    return;
  if (res->wallMs > 0) {
    res->verifyMs = res->wallMs / 2;
    res->wallMs -= res->verifyMs;
  } else {
    res->verifyMs = 1e-7;
  }
}

// Pass, verify and dump times of the group's steps add up to its elapsed
// time, open to close: the trace lays each step's parts end to end from
// the step's start, and the next step starts after the close. The dumps
// and the module check were timed on this thread; the threads' pass and
// verify times (which overlap) share what is left, in proportion. When
// nothing is left (a coarse clock; a slow run whose dumps and check fill
// the window), every part shrinks in proportion instead, never past the
// window.
static void shareElapsed(IrsCheckpointRun *r, double moduleVerifyMs,
                         bool moduleVerified) {
  IrsPassManagerImpl *pm = r->pm;
  size_t ng = (size_t)(r->last - r->first);
  double elapsed = irsClockMonotonicMs() - r->groupT0, busy = 0;
  double fixed = moduleVerifyMs;
  for (size_t i = 0; i < r->numRows * ng; ++i)
    busy += r->cells[i].wallMs + r->cells[i].verifyMs;
  for (intptr_t s = 0; s < (intptr_t)ng; ++s)
    fixed += pm->rec.steps[r->first + s].result.dumpMs;
  if (!(elapsed > 0))
    elapsed = 0;
  double scale = 1, fixedScale = 1;
  if (busy > 0 && elapsed > fixed) {
    scale = (elapsed - fixed) / busy;
  } else {
    double all = busy + fixed;
    scale = fixedScale = all > elapsed ? elapsed / all : 1;
  }
  for (intptr_t s = 0; s < (intptr_t)ng; ++s) {
    finishGroupStep(r, s, scale);
    IrsStepResult *res = &pm->rec.steps[r->first + s].result;
    res->dumpMs *= fixedScale;
    if (s == 0)
      res->verifyMs += moduleVerifyMs * fixedScale;
    bool verified = s == 0 && moduleVerified;
    for (size_t k = 0; k < r->numRows && !verified; ++k)
      verified = r->cells[k * ng + (size_t)s].checked;
    if (verified)
      keepVerifyTime(res);
  }
}

void irsCpCloseGroup(IrsCheckpointRun *r, MlirOperation module,
                       MlirExternalPass pass) {
  IrsPassManagerImpl *pm = r->pm;
  size_t ng = (size_t)(r->last - r->first);
  double moduleVerifyMs = 0;
  bool moduleVerified = false;
  // A diagnostic irscope's own pass added straight to the capture on one of
  // MLIR's threads bypassed the markers' order: its step is unknown.
  irsDiagnosticCaptureSetStepMarker(pm->capture, (MlirLocation){NULL});
  if (irsDiagnosticCaptureTakeUnordered(pm->capture) &&
      mlirContextGetNumThreads(pm->ctx) > 1)
    r->exact = true;
  if (atomic_load(&r->lost) ||
      !verifyGroupModule(r, module, &moduleVerifyMs, &moduleVerified))
    r->exact = true;
  for (intptr_t s = 0; s < (intptr_t)ng; ++s)
    irsPmTakeStepDiagnostics(pm, r->first + s, r->diag0);
  // Steps no thread completed (no op to run on, or a single step's group,
  // whose threads leave it to here) complete here.
  for (intptr_t s = 0; s < (intptr_t)ng && !r->exact; ++s)
    if (!r->completed[s])
      completeGroupStep(r, s);
  if (!r->exact)
    shareElapsed(r, moduleVerifyMs, moduleVerified);
  if (!r->exact && !atomic_load(&r->ioErrAt)) {
    advanceModule(r, module);
    irsPmTakeStepCounts(pm); // written with the group's manifest
    if (irsPmUpdateManifest(pm) != IRS_OK)
      atomic_store(&r->ioErrAt, IRS_ERR_IO);
  }
  intptr_t next = r->last;
  irsCpFreeGroup(r);
  if (!r->exact && !atomic_load(&r->ioErrAt))
    irsCpAnnounce(r, next);
  if (r->exact || atomic_load(&r->ioErrAt))
    mlirExternalPassSignalFailure(pass);
  r->lastT = irsClockMonotonicMs();
  r->lastC = irsClockProcessCpuMs();
}

// A step anchored on the module: what irsPmRunStep and runStepwise do
// after its pass.
void irsCpRunModule(IrsCheckpointRun *r, MlirOperation module, intptr_t i,
                      MlirExternalPass pass) {
  IrsPassManagerImpl *pm = r->pm;
  IrsStepResult *res = &pm->rec.steps[i].result;
  double t = irsClockMonotonicMs();
  res->wallMs = t - r->lastT;
  res->cpuMs = irsClockProcessCpuMs() - r->lastC;
  res->peakRssKb = peakRss();
  res->opsBefore = r->moduleOps;
  IrsPhaseMark fm = irsPhaseBegin(pm->phases);
  res->changed =
      irsPmModuleStepChanged(pm, module, i, &r->moduleFp, &r->moduleOps);
  irsPhaseEnd(pm->phases, IrsPhaseFingerprint, fm, 0);
  res->opsAfter = r->moduleOps;
  res->verified = pm->opts.verify.verifyEach;
  res->verifierOk = true;
  if (pm->opts.verify.verifyEach) {
    double v0 = irsClockMonotonicMs();
    // Verified where its dump is printed (its own phases), or here.
    bool swept = res->changed && irsDumpVerifyPrint(pm, module);
    if (!swept) {
      IrsPhaseMark vm = irsPhaseBegin(pm->phases);
      res->verifierOk = !res->changed || mlirOperationVerify(module);
      irsPhaseEnd(pm->phases, IrsPhaseVerify, vm, 0);
    }
    res->verifyMs = irsClockMonotonicMs() - v0;
    if (!res->verifierOk) {
      mlirExternalPassSignalFailure(pass);
      return;
    }
  }
  res->status = IrsStepOk;
  irsPmTakeStepDiagnostics(pm, i, r->diag0);
  irsPmTakeStepCounts(pm); // written with the step's manifest
  IrsErrorKind k = irsPmStepDoneStepwise(pm, i, module);
  // No printer of this step's dump holds what the next step may ask.
  if (pm->numHeld && atomic_load(&pm->heldReqFd) < 0)
    irsPmHeldSettle(pm, module);
  if (k != IRS_OK) {
    r->ioErr = k;
    mlirExternalPassSignalFailure(pass);
  } else {
    irsCpAnnounce(r, i + 1);
    if (atomic_load(&r->ioErrAt))
      mlirExternalPassSignalFailure(pass);
  }
  r->lastT = irsClockMonotonicMs();
  r->lastC = irsClockProcessCpuMs();
}
