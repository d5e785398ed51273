// SPDX-License-Identifier: Apache-2.0
//===- Shim.c - libirscope-forkserver.so: a tool's start-up paid once -----===//
//
// Preloaded (LD_PRELOAD) into the user's tool by irsForkServerCreate
// (lib/Tool/ForkServer.c). It interposes __libc_start_main so that it runs
// after the dynamic loader, relocation and every static initialiser of the
// tool and its libraries (libMLIR, libLLVM: most of a small run's CPU),
// but before the tool's main. Without IRS_FORK_SERVER_FD, or when the
// process is not the tool the server was asked for (an interpreter running
// a script tool), it calls main as if it were not there.
//
// Where it can, the server starts serving later, in mlir::MlirOptMain,
// which it interposes too: main has then registered every dialect, pass
// and extension (see shimOptMain), which a fork before main did again in
// every run. Started with IRS_FORK_SERVER_AT=main, or for a tool that
// does not get there, it serves before main.
//
// As a server it reads requests (ForkRequest.h) from the control socket
// and for each one clones itself with CLONE_PARENT: the clone is a child of
// the process that started the server, which supervises it exactly as a
// tool it had exec'd itself (waitpid status, /proc/<pid> for its memory,
// signals to its pid and process group). The clone sends nothing: the
// server writes its pid to the request's reply socket; the clone waits on
// the same socket for one byte, which the client sends once the
// supervisor knows the pid (EOF: it never will; the clone exits 127
// without running main). Then it takes the request's stdin, stdout,
// stderr and working directory, becomes its own process group (as a tool
// exec'd by a worker that made its own) and runs main with the request's
// argv; LLVM parses its options in main, so each clone may take others.
//
// Two costs of a crashing run are paid once too. ld.so binds the PLT slots
// lazily, so each fork would resolve the same ones again in its copy of
// the pages: the server is started with LD_BIND_NOW=1 (unset again before
// main, as opt-reduce's launcher does for its own workers). And LLVM's stack
// dump without a symboliser names each frame with dladdr, which glibc
// answers by a linear walk over the object's dynamic symbols: with
// libMLIR's, about a quarter of all CPU time of a small crash reduction.
// Every fork has the server's address layout, so dladdr's answer for an
// address inside an object loaded before the first fork is the same in all
// of them: the shim's dladdr asks glibc's once per address and keeps the
// answer (pointers into those objects and ld.so's names) in a table the
// server maps shared before forking; other addresses (a plugin a fork
// loads) always go to glibc.
//
// A preload library has no caller to hold its state: the tool's main, the
// table and the objects' address ranges are file-scope, set in the server
// before it forks and read-only after (except the shared table).
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "../Tool/ForkRequest.h"

#include <dlfcn.h>
#include <link.h>
#include <stdatomic.h>
#include <sys/mman.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <stdio.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

typedef int (*MainFn)(int, char **, char **);
typedef int (*StartFn)(MainFn, int, char **, void (*)(void), void (*)(void),
                       void (*)(void), void *);

static MainFn gToolMain; // set once, before main; see above

typedef int (*DladdrFn)(const void *, Dl_info *);

enum { kDlSlots = 1 << 14, kDlProbes = 32, kMaxRanges = 1024 };

typedef struct DlEntry {
  _Atomic uintptr_t key; // the address; 0: free
  _Atomic int ready;
  int ret;
  Dl_info info;
} DlEntry;

static DlEntry *gDlCache;         // shared by the server's forks
static DladdrFn gRealDladdr;
static uintptr_t gRanges[kMaxRanges][2]; // loaded segments at server start
static int gNumRanges;

static int addRanges(struct dl_phdr_info *i, size_t size, void *ud) {
  (void)size, (void)ud;
  for (int k = 0; k < i->dlpi_phnum && gNumRanges < kMaxRanges; ++k)
    if (i->dlpi_phdr[k].p_type == PT_LOAD) {
      uintptr_t lo = i->dlpi_addr + i->dlpi_phdr[k].p_vaddr;
      gRanges[gNumRanges][0] = lo;
      gRanges[gNumRanges++][1] = lo + i->dlpi_phdr[k].p_memsz;
    }
  return gNumRanges >= kMaxRanges; // too many: stop (those get no cache)
}

