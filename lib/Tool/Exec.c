// SPDX-License-Identifier: Apache-2.0
//===- Exec.c - one supervised invocation of the user's tool --------------===//
//
// The supervisor forks a worker as for irscope's own pipelines; the worker
// announces the step (so the step timeout runs from here), points stdout at
// /dev/null (the tool writes its IR with -o) and execs the tool. The
// channel is close-on-exec, so the tool never sees it; the supervisor then
// watches the tool itself: its stderr, its resident size, how it ends.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "ToolImpl.h"

#include "../Support/Fs.h"
#include "irscope/Outcome.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/personality.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

static const char kNoParseVerifier[] =
    "--mlir-very-unsafe-disable-verifier-on-parsing";

typedef struct ExecJob {
  char **argv;
  intptr_t step;
  const IrsToolExec *e;
} ExecJob;

static int execMain(IrsWorkerChannel ch, void *userData) {
  ExecJob *j = userData;
  if (j->e->stdoutFd > 2) {
    dup2(j->e->stdoutFd, 1);
  } else if (j->e->stdoutToStderr) {
    dup2(2, 1);
  } else {
    const char *out = j->e->stdoutPath ? j->e->stdoutPath : "/dev/null";
    int fd = open(out, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd >= 0) {
      dup2(fd, 1);
      close(fd);
    }
  }
  // A shell's background job ignores SIGQUIT, and the tool would inherit
  // that: LLVM's handler would print its dump and carry on instead of
  // dying of it (a timed-out step asks with SIGQUIT, ToolRunner.c).
  signal(SIGQUIT, SIG_DFL);
  // Kept across exec: every such run loads its objects at one address.
  if (j->e->sameLayout)
    personality((unsigned long)personality(0xffffffff) | ADDR_NO_RANDOMIZE);
  irsWorkerChannelStepBegin(ch, 0, j->step);
  execv(j->argv[0], j->argv);
  irsWorkerChannelSendValue(ch, "exec-errno", errno);
  return IRS_EXIT_EXEC_FAILED;
}

static bool isUnder(const char *dir, const char *path) {
  size_t n = dir ? strlen(dir) : 0;
  return n && strncmp(path, dir, n) == 0 && path[n] == '/';
}

// The tool reads back IR the run wrote (the next step's input, the dump's
// text, the output's format) where the plain tool keeps it in memory
// between passes. Parsing verifies; with the user's verifier off
// (-verify-each=0) the plain tool never verifies that IR, so a pass that
// leaves it invalid must not fail the read (llvm/llvm-project#218926
// through fir-opt: the tool prints the broken IR and exits 0).
static bool skipParseVerifier(const IrsToolRunnerImpl *t,
                              const IrsToolExec *e) {
  return !t->opts.verifyEach && !t->noParseVerifierFlag &&
         (isUnder(t->workDir, e->input) || isUnder(t->rec.dumpDir, e->input));
}

// The argument vector of `e`, NULL-terminated; NULL if out of memory. The
// strings are borrowed from `t` and `e`, except *pipelineArg (caller frees).
static char **buildArgv(IrsToolRunnerImpl *t, const IrsToolExec *e,
                        char **pipelineArg) {
  char **v = calloc((size_t)t->numArgs + 16, sizeof(char *));
  if (!v)
    return NULL;
  size_t n = 0;
  v[n++] = t->path;
  for (intptr_t k = 0; k < t->numArgs; ++k)
    v[n++] = t->args[k];
  if (e->pipeline) {
    IrsBuf b = IRS_BUF_INIT;
    irsBufPrintf(&b, "--pass-pipeline=%s", e->pipeline);
    *pipelineArg = irsBufDetach(&b);
    if (!*pipelineArg) {
      free(v);
      return NULL;
    }
    v[n++] = *pipelineArg;
  }
  if (!e->verifyEach)
    v[n++] = "-verify-each=0";
  if (skipParseVerifier(t, e))
    v[n++] = (char *)kNoParseVerifier;
  if (!t->opts.threadingEnabled || e->noThreads)
    v[n++] = "--mlir-disable-threading";
  if (e->bytecode)
    v[n++] = "--emit-bytecode";
  // LLVM refuses a flag given twice; the user's may already be there.
  if (e->generic && !irsToolHasArg(t, "--mlir-print-op-generic"))
    v[n++] = "--mlir-print-op-generic";
  if (e->generic && !irsToolHasArg(t, "--mlir-print-debuginfo"))
    v[n++] = "--mlir-print-debuginfo";
  for (size_t k = 0; k < 4 && e->extra[k]; ++k)
    v[n++] = (char *)e->extra[k];
  v[n++] = (char *)e->input;
  v[n++] = "-o";
  v[n++] = (char *)e->output;
  v[n] = NULL;
  return v;
}

