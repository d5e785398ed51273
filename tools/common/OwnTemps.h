// SPDX-License-Identifier: Apache-2.0
//===- OwnTemps.h - this process's temporaries, removed on a fatal signal -===//
//
// An atomic write's temporary ("<path>.tmp-<pid>-XXXXXX", RunDir.h) is
// renamed or removed by its writer; a process that a signal ends at once
// (opt-reduce's second SIGINT) leaves the one in flight. The tool names
// the directories it writes into ahead of time, and its handler, before
// it lets the signal end the process, removes the temporaries named with
// this process's pid there: async-signal-safe (open directories, getdents64,
// unlinkat; no allocation). A SIGKILL leaves them to the next run
// (irsRunDirRemoveStaleTemporaries).
//
//===----------------------------------------------------------------------===//
#ifndef IRS_TOOLS_COMMON_OWNTEMPS_H
#define IRS_TOOLS_COMMON_OWNTEMPS_H

/// Watches the directory of `path` (NULL or "-": nothing), at most four.
/// Not from a signal handler.
void irsToolOwnTempsWatch(const char *path);

/// Removes this process's temporaries in the watched directories.
/// Async-signal-safe.
void irsToolOwnTempsRemove(void);

#endif // IRS_TOOLS_COMMON_OWNTEMPS_H
