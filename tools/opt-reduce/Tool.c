// SPDX-License-Identifier: Apache-2.0
//===- Tool.c - opt-reduce's tool mode: set-up and wind-up runs -----------===//
//
// See Tool.h. Every run of the tool here goes through a supervisor, with
// the tool's stdout sent to /dev/null and its stderr kept for the error
// line; `LLVM_DISABLE_SYMBOLIZATION` spares llvm-symbolizer's seconds if it
// crashes.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "Tool.h"

#include "CrashHandler.h"

#include "Tool/ForkServerStart.h"

#include "irscope/Outcome.h"
#include "irscope/RunDir.h"
#include "irscope/Signature.h"
#include "irscope/Supervisor.h"

#include <mlir-c/Dialect/UB.h>

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

typedef struct Exec {
  const char *const *argv;
  IrsForkServer server;
} Exec;

static int execWorker(IrsWorkerChannel ch, void *ud) {
  const Exec *e = ud;
  int null = open("/dev/null", O_WRONLY | O_CLOEXEC);
  if (null >= 0)
    dup2(null, 1);
  int go;
  int64_t pid = irsForkServerSpawn(e->server, e->argv, &go);
  if (pid > 0) {
    irsWorkerChannelHandOver(ch, pid);
    irsForkServerRelease(go);
    return 0;
  }
  setenv("LLVM_DISABLE_SYMBOLIZATION", "1", 1);
  execv(e->argv[0], (char *const *)e->argv);
  fprintf(stderr, "cannot run '%s': %s\n", e->argv[0], strerror(errno));
  return IRS_EXIT_EXEC_FAILED;
}

// One run of the tool: its path and --tool-arg values, then `extra`
// (NULL-ended). `rc` gets the exit code, or -1 when the tool did not exit
// (a signal: then `why` says which); `why` gets the first error line of
// its stderr.
typedef struct Run {
  const char *const *extra;
  Exec exec;
  int rc;
  char why[512];
} Run;

static void describe(Run *run, const IrsWorkerResult *res) {
  MlirStringRef tail = res->stderrTail;
  size_t errLen = 0; // the line of the first error, as the signatures see it
  const char *err = irsSignatureFindFirstError(tail, true, &errLen);
  const char *from = err ? err : tail.data;
  while (from > tail.data && from[-1] != '\n') // the whole line
    --from;
  size_t left = tail.length - (size_t)(from - tail.data);
  const char *nl = left ? memchr(from, '\n', left) : NULL;
  size_t len = nl ? (size_t)(nl - from) : left;
  size_t cap = sizeof(run->why);
  int rc = res->outcome == IrsWorkerExited ? res->exitCode : -1;
  run->rc = rc;
  if (rc < 0 && res->outcome == IrsWorkerCrashed)
    snprintf(run->why, cap, "it crashed (%s)", irsSignalName(res->signal));
  else if (rc < 0)
    snprintf(run->why, cap, "it ended: %s",
             irsWorkerOutcomeGetName(res->outcome));
  else if (len)
    snprintf(run->why, cap, "%.*s", (int)len, from);
  else
    snprintf(run->why, cap, "exit code %d", rc);
}

static void runDone(intptr_t job, const IrsWorkerResult *res, void *ud) {
  describe(&((Run *)ud)[job], res);
}

static bool runNeeded(intptr_t job, bool started, void *ud) {
  (void)job, (void)started, (void)ud;
  return true;
}

// The tool's path and --tool-arg values, then `extra` (NULL-ended);
// calloc'd, NULL-ended.
static const char **toolArgv(const OrTool *t, const char *const *extra) {
  size_t ne = 0;
  while (extra[ne])
    ++ne;
  const char **argv = calloc(t->args->num + ne + 2, sizeof(char *));
  if (!argv)
    return NULL;
  size_t k = 0;
  argv[k++] = t->path;
  for (size_t i = 0; i < t->args->num; ++i)
    argv[k++] = t->args->items[i];
  for (size_t i = 0; i < ne; ++i)
    argv[k++] = extra[i];
  return argv;
}

