// SPDX-License-Identifier: Apache-2.0
//===- OracleWorker.c - the forked worker that tests one candidate --------===//
//
// A candidate is tested in a forked worker: the worker applies the edit to
// its copy-on-write module (uses of erased results become ub.poison of the
// same type), then either runs the pipeline step by step (in-process mode)
// or prints the candidate to a file and execs the user's script or tool on
// it. The parent replays an accepted edit on its own module: both sides
// apply it with irsEditApply (Edit.c). What the worker tells the parent
// travels over the supervisor's channel: the step it is in, and the step
// that failed (IRS_REDUCE_FAILED_STEP_KEY) and, in in-process mode, how
// the run ended (irsWorkerChannelSendOutcome); otherwise its exit code says
// how it ended (OracleImpl.h).
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "OracleImpl.h"

#include "../Support/Fs.h"
#include "irscope/Diagnostics.h"
#include "irscope/PassManager.h"
#include "irscope/Report.h"

#include <mlir-c/Diagnostics.h>

#include <sys/personality.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

// Script mode: every test runs in a directory of its own, so that parallel
// tests never see each other's candidate or scratch files.
void irsReduceJobDir(const Reducer *r, int64_t id, char *out, size_t cap) {
  snprintf(out, cap, "%s/%lld", r->tmpDir, (long long)id);
}

void irsReduceRemoveJobDir(const Reducer *r, int64_t id) {
  char dir[512];
  irsReduceJobDir(r, id, dir, sizeof(dir));
  if (access(dir, F_OK) == 0)
    irsRemoveTree(dir, /*keepTop=*/false);
}

// Diagnostics go to the supervisor, which keeps them in the step's stderr
// tail, as "LOCATION: SEVERITY: MESSAGE" lines: the signature's first
// error is read from there (Oracle.c).
static void sendDiag(const IrsDiagnostic *d, void *ud) {
  Job *j = ud;
  IrsBuf line = IRS_BUF_INIT;
  irsBufPrintf(&line, "%.*s: %s: %.*s\n", (int)d->location.length,
               d->location.data, irsSeverityGetName(d->severity),
               (int)d->message.length, d->message.data);
  irsWorkerChannelSendText(j->ch, line.data, line.len);
  irsBufFree(&line);
}

static void onStep(intptr_t step, bool begin, void *ud) {
  Job *j = ud;
  if (begin) {
    j->step = step;
    // The input's check (generation 0), before the step's clock starts.
    if (j->r->checkSnapSteps && j->r->generation == 0 && !j->edit)
      irsReduceSnapshotStep(j->r, step);
  }
  irsWorkerChannelStep(j->ch, 0, step, begin);
}

// A tool's candidate: generic form, since the tool, not this context,
// knows its dialects' custom syntax.
void irsReducePrintGeneric(MlirOperation root, IrsAtomicFile *af) {
  MlirOpPrintingFlags f = mlirOpPrintingFlagsCreate();
  mlirOpPrintingFlagsPrintGenericOpForm(f);
  mlirOperationPrintWithFlags(root, f, irsAtomicFileStringCallback, af);
  mlirOpPrintingFlagsDestroy(f);
  irsAtomicFileWrite(af, "\n", 1);
}

// The command line of a run on the candidate file `path`: `args`, then
// `extra` (NULL-ended, may be NULL), then `path`; a tool also gets
// `-o /dev/null`. NULL when out of memory.
static const char **commandLine(const Reducer *r, const char *const *args,
                                int argc, const char *const *extra,
                                const char *path) {
  bool tool = args == r->opts.toolArgv;
  size_t ne = 0;
  while (extra && extra[ne])
    ++ne;
  const char **argv = calloc((size_t)argc + ne + 4, sizeof(char *));
  if (!argv)
    return NULL;
  for (int i = 0; i < argc; ++i)
    argv[i] = args[i];
  if (r->testPath && !tool)
    argv[0] = r->testPath;
  for (size_t i = 0; i < ne; ++i)
    argv[argc + (int)i] = extra[i];
  int k = argc + (int)ne;
  argv[k++] = path;
  if (tool) {
    argv[k++] = "-o";
    argv[k++] = "/dev/null";
  }
  return argv;
}

const char **irsReduceToolArgv(const Reducer *r, const char *const *extra,
                               const char *path) {
  return commandLine(r, r->opts.toolArgv, r->opts.toolArgc, extra, path);
}

