// SPDX-License-Identifier: Apache-2.0
//===- Launcher.c - bin/opt-reduce: start the reducer with eager binding --===//
//
// Why this exists: opt-reduce tests each candidate in a child forked from
// one parent that has libMLIR and libLLVM loaded. ld.so binds their PLT
// slots lazily, on the first call (libMLIR alone has ~26,000), and the
// parent never calls most of what the candidates' passes call, so every
// child resolved the same slots again in its own copy of the pages:
// _dl_fixup and _dl_lookup_symbol_x were ~15% of all perf samples of a
// small crash reduction. With LD_BIND_NOW=1, ld.so binds everything once,
// in the parent, before main, and every child inherits it: that reduction
// went from 0.49 s to 0.40 s wall, and the CPU time of the whole process
// tree fell by 17% and 20% on two small crash cases, for ~10 ms more CPU
// at start-up.
//
// ld.so reads LD_BIND_NOW only when a program is exec'd, and "-z now" on
// our executable binds only the executable's own slots (LD_DEBUG=statistics:
// 90 more relocations at start-up, against 30,000 more with LD_BIND_NOW);
// libMLIR's own flags are Debian's. The real program re-exec'ing itself would load libMLIR and
// run its static initialisers twice (~80 ms). This launcher links only
// libc: its exec costs 2-4 ms (measured on a busy machine).
//
// The real program is <prefix>/libexec/irscope/opt-reduce, where this
// launcher is <prefix>/bin/opt-reduce (found through /proc/self/exe, so a
// symlink to the launcher works): the same layout in the build tree and in
// an install. It gets argv and the exit status unchanged. When the user has
// not set LD_BIND_NOW, the launcher sets it and IRS_LAUNCHER_SET_BIND_NOW=1,
// and the real program removes both first thing in main, so test scripts
// and everything else it starts see the user's environment. A user's own
// LD_BIND_NOW (any value, even empty) is passed through untouched.
//
// With --tool, the launcher also starts the tool's fork server (see
// include/irscope/ForkServer.h) before it execs the reducer: the tool's own
// start-up (dynamic loading of libMLIR, main's registration of every
// dialect and pass, about 50 ms) then runs on the other core while the
// reducer is loaded, rather than after it. The reducer adopts the server
// when it finds the same tool (Tool.c, orToolUseForkServer), and kills it
// otherwise; the launcher only reads argv as far as it must to find the
// tool (--tool=PATH, --tool PATH, and --tool-fork-server=0 or false to
// start none) and leaves every judgement to the reducer.
//
// Exit codes of the launcher itself, as env(1): 127 when the real program
// does not exist, 126 when it exists but cannot be run.
//
//===----------------------------------------------------------------------===//
#include "Tool/ForkServerStart.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define REAL_PROGRAM "/libexec/irscope/opt-reduce"
#define SHIM "/lib/libirscope-forkserver.so"

// The --tool argument, NULL when there is none or no server is wanted.
static const char *toolArg(int argc, char **argv) {
  const char *tool = NULL;
  for (int i = 1; i < argc && strcmp(argv[i], "--"); ++i) {
    const char *a = argv[i];
    if (a[0] != '-')
      continue;
    a += 1 + (a[1] == '-');
    if (!strncmp(a, "tool=", 5))
      tool = a + 5;
    else if (!strcmp(a, "tool") && i + 1 < argc)
      tool = argv[++i];
    else if (!strcmp(a, "tool-fork-server=0") ||
             !strcmp(a, "tool-fork-server=false"))
      return NULL;
  }
  return tool && *tool ? tool : NULL;
}

// Starts the tool's fork server and says where it is in the environment
// the reducer gets; `prefix` is the installation's.
static void prestart(int argc, char **argv, const char *prefix) {
  const char *arg = toolArg(argc, argv);
  char shim[2 * PATH_MAX + sizeof(SHIM)];
  snprintf(shim, sizeof(shim), "%s%s", prefix, SHIM);
  char *tool = arg ? irsForkServerFindTool(arg) : NULL;
  pid_t pid;
  int ctl = tool && access(tool, X_OK) == 0 && access(shim, R_OK) == 0 &&
                    irsForkServerIsElf(tool)
                ? irsForkServerStartProcess(tool, shim, false, false, &pid)
                : -1;
  size_t cap = tool ? strlen(tool) + 64 : 0;
  char *v = ctl >= 0 ? malloc(cap) : NULL;
  if (v && ctl <= 2) { // stdio was closed: the socket must not stand in
    free(v);
    v = NULL;
  }
  if (v) {
    snprintf(v, cap, "%d %ld %s", ctl, (long)pid, tool);
    setenv(IRS_FORK_SERVER_PRESTARTED_ENV, v, 1);
  } else if (ctl >= 0) {
    close(ctl); // the server reads end of file and ends
  }
  free(v);
  free(tool);
}

int main(int argc, char **argv) {
  char path[PATH_MAX + sizeof(REAL_PROGRAM)];
  ssize_t n = readlink("/proc/self/exe", path, PATH_MAX);
  if (n <= 0 || n >= PATH_MAX) {
    fprintf(stderr, "opt-reduce: error: cannot find its own executable "
                    "through /proc/self/exe: %s\n",
            n < 0 ? strerror(errno) : "path too long");
    return 127;
  }
  path[n] = '\0';
  // /proc/self/exe is absolute and canonical: strip "/opt-reduce", then
  // "/bin", leaving the prefix ("" when the launcher is in /bin).
  for (int i = 0; i < 2; ++i) {
    char *slash = strrchr(path, '/');
    *(slash ? slash : path) = '\0';
  }
  // Never the user's: only the server started here is described.
  unsetenv(IRS_FORK_SERVER_PRESTARTED_ENV);
  prestart(argc, argv, path); // before LD_BIND_NOW: the server sets its own
  strcat(path, REAL_PROGRAM);

  if (!getenv("LD_BIND_NOW")) {
    // The marker first: if only it gets set, the real program merely
    // unsets a variable that is not there.
    if (setenv("IRS_LAUNCHER_SET_BIND_NOW", "1", 1) == 0)
      setenv("LD_BIND_NOW", "1", 1);
  } else {
    // Not ours to remove: a stray marker must not make the real program
    // drop the user's LD_BIND_NOW.
    unsetenv("IRS_LAUNCHER_SET_BIND_NOW");
  }
  execv(path, argv);
  int e = errno;
  fprintf(stderr, "opt-reduce: error: cannot run the reducer '%s': %s\n", path,
          strerror(e));
  return e == ENOENT ? 127 : 126;
}
