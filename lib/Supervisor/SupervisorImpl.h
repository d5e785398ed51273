// SPDX-License-Identifier: Apache-2.0
//===- SupervisorImpl.h - the supervisor's state, shared by its files -----===//
//
// One run is watched in pieces, so that a batch can watch several workers
// with one poll(): start (fork, Run.c), pollFds/readReady (pipes), check
// (exit and limits), finish (drain and classify). A single run strings
// them together (Supervisor.c); a batch interleaves its lanes' (Batch.c).
// What the worker says on its channel is read in ChannelRead.c; a run
// handed over to another process is followed in HandOver.c.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_SUPERVISOR_SUPERVISORIMPL_H
#define IRS_SUPERVISOR_SUPERVISORIMPL_H

#include "irscope/Supervisor.h"

#include "../Support/Buf.h"

#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <sys/types.h>

enum {
  kTailMax = 256 * 1024,
  kPollMs = 50,
  kMaxSlots = IRS_SUPERVISOR_MAX_PARALLEL,
  // After reading output, the watcher lets more gather for this long (the
  // worker's pipes are enlarged to kPipeBytes, so a writer does not
  // block meanwhile): a tool that writes in thousands of small pieces
  // then costs a few hundred wake-ups a second, not one per write, and
  // keeps its cores for itself, as in a plain run.
  kGatherUs = 5000,
  kPipeBytes = 1 << 20,
};

typedef struct Supervisor {
  IrsSupervisorOptions opts;
  IrsWorkerResult result;
  IrsBuf tail;
  IrsBuf line; // partial channel line
  // The output streams received so far (Streams.c) and the frame being
  // read: where its bytes go (NULL: nowhere, out of memory) and how many
  // are still to come.
  struct IrsSupStream *streams;
  size_t streamCap, numStreams;
  IrsBuf *frameTo;
  size_t frameLeft;
  bool inFrame;
  volatile sig_atomic_t pid;
  pid_t handover; // announced by irsWorkerChannelHandOver, not yet watched
  volatile sig_atomic_t interrupted;
  bool interruptSent; // this run's worker was told to stop
  // The run in progress (see irsSupRunStart).
  int chFd, erFd;
  bool chOpen, erOpen;
  int status;
  IrsWorkerOutcome killedFor;
  double start, stepStart;
  // The progress count last sampled (IrsSupervisorOptions.progress) and
  // when progress was last seen (the count moved, stderr came, a step began).
  uint64_t progressSeen;
  double progressAt;
  // Lanes of irsSupervisorRunBatch, created on first use.
  struct Supervisor *slots[kMaxSlots];
  intptr_t numSlots;
  // When the outcome was decided while the worker could still report (a
  // hang trace asked for, a peak over the memory limit on a step line or
  // at the exit; 0: not), and, with traceOnTimeout, until when to wait for
  // the trace (0: not waiting).
  double decidedAt, traceDeadline;
  bool reaped; // the watched pid has been waited for: never signal it again
} Supervisor;

// Run.c: the pieces of one run.
void irsSupRunReset(Supervisor *s);
/// The run's watch state once its process (pid) is known.
void irsSupRunWatchFrom(Supervisor *s, pid_t pid, int chFd, int erFd);
IrsStatus irsSupRunStart(Supervisor *s, IrsWorkerMain fn, void *userData);
/// How long poll() may wait before this run's limits need checking.
int irsSupPollWaitMs(const Supervisor *s);
int irsSupRunPollFds(Supervisor *s, struct pollfd *p);
void irsSupRunReadReady(Supervisor *s, const struct pollfd *p, int np);
/// True once the worker has exited; enforces the limits otherwise.
bool irsSupRunCheck(Supervisor *s);
const IrsWorkerResult *irsSupRunFinish(Supervisor *s);
/// Kills a worker whose outcome no longer matters and reaps it.
void irsSupRunCancel(Supervisor *s);
/// The exact half of the memory limit (see Run.c).
bool irsSupOverLimit(Supervisor *s, long long peakKb);
/// Appends to the stderr tail, keeping it bounded.
void irsSupTailAppend(Supervisor *s, const char *d, size_t n);

// ChannelRead.c: the supervisor's end of the channel.
/// Reads what is available; the bytes read, 0 at end of file (and close),
/// -1 when nothing is available right now.
ssize_t irsSupReadChannel(Supervisor *s);
/// Reads what the channel still holds without waiting for a grandchild
/// that keeps it open (a background printer).
void irsSupDrainChannel(Supervisor *s);
/// irsSupReadChannel's read: as it, for any descriptor.
ssize_t irsSupReadSome(int fd, char *buf, size_t cap, bool *open);

// Streams.c: the output streams, by id.
/// The buffer of stream `id`, emptied for a new frame; NULL when out of
/// memory.
IrsBuf *irsSupStreamStart(Supervisor *s, IrsWorkerStream id);
void irsSupStreamsFree(Supervisor *s);

// HandOver.c: a run the worker handed over to another process.
/// Replaces an ended worker by the process it handed over to; false when
/// there is none (the run has ended).
bool irsSupTakeOver(Supervisor *s);
/// Kills and reaps a process handed over but never watched.
void irsSupDropHandover(Supervisor *s);
/// irsSupervisorRunSpawned's start: no worker, no channel.
IrsStatus irsSupRunStartSpawned(Supervisor *s, IrsSpawnFn spawn, void *ud,
                                intptr_t step);

#endif // IRS_SUPERVISOR_SUPERVISORIMPL_H
