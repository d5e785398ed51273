// SPDX-License-Identifier: Apache-2.0
// Fatal-signal reporting for worker processes; see CrashHandler.h.
#define _GNU_SOURCE
#include "CrashHandler.h"

#include "irscope/CrashTrace.h"
#include "irscope/Supervisor.h"

#include <dlfcn.h>
#include <errno.h>
#include <execinfo.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>

static const char *toolName = "irscope";
static IrsPassManager dumpsOf;

void irsCrashHandlerAwaitDumpsOf(IrsPassManager pm) { dumpsOf = pm; }
static char altStack[1 << 16];

const char *irsSignalName(int sig) {
  switch (sig) {
  case SIGSEGV:
    return "SIGSEGV";
  case SIGBUS:
    return "SIGBUS";
  case SIGILL:
    return "SIGILL";
  case SIGFPE:
    return "SIGFPE";
  case SIGABRT:
    return "SIGABRT";
  case SIGKILL:
    return "SIGKILL";
  case SIGTERM:
    return "SIGTERM";
  case SIGINT:
    return "SIGINT";
  case SIGTRAP:
    return "SIGTRAP";
  default:
    return "signal";
  }
}

static void put(const char *s) {
  ssize_t r = write(2, s, strlen(s));
  (void)r;
}

//===----------------------------------------------------------------------===//
// One thread tells the crash
//===----------------------------------------------------------------------===//
//
// Threads fault at once more often than one would think: MLIR's verifier
// checks the functions of a module on the threads of its pool, and a
// broken attribute they all carry faults on each (llvm/llvm-project
// #205266, test/Actions/crash-index-after-group-verify.mlir). A handler
// that reset itself to the default action on entry (SA_RESETHAND) let the
// second fault kill the process while the first thread was still
// reporting: no trace, the trail's op not described, about 1 run in 25.
// So the first thread to fault tells the crash and ends the process; a
// thread that faults meanwhile waits for that. The wait is bounded: a
// teller stuck in its handler (a lock its fault left held) must not keep
// the process alive forever, so after it the waiting thread dies of its
// own signal.

static atomic_int crashTeller; // the thread telling the crash; 0: none

// Returns on the thread that tells the crash (the first to fault, also
// when it faults again); on any other it never does.
static void tellOrWait(int sig) {
  int me = (int)syscall(SYS_gettid);
  int teller = 0;
  if (atomic_compare_exchange_strong(&crashTeller, &teller, me) ||
      teller == me)
    return;
  for (int i = 0; i < 600; ++i) { // 30 s
    struct timespec wait = {0, 50 * 1000 * 1000};
    nanosleep(&wait, NULL);
  }
  // Blocked in its handler: delivered, by default, once this one returns.
  signal(sig, SIG_DFL);
  raise(sig);
}

//===----------------------------------------------------------------------===//
// Describing the action trail's ops as the worker dies, under a fault guard
//===----------------------------------------------------------------------===//
//
// The trail's records hold their ops as pointers (irscope/Action.h); the
// dying or hung worker describes them before the supervisor reads them. A
// crash may have corrupted what those pointers lead to, so a fault while
// describing jumps back here (the thread that faults is the describing one)
// and the worker dies of its first signal with the ops it did describe.

static IrsActionTrail describedTrail;
static sigjmp_buf guardJump;
static volatile sig_atomic_t guardTid; // the describing thread; 0: none

void irsCrashHandlerDescribeTrail(IrsActionTrail trail) {
  describedTrail = trail;
}

static void handler(int sig, siginfo_t *info, void *uctx);

static void onGuardedFault(int sig, siginfo_t *info, void *uctx) {
  if (guardTid && guardTid == (sig_atomic_t)syscall(SYS_gettid))
    siglongjmp(guardJump, 1);
  handler(sig, info, uctx); // another thread's crash
}

