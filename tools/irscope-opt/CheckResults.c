// SPDX-License-Identifier: Apache-2.0
//===- CheckResults.c - irscope-opt --check-results -----------------------===//
//
// Finds the step after which the program computes something else. The
// worker prints the IR after every step that changed it and hands it to
// the supervisor (stream IrsWorkerStreamStepIr), so the IR versions come from
// the run itself. Afterwards, in the supervising process (which never ran
// MLIR, so it may fork), the input is executed as the reference, the IR
// after the last step is compared with it, and irsExecBisect halves the
// interval until one step is left. That step is confirmed (the IR before
// it gives the reference result, the IR after it another one, each the
// same twice) and documented as a failure of kind "wrong-result".
// Steps that did not change the IR are no versions of their own.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "CheckResults.h"

#include "ExecWorker.h"
#include "RunKind.h"
#include "IrsConfig.h"

#include "irscope/CrashTrace.h"
#include "irscope/Exec.h"
#include "irscope/Report.h"
#include "irscope/StackTrace.h"
#include "irscope/Support.h"

#include <mlir-c/RegisterEverything.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

// The stream of chunk c's IR after step s.
static IrsWorkerStream stepIr(intptr_t chunk, intptr_t step) {
  return (IrsWorkerStream){IrsWorkerStreamStepIr, chunk, step};
}

static void hashOf(MlirOperation op, char out[17], IrsOptOut *text) {
  mlirOperationPrint(op, irsToolTextCallback, text);
  irsHashBytesHex(text->data ? text->data : "", text->len, out);
}

static MlirLogicalResult sendStepIr(MlirOperation module, intptr_t step,
                                    void *ud) {
  IrsOptRun *run = ud;
  IrsOptOut o = {0};
  char hash[17];
  hashOf(module, hash, &o);
  if (strcmp(hash, run->stepIrHash) != 0) {
    memcpy(run->stepIrHash, hash, sizeof(hash));
    irsWorkerChannelSendOutput(run->ch, stepIr(run->chunk, step),
                               o.data ? o.data : "", o.len);
  }
  free(o.data);
  return mlirLogicalResultSuccess();
}

void irsOptCheckResultsBegin(IrsOptRun *run, IrsPassManager pm,
                             MlirOperation op) {
  if (!run->kind->keepsStepIr)
    return;
  // The hash of the input: a step that leaves the printed IR as it was is
  // no version of its own.
  IrsOptOut o = {0};
  hashOf(op, run->stepIrHash, &o);
  free(o.data);
  irsPassManagerAddVerifyHook(pm, mlirStringRefCreateFromCString("check-results"),
                              sendStepIr, run);
}

// The determinism check compares each step's two outputs but runs no
// verify hook, so the steps' IR comes from a run of its own afterwards,
// on a copy of the chunk as parsed: three runs of each step in all. The
// check runs on the chunk itself, which is printed: past a difference the
// plain tool's run goes on from it (Work.c).
IrsStatus irsOptCheckResultsDeterminism(IrsOptRun *run, IrsPassManager pm,
                                        MlirOperation op, IrsOutcome *found) {
  MlirOperation copy = mlirOperationClone(op);
  IrsStatus st = irsOptCheckDeterminism(run, pm, op, found);
  if (run->chunkLeft)
    return st; // op holds IR that does not verify: nothing is freed
  if (irsStatusIsOk(st) && *found == IrsOutcomeNone)
    st = irsPassManagerRun(pm, copy);
  mlirOperationDestroy(copy);
  return st;
}

// Chunk c's versions from the supervisor's streams; false when out of memory.
static bool collectChunk(IrsOptRun *run, IrsSupervisor sup, intptr_t c,
                         IrsOptResults *r) {
  intptr_t n = irsPipelineGetNumSteps(run->pipeline);
  r->step = calloc((size_t)n + 1, sizeof(*r->step));
  r->text = calloc((size_t)n + 1, sizeof(*r->text));
  r->len = calloc((size_t)n + 1, sizeof(*r->len));
  if (!r->step || !r->text || !r->len)
    return false;
  MlirStringRef in = irsInputGetChunk(run->input, c);
  r->text[0] = strndup(in.data, in.length);
  r->len[0] = in.length;
  r->num = 1;
  for (intptr_t s = 1; s <= n; ++s) {
    if (!irsSupervisorHasOutput(sup, stepIr(c, s)))
      continue;
    MlirStringRef t = irsSupervisorGetOutput(sup, stepIr(c, s));
    r->step[r->num] = s;
    r->len[r->num] = t.length;
    r->text[r->num++] = strndup(t.data, t.length);
  }
  return r->text[0] != NULL;
}

