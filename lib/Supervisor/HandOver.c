// SPDX-License-Identifier: Apache-2.0
//===- HandOver.c - watching a process the worker handed its run to ------===//
//
// A worker may hand its run over to a process it had started (a tool
// cloned by the fork server, irsWorkerChannelHandOver) and end; a caller
// may also start that process itself (irsSupervisorRunSpawned). Either
// way the process is watched from then on as the worker was.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE // pipe2
#include "SupervisorImpl.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

// The worker's announcement was read by irsSupDrainChannel. An interrupt
// the worker got is passed on.
bool irsSupTakeOver(Supervisor *s) {
  if (!s->handover || s->killedFor != IrsWorkerExited ||
      !WIFEXITED(s->status) || WEXITSTATUS(s->status) != 0)
    return false;
  s->pid = s->handover;
  s->handover = 0;
  s->status = 0;
  s->reaped = false;
  if (s->interrupted)
    kill((pid_t)s->pid, SIGTERM);
  return true;
}

// A process handed over but never watched (the worker died first) does
// not outlive the run; it has not started the tool's main.
void irsSupDropHandover(Supervisor *s) {
  if (!s->handover)
    return;
  kill(-s->handover, SIGKILL), kill(s->handover, SIGKILL);
  while (waitpid(s->handover, NULL, 0) < 0 && errno == EINTR)
    ;
  s->handover = 0;
}

// The process is in `step` from the start, as a worker that announced it
// and handed over.
IrsStatus irsSupRunStartSpawned(Supervisor *s, IrsSpawnFn spawn, void *ud,
                                intptr_t step) {
  irsSupRunReset(s);
  int er[2];
  if (pipe2(er, O_CLOEXEC) != 0)
    return irsStatusMake(IRS_ERR_IO);
  int64_t pid = spawn(er[1], ud);
  close(er[1]);
  if (pid <= 0) {
    close(er[0]);
    return irsStatusMake(IRS_ERR_IO);
  }
  irsSupRunWatchFrom(s, (pid_t)pid, -1, er[0]);
  s->result.chunk = 0;
  s->result.step = step;
  s->result.inStep = true;
  return irsStatusOk();
}
