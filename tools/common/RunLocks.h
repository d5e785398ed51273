// SPDX-License-Identifier: Apache-2.0
//===- RunLocks.h - the run directories a tool's command line names -------===//
//
// A tool locks every run directory its command line names before it writes
// anything (irsRunDirLock, RunDir.h) and holds the locks until it exits, so
// a second run pointed at one of them is refused with one line and exit 2
// while the first lives.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_TOOLS_COMMON_RUNLOCKS_H
#define IRS_TOOLS_COMMON_RUNLOCKS_H

#include <stdbool.h>

enum { kIrsToolRunLocksMax = 4 };

typedef struct IrsToolRunLocks {
  int num;
  struct {
    const char *dir; // borrowed from the command line
    int fd;
    bool created;
  } locks[kIrsToolRunLocksMax];
} IrsToolRunLocks;

/// Locks `dir` (NULL, "" or "-": nothing to lock) as a `what` ("dump
/// directory"); with `removeIfUnused`, a directory the lock created and
/// the run left empty is removed at the end (a run that wrote nothing
/// leaves no directory behind). Returns -1 when locked; otherwise the exit code of the
/// error after printing "TOOL: error: <reason>".
int irsToolRunLocksAdd(IrsToolRunLocks *l, const char *tool, const char *dir,
                       const char *what, bool removeIfUnused);

/// Releases every lock; a directory the tool created and left empty goes.
void irsToolRunLocksRelease(IrsToolRunLocks *l);

#endif // IRS_TOOLS_COMMON_RUNLOCKS_H