void irsOptCheckResultsCollect(IrsOptRun *run, IrsSupervisor sup) {
  if (!run->kind->keepsStepIr)
    return;
  intptr_t chunks = irsInputGetNumChunks(run->input);
  run->results = calloc((size_t)chunks, sizeof(*run->results));
  for (intptr_t c = 0; run->results && c < chunks; ++c)
    run->results[c].ok = collectChunk(run, sup, c, &run->results[c]);
}

static void resultsFree(IrsOptResults *r) {
  for (intptr_t i = 0; r->text && i < r->num; ++i) {
    free(r->text[i]);
    free(r->pre ? r->pre[i] : NULL);
  }
  free(r->pre);
  free(r->preLen);
  free(r->text);
  free(r->step);
  free(r->len);
}

//===----------------------------------------------------------------------===//
// Executing versions
//===----------------------------------------------------------------------===//

MlirStringRef irsOptCheckText(const IrsOptCheck *c, intptr_t i) {
  return (MlirStringRef){c->v->text[i], c->v->len[i]};
}

MlirStringRef irsOptCheckPreText(const IrsOptCheck *c, intptr_t i) {
  if (c->v->pre && c->v->pre[i])
    return (MlirStringRef){c->v->pre[i], c->v->preLen[i]};
  return irsOptCheckText(c, i - 1);
}

// Through --tool: version i, which irscope cannot execute (`r`, a setup
// error), is no verdict. Says so once and removes it; the next version's
// step then starts from its text (IrsOptResults.pre). False when out of
// memory.
static bool dropVersion(IrsOptCheck *c, intptr_t i, const IrsExecResult *r) {
  IrsOptResults *v = c->v;
  if (!v->pre) {
    v->pre = calloc((size_t)v->num, sizeof(*v->pre));
    v->preLen = calloc((size_t)v->num, sizeof(*v->preLen));
    if (!v->pre || !v->preLen)
      return false;
  }
  char how[512];
  irsOptDescribeExec(r, how, sizeof(how));
  char *nl = strchr(how, '\n');
  if (nl)
    *nl = '\0';
  if (i == 0) {
    fprintf(stderr, "irscope-opt: note: %sirscope cannot execute the input: "
                    "%s; the reference is the first step's IR it can "
                    "execute\n", c->prefix, how);
  } else {
    MlirStringRef st = irsPipelineGetStepText(c->run->pipeline, v->step[i] - 1);
    fprintf(stderr, "irscope-opt: note: %sirscope cannot execute the IR after "
                    "step %ld '%.*s': %s; not a verdict, compared at the next "
                    "step it can execute\n", c->prefix, (long)v->step[i],
                    (int)st.length, st.data, how);
  }
  free(v->pre[i]);
  if (i + 1 < v->num) { // version i's text is what the next step read
    v->pre[i + 1] = v->text[i];
    v->preLen[i + 1] = v->len[i];
  } else {
    free(v->text[i]);
  }
  size_t tail = (size_t)(v->num - i - 1);
  memmove(&v->text[i], &v->text[i + 1], tail * sizeof(*v->text));
  memmove(&v->len[i], &v->len[i + 1], tail * sizeof(*v->len));
  memmove(&v->step[i], &v->step[i + 1], tail * sizeof(*v->step));
  memmove(&v->pre[i], &v->pre[i + 1], tail * sizeof(*v->pre));
  memmove(&v->preLen[i], &v->preLen[i + 1], tail * sizeof(*v->preLen));
  --v->num;
  return true;
}

// Whether irscope's MLIR cannot take the IR: it does not parse (a dialect
// only the tool has) or does not lower. A missing entry is the user's.
static bool foreign(const IrsExecResult *r) {
  return r->outcome == IrsExecParseFailed ||
         r->outcome == IrsExecLoweringFailed;
}

// The version irsExecSearch could not execute (the reference or the
// culprit) when the check may skip it (--tool, foreign IR); else -1.
static intptr_t unexecutable(const IrsOptCheck *c, IrsExecSearchResult sr) {
  if (irsToolRunnerIsNull(c->run->tool))
    return -1;
  if (sr.status == IrsExecSearchReferenceFailed && foreign(&c->res[0]))
    return 0;
  return sr.status == IrsExecSearchCannotExecute && foreign(&c->res[sr.culprit])
             ? sr.culprit
             : -1;
}

