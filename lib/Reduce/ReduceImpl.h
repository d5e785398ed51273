// SPDX-License-Identifier: Apache-2.0
//===- ReduceImpl.h - reducer state shared by the engine and strategies ---===//
#ifndef IRS_REDUCE_REDUCEIMPL_H
#define IRS_REDUCE_REDUCEIMPL_H

#include "../Support/Buf.h"
#include "irscope/Reduce.h"
#include "irscope/Supervisor.h"

typedef struct Reducer {
  MlirContext ctx;
  MlirModule module;
  IrsReduceOptions opts;
  IrsPipeline pipeline;     // current pipeline (owned copy)
  IrsSignature target;      // in-process mode
  IrsSupervisor sup;
  IrsBuf msg;
  char tmpDir[256];
  char *testPath; // absolute path of the test script, if given as a path
  int64_t testsRun;
  int64_t opsBefore;
  double start;
  const char *strategy;
  bool stop;
  bool inputInvalid; // the input did not verify: candidates need not either
} Reducer;

/// Edit: erase the ops with these pre-order indices (sorted ascending).
typedef struct IrsEdit {
  const int64_t *erase;
  size_t numErase;
} IrsEdit;

/// Appends bytes that identify the edit: two edits with the same key,
/// applied to the same module, produce the same candidate (used to cache
/// outcomes). Must be kept in step with the IrsEdit struct.
void irsEditKey(const IrsEdit *edit, IrsBuf *out);
/// Runs the test on the module with `edit` applied; true if interesting.
bool irsReduceTest(Reducer *r, const IrsEdit *edit);
/// Tests candidates in order (possibly several at once) and returns the
/// index of the first interesting one, or -1. Strategies with many
/// independent candidates use this so that -j N can test them in parallel;
/// the result is the same as calling irsReduceTest on each in order.
intptr_t irsReduceTestFirst(Reducer *r, const IrsEdit *const *edits, size_t n);
/// Applies `edit` to `root` (the module operation); worker and parent use it.
void irsEditApply(MlirContext ctx, MlirOperation root, const IrsEdit *edit);
/// Applies `edit` to the reducer's own module (after a successful test).
void irsReduceApply(Reducer *r, const IrsEdit *edit);
/// Pre-order indices of ops to try, by predicate; caller frees.
int64_t *irsReduceCollect(Reducer *r, bool topLevelOnly, size_t *n);
/// ddmin over `items`: removes as many as possible while interesting.
/// Returns true if anything was removed.
bool irsReduceDdmin(Reducer *r, int64_t *items, size_t n);
/// Writes the module after the first `steps` steps to `path` (in a worker).
bool irsReduceSnapshot(Reducer *r, intptr_t steps, const char *path);
/// Writes the best module so far; false on I/O error.
bool irsReduceSaveBest(Reducer *r);
int64_t irsReduceCountOps(MlirOperation op);
void irsReduceReport(Reducer *r, bool improved);

#define IRS_STRATEGY(NAME, FN, DESC) bool FN(Reducer *r);
#include "Strategies.def"

#endif