static double cpuChildrenMs(void) {
  struct rusage ru;
  if (getrusage(RUSAGE_CHILDREN, &ru) != 0)
    return 0;
  return (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e3 +
         (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e3;
}

static IrsErrorKind execOnce(IrsToolRunnerImpl *t, const IrsToolExec *e,
                             IrsToolExecResult *out);

// A tool on an MLIR older than the flag refuses it: run again
// without it, and never ask again.
IrsErrorKind irsToolExecRun(IrsToolRunnerImpl *t, const IrsToolExec *e,
                            IrsToolExecResult *out) {
  bool asked = skipParseVerifier(t, e);
  IrsErrorKind k = execOnce(t, e, out);
  MlirStringRef err = out->res.stderrTail;
  if (k != IRS_OK || !asked || out->res.outcome != IrsWorkerExited ||
      out->res.exitCode == 0 || !err.length ||
      !memmem(err.data, err.length, kNoParseVerifier + 2,
              sizeof(kNoParseVerifier) - 3))
    return k;
  t->noParseVerifierFlag = true;
  irsToolExecResultFree(out);
  return execOnce(t, e, out);
}

static IrsErrorKind execOnce(IrsToolRunnerImpl *t, const IrsToolExec *e,
                             IrsToolExecResult *out) {
  memset(out, 0, sizeof(*out));
  char *pipelineArg = NULL;
  char **argv = buildArgv(t, e, &pipelineArg);
  if (!argv)
    return IRS_ERR_NOMEM;
  ExecJob job = {argv, e->step, e};
  double cpu0 = cpuChildrenMs();
  const IrsWorkerResult *res = NULL;
  IrsSupervisor sup = e->helper ? t->helperSup : t->sup;
  IrsStatus st = irsSupervisorRun(sup, execMain, &job, &res);
  free(argv);
  free(pipelineArg);
  if (!irsStatusIsOk(st))
    return IRS_ERR_IO;
  out->cpuMs = cpuChildrenMs() - cpu0;
  out->res = *res;
  irsBufAppendRef(&out->err, res->stderrTail);
  out->res.stderrTail = irsBufRef(&out->err);
  int64_t v = 0;
  if (irsSupervisorGetValue(sup, "exec-errno", &v))
    out->execErrno = (int)v;
  return out->err.failed ? IRS_ERR_NOMEM : IRS_OK;
}

void irsToolExecResultFree(IrsToolExecResult *r) {
  irsBufFree(&r->err);
  memset(r, 0, sizeof(*r));
}

static void appendQuoted(IrsBuf *b, const char *s) {
  bool plain = *s != '\0';
  for (const char *p = s; *p; ++p)
    if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                "0123456789_./=:,+-@%", *p))
      plain = false;
  if (plain) {
    irsBufAppendStr(b, s);
    return;
  }
  irsBufAppendStr(b, "'");
  for (const char *p = s; *p; ++p)
    irsBufAppendStr(b, *p == '\'' ? "'\\''" : (char[2]){*p, 0});
  irsBufAppendStr(b, "'");
}

void irsToolExecFormat(IrsToolRunnerImpl *t, const IrsToolExec *e,
                       IrsBuf *out) {
  char *pipelineArg = NULL;
  char **argv = buildArgv(t, e, &pipelineArg);
  if (!argv) {
    out->failed = true;
    return;
  }
  for (size_t k = 0; argv[k]; ++k) {
    if (k)
      irsBufAppendStr(out, " ");
    appendQuoted(out, argv[k]);
  }
  free(argv);
  free(pipelineArg);
}

void irsToolFormatTool(const IrsToolRunnerImpl *t, IrsBuf *out) {
  appendQuoted(out, t->path);
  for (intptr_t k = 0; k < t->numArgs; ++k) {
    irsBufAppendStr(out, " ");
    appendQuoted(out, t->args[k]);
  }
}

bool irsToolFileIsBytecode(const char *path) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return false;
  unsigned char m[4];
  bool yes = read(fd, m, 4) == 4 && m[0] == 'M' && m[1] == 'L' &&
             m[2] == 0xef && m[3] == 'R';
  close(fd);
  return yes;
}

int irsToolReadFile(const char *path, IrsBuf *b) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return errno;
  char chunk[65536];
  ssize_t n;
  while ((n = read(fd, chunk, sizeof(chunk))) > 0)
    irsBufAppend(b, chunk, (size_t)n);
  int e = n < 0 ? errno : 0;
  close(fd);
  return e;
}

int irsToolCopyFile(const char *from, const char *to) {
  IrsBuf b = IRS_BUF_INIT;
  int e = irsToolReadFile(from, &b);
  if (!e)
    e = b.failed ? ENOMEM : irsWriteFileAtomic(to, b.data ? b.data : "", b.len);
  irsBufFree(&b);
  return e;
}

char *irsToolScratch(IrsToolRunnerImpl *t, const char *name) {
  return irsPathJoin(t->workDir, name);
}
