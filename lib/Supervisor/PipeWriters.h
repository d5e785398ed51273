// SPDX-License-Identifier: Apache-2.0
//===- PipeWriters.h - the processes that still write to a pipe -----------===//
//
// A worker's descendants inherit its ends of the supervisor's pipes (a
// pass manager's background printers are forks that never exec). Once the
// worker is gone they are nobody's children the supervisor can wait for;
// holding a pipe's write end is what identifies them.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_SUPERVISOR_PIPEWRITERS_H
#define IRS_SUPERVISOR_PIPEWRITERS_H

/// Sends SIGKILL to every process but the caller that has the write end of
/// the pipe whose read end is `fds[i]` open, for each of the `n` fds (the
/// caller's other workers hold only read ends of it). Best effort: a
/// process whose /proc entries cannot be read is left alone. Returns how
/// many processes were signalled.
int irsKillPipeWriters(const int *fds, int n);

#endif // IRS_SUPERVISOR_PIPEWRITERS_H