// irsExecSearch, through --tool without the versions irscope cannot
// execute: each found is dropped and the search goes on with the results
// it has.
static IrsExecSearchResult search(IrsOptCheck *c, bool *noneLeft) {
  IrsOptResults *v = c->v;
  *noneLeft = false;
  for (;;) {
    MlirStringRef *texts = calloc((size_t)v->num, sizeof(*texts));
    if (!texts)
      return (IrsExecSearchResult){IrsExecSearchNoWorker, 0, 0};
    for (intptr_t i = 0; i < v->num; ++i)
      texts[i] = irsOptCheckText(c, i);
    IrsExecSearchResult sr = irsExecSearch(c->ex, texts, v->num, c->tol, c->res);
    free(texts);
    intptr_t bad = unexecutable(c, sr);
    if (bad < 0)
      return sr;
    // The other versions' results stand: the next search asks only what
    // this one did not.
    IrsExecResult r = c->res[bad];
    memmove(&c->res[bad], &c->res[bad + 1],
            (size_t)(v->num - bad - 1) * sizeof(*c->res));
    c->res[v->num - 1] = (IrsExecResult){0};
    bool dropped = dropVersion(c, bad, &r);
    irsExecResultFree(&r);
    if (!dropped)
      return (IrsExecSearchResult){IrsExecSearchNoWorker, 0, 0};
    if (v->num < 2) {
      *noneLeft = true;
      return sr;
    }
  }
}

// How an execution ended, for messages: "crashed (SIGSEGV)", ...
void irsOptDescribeExec(const IrsExecResult *r, char *buf, size_t n) {
  switch (r->outcome) {
  case IrsExecCrashed:
    snprintf(buf, n, "crashed (signal %d)", r->signal);
    break;
  case IrsExecTimedOut:
    snprintf(buf, n, "timed out");
    break;
  case IrsExecMemoryLimit:
    snprintf(buf, n, "went over the memory limit");
    break;
  case IrsExecExited:
    snprintf(buf, n, "called exit(%d)", r->exitCode);
    break;
  default:
    snprintf(buf, n, "%s", r->message ? r->message : irsExecOutcomeGetName(r->outcome));
    break;
  }
}

// What a program that died last printed and wrote to stderr: mlir-runner
// would have shown it on the terminal (a failing cf.assert's message, a
// runtime's complaint), and the verdict only says how it ended. The
// execution worker's own crash trace (its crash handler's, an LLVM stack
// dump) is no line of the program's; both whole texts stay in report.xml.
// irscope-opt's stdout stays the plain tool's output, and nothing of a
// program that ended normally is shown (each check executes every version
// at least twice).
enum { kProgramLines = 8 };

static void appendText(MlirStringRef s, void *ud) {
  irsOptOutAppend((IrsOptOut *)ud, s.data, s.length);
}

// The last kProgramLines non-empty lines of `text` that are no crash
// trace's, as notes under "WHOSE WHAT:".
static void printTail(const IrsOptCheck *c, const char *whose,
                      const char *what, MlirStringRef text) {
  IrsOptOut kept = {0};
  intptr_t num = 0;
  const char *end = text.data + text.length;
  for (const char *l = text.data; l && l < end;) {
    const char *nl = memchr(l, '\n', (size_t)(end - l));
    MlirStringRef line = {l, (size_t)((nl ? nl : end) - l)};
    if (line.length && irsCrashTraceLineKind(line) == IrsCrashTraceLineOther) {
      irsOptOutAppend(&kept, line.data, line.length);
      irsOptOutAppend(&kept, "\n", 1);
      ++num;
    }
    l = nl ? nl + 1 : end;
  }
  if (num > 0 && !kept.failed) {
    const char *from = kept.data;
    for (intptr_t skip = num - kProgramLines; skip > 0; --skip)
      from = strchr(from, '\n') + 1;
    fprintf(stderr, "irscope-opt: note: %s%s %s%s:\n", c->prefix, whose, what,
            num > kProgramLines ? " (its last lines)" : "");
    for (const char *l = from; *l;) {
      const char *nl = strchr(l, '\n');
      fprintf(stderr, "irscope-opt: note: %s  | %.*s\n", c->prefix,
              (int)(nl - l), l);
      l = nl + 1;
    }
  }
  free(kept.data);
}

void irsOptPrintProgramDeath(const IrsOptCheck *c, const IrsExecResult *r,
                              const char *whose) {
  if (r->outcome == IrsExecOk || irsExecOutcomeIsSetupError(r->outcome) ||
      r->outcome == IrsExecInterrupted)
    return;
  printTail(c, whose, "printed",
            (MlirStringRef){r->output ? r->output : "", r->outputLength});
  IrsOptOut err = {0};
  if (r->message)
    irsStackTraceStripLlvmDump(mlirStringRefCreateFromCString(r->message),
                               appendText, &err);
  printTail(c, whose, "wrote to stderr",
            (MlirStringRef){err.data ? err.data : "", err.len});
  free(err.data);
}

