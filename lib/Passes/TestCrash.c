// SPDX-License-Identifier: Apache-2.0
//===- TestCrash.c - passes that die in the ways real passes die ----------===//
//
// Fault injection for testing crash safety. Each triggers only when an op
// named `op` is present under the anchor (so a reducer can shrink modules
// that trip them), and otherwise changes nothing:
//   irs-test-crash{op=NAME}   writes through a null pointer (SIGSEGV)
//   irs-test-crash{op=NAME unmap-loc=1}  first makes the memory that holds
//                             the anchor's location unreadable, as a wild
//                             write can wreck what a crash report reads
//   irs-test-abort{op=NAME}   calls abort() as report_fatal_error does
//   irs-test-abort{op=NAME runs=K file=PATH}  only in the first K runs
//                             counted in PATH (a byte each): a crash that
//                             the replays after it do not reproduce
//   irs-test-hang{op=NAME}    never returns
//   irs-test-hang{op=NAME interrupt=K file=PATH}  counts its hanging runs
//                             in PATH (a byte each); the K-th sends SIGINT
//                             to its parent (the supervising tool) first:
//                             an interrupt known to come while a step hangs
//   irs-test-slow{op=NAME ms=N}  sleeps N ms per op named NAME: a pass
//                             that is slow but ends (a reducer must not
//                             take it for a hang under a longer timeout)
//   irs-test-slow{... file=PATH}  also appends a line to PATH each time it
//                             runs (the anchor's sym_name, else its op
//                             name): a side effect that counts executions
//   irs-test-stack-overflow{op=NAME}  unbounded recursion
//   irs-test-oom{op=NAME}     allocates and touches memory until it fails
//   irs-test-oom{op=NAME mb=N}  maps and touches N MiB at once, releases
//                             them and returns: a peak over in a few ms,
//                             before any 50 ms sample of a supervisor
// The op option defaults to "builtin.module" for the stack overflow and the
// memory blow-up, so they fire on any module when no op is given; the others
// require it.
//
//===----------------------------------------------------------------------===//
#include "PassesImpl.h"

#include <mlir-c/BuiltinAttributes.h>

#include <fcntl.h>
#include <signal.h>
#include <stdalign.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
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
  if (d->n) {
    // The page of the location's storage (uniqued by the context), past
    // which the location's file name is read: reading either faults now.
    long page = sysconf(_SC_PAGESIZE);
    MlirLocation loc = mlirOperationGetLocation(root);
    uintptr_t at = (uintptr_t)loc.ptr & ~(uintptr_t)(page - 1);
    mprotect((void *)at, (size_t)page, PROT_NONE);
  }
  // volatile: the compiler must not reason the store away.
  volatile int *volatile p = NULL;
  *p = 42;
}

