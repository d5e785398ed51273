// SPDX-License-Identifier: Apache-2.0
//===- TraceThread.h - asking a hung worker where it is --------------------===//
//
// A timed-out worker is asked for its stack trace by a signal sent to the
// thread that runs the step, found from /proc/PID/task.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_SUPERVISOR_TRACETHREAD_H
#define IRS_SUPERVISOR_TRACETHREAD_H

#include <stdbool.h>
#include <sys/types.h>

/// Asks worker `pid` for its stack trace with `sig`, sent to the thread
/// most likely running the step; false if it cannot be asked.
bool irsAskForTrace(pid_t pid, int sig);

#endif // IRS_SUPERVISOR_TRACETHREAD_H
