// SPDX-License-Identifier: Apache-2.0
//===- Progress.h - what opt-reduce says while and after it reduces -------===//
//
// Progress goes to stderr: a live line on a terminal, otherwise one line
// per improvement (and with -v one per test). Once the reduction ends: the
// summary and the last line, the result printed back by --tool, and the
// files --reproducer and --emit-lit-test ask for.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_TOOLS_OPT_REDUCE_PROGRESS_H
#define IRS_TOOLS_OPT_REDUCE_PROGRESS_H

#include "Config.h"
#include "Session.h"

#include "irscope/Reduce.h"

typedef struct OrProgress {
  const OrConfig *cfg;
  bool tty;
  double lastDraw; // when the live line was last drawn
  int lastLen;     // how long it was
  int64_t fewestOps; // the fewest ops an improvement line reported; 0: none
} OrProgress;

/// The reducer's onProgress (`ud`: an OrProgress).
void orProgressReport(const IrsReduceProgress *p, void *ud);
/// Clears the live line, if one was drawn, for what follows.
void orProgressEnd(OrProgress *p);

/// After a successful irsReducerRun: the summary and the last line on
/// stderr, then the result in the tool's syntax, the reproducer and the
/// lit test. Returns the exit code of ok or of an I/O error (a file not
/// written).
int orFinish(const OrConfig *c, OrSession *s, IrsReducer r);

#endif