// A reference that does not run cleanly leaves nothing to compare with.
static int referenceFailed(const IrsOptCheck *c, const IrsExecResult *r) {
  const IrsOptConfig *cfg = c->run->cfg;
  char how[512];
  irsOptDescribeExec(r, how, sizeof(how));
  char *nl = strchr(how, '\n');
  if (nl)
    *nl = '\0';
  if (irsExecOutcomeIsSetupError(r->outcome))
    fprintf(stderr, "irscope-opt: error: %scannot execute the input '%s': %s\n",
            c->prefix, cfg->io.input, how);
  else
    fprintf(stderr,
            "irscope-opt: error: %sthe input '%s' does not run cleanly: "
            "'@%s' %s; --check-results needs a reference result\n",
            c->prefix, cfg->io.input,
            cfg->results.exec.entry ? cfg->results.exec.entry : "main", how);
  irsOptPrintProgramDeath(c, r, "the input's execution");
  return r->outcome == IrsExecInterrupted ? irsOutcomeGetExitCode(IrsOutcomeInterrupted)
                                          : irsOutcomeGetExitCode(IrsOutcomeUsageError);
}

// The search's verdict as one line on stderr and an exit code.
static int runCheck(IrsOptCheck *c) {
  IrsOptResults *v = c->v;
  bool noneLeft;
  IrsExecSearchResult sr = search(c, &noneLeft);
  if (noneLeft) {
    fprintf(stderr, "irscope-opt: error: %sirscope can execute the IR of at "
                    "most one of the input and the steps: no results to "
                    "compare; --check-results needs IR of the dialects "
                    "irscope has\n", c->prefix);
    return irsOutcomeGetExitCode(IrsOutcomeUsageError);
  }
  long runs = (long)irsExecutorGetNumRuns(c->ex);
  intptr_t k = sr.culprit;
  switch (sr.status) {
  case IrsExecSearchNoWorker:
    fprintf(stderr, "irscope-opt: error: cannot start an execution worker: "
                    "%s\n",
            strerror(errno));
    return irsOutcomeGetExitCode(IrsOutcomeIoError);
  case IrsExecSearchReferenceFailed:
    return referenceFailed(c, &c->res[0]);
  case IrsExecSearchSame:
    if (v->step[0]) // the input was dropped (--tool)
      fprintf(stderr, "irscope-opt: note: %sresults match those of the IR "
                      "after step %ld after all %ld steps (%ld executions)\n",
              c->prefix, (long)v->step[0],
              (long)irsPipelineGetNumSteps(c->run->pipeline), runs);
    else
      fprintf(stderr, "irscope-opt: note: %sresults match the input's after "
                      "all %ld steps (%ld executions)\n",
              c->prefix, (long)irsPipelineGetNumSteps(c->run->pipeline), runs);
    return irsOutcomeGetExitCode(IrsOutcomeOk);
  case IrsExecSearchNondeterministic: {
    intptr_t s = v->step[sr.unstable];
    char what[64] = "the input";
    if (s)
      snprintf(what, sizeof(what), "the IR after step %ld", (long)s);
    fprintf(stderr, "irscope-opt: error: %sthe results are not deterministic: "
                    "two executions of %s printed different results; not a "
                    "miscompile (%ld executions)\n",
            c->prefix, what, runs);
    return irsOutcomeGetExitCode(IrsOutcomeNondeterminism);
  }
  case IrsExecSearchCannotExecute: {
    MlirStringRef st = irsPipelineGetStepText(c->run->pipeline, v->step[k] - 1);
    char how[512];
    irsOptDescribeExec(&c->res[k], how, sizeof(how));
    fprintf(stderr, "irscope-opt: error: %scannot execute the IR after step %ld "
                    "'%.*s': %s\n",
            c->prefix, (long)v->step[k], (int)st.length, st.data, how);
    return irsOutcomeGetExitCode(IrsOutcomeUsageError);
  }
  case IrsExecSearchInterrupted:
    fprintf(stderr, "irscope-opt: error: %sinterrupted while checking the "
                    "results, after %ld executions\n", c->prefix, runs);
    return irsOutcomeGetExitCode(IrsOutcomeInterrupted);
  case IrsExecSearchFound:
    break;
  }
  IrsOptNarrowed nr;
  irsOptCheckResultsNarrow(c, k, &nr);
  // Narrowing cut short by an interrupt: the step is documented without
  // its action (as a failing step is, Announced.c).
  bool cut = irsOptInterruptsArrived();
  if (cut) {
    int64_t executions = nr.executions;
    irsOptNarrowedFree(&nr);
    nr.executions = executions;
  }
  int rc = irsOptCheckResultsDocument(c, k, &nr);
  irsOptNarrowedFree(&nr);
  if (cut) {
    fprintf(stderr, "irscope-opt: note: %sinterrupted while narrowing step "
                    "%ld: the failure is documented without its action\n",
            c->prefix, (long)v->step[k]);
    rc = irsOutcomeGetExitCode(IrsOutcomeInterrupted);
  }
  if (sr.unstable)
    fprintf(stderr, "irscope-opt: note: %sthe IR after step %ld printed "
                    "different results in two executions, neither the "
                    "input's: the step made them undefined (it may read "
                    "memory that is never written)\n",
            c->prefix, (long)v->step[k]);
  return rc;
}