// Runs the `n` runs all at once: they are independent, and on a busy
// machine a tool's start-up costs more waiting than computing.
static void runAll(const OrTool *t, Run *runs, size_t n) {
  void *data[4];
  bool ok = n <= sizeof(data) / sizeof(data[0]);
  for (size_t j = 0; j < n; ++j) {
    Run *run = &runs[j];
    run->rc = -1;
    snprintf(run->why, sizeof(run->why), "out of memory");
    const char **argv = toolArgv(t, run->extra);
    run->exec.argv = argv;
    ok = ok && argv;
    if (!argv)
      continue;
    run->exec.server = t->server;
    data[j] = &run->exec;
  }
  IrsSupervisorOptions so = {0};
  IrsSupervisor sup = ok ? irsSupervisorCreate(&so) : (IrsSupervisor){NULL};
  IrsWorkerBatch b = {(intptr_t)n, (intptr_t)n, execWorker, data, runDone,
                      runNeeded, runs};
  if (sup.ptr && !irsStatusIsOk(irsSupervisorRunBatch(sup, &b)))
    for (size_t j = 0; j < n; ++j)
      if (runs[j].rc < 0 && !strcmp(runs[j].why, "out of memory"))
        snprintf(runs[j].why, sizeof(runs[j].why), "cannot start a process");
  irsSupervisorDestroy(sup);
  for (size_t j = 0; j < n; ++j)
    free((void *)runs[j].exec.argv);
}

// A single run from the fork server, watched without a worker of ours
// (irsSupervisorRunSpawned; a worker's fork costs a few ms of a small
// reduction's last step): stdout /dev/null, stderr the supervisor's.
static int64_t spawnOne(int stderrFd, void *ud) {
  const Exec *e = ud;
  int null = open("/dev/null", O_RDWR | O_CLOEXEC);
  int dir = open(".", O_PATH | O_DIRECTORY | O_CLOEXEC);
  int go;
  int64_t pid = -1;
  if (null >= 0 && dir >= 0) {
    const int stdio[3] = {null, null, stderrFd};
    pid = irsForkServerSpawnWith(e->server, e->argv, stdio, dir, &go);
  }
  if (pid > 0)
    irsForkServerRelease(go);
  if (null >= 0)
    close(null);
  if (dir >= 0)
    close(dir);
  return pid > 0 ? pid : -1;
}

// The one run spawned; false when the server could not give a fork.
static bool runSpawned(const OrTool *t, Run *one) {
  const char **argv = toolArgv(t, one->extra);
  IrsSupervisorOptions so = {0};
  IrsSupervisor sup = argv ? irsSupervisorCreate(&so) : (IrsSupervisor){NULL};
  const IrsWorkerResult *res = NULL;
  bool ok = false;
  if (sup.ptr) {
    one->exec = (Exec){argv, t->server};
    ok = irsStatusIsOk(irsSupervisorRunSpawned(sup, spawnOne, &one->exec, 1,
                                               &res)) &&
         res;
    if (ok)
      describe(one, res);
  }
  irsSupervisorDestroy(sup);
  free(argv);
  return ok;
}

static int run(const OrTool *t, const char *const *extra, char *why,
               size_t cap) {
  Run one = {.extra = extra};
  if (!t->server.ptr || !runSpawned(t, &one))
    runAll(t, &one, 1);
  snprintf(why, cap, "%s", one.why);
  return one.rc;
}

bool orToolCreate(OrTool *t, const char *name, const IrsStringList *args,
                  const char *pipeline, const IrsStringList *passFlags) {
  memset(t, 0, sizeof(*t));
  t->args = args;
  t->path = irsForkServerFindTool(name);
  if (!t->path) {
    fprintf(stderr, "opt-reduce: error: cannot find tool '%s'\n", name);
    return false;
  }
  struct stat st;
  if (stat(t->path, &st) != 0 || !S_ISREG(st.st_mode) ||
      access(t->path, X_OK) != 0) {
    fprintf(stderr, "opt-reduce: error: cannot run the tool '%s': not an "
                    "executable file\n", name);
    return false;
  }
  size_t n = 1 + args->num + (pipeline ? 1 : passFlags->num);
  t->argv = calloc(n + 1, sizeof(char *));
  if (!t->argv)
    return false;
  t->argv[t->argc++] = t->path;
  for (size_t i = 0; i < args->num; ++i)
    t->argv[t->argc++] = args->items[i];
  char *a = NULL;
  if (pipeline) {
    if (asprintf(&a, "--pass-pipeline=%s", pipeline) < 0)
      return false;
    t->argv[t->argc++] = a;
  }
  for (size_t i = 0; !pipeline && i < passFlags->num; ++i) {
    if (asprintf(&a, "--%s", passFlags->items[i]) < 0)
      return false;
    t->argv[t->argc++] = a;
  }
  // Named with our pid: a run killed outright leaves it, the next removes
  // it.
  char *dir = NULL;
  int e = irsRunDirCreateScratch("opt-reduce-tool-", /*directory=*/true, &dir);
  if (!e && strlen(dir) >= sizeof(t->dir)) {
    rmdir(dir);
    e = ENAMETOOLONG;
  }
  if (e) {
    fprintf(stderr, "opt-reduce: error: cannot create a temporary "
                    "directory: %s\n", strerror(e));
    free(dir);
    t->dir[0] = '\0';
    return false;
  }
  snprintf(t->dir, sizeof(t->dir), "%s", dir);
  free(dir);
  return true;
}