// Execs `args` on the candidate file `path` in the job's directory `dir`
// (commandLine). The exec is announced as step 1, so that the parent
// knows the exit code is the script's or the tool's, not the worker's.
// A tool runs with LLVM's symboliser off (llvm-symbolizer takes seconds
// over libMLIR's debug information, for each crashing candidate) and
// without address-space randomisation, so that the unsymbolised frame
// addresses of its stack dump, which name the crash site, are the same in
// every run.
static int execArgs(Job *j, const char *const *args, int argc,
                    const char *const *extra, const char *dir,
                    const char *path) {
  Reducer *r = j->r;
  bool tool = args == r->opts.toolArgv;
  const char **argv = commandLine(r, args, argc, extra, path);
  if (!argv)
    return IRS_EXIT_INVALID_CANDIDATE;
  if (tool) {
    setenv("LLVM_DISABLE_SYMBOLIZATION", "1", 1);
    personality(ADDR_NO_RANDOMIZE);
    // What a tool prints on stdout (-test-written-to's findings, a pass's
    // dumps) is not opt-reduce's output, which may be stdout (-o -).
    int null = open("/dev/null", O_WRONLY | O_CLOEXEC);
    bool quiet = null >= 0 && dup2(null, 1) == 1;
    if (null >= 0)
      close(null);
    if (!quiet) {
      free(argv);
      return IRS_EXIT_INVALID_CANDIDATE;
    }
  }
  irsWorkerChannelStepBegin(j->ch, 0, 1); // the test's time is the step's
  if (chdir(dir) != 0)
    return IRS_EXIT_INVALID_CANDIDATE;
  // A fork of the tool started once: watched by the supervisor as the
  // exec'd tool would be (the worker hands it over and ends).
  int go;
  int64_t pid = tool ? irsForkServerSpawn(r->opts.toolForkServer, argv, &go)
                     : -1;
  if (pid > 0) {
    irsWorkerChannelHandOver(j->ch, pid);
    irsForkServerRelease(go);
    free(argv);
    return 0;
  }
  execv(argv[0], (char *const *)argv);
  execvp(argv[0], (char *const *)argv);
  irsWorkerChannelSendValue(j->ch, IRS_REDUCE_EXEC_ERRNO_KEY, errno);
  free(argv);
  return IRS_EXIT_CANNOT_EXEC;
}

int irsReduceExecTool(Job *j, const char *const *extra, const char *dir,
                      const char *path) {
  Reducer *r = j->r;
  return execArgs(j, r->opts.toolArgv, r->opts.toolArgc, extra, dir, path);
}

// Script and tool mode: prints the candidate into the job's directory and
// execs `args` on it there (execArgs). Candidates reach a tool in generic
// form.
static int execOnCandidate(Job *j, const char *const *args, int argc) {
  Reducer *r = j->r;
  bool tool = args == r->opts.toolArgv;
  MlirOperation root = mlirModuleGetOperation(r->module);
  char dir[512], path[600];
  irsReduceJobDir(r, j->id, dir, sizeof(dir));
  snprintf(path, sizeof(path), "%s/candidate.mlir", dir);
  setpgid(0, 0);
  if (mkdir(dir, 0700) != 0)
    return IRS_EXIT_INVALID_CANDIDATE;
  IrsAtomicFile af;
  if (irsAtomicFileOpen(&af, path) != 0)
    return IRS_EXIT_INVALID_CANDIDATE;
  if (tool) {
    irsReducePrintGeneric(root, &af);
  } else {
    MlirOpPrintingFlags f = mlirOpPrintingFlagsCreate();
    mlirOperationPrintWithFlags(root, f, irsAtomicFileStringCallback, &af);
    mlirOpPrintingFlagsDestroy(f);
    irsAtomicFileWrite(&af, "\n", 1);
  }
  if (irsAtomicFileCommit(&af) != 0)
    return IRS_EXIT_INVALID_CANDIDATE;
  return execArgs(j, args, argc, NULL, dir, path);
}

