// SPDX-License-Identifier: Apache-2.0
// A worker dies with its supervisor; see WorkerTie.h.
#include "WorkerTie.h"

#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>

void irsWorkerTieToSupervisor(pid_t supervisor) {
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  // The supervisor died between fork and prctl: nobody would send it.
  if (getppid() != supervisor)
    raise(SIGKILL);
}