bool orToolSetPipeline(OrTool *t, const char *pipeline) {
  char *a = NULL;
  if (asprintf(&a, "--pass-pipeline=%s", pipeline) < 0)
    return false;
  int first = 1 + (int)t->args->num; // the pipeline's arguments start here
  for (int i = first; i < t->argc; ++i)
    free((char *)t->argv[i]);
  t->argv[first] = a; // there was at least one: the pipeline has a step
  t->argv[first + 1] = NULL;
  t->argc = first + 1;
  return true;
}

static int rmEntry(const char *path, const struct stat *st, int flag,
                   struct FTW *ftw) {
  (void)st, (void)flag, (void)ftw;
  remove(path);
  return 0;
}

// The fork server bin/opt-reduce started before it exec'd this program
// (Launcher.c): its control socket, pid and tool, from the environment.
static struct {
  int ctl;
  long pid;
  char tool[4096];
} prestarted = {-1, 0, ""};

void orToolTakePrestarted(void) {
  const char *v = getenv(IRS_FORK_SERVER_PRESTARTED_ENV);
  int at = 0;
  struct stat st;
  // Believed only of a socket and a running child of this process: a
  // description this program was not started with by its launcher names
  // anything (killing "the server" must never hit another process).
  if (v && sscanf(v, "%d %ld %n", &prestarted.ctl, &prestarted.pid, &at) >= 2 &&
      at > 0 && prestarted.ctl >= 0 && prestarted.pid > 0 &&
      fstat(prestarted.ctl, &st) == 0 && S_ISSOCK(st.st_mode) &&
      waitpid((pid_t)prestarted.pid, NULL, WNOHANG) == 0) {
    snprintf(prestarted.tool, sizeof(prestarted.tool), "%s", v + at);
    fcntl(prestarted.ctl, F_SETFD, FD_CLOEXEC); // never into what we exec
  } else {
    prestarted.ctl = -1;
  }
  unsetenv(IRS_FORK_SERVER_PRESTARTED_ENV);
}

void orToolDiscardPrestarted(void) {
  if (prestarted.ctl >= 0)
    irsForkServerDiscard(prestarted.ctl, prestarted.pid);
  prestarted.ctl = -1;
}

void orToolUseForkServer(OrTool *t, bool verbose) {
  // A loaded machine may take a second to start the tool; a tool that
  // cannot serve ends at once or never answers. The launcher's server is
  // that same start, made while this program was being loaded.
  if (prestarted.ctl >= 0 && !strcmp(prestarted.tool, t->path)) {
    t->server = irsForkServerAdopt(prestarted.ctl, prestarted.pid, t->path, 10);
    t->prestarted = t->server.ptr != NULL;
    prestarted.ctl = -1;
  } else {
    orToolDiscardPrestarted();
    t->server = irsForkServerCreate(t->path, 10);
  }
  t->verbose = verbose;
  if (verbose && !t->server.ptr)
    fprintf(stderr, "opt-reduce: note: the tool cannot be started as a fork "
                    "server (not a dynamically linked program, or no "
                    "libirscope-forkserver.so): it is exec'd for each run\n");
}

void orToolDestroy(OrTool *t) {
  if (t->server.ptr && t->verbose)
    fprintf(stderr, "opt-reduce: note: tool fork server: %lld runs of the "
                    "tool forked from one start, %s%s\n",
            (long long)irsForkServerForks(t->server),
            irsForkServerIsAtOptMain(t->server)
                ? "in MlirOptMain, after main's registration"
                : "before main",
            t->prestarted ? "; started by bin/opt-reduce while the reducer "
                            "was loaded"
                          : "");
  irsForkServerDestroy(t->server);
  if (t->dir[0])
    nftw(t->dir, rmEntry, 8, FTW_DEPTH | FTW_PHYS);
  for (int i = 1 + (int)(t->args ? t->args->num : 0); t->argv && i < t->argc;
       ++i)
    free((char *)t->argv[i]);
  free(t->argv);
  free(t->path);
  memset(t, 0, sizeof(*t));
}

static bool writeText(const char *path, const char *text) {
  FILE *f = fopen(path, "we");
  if (!f)
    return false;
  bool ok = fputs(text, f) >= 0;
  return fclose(f) == 0 && ok;
}

// ub.poison exactly as opt-reduce's context prints it with the ub dialect
// loaded (lib/Reduce/Edit.c builds it; generic form, as candidates go).
static const char kPoisonProbe[] =
    "\"builtin.module\"() ({\n"
    "  %0 = \"ub.poison\"() <{value = #ub.poison}> : () -> i32\n"
    "}) : () -> ()\n";

