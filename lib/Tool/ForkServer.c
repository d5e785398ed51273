// SPDX-License-Identifier: Apache-2.0
//===- ForkServer.c - start a tool as a fork server and ask it for forks --===//
//
// The client half of include/irscope/ForkServer.h; the server half is the
// preload shim (lib/ForkServer/Shim.c), the wire format ForkRequest.h.
// Create runs in the supervising process; Spawn in its workers, which
// share the control socket (requests are single SOCK_SEQPACKET messages,
// so concurrent workers cannot interleave them) and each bring their own
// reply socket.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "irscope/ForkServer.h"

#include "../Support/Buf.h"
#include "ForkRequest.h"
#include "ForkServerStart.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

enum { kReplyWaitMs = 5000 };

typedef struct ForkServer {
  int ctl;
  pid_t pid, owner;
  bool atOptMain; // serving from MlirOptMain (see the shim), not main
} ForkServer;

// libirscope-forkserver.so beside the libirscope this code is in, or in
// ../lib of the program it is linked into statically (the unit tests).
static char *shimPath(void) {
  Dl_info info;
  if (!dladdr((void *)irsForkServerCreate, &info) || !info.dli_fname)
    return NULL;
  const char *slash = strrchr(info.dli_fname, '/');
  size_t dir = slash ? (size_t)(slash - info.dli_fname + 1) : 0;
  static const char *const kWhere[] = {"", "../lib/"};
  for (size_t k = 0; k < 2; ++k) {
    IrsBuf b = IRS_BUF_INIT;
    irsBufAppend(&b, info.dli_fname, dir);
    irsBufPrintf(&b, "%slibirscope-forkserver.so", kWhere[k]);
    char *p = irsBufDetach(&b);
    if (p && access(p, R_OK) == 0)
      return p;
    free(p);
  }
  return NULL;
}

// The server's first byte: 'O' (serving from MlirOptMain), 'R' (from
// main), 0 when it ended first, -1 when it did not answer in `ms`.
static int awaitReady(int fd, int ms) {
  struct pollfd p = {fd, POLLIN, 0};
  int n;
  do
    n = poll(&p, 1, ms);
  while (n < 0 && errno == EINTR);
  if (n != 1)
    return -1;
  char c = 0;
  ssize_t k = recv(fd, &c, 1, 0);
  return k == 1 && (c == 'O' || c == 'R') ? c : k < 0 ? -1 : 0;
}

static void killServer(pid_t pid) {
  kill(pid, SIGKILL);
  while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
    ;
}

// One start of the server (see the shim for `atMain`); its first byte, or
// 0 / -1 as awaitReady, with the server gone then.
// Waits for the server started as `pid` with control socket `fd`; its first
// byte, or 0 / -1 as awaitReady, with the server gone then.
static int awaitServer(ForkServer *s, int fd, pid_t pid, double waitSec) {
  int c = awaitReady(fd, (int)(waitSec * 1e3));
  if (c <= 0) {
    close(fd);
    killServer(pid);
    return c;
  }
  s->ctl = fd;
  s->pid = pid;
  return c;
}

// One start of the server (see the shim for `atMain`); its first byte, or
// 0 / -1 as awaitReady, with the server gone then.
static int startServer(ForkServer *s, const char *tool, const char *shim,
                       bool atMain, double waitSec) {
  pid_t pid;
  int fd = irsForkServerStartProcess(tool, shim, atMain, true, &pid);
  return fd < 0 ? -1 : awaitServer(s, fd, pid, waitSec);
}

// The handle of a server whose first byte was `c` (see awaitReady).
static IrsForkServer ready(ForkServer *s, int c) {
  if (c <= 0) {
    free(s);
    return (IrsForkServer){NULL};
  }
  s->atOptMain = c == 'O';
  s->owner = getpid();
  return (IrsForkServer){s};
}

IrsForkServer irsForkServerCreate(const char *toolPath, double waitSec) {
  char *shim = toolPath && irsForkServerIsElf(toolPath) ? shimPath() : NULL;
  ForkServer *s = shim ? calloc(1, sizeof(*s)) : NULL;
  // First from MlirOptMain; a tool that ends before it (another main, or
  // one that uses its arguments first) is started again to serve from main.
  int c = s ? startServer(s, toolPath, shim, false, waitSec) : -1;
  if (c == 0)
    c = startServer(s, toolPath, shim, true, waitSec);
  free(shim);
  return ready(s, c);
}

IrsForkServer irsForkServerAdopt(int ctl, int64_t pid, const char *toolPath,
                                 double waitSec) {
  ForkServer *s = calloc(1, sizeof(*s));
  if (!s || fcntl(ctl, F_SETFD, FD_CLOEXEC) != 0) {
    free(s);
    irsForkServerDiscard(ctl, pid);
    return (IrsForkServer){NULL};
  }
  int c = awaitServer(s, ctl, (pid_t)pid, waitSec);
  char *shim = c == 0 && toolPath ? shimPath() : NULL;
  if (shim) // it ended before MlirOptMain: serve from main, as Create does
    c = startServer(s, toolPath, shim, true, waitSec);
  free(shim);
  return ready(s, c);
}

void irsForkServerDiscard(int ctl, int64_t pid) {
  if (ctl >= 0)
    close(ctl);
  if (pid > 0)
    killServer((pid_t)pid);
}