static bool inStartObjects(uintptr_t a) {
  for (int i = 0; i < gNumRanges; ++i)
    if (a >= gRanges[i][0] && a < gRanges[i][1])
      return true;
  return false;
}

static void cacheCreate(void) {
  gRealDladdr = (DladdrFn)dlsym(RTLD_NEXT, "dladdr");
  void *m = mmap(NULL, kDlSlots * sizeof(DlEntry), PROT_READ | PROT_WRITE,
                 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (!gRealDladdr || m == MAP_FAILED)
    return;
  dl_iterate_phdr(addRanges, NULL);
  gDlCache = m;
}

int dladdr(const void *addr, Dl_info *info) {
  DladdrFn real = gRealDladdr;
  if (!real)
    real = (DladdrFn)dlsym(RTLD_NEXT, "dladdr");
  uintptr_t a = (uintptr_t)addr;
  if (!gDlCache || a == 0 || !inStartObjects(a))
    return real(addr, info);
  size_t h = (size_t)((a * 0x9E3779B97F4A7C15ull) >> 40) & (kDlSlots - 1);
  for (int p = 0; p < kDlProbes; ++p) {
    DlEntry *e = &gDlCache[(h + (size_t)p) & (kDlSlots - 1)];
    uintptr_t k = atomic_load_explicit(&e->key, memory_order_acquire);
    if (k == 0) {
      uintptr_t zero = 0;
      if (atomic_compare_exchange_strong(&e->key, &zero, a)) {
        e->ret = real(addr, &e->info);
        atomic_store_explicit(&e->ready, 1, memory_order_release);
        *info = e->info;
        return e->ret;
      }
      k = zero; // taken meanwhile: by this address?
    }
    if (k == a) {
      if (!atomic_load_explicit(&e->ready, memory_order_acquire))
        break; // being filled by another fork
      *info = e->info;
      return e->ret;
    }
  }
  return real(addr, info);
}

extern char **environ;

// Undoes what the starter added to the environment, so that the tool and
// whatever it runs see the environment they would have seen.
static void restoreEnv(void) {
  const char *pre = getenv("IRS_FORK_SERVER_PRELOAD");
  if (pre && *pre)
    setenv("LD_PRELOAD", pre, 1);
  else
    unsetenv("LD_PRELOAD");
  unsetenv("IRS_FORK_SERVER_PRELOAD");
  if (getenv("IRS_FORK_SERVER_BIND_NOW")) // not the user's: the starter's
    unsetenv("LD_BIND_NOW");
  unsetenv("IRS_FORK_SERVER_BIND_NOW");
  unsetenv("IRS_FORK_SERVER_FD");
  unsetenv("IRS_FORK_SERVER_EXE");
  unsetenv("IRS_FORK_SERVER_AT");
}

static void closeFds(const int *fds, int n) {
  for (int i = 0; i < n; ++i)
    close(fds[i]);
}

// In the clone: waits for the go byte, takes the request's fds and working
// directory. Returns only if it may run.
static void enterClone(int ctl, const int *fds) {
  close(ctl);
  char go;
  ssize_t k;
  do
    k = read(fds[0], &go, 1);
  while (k < 0 && errno == EINTR);
  if (k != 1)
    _exit(127);
  setpgid(0, 0);
  for (int i = 0; i < 3; ++i)
    if (dup2(fds[1 + i], i) < 0)
      _exit(127);
  if (fchdir(fds[4]) != 0)
    _exit(127);
  closeFds(fds, IRS_FORK_REQUEST_FDS);
}

// Receives one request; false when the client end is gone.
static bool receive(int ctl, char *buf, size_t *len, int *fds, int *nfds) {
  union {
    char b[CMSG_SPACE(IRS_FORK_REQUEST_FDS * sizeof(int))];
    struct cmsghdr align;
  } ctrl;
  struct iovec iov = {buf, IRS_FORK_REQUEST_MAX};
  struct msghdr m = {0};
  m.msg_iov = &iov;
  m.msg_iovlen = 1;
  m.msg_control = ctrl.b;
  m.msg_controllen = sizeof(ctrl.b);
  ssize_t n;
  do
    n = recvmsg(ctl, &m, MSG_CMSG_CLOEXEC);
  while (n < 0 && errno == EINTR);
  if (n <= 0)
    return false;
  *len = (size_t)n;
  *nfds = 0;
  for (struct cmsghdr *c = CMSG_FIRSTHDR(&m); c; c = CMSG_NXTHDR(&m, c))
    if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS) {
      int k = (int)((c->cmsg_len - CMSG_LEN(0)) / sizeof(int));
      for (int i = 0; i < k && *nfds < IRS_FORK_REQUEST_FDS; ++i)
        memcpy(&fds[(*nfds)++], CMSG_DATA(c) + i * sizeof(int), sizeof(int));
    }
  if (m.msg_flags & (MSG_TRUNC | MSG_CTRUNC))
    *len = 0; // cut short: malformed
  return true;
}