// The two set-up runs, at once: the conversion to generic form and the
// ub.poison probe. The pipeline's run on an empty module waits for the
// input's check (orToolAcceptTarget).
bool orToolPrepare(OrTool *t, const char *input, char *generic, size_t cap) {
  char probe[300];
  snprintf(generic, cap, "%s/input.mlir", t->dir);
  snprintf(probe, sizeof(probe), "%s/poison.mlir", t->dir);
  // Without aliases: opt-reduce's context knows none of the tool's
  // dialects, so an attribute of theirs is kept as its text, and an alias
  // inside that text (`#tbaa_type_desc3` in a TBAA tag) would be printed
  // back with no definition: the tool could not read a single candidate.
  const char *conv[] = {"--mlir-print-op-generic", "--mlir-print-local-scope",
                        input, "-o", generic, NULL};
  const char *pr[] = {probe, "-o", "/dev/null", NULL};
  bool probed = writeText(probe, kPoisonProbe);
  Run runs[2] = {{.extra = conv}, {.extra = pr}};
  runAll(t, runs, probed ? 2 : 1);
  if (runs[0].rc != 0) {
    fprintf(stderr, "opt-reduce: error: the tool cannot print '%s' in "
                    "generic form: %s\n", input, runs[0].why);
    return false;
  }
  t->takesPoison = probed && runs[1].rc == 0;
  return true;
}

// A pipeline the tool rejects (a pass name or option it does not know)
// makes it exit non-zero on every input, the empty module included, which
// would make an empty module the "reduction" of no bug at all: such a
// pipeline is reported instead. Only a target of kind failure (the tool
// exited non-zero on the input) can be that: when the input crashes, hangs
// or runs out of memory, the target is that death, which an empty module
// that merely exits non-zero does not match, so the run would not change
// what is reduced, and it is not made.
bool orToolAcceptTarget(const IrsSignature *target, MlirStringCallback message,
                        void *messageData, void *userData) {
  const OrTool *t = userData;
  if (target->kind != IrsOutcomeFailure)
    return true;
  char empty[300], why[512], line[1024];
  snprintf(empty, sizeof(empty), "%s/empty.mlir", t->dir);
  const char **withPipe = calloc((size_t)t->argc + 4, sizeof(char *));
  bool ok = withPipe && writeText(empty, "module {\n}\n");
  if (!ok) {
    snprintf(line, sizeof(line), "cannot write '%s'", empty);
  } else {
    int k = 0;
    for (int i = 1 + (int)t->args->num; i < t->argc; ++i)
      withPipe[k++] = t->argv[i];
    withPipe[k++] = empty;
    withPipe[k++] = "-o";
    withPipe[k++] = "/dev/null";
    ok = run(t, withPipe, why, sizeof(why)) <= 0;
    if (!ok)
      snprintf(line, sizeof(line), "the tool fails on an empty module with "
                                   "this pipeline, so on every input (a bad "
                                   "pass name or option?): %s", why);
  }
  free(withPipe);
  if (!ok)
    message(mlirStringRefCreateFromCString(line), messageData);
  return ok;
}

void orToolSetUpContext(const OrTool *t, MlirContext ctx) {
  mlirContextSetAllowUnregisteredDialects(ctx, true);
  if (t->takesPoison)
    mlirDialectHandleLoadDialect(mlirGetDialectHandle__ub__(), ctx);
}

// The generic form beside `path` while its print-back is checked.
static void keptName(const char *path, char *out, size_t cap) {
  snprintf(out, cap, "%s%s.opt-reduce-generic", strchr(path, '/') ? "" : "./",
           path);
}

bool orToolPrintBack(OrTool *t, const char *path, bool debugInfo, char *why,
                     size_t cap) {
  // "-o -" names a file "-" here, which the tool would read as its stdin
  // (and any name starting with '-' as an option): spelled as a path.
  char in[4200], tmp[4220], kept[4230];
  snprintf(in, sizeof(in), "%s%s", strchr(path, '/') ? "" : "./", path);
  snprintf(tmp, sizeof(tmp), "%s.opt-reduce-tmp", in);
  keptName(path, kept, sizeof(kept));
  const char *args[] = {in, "-o", tmp,
                        debugInfo ? "--mlir-print-debuginfo" : NULL, NULL};
  int rc = run(t, args, why, cap);
  if (rc != 0 || link(in, kept) != 0 || rename(tmp, in) != 0) {
    if (rc == 0)
      snprintf(why, cap, "%s", strerror(errno));
    remove(tmp);
    remove(kept);
    return false;
  }
  return true;
}

void orToolKeepPrintBack(const char *path, bool keep) {
  char kept[4230];
  keptName(path, kept, sizeof(kept));
  if (keep)
    remove(kept);
  else
    rename(kept, path);
}
