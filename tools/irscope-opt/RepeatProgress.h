// SPDX-License-Identifier: Apache-2.0
//===- RepeatProgress.h - what a --repeat shows while it runs -------------===//
//
// A long --repeat must not look hung: on a terminal a live line is redrawn
// after every run (at most ten times a second); otherwise, so that a log
// file does not fill with them, a line every few seconds. The live line is
// erased before anything else is printed, so the lines that stay (a new
// failure, the summary) read the same on a terminal and in a log. Both
// kinds of --repeat (Repeat.c, ToolRepeat.c) print a new failure the same
// way, through irsOptRepeatNewFailure.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_OPT_REPEATPROGRESS_H
#define IRS_OPT_REPEATPROGRESS_H

#include <mlir-c/Support.h>
#include <stdbool.h>
#include <stdint.h>

typedef struct IrsOptRepeatProgress {
  int64_t requested;
  bool live;        ///< stderr is a terminal: redraw one line
  bool shown;       ///< a live line is on the screen
  double startMs;   ///< when the runs started
  double lastMs;    ///< when a line was last printed
  double everyMs;   ///< the interval between lines
} IrsOptRepeatProgress;

/// Starts the clock of `requested` runs; `live` from isatty(stderr).
void irsOptRepeatProgressBegin(IrsOptRepeatProgress *p, int64_t requested);

/// After a run: `done` runs finished, `failures` of them failed in
/// `signatures` distinct ways. Prints when the interval has passed.
void irsOptRepeatProgressUpdate(IrsOptRepeatProgress *p, int64_t done,
                                int64_t failures, intptr_t signatures);

/// Erases the live line (before any other output).
void irsOptRepeatProgressClear(IrsOptRepeatProgress *p);

/// The first lines of a failure in a new way, the same for every kind:
/// "repeat: run N failed in a new way:" and then either `message` as the
/// error line (with its report when `dir` is non-NULL) or, when `message`
/// is NULL, whatever the caller prints next (a dead worker's
/// documentation). A death (`died`) has its report on a line of its own,
/// after the error line and the crash notes of `trace` (a dead tool's
/// stderr; empty for none), as a single run prints it.
void irsOptRepeatNewFailure(int64_t run, const char *message, const char *dir,
                            bool died, MlirStringRef trace);

#endif // IRS_OPT_REPEATPROGRESS_H
