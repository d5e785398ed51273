// SPDX-License-Identifier: Apache-2.0
//===- ForkServerStart.c - start a fork server's process (libc only) ------===//
//
// See ForkServerStart.h: compiled into libirscope and into opt-reduce's
// launcher, so it uses nothing but libc.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "ForkServerStart.h"

#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/personality.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

__attribute__((noreturn)) static void execServer(const char *tool,
                                                 const char *shim, int fd,
                                                 bool atMain) {
  int null = open("/dev/null", O_RDWR | O_CLOEXEC);
  for (int i = 0; i < 3 && null >= 0; ++i)
    dup2(null, i);
  setpgid(0, 0); // a terminal's ^C is for opt-reduce, which stops the runs
  const char *pre = getenv("LD_PRELOAD");
  size_t cap = strlen(shim) + (pre ? strlen(pre) : 0) + 2;
  char *preload = malloc(cap);
  if (!preload)
    _exit(127);
  snprintf(preload, cap, "%s%s%s", shim, pre && *pre ? ":" : "",
           pre && *pre ? pre : "");
  setenv("IRS_FORK_SERVER_PRELOAD", pre ? pre : "", 1);
  char num[16];
  snprintf(num, sizeof(num), "%d", fd);
  if (setenv("LD_PRELOAD", preload, 1) != 0 ||
      setenv("IRS_FORK_SERVER_FD", num, 1) != 0 ||
      setenv("IRS_FORK_SERVER_EXE", tool, 1) != 0)
    _exit(127);
  setenv("LLVM_DISABLE_SYMBOLIZATION", "1", 1);
  if (!getenv("LD_BIND_NOW")) { // see the shim: bind once, in the server
    setenv("LD_BIND_NOW", "1", 1);
    setenv("IRS_FORK_SERVER_BIND_NOW", "1", 1);
  }
  if (atMain)
    setenv("IRS_FORK_SERVER_AT", "main", 1);
  personality(ADDR_NO_RANDOMIZE);
  struct rlimit core; // its clones are the tool's runs: no core files
  if (getrlimit(RLIMIT_CORE, &core) == 0) {
    core.rlim_cur = 0;
    setrlimit(RLIMIT_CORE, &core);
  }
  // Without the shim (a static tool), the tool prints its version and
  // ends: the starter sees the socket close.
  execl(tool, tool, "--version", (char *)NULL);
  _exit(127);
}

int irsForkServerStartProcess(const char *tool, const char *shim, bool atMain,
                              bool cloexec, pid_t *pid) {
  int sv[2];
  if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv))
    return -1;
  *pid = fork();
  if (*pid == 0) {
    close(sv[0]);
    fcntl(sv[1], F_SETFD, 0);
    execServer(tool, shim, sv[1], atMain);
  }
  close(sv[1]);
  if (*pid < 0 || (!cloexec && fcntl(sv[0], F_SETFD, 0) != 0)) {
    close(sv[0]);
    return -1; // a forked server reads end of file and ends
  }
  return sv[0];
}

bool irsForkServerIsElf(const char *path) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return false;
  unsigned char m[4];
  bool yes = read(fd, m, 4) == 4 && m[0] == 0x7f && m[1] == 'E' &&
             m[2] == 'L' && m[3] == 'F';
  close(fd);
  return yes;
}

char *irsForkServerFindTool(const char *name) {
  if (strchr(name, '/'))
    return realpath(name, NULL);
  const char *path = getenv("PATH");
  for (const char *p = path ? path : ""; *p;) {
    const char *c = strchr(p, ':');
    size_t l = c ? (size_t)(c - p) : strlen(p);
    char buf[PATH_MAX];
    snprintf(buf, sizeof(buf), "%.*s/%s", (int)l, l ? p : ".", name);
    if (access(buf, X_OK) == 0)
      return realpath(buf, NULL);
    if (!c)
      break;
    p = c + 1;
  }
  return NULL;
}