static void describeGuarded(bool window) {
  if (!describedTrail.ptr || guardTid)
    return;
  struct sigaction sa, oldSegv, oldBus;
  memset(&sa, 0, sizeof(sa));
  sa.sa_sigaction = onGuardedFault;
  sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGSEGV, &sa, &oldSegv);
  sigaction(SIGBUS, &sa, &oldBus);
  sigset_t faults, saved;
  sigemptyset(&faults);
  sigaddset(&faults, SIGSEGV);
  sigaddset(&faults, SIGBUS);
  // A fault with its signal blocked (we may be in its handler) would kill
  // the process outright.
  pthread_sigmask(SIG_UNBLOCK, &faults, &saved);
  if (sigsetjmp(guardJump, 1) == 0) {
    guardTid = (sig_atomic_t)syscall(SYS_gettid);
    irsActionTrailDescribeOps(describedTrail, window);
  }
  guardTid = 0;
  pthread_sigmask(SIG_SETMASK, &saved, NULL);
  sigaction(SIGSEGV, &oldSegv, NULL);
  sigaction(SIGBUS, &oldBus, NULL);
}

void irsCrashHandlerWarmUp(void) {
  void *warm[2];
  (void)backtrace(warm, 2);
}

static void handler(int sig, siginfo_t *info, void *uctx) {
  tellOrWait(sig);
  describeGuarded(false);
  // The dump of the step before this one may still be being written by a
  // thread of the pass manager (it holds only its own copies of the IR).
  if (dumpsOf.ptr)
    (void)irsPassManagerAwaitDumps(dumpsOf, 10000);
  put(toolName);
  put(IRS_CRASH_TRACE_FATAL_SIGNAL);
  put(irsSignalName(sig));
#if defined(__x86_64__) && defined(REG_RSP)
  if (sig == SIGSEGV && uctx) {
    ucontext_t *uc = uctx;
    uintptr_t sp = (uintptr_t)uc->uc_mcontext.gregs[REG_RSP];
    uintptr_t addr = (uintptr_t)info->si_addr;
    uintptr_t d = addr > sp ? addr - sp : sp - addr;
    if (d < (1u << 16))
      put(IRS_CRASH_TRACE_STACK_OVERFLOW);
  }
#else
  (void)info;
  (void)uctx;
#endif
  put("\n" IRS_CRASH_TRACE_START);
  void *frames[64];
  int n = backtrace(frames, 64);
  backtrace_symbols_fd(frames, n, 2);
  // Die of the same signal so whoever waits for us sees the real cause.
  signal(sig, SIG_DFL);
  raise(sig);
}

void irsInstallCrashHandlers(const char *tool) {
  toolName = tool;
  // backtrace() loads libgcc on first use, which must not happen inside a
  // signal handler.
  irsCrashHandlerWarmUp();
  stack_t ss;
  memset(&ss, 0, sizeof(ss));
  ss.ss_sp = altStack;
  ss.ss_size = sizeof(altStack);
  sigaltstack(&ss, NULL);
  static const int sigs[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT};
  for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); ++i) {
    struct sigaction sa;
    memset(&sa, 0, sizeof(sa));
    sa.sa_sigaction = handler;
    // No SA_RESETHAND: another thread's fault would kill the process
    // while this handler reports (tellOrWait).
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&sa.sa_mask);
    sigaction(sigs[i], &sa, NULL);
  }
}

// Only async-signal-safe calls, and one write so that the trace arrives
// whole. Symbolising here (backtrace_symbols_fd) cost a few milliseconds
// per crashing candidate in dladdr's scan of libMLIR's symbol table.
static void frameHandler(int sig) {
  tellOrWait(sig);
  static const char hdr[] = IRS_CRASH_TRACE_FRAMES_BEGIN;
  static const char end[] = IRS_CRASH_TRACE_FRAMES_END;
  char line[sizeof(hdr) + 64 * (2 + 2 * sizeof(uintptr_t) + 1) + sizeof(end)];
  size_t len = sizeof(hdr) - 1;
  memcpy(line, hdr, len);
  void *frames[64];
  int n = backtrace(frames, 64);
  for (int i = 0; i < n; ++i) {
    uintptr_t a = (uintptr_t)frames[i];
    char hex[2 * sizeof(a)];
    int k = 0;
    do {
      hex[k++] = "0123456789abcdef"[a & 15];
      a >>= 4;
    } while (a);
    line[len++] = '0', line[len++] = 'x';
    while (k)
      line[len++] = hex[--k];
    line[len++] = '\n';
  }
  memcpy(line + len, end, sizeof(end) - 1);
  len += sizeof(end) - 1;
  ssize_t w = write(2, line, len);
  (void)w;
  signal(sig, SIG_DFL);
  raise(sig);
}