// One chunk's check: its own executor, so that execution counts are the
// chunk's.
static int checkChunk(IrsOptRun *run, intptr_t chunk) {
  const IrsOptConfig *cfg = run->cfg;
  IrsOptResults *v = &run->results[chunk];
  IrsOptCheck c = {run, v, {NULL}, cfg->results.tolerance, NULL, chunk, ""};
  if (irsInputGetNumChunks(run->input) > 1)
    snprintf(c.prefix, sizeof(c.prefix), "chunk %ld: ",
             irsOptChunkNumber(chunk));
  c.ex = irsExecutorCreate(&cfg->results.exec, irsToolExecWorkerSetup,
                           "irscope-opt");
  c.res = calloc((size_t)v->num, sizeof(*c.res));
  int rc;
  if (irsExecutorIsNull(c.ex) || !c.res) {
    fprintf(stderr, "irscope-opt: error: cannot set up executions: %s\n",
            strerror(errno ? errno : ENOMEM));
    rc = irsOutcomeGetExitCode(IrsOutcomeIoError);
  } else {
    // An interrupt stops the executions and the tool's narrowing runs; the
    // check ends through its own paths, its temporaries removed.
    IrsOptInterrupts saved;
    irsOptInterruptsCatchChecks(c.ex,
                                irsToolRunnerIsNull(run->tool)
                                    ? (IrsSupervisor){NULL}
                                    : irsToolRunnerGetSupervisor(run->tool),
                                &saved);
    rc = runCheck(&c);
    irsOptInterruptsRestore(&saved);
  }
  for (intptr_t i = 0; c.res && i < v->num; ++i)
    irsExecResultFree(&c.res[i]);
  free(c.res);
  irsExecutorDestroy(c.ex);
  return rc;
}

int irsOptCheckResults(IrsOptRun *run) {
  const IrsOptConfig *cfg = run->cfg;
  if (!cfg->results.on)
    return irsOutcomeGetExitCode(IrsOutcomeOk);
  intptr_t chunks = irsInputGetNumChunks(run->input);
  bool ok = run->results != NULL;
  for (intptr_t c = 0; ok && c < chunks; ++c)
    ok = run->results[c].ok;
  // Registration is process-global and belongs to the tool; done here once
  // (this process runs no MLIR itself), the execution workers inherit it.
  if (ok)
    mlirRegisterAllPasses();
  else
    fprintf(stderr, "irscope-opt: error: out of memory keeping the steps' IR "
                    "for --check-results\n");
  // Each chunk is checked and documented on its own (--split-input-file);
  // the exit code is the worst.
  int rc = ok ? irsOutcomeGetExitCode(IrsOutcomeOk) : irsOutcomeGetExitCode(IrsOutcomeIoError);
  for (intptr_t c = 0; ok && c < chunks && rc != irsOutcomeGetExitCode(IrsOutcomeInterrupted); ++c)
    rc = irsOptWorse(rc, checkChunk(run, c));
  irsOptCheckResultsRelease(run);
  return rc;
}

int irsOptCheckResultsRun(IrsOptRun *run, IrsOptOut *out) {
  int rc = irsOptSupervise(run, out);
  if (rc == irsOutcomeGetExitCode(IrsOutcomeOk)) {
    run->plainRunDone = true; // -o is written whatever the check finds
    return irsOptCheckResults(run);
  }
  irsOptCheckResultsRelease(run); // e.g. --check-determinism found a step
  return rc;
}

void irsOptCheckResultsRelease(IrsOptRun *run) {
  intptr_t chunks = irsInputGetNumChunks(run->input);
  for (intptr_t c = 0; run->results && c < chunks; ++c)
    resultsFree(&run->results[c]);
  free(run->results);
  run->results = NULL;
}