// Tool mode, irsReducerCheckFile: the tool on a file as written (the
// result in the tool's syntax), not on a print of the module.
static int execOnFile(Job *j) {
  char dir[512];
  irsReduceJobDir(j->r, j->id, dir, sizeof(dir));
  setpgid(0, 0);
  if (mkdir(dir, 0700) != 0)
    return IRS_EXIT_INVALID_CANDIDATE;
  return irsReduceExecTool(j, NULL, dir, j->r->checkFile);
}

// Applies the job's edit to the worker's module; false when it does not
// apply, or applies without progress (run-passes: no smaller; dropped
// arguments: more ops). An edit that runs passes may itself crash or hang
// on this module: it runs as step 0, under the test timeout, and a run
// that dies there is never interesting (irsReduceRunVerdict). The parent
// only ever applies an edit a worker applied to the end.
static bool applyEdit(Job *j, MlirOperation root) {
  Reducer *r = j->r;
  bool passes = j->edit->ops->runsPasses;
  if (passes)
    irsWorkerChannelStepBegin(j->ch, 0, 0);
  int64_t before = irsEditMustNotGrow(j->edit) ? irsReduceCountOps(root) : -1;
  int64_t poison = r->opts.miscompile ? irsReduceCountPoison(root) : 0;
  // Miscompile mode: a buffer read and no longer written prints garbage
  // (Unwritten.c; the fillings would catch it too, after executions).
  int64_t unwritten =
      r->opts.miscompile ? irsReduceCountUnwrittenReads(root) : 0;
  // Script mode: a script that runs the program would take what poison
  // does there for the failure (PoisonUses.c).
  int64_t undef =
      r->opts.testArgv ? irsReduceCountUndefinedPoisonUses(root) : 0;
  bool applied = irsEditApply(r->ctx, root, j->edit);
  if (applied && r->opts.miscompile)
    irsReduceErasePoisonUsers(r->ctx, root);
  applied = applied && (before < 0 || irsReduceCountOps(root) <= before) &&
            (!r->opts.miscompile ||
             (irsReduceCountPoison(root) <= poison &&
              irsReduceCountUnwrittenReads(root) <= unwritten)) &&
            (!r->opts.testArgv ||
             irsReduceCountUndefinedPoisonUses(root) <= undef);
  if (passes)
    irsWorkerChannelStepEnd(j->ch, 0, 0);
  return applied;
}

static IrsPassManager createPassManager(Job *j) {
  Reducer *r = j->r;
  IrsPassManagerOptions o = irsPassManagerOptionsDefault();
  o.threadingEnabled = false;
  o.onDiagnostic = sendDiag;
  o.onDiagnosticUserData = j;
  o.passRegistry = r->opts.passRegistry;
  // The input's check notes the symbol each nested step runs on, for the
  // failing-symbol strategy (OracleAnchor.c).
  if (r->anchors && r->generation == 0 && !j->edit) {
    o.onAnchorOp = irsReduceAnchorNote;
    o.onAnchorOpUserData = r;
    // This child's context never had threads (nor has the parent's), so
    // it may start them: the check of a big module is its slowest test.
    if (r->checkThreaded) {
      mlirContextEnableMultithreading(r->ctx, true);
      o.threadingEnabled = true;
    }
  }
  // A failure followed by a death at the plain tool's exit: run as it runs
  // (the same reason allows the threads).
  if (r->freeRun) {
    mlirContextEnableMultithreading(r->ctx, true);
    o.threadingEnabled = true;
  }
  IrsSupervisionOptions w = irsSupervisionOptionsDefault();
  w.onStep = onStep;
  w.onStepUserData = j;
  return irsPassManagerCreateStepwiseWorker(r->ctx, r->pipeline, &o, &w,
                                            r->opts.hasSeed ? &j->seed : NULL);
}

// Tells the parent how an in-process run ended; the worker ends normally.
// With freeRun it then frees the module and the context (joining MLIR's
// threads) as the plain tool does at its exit: a pass that corrupted the
// heap kills the worker there, after its outcome was sent, which the
// signature keeps as a death after the failure (Oracle.c).
static int reportOutcome(Job *j, IrsOutcome outcome) {
  irsWorkerChannelSendOutcome(j->ch, outcome);
  if (j->r->freeRun) {
    mlirModuleDestroy(j->r->module);
    mlirContextDestroy(j->r->ctx);
  }
  return 0;
}

