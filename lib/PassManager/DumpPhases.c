// SPDX-License-Identifier: Apache-2.0
//===- DumpPhases.c - per-phase counters of an instrumented run -----------===//
//
// See DumpPhases.h. The counters are atomics: MLIR's threads print and
// verify functions, a dump thread prints and writes, all at once. The CPU
// time is the thread's own (CLOCK_THREAD_CPUTIME_ID), so phases on
// different threads add up to CPU-seconds and survive a loaded machine;
// the wall time tells what the pipeline waited for.
//
//===----------------------------------------------------------------------===//
#include "DumpPhases.h"

#include "../Support/Buf.h"

#include <dirent.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

struct IrsPhases {
  char *path;
  atomic_llong count[IrsPhaseCount], cpuNs[IrsPhaseCount],
      wallNs[IrsPhaseCount], bytes[IrsPhaseCount];
};

static const char *const kNames[IrsPhaseCount] = {
    "clone", "print", "print-whole", "write", "copy", "hash",
    "verify", "fingerprint", "wait", "fork", "child", "runq", "split", "reuse", "buffered", "held", "ask", "probe"};

IrsPhases *irsPhasesCreateFromEnv(void) {
  const char *f = getenv("IRSCOPE_PHASES");
  if (!f || !*f)
    return NULL;
  IrsPhases *p = calloc(1, sizeof(*p));
  if (p && !(p->path = irsStrDup(f))) {
    free(p);
    p = NULL;
  }
  return p;
}

static int64_t nowNs(clockid_t c) {
  struct timespec t;
  clock_gettime(c, &t);
  return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

IrsPhaseMark irsPhaseBegin(const IrsPhases *p) {
  if (!p)
    return (IrsPhaseMark){0, 0};
  return (IrsPhaseMark){nowNs(CLOCK_THREAD_CPUTIME_ID), nowNs(CLOCK_MONOTONIC)};
}

void irsPhaseAdd(IrsPhases *p, IrsPhase k, int64_t cpuNs, int64_t wallNs,
                 int64_t bytes) {
  if (!p)
    return;
  atomic_fetch_add(&p->count[k], 1);
  atomic_fetch_add(&p->cpuNs[k], cpuNs);
  atomic_fetch_add(&p->wallNs[k], wallNs);
  atomic_fetch_add(&p->bytes[k], bytes);
}

void irsPhaseEnd(IrsPhases *p, IrsPhase k, IrsPhaseMark m, int64_t bytes) {
  if (!p)
    return;
  irsPhaseAdd(p, k, nowNs(CLOCK_THREAD_CPUTIME_ID) - m.cpuNs,
              nowNs(CLOCK_MONOTONIC) - m.wallNs, bytes);
}

// The process's threads' CPU time and time spent waiting for a core
// (/proc/self/task/*/schedstat: run time, run-queue delay, in ns), as the
// "runq" phase: what printers or other processes took from the pipeline.
static void addRunQueue(IrsPhases *p) {
  DIR *d = opendir("/proc/self/task");
  for (struct dirent *e; d && (e = readdir(d));) {
    if (e->d_name[0] == '.')
      continue;
    char path[64];
    snprintf(path, sizeof(path), "/proc/self/task/%.20s/schedstat", e->d_name);
    FILE *f = fopen(path, "re");
    long long run = 0, delay = 0;
    if (f && fscanf(f, "%lld %lld", &run, &delay) == 2)
      irsPhaseAdd(p, IrsPhaseRunQueue, run, delay, 0);
    if (f)
      fclose(f);
  }
  if (d)
    closedir(d);
}

static void writeLine(FILE *f, const IrsPhases *p, int k) {
  if (atomic_load(&p->count[k]))
    fprintf(f, "phase %d %s %lld %.6f %.6f %lld\n", (int)getpid(), kNames[k],
            (long long)atomic_load(&p->count[k]),
            (double)atomic_load(&p->cpuNs[k]) / 1e9,
            (double)atomic_load(&p->wallNs[k]) / 1e9,
            (long long)atomic_load(&p->bytes[k]));
}

void irsPhasesAppend(IrsPhases *p, IrsPhase k) {
  FILE *f = p ? fopen(p->path, "ae") : NULL;
  if (f) {
    writeLine(f, p, k);
    fclose(f);
  }
}

void irsPhasesFinish(IrsPhases *p) {
  if (!p)
    return;
  addRunQueue(p);
  // One line per phase that ran, appended: several pass managers (and
  // processes) of one run add their tables to the same file.
  FILE *f = fopen(p->path, "ae");
  for (int k = 0; f && k < IrsPhaseCount; ++k)
    writeLine(f, p, k);
  if (f)
    fclose(f);
  free(p->path);
  free(p);
}