// Serves requests on `ctl`, having said `ready`; returns only in a clone,
// with the request's argv (in memory the clone owns), ready to run.
static int serve(int ctl, char ready, const char ***argvOut) {
  fcntl(ctl, F_SETFD, FD_CLOEXEC);
  prctl(PR_SET_PDEATHSIG, SIGKILL); // the supervisor gone, so are we
  if (getppid() == 1)
    _exit(0);
  char *buf = malloc(IRS_FORK_REQUEST_MAX);
  const char **argv = malloc((IRS_FORK_REQUEST_MAX_ARGS + 1) * sizeof(char *));
  cacheCreate();
  if (!buf || !argv || send(ctl, &ready, 1, MSG_NOSIGNAL) != 1)
    _exit(0);
  uint32_t forked = 0;
  for (;;) {
    size_t len;
    int fds[IRS_FORK_REQUEST_FDS], nfds;
    if (!receive(ctl, buf, &len, fds, &nfds))
      _exit(0);
    int argc = irsForkRequestDecode(buf, len, argv, IRS_FORK_REQUEST_MAX_ARGS);
    if (nfds < 1 || argc < 0) {
      closeFds(fds, nfds);
      continue;
    }
    int32_t reply;
    if (argc == 0) {
      reply = (int32_t)forked;
    } else if (nfds != IRS_FORK_REQUEST_FDS) {
      reply = -EINVAL;
    } else {
      // fork() would make the clone our child; the supervisor must be its
      // parent. glibc reads the thread id from the kernel where it
      // matters (raise, abort), so the raw clone is safe.
      long pid = syscall(SYS_clone, CLONE_PARENT | SIGCHLD, 0, 0, 0, 0);
      if (pid == 0) {
        enterClone(ctl, fds);
        *argvOut = argv;
        return argc;
      }
      reply = pid < 0 ? -errno : (int32_t)pid;
      forked += pid > 0;
    }
    send(fds[0], &reply, sizeof(reply), MSG_NOSIGNAL);
    closeFds(fds, nfds);
  }
}

// Serving from mlir::MlirOptMain(int, char **, llvm::StringRef,
// mlir::DialectRegistry &), which mlir-opt, fir-opt and most other MLIR
// drivers call from main once every dialect, pass and extension is
// registered: in mlir-opt that registration is most of what a fork did
// before parsing its input. The clone then runs MlirOptMain (which parses
// the options, InitLLVM included) with the request's argv, and returns
// into the tool's main as a plain run would. The server is started with
// "--version" as its arguments: a tool that parses options in main
// before MlirOptMain ends there, and one that calls llvm::InitLLVM there
// (its crash dumps would name the server's arguments) is noticed below;
// either way it does not serve from MlirOptMain, and the starter starts
// it again to serve before main (IRS_FORK_SERVER_AT=main).
typedef struct ShimStringRef { // llvm::StringRef, passed by value
  const char *data;
  size_t length;
} ShimStringRef;
typedef struct ShimResult { // llvm::LogicalResult, returned by value
  bool success;
} ShimResult;
typedef ShimResult (*OptMainFn)(int, char **, ShimStringRef, void *);
#define OPT_MAIN "_ZN4mlir11MlirOptMainEiPPcN4llvm9StringRefERNS_15DialectRegistryE"
#define INIT_LLVM "_ZN4llvm8InitLLVMC1ERiRPPKcb"

