// SPDX-License-Identifier: Apache-2.0
//===- CheckpointImpl.h - the state of a checkpointed run ------------------===//
//
// Shared by Checkpoint.c (what the checkpoints do on each op, on the module
// and at a group's close) and CheckpointPass.c (the checkpoint pass, the
// pass manager that holds it and the run). Checkpoint.c's opening comment
// states the algorithm.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_PASSMANAGER_CHECKPOINTIMPL_H
#define IRS_PASSMANAGER_CHECKPOINTIMPL_H

#include "PassManagerImpl.h"

#include <stdatomic.h>

typedef enum CpKind { CpOpen, CpStart, CpNested, CpClose, CpModule } CpKind;

typedef struct CpCell {
  uint64_t fp;
  int64_t ops;
  double wallMs, cpuMs, verifyMs;
  const char *text; // the op's text after the step: in `own`, a cell's or cache's
  char *own;
  size_t len;
  bool ran, aliased;
  bool checked; // verified (or found unchanged) after the step: verifyMs
} CpCell;

typedef struct CpRow {
  MlirOperation op;
  uint64_t fp0, cacheFp;
  int64_t ops0;
  double t, c; // when the op's current step began (wall, thread CPU)
  const char *cacheText; // borrowed from pm->dumpCache
  size_t cacheLen;
  // The op's text before the group when the group does not run on it:
  // cacheText or `own`, printed by `open`.
  const char *text;
  size_t textLen;
  char *own;
  bool runs; // the group's anchor matches it
} CpRow;

struct IrsCheckpointRun {
  IrsPassManagerImpl *pm;
  intptr_t first, last; // steps of the open group
  CpRow *rows;
  size_t numRows;
  CpCell *cells; // numRows x (last - first)
  size_t *index, mask; // op -> row + 1, open addressing
  // Ops that have passed each step's checkpoint: the thread that brings
  // done[s] to `expected` completes step s (its result, dump, manifest).
  // A step completes only after the one before it did on that thread, so
  // completions run one at a time and in step order.
  atomic_size_t *done;
  bool *completed;
  size_t expected;
  MlirOperation module;
  atomic_bool lost;
  atomic_int ioErrAt; // a completing thread's I/O error
  bool exact; // written by one thread at a time (completions, module)
  double groupT0, lastT, lastC;
  uint64_t moduleFp;
  int64_t moduleOps;
  IrsErrorKind ioErr; // a module-level checkpoint's I/O error
  intptr_t begun;     // the step announced through onStep, -1 for none
  // Each nested step is a group of its own, closed on the module before the
  // next step starts anywhere: set when the run dumps or verifies (see
  // irsPmRunCheckpointed).
  bool single;
  // Diagnostics: the capture's count when the run began (each step takes
  // those stamped with its index from there), the location of the step
  // markers a fused group emits between its steps on each op, and the last
  // step (1-based) the run began anywhere: its diagnostics up to there
  // have been shown, so a stepwise replay shows only later steps'.
  intptr_t diag0;
  MlirLocation marker;
  intptr_t reached;
};

typedef struct CpPass {
  IrsCheckpointRun *run;
  CpKind kind;
  intptr_t step;
} CpPass;

/// Frees the open group's rows, cells and index.
void irsCpFreeGroup(IrsCheckpointRun *r);
/// Tells onStep (and the diagnostic capture) that step `next` (0-based)
/// is the one running now; `next` past the last step ends the last one.
void irsCpAnnounce(IrsCheckpointRun *r, intptr_t next);

/// What each kind of checkpoint does (CpKind), on the op it runs on. A
/// checkpoint that cannot go on signals failure through `pass`.
bool irsCpOpenGroup(IrsCheckpointRun *r, MlirOperation module, intptr_t first);
void irsCpRunStart(IrsCheckpointRun *r, MlirOperation op);
void irsCpRunNested(IrsCheckpointRun *r, MlirOperation op, intptr_t step,
                    MlirExternalPass pass);
void irsCpCloseGroup(IrsCheckpointRun *r, MlirOperation module,
                     MlirExternalPass pass);
void irsCpRunModule(IrsCheckpointRun *r, MlirOperation module, intptr_t i,
                    MlirExternalPass pass);

#endif // IRS_PASSMANAGER_CHECKPOINTIMPL_H