// With runs=K file=PATH, counts its executions in PATH (a byte each,
// O_APPEND: parallel instances and processes add their own) and aborts in
// the first K only: a crash the runs after it, a replay above all, do not
// see again, deterministically.
static void runAbort(MlirOperation root, MlirExternalPass pass,
                     IrsSimplePassData *d) {
  (void)pass;
  if (!present(root, d))
    return;
  if (d->file && d->n > 0) {
    int fd = open(d->file, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    struct stat st;
    bool past = fd >= 0 && write(fd, "a", 1) == 1 && fstat(fd, &st) == 0 &&
                st.st_size > d->n;
    if (fd >= 0)
      close(fd);
    if (past)
      return;
  }
  abort();
}

static void runHang(MlirOperation root, MlirExternalPass pass,
                    IrsSimplePassData *d) {
  (void)pass;
  if (!present(root, d))
    return;
  if (d->file && d->n > 0) {
    // O_APPEND: runs in parallel workers each add their own byte.
    int fd = open(d->file, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    struct stat st;
    if (fd >= 0 && write(fd, "h", 1) == 1 && fstat(fd, &st) == 0 &&
        st.st_size == d->n)
      kill(getppid(), SIGINT);
    if (fd >= 0)
      close(fd);
  }
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

// One line per execution; O_APPEND and one write, so parallel instances
// (one per function on MLIR's threads) do not mix their lines.
static void logRun(MlirOperation root, const char *file) {
  MlirAttribute a = mlirOperationGetAttributeByName(
      root, mlirStringRefCreateFromCString("sym_name"));
  MlirStringRef s = !mlirAttributeIsNull(a) && mlirAttributeIsAString(a)
                        ? mlirStringAttrGetValue(a)
                        : mlirIdentifierStr(mlirOperationGetName(root));
  char line[256];
  int n = snprintf(line, sizeof(line), "%.*s\n",
                   (int)(s.length < 200 ? s.length : 200), s.data);
  int fd = open(file, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
  if (fd >= 0) {
    (void)!write(fd, line, (size_t)n);
    close(fd);
  }
}

static void runSlow(MlirOperation root, MlirExternalPass pass,
                    IrsSimplePassData *d) {
  (void)pass;
  if (d->file)
    logRun(root, d->file);
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
  if (d->n > 0) {
    // One mapping the kernel fills at once (MAP_POPULATE), touched again in
    // case it did not: resident, so the process's high-water mark has it.
    size_t n = (size_t)d->n << 20;
    char *p = mmap(NULL, n, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
    if (p == MAP_FAILED)
      abort();
    for (size_t i = 0; i < n; i += 4096)
      p[i] = 1;
    munmap(p, n);
    return;
  }
  // Touch every page so the memory is really resident; stop only when the
  // allocator gives up, which under a limit means the limit was hit.
  for (;;) {
    char *p = malloc(64u << 20);
    if (!p)
      abort();
    memset(p, 1, 64u << 20);
  }
}

// What one of these passes takes: op=NAME (defaultOp when not given) and,
// when key is not NULL, one numeric option `key` (default def, at most max;
// `what` names its unit in the error), which, when fileKey is not NULL,
// needs fileKey=PATH too.
typedef struct Spec {
  const char *name;
  const void *id;
  const char *defaultOp;
  const char *key;
  long def, max;
  const char *what;
  const char *fileKey;
  bool fileAlone; // fileKey may be given without key
  void (*run)(MlirOperation, MlirExternalPass, IrsSimplePassData *);
} Spec;

static MlirPass make(const IrsPassOptions *o, MlirStringRef a, IrsPassEnv *e,
                     IrsBuf *err, const Spec *sp) {
  const char *const known[] = {"op", sp->key, sp->fileKey, NULL};
  MlirPass none = {NULL};
  if (!irsPassOptionsCheckKnown(o, sp->name, known, err))
    return none;
  const char *op = irsPassOptionsGet(o, "op");
  const char *num = sp->key ? irsPassOptionsGet(o, sp->key) : NULL;
  const char *file = sp->fileKey ? irsPassOptionsGet(o, sp->fileKey) : NULL;
  char *end = NULL;
  long v = num ? strtol(num, &end, 10) : sp->def;
  if (!op || !*op)
    op = sp->defaultOp;
  if (!op) {
    irsBufPrintf(err, "pass '%s' requires option 'op=NAME'", sp->name);
    return none;
  }
  if ((num && (!*num || *end)) || v < 0 || v > sp->max) {
    irsBufPrintf(err, "pass '%s': option '%s' expects a number of %s, not "
                      "'%s'", sp->name, sp->key, sp->what, num);
    return none;
  }
  if (sp->fileKey && !sp->fileAlone && (num != NULL) != (file && *file)) {
    irsBufPrintf(err, "pass '%s': options '%s' and '%s=PATH' go together",
                 sp->name, sp->key, sp->fileKey);
    return none;
  }
  IrsSimplePassData *d = irsSimplePassDataCreate(
      op, num || sp->fileAlone ? file : NULL, e);
  if (!d) {
    irsBufPrintf(err, "%s", "out of memory");
    return none;
  }
  d->run = sp->run;
  d->n = v;
  return irsSimplePassCreate(sp->id, sp->name, "fault injection", a, d);
}

MlirPass irsTestCrashPassCreate(const IrsPassOptions *o, MlirStringRef a,
                                IrsPassEnv *e, IrsBuf *err) {
  static const Spec sp = {"irs-test-crash", &crashId, NULL, "unmap-loc", 0,
                          1, "flags (0 or 1)", NULL, false, runCrash};
  return make(o, a, e, err, &sp);
}
MlirPass irsTestAbortPassCreate(const IrsPassOptions *o, MlirStringRef a,
                                IrsPassEnv *e, IrsBuf *err) {
  static const Spec sp = {"irs-test-abort", &abortId, NULL, "runs", 0,
                          1 << 30, "runs", "file", false, runAbort};
  return make(o, a, e, err, &sp);
}
MlirPass irsTestHangPassCreate(const IrsPassOptions *o, MlirStringRef a,
                               IrsPassEnv *e, IrsBuf *err) {
  static const Spec sp = {"irs-test-hang", &hangId, NULL, "interrupt", 0,
                          1 << 30, "runs", "file", false, runHang};
  return make(o, a, e, err, &sp);
}
MlirPass irsTestSlowPassCreate(const IrsPassOptions *o, MlirStringRef a,
                               IrsPassEnv *e, IrsBuf *err) {
  static const Spec sp = {"irs-test-slow", &slowId, NULL, "ms", 100, 3600000,
                          "milliseconds", "file", true, runSlow};
  return make(o, a, e, err, &sp);
}
MlirPass irsTestStackOverflowPassCreate(const IrsPassOptions *o,
                                        MlirStringRef a, IrsPassEnv *e,
                                        IrsBuf *err) {
  static const Spec sp = {"irs-test-stack-overflow", &stackId,
                          "builtin.module", .run = runStack};
  return make(o, a, e, err, &sp);
}
MlirPass irsTestOomPassCreate(const IrsPassOptions *o, MlirStringRef a,
                              IrsPassEnv *e, IrsBuf *err) {
  // mb=0 (the default): until allocation fails.
  static const Spec sp = {"irs-test-oom", &oomId, "builtin.module", "mb", 0,
                          1 << 20, "MiB", NULL, false, runOom};
  return make(o, a, e, err, &sp);
}
