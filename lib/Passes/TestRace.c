// SPDX-License-Identifier: Apache-2.0
//===- TestRace.c - a real data race between parallel pass instances ------===//
//
//   irs-test-race{op=NAME spin=US meet=0|1 both=0|1}
//     On every anchor holding an op named NAME, claims a slot shared by all
//     copies of the pass (MLIR clones a pass per thread), spins US
//     microseconds (default 100) and takes the slot back, with no
//     synchronisation at all: when two instances run at the same time on
//     two threads, one finds the slot already taken back and dereferences
//     a null pointer (SIGSEGV). Single-threaded, or with one free core,
//     the windows rarely overlap: the rate depends on the machine, as a
//     real race's does, which is what --repeat must measure unchanged.
//     With meet=1 the spin ends as soon as another instance claims the
//     slot, so a multithreaded run with two anchors crashes every time
//     (for tests); alone, an instance spins the whole US.
//     With both=1 (and meet=1) the instance that won the race faults too,
//     once the other is in its fatal-signal handler (its thread blocks the
//     signal there): two threads' crashes at once, as MLIR's verifier
//     makes them when the functions it checks on two threads share a
//     broken attribute. A crash handler must tell one of them whole.
//
// Contract: need nothing; change nothing.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "PassesImpl.h"

#include <mlir-c/Diagnostics.h>
#include <stdalign.h>
#include <fcntl.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static alignas(8) const char raceId = 0;

// What every copy of one pass shares: the slot the race is about.
typedef struct RaceShared {
  atomic_int refs;
  int *volatile slot; // deliberately not atomic, nor locked
  atomic_int claimer; // the thread that claimed the slot last (both=1)
} RaceShared;

typedef struct RaceData {
  char *op;
  long spinUs;
  bool meet, both;
  RaceShared *shared;
} RaceData;

static double nowUs(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

// Whether thread `tid` of this process blocks SIGSEGV: it is in the
// handler of one (the kernel blocks a signal while its handler runs).
static bool inSegvHandler(int tid) {
  char path[64], buf[4096];
  snprintf(path, sizeof path, "/proc/self/task/%d/status", tid);
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return false;
  ssize_t n = read(fd, buf, sizeof buf - 1);
  close(fd);
  buf[n > 0 ? n : 0] = 0;
  const char *blk = strstr(buf, "SigBlk:");
  return blk && (strtoull(blk + 7, NULL, 16) >> (SIGSEGV - 1)) & 1;
}

// both=1: waits (up to 10 s) for thread `other` to be in its handler,
// then faults.
__attribute__((noinline, no_sanitize_undefined, no_sanitize_address,
               no_sanitize_thread)) static void
faultWhileHandled(int other) {
  double until = nowUs() + 10e6;
  while (!inSegvHandler(other) && nowUs() < until)
    ;
  volatile int *volatile p = NULL;
  *p = 1;
}

// The racy window: claim, work, take back, use what was claimed.
__attribute__((noinline, no_sanitize_undefined, no_sanitize_address,
               no_sanitize_thread)) static void
raceWindow(RaceShared *s, long spinUs, bool meet, bool both) {
  int mine = 0, me = (int)gettid();
  atomic_store(&s->claimer, me);
  s->slot = &mine;
  double until = nowUs() + (double)spinUs;
  while (nowUs() < until && !(meet && s->slot != &mine))
    ;
  int *volatile claimed = s->slot;
  s->slot = NULL;
  ++*claimed; // NULL when another instance took the slot back meanwhile
  int other = atomic_load(&s->claimer);
  if (both && other != me)
    faultWhileHandled(other);
}

static void runPass(MlirOperation root, MlirExternalPass pass, void *ud) {
  RaceData *d = ud;
  if (!d) {
    mlirEmitError(mlirOperationGetLocation(root),
                  "irscope pass state could not be allocated");
    mlirExternalPassSignalFailure(pass);
    return;
  }
  if (!mlirOperationIsNull(irsFindFirstOp(root, d->op)))
    raceWindow(d->shared, d->spinUs, d->meet, d->both);
}

static RaceData *copyData(const RaceData *d) {
  RaceData *c = malloc(sizeof(*c));
  if (!c)
    return NULL;
  *c = *d;
  c->op = irsStrDup(d->op);
  if (!c->op) {
    free(c);
    return NULL;
  }
  atomic_fetch_add(&c->shared->refs, 1);
  return c;
}

static void construct(void *ud) { (void)ud; }
static void destruct(void *ud) {
  RaceData *d = ud;
  if (!d)
    return;
  if (atomic_fetch_sub(&d->shared->refs, 1) == 1)
    free(d->shared);
  free(d->op);
  free(d);
}
static void *clonePass(void *ud) { return ud ? copyData(ud) : NULL; }

MlirPass irsTestRacePassCreate(const IrsPassOptions *opts,
                               MlirStringRef anchor, IrsPassEnv *env,
                               IrsBuf *err) {
  (void)env;
  static const char *const known[] = {"op", "spin", "meet", "both", NULL};
  const char *name = "irs-test-race";
  MlirPass none = {NULL};
  if (!irsPassOptionsCheckKnown(opts, name, known, err))
    return none;
  const char *op = irsPassOptionsGet(opts, "op");
  if (!op || !*op) {
    irsBufPrintf(err, "pass '%s' requires option 'op=NAME'", name);
    return none;
  }
  const char *spin = irsPassOptionsGet(opts, "spin");
  char *end = NULL;
  long us = spin ? strtol(spin, &end, 10) : 100;
  if (spin && (end == spin || *end || us < 0 || us > 60000000)) {
    irsBufPrintf(err, "option 'spin' of pass '%s' expects microseconds "
                      "(0 to 60000000), not '%s'", name, spin);
    return none;
  }
  const char *meet = irsPassOptionsGet(opts, "meet");
  if (meet && strcmp(meet, "0") && strcmp(meet, "1")) {
    irsBufPrintf(err, "option 'meet' of pass '%s' must be 0 or 1, not '%s'",
                 name, meet);
    return none;
  }
  const char *both = irsPassOptionsGet(opts, "both");
  if (both && strcmp(both, "0") && strcmp(both, "1")) {
    irsBufPrintf(err, "option 'both' of pass '%s' must be 0 or 1, not '%s'",
                 name, both);
    return none;
  }
  RaceShared *shared = calloc(1, sizeof(*shared));
  RaceData d = {(char *)op, us, meet && !strcmp(meet, "1"),
                both && !strcmp(both, "1"), shared};
  RaceData *data = shared ? copyData(&d) : NULL;
  if (!data) {
    free(shared);
    irsBufPrintf(err, "%s", "out of memory");
    return none;
  }
  MlirExternalPassCallbacks cbs = {construct, destruct, NULL, clonePass,
                                   runPass};
  return mlirCreateExternalPass(
      mlirTypeIDCreate(&raceId), mlirStringRefCreateFromCString(name),
      mlirStringRefCreateFromCString(name),
      mlirStringRefCreateFromCString("fault injection"),
      irsPassAnchorOpName(anchor), 0, NULL, cbs, data);
}
