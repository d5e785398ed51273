// SPDX-License-Identifier: Apache-2.0
//===- TraceThread.c - asking a hung worker where it is --------------------===//
//
// See TraceThread.h. Which thread to ask matters: a signal to the process
// lands on any thread, and the handler prints the trace of the one it
// runs on.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE // tgkill
#include "TraceThread.h"

#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

// Whether thread `tid` of `pid` is blocked in a system call other than
// futex. Idle pool threads and a main thread waiting for them all wait on
// futexes; a pass that sleeps or waits for I/O does not.
static bool blockedOutsideFutex(pid_t pid, const char *tid) {
  char path[96];
  snprintf(path, sizeof(path), "/proc/%ld/task/%.20s/syscall", (long)pid, tid);
  FILE *f = fopen(path, "re");
  if (!f)
    return false;
  long nr = -1;
  int n = fscanf(f, "%ld", &nr); // "running" or "-1 ..." when not in one
  fclose(f);
  return n == 1 && nr >= 0 && nr != SYS_futex;
}

// The thread of `pid` to ask for a trace: a hang that spins is running
// (state R) while the threads waiting for it sleep; among several running
// ones the one with the most CPU time. When none runs, one blocked outside
// futex (a pass that sleeps), else the main thread (a deadlock: then which
// thread is stuck cannot be told from here).
static pid_t traceThread(pid_t pid) {
  char path[96];
  snprintf(path, sizeof(path), "/proc/%ld/task", (long)pid);
  DIR *d = opendir(path);
  if (!d)
    return pid;
  pid_t best = pid;
  unsigned long long bestCpu = 0;
  int bestRank = 0; // 2 running, 1 blocked outside futex, 0 the main thread
  struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    if (e->d_name[0] < '0' || e->d_name[0] > '9')
      continue;
    snprintf(path, sizeof(path), "/proc/%ld/task/%.20s/stat", (long)pid,
             e->d_name);
    FILE *f = fopen(path, "re");
    if (!f)
      continue;
    char buf[1024];
    size_t n = fread(buf, 1, sizeof(buf) - 1, f);
    fclose(f);
    buf[n] = '\0';
    // "tid (comm) state ppid pgrp session tty tpgid flags minflt cminflt
    // majflt cmajflt utime stime ...": comm may hold anything, even ')'.
    char *rp = strrchr(buf, ')');
    char state = 0;
    unsigned long long ut = 0, st = 0;
    if (!rp || sscanf(rp + 1, " %c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u "
                               "%llu %llu",
                      &state, &ut, &st) != 3)
      continue;
    int rank = state == 'R'                          ? 2
               : blockedOutsideFutex(pid, e->d_name) ? 1
                                                     : 0;
    if (rank > bestRank ||
        (rank == bestRank && rank > 0 && ut + st > bestCpu)) {
      best = (pid_t)strtol(e->d_name, NULL, 10);
      bestCpu = ut + st;
      bestRank = rank;
    }
  }
  closedir(d);
  return best;
}

bool irsAskForTrace(pid_t pid, int sig) {
  pid_t tid = traceThread(pid);
  if (tgkill(pid, tid, sig) == 0)
    return true;
  // The thread ended in between: let the kernel pick one.
  return kill(pid, sig) == 0;
}
