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

#include "irscope/Supervisor.h"

#include <mlir-c/Dialect/UB.h>

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct Exec {
  const char *const *argv;
} Exec;

static int execWorker(IrsWorkerChannel ch, void *ud) {
  (void)ch;
  const Exec *e = ud;
  int null = open("/dev/null", O_WRONLY);
  if (null >= 0)
    dup2(null, 1);
  setenv("LLVM_DISABLE_SYMBOLIZATION", "1", 1);
  execv(e->argv[0], (char *const *)e->argv);
  fprintf(stderr, "cannot run '%s': %s\n", e->argv[0], strerror(errno));
  return 127;
}

// Runs the tool's path and --tool-arg values, then `extra` (NULL-ended).
// Returns the exit code, or -1 when the tool did not exit (a signal: then
// `why` says which); `why` gets the first error line of its stderr.
static int run(const OrTool *t, const char *const *extra, char *why,
               size_t cap) {
  size_t ne = 0;
  while (extra[ne])
    ++ne;
  const char **argv = calloc(t->args->num + ne + 2, sizeof(char *));
  if (!argv) {
    snprintf(why, cap, "out of memory");
    return -1;
  }
  size_t k = 0;
  argv[k++] = t->path;
  for (size_t i = 0; i < t->args->num; ++i)
    argv[k++] = t->args->items[i];
  for (size_t i = 0; i < ne; ++i)
    argv[k++] = extra[i];
  IrsSupervisorOptions so = {0};
  IrsSupervisor sup = irsSupervisorCreate(&so);
  Exec e = {argv};
  const IrsWorkerResult *res = NULL;
  int rc = -1;
  why[0] = '\0';
  if (sup.ptr && irsStatusIsOk(irsSupervisorRun(sup, execWorker, &e, &res))) {
    MlirStringRef tail = res->stderrTail;
    const char *err = tail.length ? memmem(tail.data, tail.length, "error: ", 7)
                                  : NULL;
    const char *from = err ? err : tail.data;
    while (from > tail.data && from[-1] != '\n') // the whole line
      --from;
    size_t left = tail.length - (size_t)(from - tail.data);
    const char *nl = left ? memchr(from, '\n', left) : NULL;
    size_t len = nl ? (size_t)(nl - from) : left;
    if (res->outcome == IrsWorkerExited)
      rc = res->exitCode;
    if (rc < 0 && res->outcome == IrsWorkerCrashed)
      snprintf(why, cap, "it crashed (%s)", irsSignalName(res->signal));
    else if (rc < 0)
      snprintf(why, cap, "it ended: %s", irsWorkerOutcomeGetName(res->outcome));
    else if (len)
      snprintf(why, cap, "%.*s", (int)len, from);
    else
      snprintf(why, cap, "exit code %d", rc);
  } else {
    snprintf(why, cap, "cannot start a process");
  }
  irsSupervisorDestroy(sup);
  free(argv);
  return rc;
}

static char *findInPath(const char *name) {
  const char *path = getenv("PATH");
  for (const char *p = path ? path : ""; *p;) {
    const char *c = strchr(p, ':');
    size_t l = c ? (size_t)(c - p) : strlen(p);
    char buf[4096];
    snprintf(buf, sizeof(buf), "%.*s/%s", (int)l, l ? p : ".", name);
    if (access(buf, X_OK) == 0)
      return realpath(buf, NULL);
    if (!c)
      break;
    p = c + 1;
  }
  return NULL;
}

bool orToolCreate(OrTool *t, const char *name, const IrsStringList *args,
                  const char *pipeline, const IrsStringList *passFlags) {
  memset(t, 0, sizeof(*t));
  t->args = args;
  t->path = strchr(name, '/') ? realpath(name, NULL) : findInPath(name);
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
  const char *tmp = getenv("TMPDIR");
  snprintf(t->dir, sizeof(t->dir), "%s/opt-reduce-tool-XXXXXX",
           tmp && *tmp ? tmp : "/tmp");
  if (!mkdtemp(t->dir)) {
    fprintf(stderr, "opt-reduce: error: cannot create a temporary "
                    "directory: %s\n", strerror(errno));
    t->dir[0] = '\0';
    return false;
  }
  return true;
}

static int rmEntry(const char *path, const struct stat *st, int flag,
                   struct FTW *ftw) {
  (void)st, (void)flag, (void)ftw;
  remove(path);
  return 0;
}

void orToolDestroy(OrTool *t) {
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
  FILE *f = fopen(path, "w");
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

bool orToolPrepare(OrTool *t, const char *input, char *generic, size_t cap) {
  char why[512], empty[300], probe[300];
  snprintf(generic, cap, "%s/input.mlir", t->dir);
  const char *conv[] = {"--mlir-print-op-generic", input, "-o", generic, NULL};
  if (run(t, conv, why, sizeof(why)) != 0) {
    fprintf(stderr, "opt-reduce: error: the tool cannot print '%s' in "
                    "generic form: %s\n", input, why);
    return false;
  }
  snprintf(empty, sizeof(empty), "%s/empty.mlir", t->dir);
  const char **withPipe = calloc((size_t)t->argc + 4, sizeof(char *));
  if (!withPipe || !writeText(empty, "module {\n}\n")) {
    free(withPipe);
    fprintf(stderr, "opt-reduce: error: cannot write '%s'\n", empty);
    return false;
  }
  int k = 0;
  for (int i = 1 + (int)t->args->num; i < t->argc; ++i)
    withPipe[k++] = t->argv[i];
  withPipe[k++] = empty;
  withPipe[k++] = "-o";
  withPipe[k++] = "/dev/null";
  int rc = run(t, withPipe, why, sizeof(why));
  free(withPipe);
  if (rc > 0) {
    fprintf(stderr, "opt-reduce: error: the tool fails on an empty module "
                    "with this pipeline, so on every input (a bad pass name "
                    "or option?): %s\n", why);
    return false;
  }
  snprintf(probe, sizeof(probe), "%s/poison.mlir", t->dir);
  const char *pr[] = {probe, "-o", "/dev/null", NULL};
  t->takesPoison = writeText(probe, kPoisonProbe) &&
                   run(t, pr, why, sizeof(why)) == 0;
  return true;
}

void orToolSetUpContext(const OrTool *t, MlirContext ctx) {
  mlirContextSetAllowUnregisteredDialects(ctx, true);
  if (t->takesPoison)
    mlirDialectHandleLoadDialect(mlirGetDialectHandle__ub__(), ctx);
}

bool orToolPrintBack(OrTool *t, const char *path, bool debugInfo, char *why,
                     size_t cap) {
  char tmp[4200];
  snprintf(tmp, sizeof(tmp), "%s.opt-reduce-tmp", path);
  const char *args[] = {path, "-o", tmp,
                        debugInfo ? "--mlir-print-debuginfo" : NULL, NULL};
  int rc = run(t, args, why, cap);
  if (rc != 0 || rename(tmp, path) != 0) {
    if (rc == 0)
      snprintf(why, cap, "%s", strerror(errno));
    remove(tmp);
    return false;
  }
  return true;
}
