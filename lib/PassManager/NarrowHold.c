// SPDX-License-Identifier: Apache-2.0
//===- NarrowHold.c - a test's hold on a narrowing's first forked trial ---===//
//
// An interrupt that comes while a verifier failure is narrowed (each trial
// a fork of the narrowing worker, NarrowStep.c) must end the run as an
// interrupt at any other time does, and leave no trial behind. A test
// cannot time a signal into that window; with
//
//   IRS_TEST_NARROW_HOLD=DIR   (an existing directory)
//
// the first forked trial of the run, the one that creates DIR/first,
// writes its pid to DIR/pid, sends SIGINT to the process that started the
// narrowing worker (its grandparent: irscope-opt, or opt-reduce), and
// waits to be killed. After 60 s it writes "not stopped while held" to
// DIR/log and runs. Unset, a trial pays one getenv.
//
//===----------------------------------------------------------------------===//
#include "NarrowHold.h"

#include "../Support/Fs.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

enum { kHoldMs = 60000, kPollMs = 10 };

// The parent of `pid` from /proc (after the command name, which may hold
// spaces and parentheses); 0 when unknown.
static pid_t parentOf(pid_t pid) {
  char path[64], buf[512];
  snprintf(path, sizeof(path), "/proc/%ld/stat", (long)pid);
  FILE *f = fopen(path, "re");
  size_t n = f ? fread(buf, 1, sizeof(buf) - 1, f) : 0;
  if (f)
    fclose(f);
  buf[n] = '\0';
  const char *close = strrchr(buf, ')');
  char state;
  long ppid = 0;
  if (!close || sscanf(close + 1, " %c %ld", &state, &ppid) != 2)
    return 0;
  return (pid_t)ppid;
}

// DIR/name holds `text`, written whole (a reader never sees it partly).
static void writeFile(const char *dir, const char *name, const char *text) {
  char *p = irsPathJoin(dir, name);
  if (p)
    irsWriteFileAtomic(p, text, strlen(text));
  free(p);
}

void irsNarrowHold(void) {
  const char *dir = getenv("IRS_TEST_NARROW_HOLD");
  if (!dir || !*dir)
    return;
  char *first = irsPathJoin(dir, "first");
  bool held = first && mkdir(first, 0700) == 0;
  free(first);
  if (!held)
    return;
  char pid[32];
  snprintf(pid, sizeof(pid), "%ld\n", (long)getpid());
  writeFile(dir, "pid", pid);
  pid_t starter = parentOf(getppid());
  if (starter > 1)
    kill(starter, SIGINT);
  struct timespec nap = {0, kPollMs * 1000000L};
  for (int waited = 0; waited < kHoldMs; waited += kPollMs)
    nanosleep(&nap, NULL);
  writeFile(dir, "log", "not stopped while held\n");
}