void irsInstallFrameCrashHandlers(void) {
  // The alternate stack, so that a stack overflow can still be reported.
  stack_t ss;
  memset(&ss, 0, sizeof(ss));
  ss.ss_sp = altStack;
  ss.ss_size = sizeof(altStack);
  sigaltstack(&ss, NULL);
  struct sigaction sa;
  memset(&sa, 0, sizeof(sa));
  sa.sa_handler = frameHandler;
  sa.sa_flags = SA_ONSTACK; // no SA_RESETHAND: see tellOrWait
  sigemptyset(&sa.sa_mask);
  static const int sigs[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};
  for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); ++i)
    sigaction(sigs[i], &sa, NULL);
}

// Runs in whichever thread the supervisor signalled, possibly while that
// thread holds locks (malloc's, the pass manager's): only write(),
// backtrace() (loaded at install time) and backtrace_symbols_fd(), which
// does not allocate. Returning lets the worker go on; the supervisor kills
// it once it has read the end line.
static void hangTraceHandler(int sig) {
  (void)sig;
  int savedErrno = errno;
  // Before the end line, after which the supervisor kills us.
  describeGuarded(true);
  put(toolName);
  put(IRS_CRASH_TRACE_TIMED_OUT "\n" IRS_CRASH_TRACE_START);
  void *frames[64];
  int n = backtrace(frames, 64);
  backtrace_symbols_fd(frames, n, 2);
  put(IRS_CRASH_TRACE_END);
  errno = savedErrno;
}

void irsInstallHangTraceHandler(const char *tool) {
  toolName = tool;
  irsCrashHandlerWarmUp();
  struct sigaction sa;
  memset(&sa, 0, sizeof(sa));
  sa.sa_handler = hangTraceHandler;
  // SA_ONSTACK: a hang deep in a recursion may have little stack left.
  // SA_RESTART: the interrupted code resumes as if nothing happened.
  sa.sa_flags = SA_ONSTACK | SA_RESTART;
  sigemptyset(&sa.sa_mask);
  sigaction(IRS_SUPERVISOR_TRACE_SIGNAL, &sa, NULL);
}

#if !defined(__SANITIZE_ADDRESS__)
//===----------------------------------------------------------------------===//
// Alternate signal stacks for every thread
//===----------------------------------------------------------------------===//
//
// A signal stack is per thread. Passes nested under an op run on MLIR's
// thread pool, whose threads LLVM creates; without a stack of their own a
// stack overflow there could not run the handler. This definition of
// pthread_create, in the executable, comes before libc's in symbol lookup
// for LLVM too, and gives each new thread an alternate stack. (ASan builds
// keep ASan's interceptor, which does the same.)

typedef struct Start {
  void *(*fn)(void *);
  void *arg;
} Start;

static pthread_key_t stackKey;
static pthread_once_t stackOnce = PTHREAD_ONCE_INIT;

static void freeStack(void *p) {
  stack_t ss;
  memset(&ss, 0, sizeof(ss));
  ss.ss_flags = SS_DISABLE;
  sigaltstack(&ss, NULL);
  free(p);
}

static void makeKey(void) { pthread_key_create(&stackKey, freeStack); }

static void *startWithStack(void *p) {
  Start s = *(Start *)p;
  free(p);
  pthread_once(&stackOnce, makeKey);
  void *mem = malloc(1 << 16);
  if (mem) {
    stack_t ss;
    memset(&ss, 0, sizeof(ss));
    ss.ss_sp = mem;
    ss.ss_size = 1 << 16;
    if (sigaltstack(&ss, NULL) == 0)
      pthread_setspecific(stackKey, mem);
    else
      free(mem);
  }
  return s.fn(s.arg);
}

int pthread_create(pthread_t *t, const pthread_attr_t *attr,
                   void *(*fn)(void *), void *arg) {
  typedef int (*CreateFn)(pthread_t *, const pthread_attr_t *,
                          void *(*)(void *), void *);
  static CreateFn real;
  if (!real)
    real = (CreateFn)dlsym(RTLD_NEXT, "pthread_create");
  Start *s = malloc(sizeof(Start));
  if (!s)
    return real(t, attr, fn, arg);
  s->fn = fn;
  s->arg = arg;
  int rc = real(t, attr, startWithStack, s);
  if (rc != 0)
    free(s);
  return rc;
}
#endif
