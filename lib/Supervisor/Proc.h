// SPDX-License-Identifier: Apache-2.0
//===- Proc.h - what /proc says about a watched process -------------------===//
//
// The supervisor samples its worker rather than trusting it to report:
// resident memory (Proc.c), the thread that runs a hung step
// (TraceThread.c) and the processes that still hold its pipes
// (PipeWriters.c).
//
//===----------------------------------------------------------------------===//
#ifndef IRS_SUPERVISOR_PROC_H
#define IRS_SUPERVISOR_PROC_H

#include <stdint.h>
#include <sys/types.h>

/// Resident set size of process `pid` in KiB, from /proc/PID/statm; -1 if
/// it cannot be read. Resident, not address space: sanitizer builds
/// reserve terabytes they never touch.
int64_t irsProcRssKb(pid_t pid);

#endif // IRS_SUPERVISOR_PROC_H