// In-process mode: runs the pipeline on `root` (with checkDeterminism,
// each step twice) and tells the parent which step failed and how the run
// ended.
static int runPipeline(Job *j, MlirOperation root) {
  Reducer *r = j->r;
  IrsPassManager pm = createPassManager(j);
  if (irsPassManagerIsNull(pm))
    return IRS_EXIT_INVALID_CANDIDATE;
  if (r->opts.miscompile) {
    int rc = irsReduceMiscompileTest(r, j->ch, pm, root);
    irsPassManagerDestroy(pm);
    return rc;
  }
  IrsStatus st;
  if (r->opts.checkDeterminism) {
    // Each step twice on identical copies (threads: on, then off; this
    // child's context never had threads, so it may start them). A step
    // whose outputs differ is the failure.
    intptr_t differing = 0;
    st = irsPassManagerCheckDeterminism(
        pm, root,
        r->opts.checkDeterminism == 2 ? IrsDeterminismThreads
                                      : IrsDeterminismRepeat,
        &differing);
    if (differing > 0) {
      irsWorkerChannelSendValue(j->ch, IRS_REDUCE_FAILED_STEP_KEY, differing);
      irsPassManagerDestroy(pm);
      return reportOutcome(j, IrsOutcomeNondeterminism);
    }
  } else {
    st = irsPassManagerRun(pm, root);
  }
  intptr_t failed = irsPassManagerGetFailedStep(pm);
  if (failed > 0)
    irsWorkerChannelSendValue(j->ch, IRS_REDUCE_FAILED_STEP_KEY, failed);
  irsPassManagerDestroy(pm);
  return reportOutcome(j, st.kind == IRS_ERR_PASS     ? IrsOutcomePassFailure
                         : st.kind == IRS_ERR_VERIFY ? IrsOutcomeVerifyFailure
                         : st.kind == IRS_OK         ? IrsOutcomeOk
                                                     : IrsOutcomeInvalid);
}

// Verifier complaints about candidates are expected (most edits break the
// IR) and meant for no one: here they are dropped, never left to MLIR's
// default handler, which would print them to stderr. That is opt-reduce's
// own when a tool-mode batch is printed in the reducer's process
// (OracleSplit.c), where no handler is attached.
static MlirLogicalResult dropDiagnostic(MlirDiagnostic d, void *ud) {
  (void)d, (void)ud;
  return mlirLogicalResultSuccess();
}

static void noUserData(void *ud) { (void)ud; }

static bool verifiesQuietly(MlirOperation root) {
  MlirContext ctx = mlirOperationGetContext(root);
  MlirDiagnosticHandlerID id =
      mlirContextAttachDiagnosticHandler(ctx, dropDiagnostic, NULL, noUserData);
  bool ok = mlirOperationVerify(root);
  mlirContextDetachDiagnosticHandler(ctx, id);
  return ok;
}

bool irsReduceWorkerApply(Job *j, MlirOperation root) {
  Reducer *r = j->r;
  if (j->edit && !applyEdit(j, root))
    return false;
  // An edit that breaks the IR is discarded before the pipeline runs: a
  // reproducer must start from valid IR even when the bug is a verifier
  // failure after some pass. Only an input that was invalid to begin with
  // (the bug is in the verifier, or the user reduces invalid IR) is reduced
  // without this check. A script judges its candidates itself.
  return r->opts.testArgv || !j->edit || r->inputInvalid ||
         verifiesQuietly(root);
}

int irsReduceWorker(IrsWorkerChannel ch, void *ud) {
  Job *j = ud;
  Reducer *r = j->r;
  j->ch = ch;
  // Process set-up (signal handlers) is the driver's: this process is one
  // it asked for.
  if (r->opts.workerSetup)
    r->opts.workerSetup(r->opts.testArgv ? IrsReduceWorkerScript
                                         : IrsReduceWorkerMlir,
                        r->opts.workerSetupUserData);
  MlirOperation root = mlirModuleGetOperation(r->module);
  if (!irsReduceWorkerApply(j, root))
    return IRS_EXIT_INVALID_CANDIDATE;
  if (r->opts.testArgv)
    return execOnCandidate(j, r->opts.testArgv, r->opts.testArgc);
  if (r->opts.toolArgv && r->checkFile)
    return execOnFile(j);
  if (r->opts.toolArgv)
    return execOnCandidate(j, r->opts.toolArgv, r->opts.toolArgc);
  return runPipeline(j, root);
}
