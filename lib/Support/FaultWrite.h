// SPDX-License-Identifier: Apache-2.0
//===- FaultWrite.h - the write fault-injection hook of atomic writes -----===//
//
// SQLite's test VFS fails the Nth write so that every error path of every
// writer can be walked by a loop over N. irscope's writes all go through
// IrsAtomicFile (Fs.h), and each handle reads this hook when it is opened:
//
//   IRS_FAULT_WRITE=N:WHAT:COUNTER
//
// COUNTER is a file every write point of every process of the run (the
// tool, its workers, their forks) appends one byte to; the point that makes
// it N bytes long fails: with WHAT = ENOSPC, EIO, EACCES, EROFS or EFBIG it
// fails with that errno, with WHAT = KILL the process raises SIGKILL there,
// with WHAT = INT2 it raises SIGINT twice and goes on (if it lives).
// N = 0 never fails: the counter's size after the run is then the number of
// write points the run has, and COUNTER.paths lists them, one line each:
// the point's number and the path of the file it writes (a test names the
// file it expects the error line to name). With N > 0, COUNTER.paths gets
// the failing point's line: a run whose threads write at the same time may
// order its points unlike the counting run. The points of one file are its creation (the
// temporary exists), each write(2) or copy_file_range(2), and the rename.
// The count lives in the file system, not in the library, so forked
// workers share it and no process keeps state; when the variable is unset
// a handle costs one getenv.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_SUPPORT_FAULTWRITE_H
#define IRS_SUPPORT_FAULTWRITE_H

#include <stdbool.h>

enum { kIrsFaultWriteInt2 = -2 }; // IrsFaultWrite.err of WHAT = INT2

typedef struct IrsFaultWrite {
  long n;              // the point that fails; < 0: the hook is off
  int err;             // the errno it fails with; 0: SIGKILL; INT2
  const char *counter; // borrowed from the environment
  const char *path;    // the file written (borrowed; may be NULL)
} IrsFaultWrite;

/// Reads IRS_FAULT_WRITE; a malformed value turns the hook off.
void irsFaultWriteLoad(IrsFaultWrite *f);

/// Counts one write point: 0 to go on, or the errno this point fails with.
/// Does not return when the point is the one to kill at.
int irsFaultWriteCheck(const IrsFaultWrite *f);

#endif // IRS_SUPPORT_FAULTWRITE_H
