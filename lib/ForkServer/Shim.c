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
// A preload library has no caller to hold its state: the tool's main is
// kept in a file-scope variable, the only one.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "../Tool/ForkRequest.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

typedef int (*MainFn)(int, char **, char **);
typedef int (*StartFn)(MainFn, int, char **, void (*)(void), void (*)(void),
                       void (*)(void), void *);

static MainFn gToolMain; // set once, before main; see above

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
  unsetenv("IRS_FORK_SERVER_FD");
  unsetenv("IRS_FORK_SERVER_EXE");
}

static void closeFds(const int *fds, int n) {
  for (int i = 0; i < n; ++i)
    close(fds[i]);
}

__attribute__((noreturn)) static void runClone(int ctl, const int *fds,
                                               int argc, const char **argv) {
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
  exit(gToolMain(argc, (char **)argv, environ));
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

__attribute__((noreturn)) static void serve(int ctl) {
  fcntl(ctl, F_SETFD, FD_CLOEXEC);
  prctl(PR_SET_PDEATHSIG, SIGKILL); // the supervisor gone, so are we
  if (getppid() == 1)
    _exit(0);
  char *buf = malloc(IRS_FORK_REQUEST_MAX);
  const char **argv = malloc((IRS_FORK_REQUEST_MAX_ARGS + 1) * sizeof(char *));
  if (!buf || !argv || send(ctl, "R", 1, MSG_NOSIGNAL) != 1)
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
      if (pid == 0)
        runClone(ctl, fds, argc, argv);
      reply = pid < 0 ? -errno : (int32_t)pid;
      forked += pid > 0;
    }
    send(fds[0], &reply, sizeof(reply), MSG_NOSIGNAL);
    closeFds(fds, nfds);
  }
}

static int shimMain(int argc, char **argv, char **envp) {
  const char *fd = getenv("IRS_FORK_SERVER_FD");
  const char *exe = getenv("IRS_FORK_SERVER_EXE");
  bool mine = fd && exe && argc > 0 && strcmp(argv[0], exe) == 0;
  int ctl = fd ? atoi(fd) : -1;
  if (fd)
    restoreEnv();
  if (!mine) {
    if (ctl > 2)
      close(ctl);
    return gToolMain(argc, argv, envp);
  }
  serve(ctl);
}

int __libc_start_main(MainFn main, int argc, char **argv, void (*init)(void),
                      void (*fini)(void), void (*rtldFini)(void),
                      void *stackEnd) {
  StartFn real = (StartFn)dlsym(RTLD_NEXT, "__libc_start_main");
  gToolMain = main;
  return real(shimMain, argc, argv, init, fini, rtldFini, stackEnd);
}