static int gArmedCtl = -1; // the server's socket while main runs up to MlirOptMain
static bool gArgvBeforeOptMain; // main used its arguments before MlirOptMain

ShimResult shimOptMain(int argc, char **argv, ShimStringRef tool,
                       void *registry) __asm__(OPT_MAIN);
ShimResult shimOptMain(int argc, char **argv, ShimStringRef tool,
                       void *registry) {
  OptMainFn real = (OptMainFn)dlsym(RTLD_NEXT, OPT_MAIN);
  if (!real)
    _exit(127);
  int ctl = gArmedCtl;
  gArmedCtl = -1;
  if (ctl >= 0 && !gArgvBeforeOptMain) {
    const char **args;
    argc = serve(ctl, 'O', &args);
    argv = (char **)args;
  } else if (ctl >= 0) {
    _exit(0); // the starter reads end of file: see above
  }
  return real(argc, argv, tool, registry);
}

typedef void (*InitLlvmFn)(void *, int *, const char ***, bool);

void shimInitLlvm(void *self, int *argc, const char ***argv, bool pipe)
    __asm__(INIT_LLVM);
void shimInitLlvm(void *self, int *argc, const char ***argv, bool pipe) {
  InitLlvmFn real = (InitLlvmFn)dlsym(RTLD_NEXT, INIT_LLVM);
  if (!real)
    _exit(127);
  if (gArmedCtl >= 0)
    gArgvBeforeOptMain = true;
  real(self, argc, argv, pipe);
}

// Whether fd 1 is /dev/null: what the tool left in llvm::outs()'s buffer
// (which only its exit-time destructor flushes) is then lost anyway.
static bool stdoutDiscarded(void) {
  struct stat out, null;
  return fstat(1, &out) == 0 && stat("/dev/null", &null) == 0 &&
         S_ISCHR(out.st_mode) && out.st_rdev == null.st_rdev;
}

// A clone whose main returned: its output file is closed and its timing
// reports written (both inside MlirOptMain), its stderr is unbuffered.
// What exit would still do is run the static destructors of every
// command-line option and registry of libMLIR and libLLVM and free their
// memory, a tenth of a small run's CPU time, for a process that ends
// anyway: with stdout discarded, only C's stdio is flushed and the clone
// ends at once. Otherwise (the tool's stdout is wanted) it exits as usual.
static int cloneEnd(int rc) {
  if (!stdoutDiscarded())
    return rc;
  fflush(NULL);
  _exit(rc);
}

static int shimMain(int argc, char **argv, char **envp) {
  const char *fd = getenv("IRS_FORK_SERVER_FD");
  const char *exe = getenv("IRS_FORK_SERVER_EXE");
  const char *at = getenv("IRS_FORK_SERVER_AT");
  bool mine = fd && exe && argc > 0 && strcmp(argv[0], exe) == 0;
  bool atMain = at && strcmp(at, "main") == 0;
  int ctl = fd ? atoi(fd) : -1;
  if (fd)
    restoreEnv();
  if (!mine) {
    if (ctl > 2)
      close(ctl);
    return gToolMain(argc, argv, envp);
  }
  if (atMain) {
    const char **args;
    int n = serve(ctl, 'R', &args);
    return cloneEnd(gToolMain(n, (char **)args, environ));
  }
  gArmedCtl = ctl;
  int rc = gToolMain(argc, argv, envp);
  if (gArmedCtl >= 0)
    _exit(0); // main never called MlirOptMain: see shimOptMain
  return cloneEnd(rc); // a clone's main, returned
}

int __libc_start_main(MainFn main, int argc, char **argv, void (*init)(void),
                      void (*fini)(void), void (*rtldFini)(void),
                      void *stackEnd) {
  StartFn real = (StartFn)dlsym(RTLD_NEXT, "__libc_start_main");
  gToolMain = main;
  return real(shimMain, argc, argv, init, fini, rtldFini, stackEnd);
}
