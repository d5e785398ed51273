// SPDX-License-Identifier: Apache-2.0
//===- WorkerTie.h - a worker dies with its supervisor --------------------===//
//
// A supervisor killed by SIGKILL cannot stop its worker, and an orphaned
// worker would go on writing into the run directory (and holding its
// lock, RunDir.h) with nobody watching its time or memory: a hung step
// would block the directory for good. The worker asks the kernel to kill
// it when its supervisor dies instead.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_SUPERVISOR_WORKERTIE_H
#define IRS_SUPERVISOR_WORKERTIE_H

#include <sys/types.h>

/// In a freshly forked worker of `supervisor` (the forking thread must
/// live as long as the worker: the kernel watches that thread).
void irsWorkerTieToSupervisor(pid_t supervisor);

#endif // IRS_SUPERVISOR_WORKERTIE_H