bool irsForkServerIsAtOptMain(IrsForkServer server) {
  ForkServer *s = server.ptr;
  return s && s->atOptMain;
}

void irsForkServerDestroy(IrsForkServer server) {
  ForkServer *s = server.ptr;
  if (!s)
    return;
  close(s->ctl); // the server reads end of file and exits
  int st;
  while (waitpid(s->pid, &st, 0) < 0 && errno == EINTR)
    ;
  free(s);
}

// What a fork gets: stdin, stdout, stderr and its working directory (-1:
// the caller's own).
typedef struct ForkFds {
  int stdio[3];
  int dir;
} ForkFds;

// Sends a request with the reply socket `reply` and, for a fork, its
// stdin, stdout, stderr and working directory.
static bool sendRequest(ForkServer *s, const char *const *argv, int reply,
                        const ForkFds *to) {
  char *buf = malloc(IRS_FORK_REQUEST_MAX);
  size_t len = buf ? irsForkRequestEncode(argv, buf, IRS_FORK_REQUEST_MAX) : 0;
  int cwd = to->dir >= 0 ? -1 : open(".", O_PATH | O_DIRECTORY | O_CLOEXEC);
  int fds[IRS_FORK_REQUEST_FDS] = {reply, to->stdio[0], to->stdio[1],
                                   to->stdio[2], to->dir >= 0 ? to->dir : cwd};
  int nfds = argv ? IRS_FORK_REQUEST_FDS : 1;
  union {
    char b[CMSG_SPACE(IRS_FORK_REQUEST_FDS * sizeof(int))];
    struct cmsghdr align;
  } ctrl;
  memset(&ctrl, 0, sizeof(ctrl));
  struct iovec iov = {buf, len};
  struct msghdr m = {0};
  m.msg_iov = &iov;
  m.msg_iovlen = 1;
  m.msg_control = ctrl.b;
  m.msg_controllen = CMSG_SPACE(nfds * sizeof(int));
  struct cmsghdr *c = CMSG_FIRSTHDR(&m);
  c->cmsg_level = SOL_SOCKET;
  c->cmsg_type = SCM_RIGHTS;
  c->cmsg_len = CMSG_LEN(nfds * sizeof(int));
  memcpy(CMSG_DATA(c), fds, nfds * sizeof(int));
  ssize_t n = -1;
  if (len > 0 && (fds[4] >= 0 || !argv))
    do
      n = sendmsg(s->ctl, &m, MSG_NOSIGNAL);
    while (n < 0 && errno == EINTR);
  if (cwd >= 0)
    close(cwd);
  free(buf);
  return n == (ssize_t)len;
}

// One request and its 4-byte reply; the reply socket stays open in *keep
// when asked (a fork waits on it), closed otherwise.
static bool ask(ForkServer *s, const char *const *argv, const ForkFds *to,
                int32_t *reply, int *keep) {
  int rp[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, rp) != 0)
    return false;
  bool sent = sendRequest(s, argv, rp[1], to);
  close(rp[1]);
  struct pollfd p = {rp[0], POLLIN, 0};
  int n = 0;
  if (sent)
    do
      n = poll(&p, 1, kReplyWaitMs);
    while (n < 0 && errno == EINTR);
  bool ok = n == 1 && recv(rp[0], reply, sizeof(*reply), MSG_WAITALL) ==
                          (ssize_t)sizeof(*reply);
  if (ok && keep)
    *keep = rp[0];
  else
    close(rp[0]); // a fork made late reads end of file and exits
  return ok;
}

static const ForkFds kCallers = {{0, 1, 2}, -1};

// A fork is a child of the server's creator (CLONE_PARENT): only the
// creator, or a worker of its, can watch it.
static int64_t spawn(ForkServer *s, const char *const *argv, const ForkFds *to,
                     int *go) {
  int32_t pid = -1;
  if (!s || !argv || !argv[0] ||
      (getppid() != s->owner && getpid() != s->owner) ||
      !ask(s, argv, to, &pid, go))
    return -1;
  if (pid <= 0) {
    close(*go);
    return -1;
  }
  return pid;
}

int64_t irsForkServerSpawn(IrsForkServer server, const char *const *argv,
                           int *go) {
  return spawn(server.ptr, argv, &kCallers, go);
}

int64_t irsForkServerSpawnWith(IrsForkServer server, const char *const *argv,
                               const int stdio[3], int dirFd, int *go) {
  ForkFds to = {{stdio[0], stdio[1], stdio[2]}, dirFd};
  return dirFd >= 0 ? spawn(server.ptr, argv, &to, go) : -1;
}

void irsForkServerRelease(int go) {
  ssize_t n;
  do
    n = write(go, "g", 1);
  while (n < 0 && errno == EINTR);
  close(go);
}

int64_t irsForkServerForks(IrsForkServer server) {
  ForkServer *s = server.ptr;
  int32_t n = -1;
  if (!s || !ask(s, NULL, &kCallers, &n, NULL))
    return -1;
  return n;
}

IrsLoadMap irsForkServerCreateLoadMap(IrsForkServer server) {
  ForkServer *s = server.ptr;
  return s ? irsLoadMapCreateFromProcess(s->pid) : (IrsLoadMap){NULL};
}
