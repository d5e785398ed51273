// SPDX-License-Identifier: Apache-2.0
//===- TestCrash.c - passes that die in the ways real passes die ----------===//
//
// Fault injection for testing crash safety. Each triggers only when an op
// named `op` is present under the anchor (so a reducer can shrink modules
// that trip them), and otherwise changes nothing:
//   irs-test-crash{op=NAME}   writes through a null pointer (SIGSEGV)
//   irs-test-abort{op=NAME}   calls abort() as report_fatal_error does
//   irs-test-hang{op=NAME}    never returns
//   irs-test-slow{op=NAME ms=N}  sleeps N ms per op named NAME: a pass
//                             that is slow but ends (a reducer must not
//                             take it for a hang under a longer timeout)
//   irs-test-stack-overflow{op=NAME}  unbounded recursion
//   irs-test-oom{op=NAME}     allocates and touches memory until it fails
// The op option defaults to "builtin.module" for the stack overflow and the
// memory blow-up, so they fire on any module when no op is given; the others
// require it.
//
//===----------------------------------------------------------------------===//
#include "PassesImpl.h"

#include <signal.h>
#include <stdalign.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static alignas(8) const char crashId = 0, abortId = 0, hangId = 0,
                             slowId = 0, stackId = 0, oomId = 0;

static bool present(MlirOperation root, IrsSimplePassData *d) {
  return !mlirOperationIsNull(irsFindFirstOp(root, d->op));
}

// Sanitizers would stop the null store with their own report; the point
// is a real SIGSEGV.
__attribute__((no_sanitize_undefined, no_sanitize_address))
static void runCrash(MlirOperation root, MlirExternalPass pass,
                     IrsSimplePassData *d) {
  (void)pass;
  if (!present(root, d))
    return;
  // volatile: the compiler must not reason the store away.
  volatile int *volatile p = NULL;
  *p = 42;
}

static void runAbort(MlirOperation root, MlirExternalPass pass,
                     IrsSimplePassData *d) {
  (void)pass;
  if (present(root, d))
    abort();
}

static void runHang(MlirOperation root, MlirExternalPass pass,
                    IrsSimplePassData *d) {
  (void)pass;
  if (!present(root, d))
    return;
  for (;;)
    pause();
}

typedef struct SlowCount {
  const char *name;
  int64_t n;
} SlowCount;

static MlirWalkResult countCb(MlirOperation op, void *ud) {
  SlowCount *c = ud;
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  c->n += n.length == strlen(c->name) && !memcmp(n.data, c->name, n.length);
  return MlirWalkResultAdvance;
}

static void runSlow(MlirOperation root, MlirExternalPass pass,
                    IrsSimplePassData *d) {
  (void)pass;
  SlowCount c = {d->op, 0};
  mlirOperationWalk(root, countCb, &c, MlirWalkPreOrder);
  int64_t ms = c.n * d->n;
  struct timespec ts = {(time_t)(ms / 1000), (long)(ms % 1000) * 1000000L};
  while (nanosleep(&ts, &ts) != 0)
    ;
}

// Not tail-recursive and with a frame the optimiser cannot drop.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Winfinite-recursion"
static int recurse(volatile char *prev, int depth) {
  volatile char frame[256];
  frame[0] = prev ? prev[0] + 1 : 0;
  return recurse(frame, depth + 1) + frame[0];
}
#pragma GCC diagnostic pop

static void runStack(MlirOperation root, MlirExternalPass pass,
                     IrsSimplePassData *d) {
  (void)pass;
  if (present(root, d))
    (void)recurse(NULL, 0);
}

static void runOom(MlirOperation root, MlirExternalPass pass,
                   IrsSimplePassData *d) {
  (void)pass;
  if (!present(root, d))
    return;
  // Touch every page so the memory is really resident; stop only when the
  // allocator gives up, which under a limit means the limit was hit.
  for (;;) {
    char *p = malloc(64u << 20);
    if (!p)
      abort();
    memset(p, 1, 64u << 20);
  }
}

static MlirPass make(const IrsPassOptions *opts, MlirStringRef anchor,
                     IrsPassEnv *env, IrsBuf *err, const char *name,
                     const void *id, const char *defaultOp,
                     void (*run)(MlirOperation, MlirExternalPass,
                                 IrsSimplePassData *)) {
  static const char *const known[] = {"op", NULL};
  MlirPass none = {NULL};
  if (!irsPassOptionsCheckKnown(opts, name, known, err))
    return none;
  const char *op = irsPassOptionsGet(opts, "op");
  if (!op || !*op)
    op = defaultOp;
  if (!op) {
    irsBufPrintf(err, "pass '%s' requires option 'op=NAME'", name);
    return none;
  }
  IrsSimplePassData *d = irsSimplePassDataCreate(op, NULL, env);
  if (!d) {
    irsBufPrintf(err, "%s", "out of memory");
    return none;
  }
  d->run = run;
  return irsSimplePassCreate(id, name, "fault injection", anchor, d);
}

MlirPass irsTestCrashPassCreate(const IrsPassOptions *o, MlirStringRef a,
                                IrsPassEnv *e, IrsBuf *err) {
  return make(o, a, e, err, "irs-test-crash", &crashId, NULL, runCrash);
}
MlirPass irsTestAbortPassCreate(const IrsPassOptions *o, MlirStringRef a,
                                IrsPassEnv *e, IrsBuf *err) {
  return make(o, a, e, err, "irs-test-abort", &abortId, NULL, runAbort);
}
MlirPass irsTestHangPassCreate(const IrsPassOptions *o, MlirStringRef a,
                               IrsPassEnv *e, IrsBuf *err) {
  return make(o, a, e, err, "irs-test-hang", &hangId, NULL, runHang);
}
MlirPass irsTestSlowPassCreate(const IrsPassOptions *o, MlirStringRef a,
                               IrsPassEnv *e, IrsBuf *err) {
  static const char *const known[] = {"op", "ms", NULL};
  MlirPass none = {NULL};
  if (!irsPassOptionsCheckKnown(o, "irs-test-slow", known, err))
    return none;
  const char *op = irsPassOptionsGet(o, "op");
  const char *ms = irsPassOptionsGet(o, "ms");
  char *end = NULL;
  long v = ms ? strtol(ms, &end, 10) : 100;
  if (!op || !*op) {
    irsBufPrintf(err, "%s", "pass 'irs-test-slow' requires option 'op=NAME'");
    return none;
  }
  if ((ms && (!*ms || *end)) || v < 0 || v > 3600000) {
    irsBufPrintf(err, "pass 'irs-test-slow': option 'ms' expects a number "
                      "of milliseconds, not '%s'", ms);
    return none;
  }
  IrsSimplePassData *d = irsSimplePassDataCreate(op, NULL, e);
  if (!d) {
    irsBufPrintf(err, "%s", "out of memory");
    return none;
  }
  d->run = runSlow;
  d->n = v;
  return irsSimplePassCreate(&slowId, "irs-test-slow", "fault injection", a,
                             d);
}
MlirPass irsTestStackOverflowPassCreate(const IrsPassOptions *o,
                                        MlirStringRef a, IrsPassEnv *e,
                                        IrsBuf *err) {
  return make(o, a, e, err, "irs-test-stack-overflow", &stackId,
              "builtin.module", runStack);
}
MlirPass irsTestOomPassCreate(const IrsPassOptions *o, MlirStringRef a,
                              IrsPassEnv *e, IrsBuf *err) {
  return make(o, a, e, err, "irs-test-oom", &oomId, "builtin.module", runOom);
}
