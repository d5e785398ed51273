// SPDX-License-Identifier: Apache-2.0
//===- CheckResultsReport.c - documenting a step that changed the results -===//
//
// The artefacts of a wrong result, written where any failure's go: the IR
// before and after the step, both results, report.xml of kind
// "wrong-result", reproducer.sh, which shows the difference with
// upstream mlir-opt and mlir-runner alone, and reproducer.mlir, the
// pre-step IR with an mlir_reproducer resource that runs the step, for
// `mlir-opt --run-reproducer` (then lowered and run like the rest). The dump directory's manifest
// and the --trace/--junit log get the step's new status too.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "CheckResults.h"

#include "IrsConfig.h"

#include "irscope/Diff.h"
#include "irscope/FailureWriter.h"
#include "irscope/Report.h"
#include "irscope/RunDir.h"

#include <mlir-c/Diagnostics.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The chunk's dump directory, or a new failure directory under its
// --failure-dir (each chunk has its own, as for any failure).
static char *failureDir(const IrsOptCheck *c, bool *isDump) {
  const IrsOptConfig *cfg = c->run->cfg;
  intptr_t n = irsInputGetNumChunks(c->run->input);
  *isDump = cfg->dumps.dir != NULL;
  if (cfg->dumps.dir)
    return irsOptChunkDir(cfg, cfg->dumps.dir, c->chunk, n);
  char *base = irsOptChunkDir(cfg, cfg->failureDir, c->chunk, n);
  char *d = NULL;
  int e = irsRunDirCreateFailureDir(base, &d);
  free(base);
  if (e != 0) {
    free(d);
    return NULL;
  }
  return d;
}

// 'text' for sh, with embedded quotes closed and escaped.
static void shQuote(IrsOptOut *o, const char *s, size_t n) {
  irsOptOutAppend(o, "'", 1);
  for (size_t i = 0; i < n; ++i) {
    if (s[i] == '\'')
      irsOptOutAppend(o, "'\\''", 4);
    else
      irsOptOutAppend(o, &s[i], 1);
  }
  irsOptOutAppend(o, "'", 1);
}

static void put(IrsOptOut *o, const char *s) { irsOptOutAppend(o, s, strlen(s)); }

// --tool's arguments (--tool-arg), each quoted and followed by a space.
static void toolArgs(const IrsOptConfig *cfg, IrsOptOut *o) {
  for (size_t i = 0; i < cfg->tool.args.num; ++i) {
    const char *a = cfg->tool.args.items[i];
    shQuote(o, a, strlen(a));
    put(o, " ");
  }
}

// reproducer.sh: the reference and the step's result, each lowered and run
// the way the check ran them.
static void reproducerScript(const IrsOptCheck *c, intptr_t step,
                             const char *resultType, IrsOptOut *o) {
  const IrsOptConfig *cfg = c->run->cfg;
  MlirStringRef st = irsPipelineGetStepText(c->run->pipeline, step - 1);
  bool ours = irsPipelineTextNamesIrscopePass(st);
  const char *lower = cfg->results.exec.lowering ? cfg->results.exec.lowering
                                                 : IRS_EXEC_DEFAULT_LOWERING;
  const char *libs = cfg->results.exec.sharedLibs
                         ? cfg->results.exec.sharedLibs
                         : irsExecGetDefaultSharedLibs();
  const char *entry =
      cfg->results.exec.entry ? cfg->results.exec.entry : "main";
  char line[256];
  put(o, "#!/bin/sh\n");
  snprintf(line, sizeof(line),
           "# Step %ld changes what '@%s' computes (irscope-opt "
           "--check-results).\n",
           (long)step, entry);
  put(o, line);
  put(o, "# Prints the result of the IR before the step ("
         IRS_RUN_DIR_EXPECTED_OUTPUT ")\n# and after it ("
         IRS_RUN_DIR_ACTUAL_OUTPUT ") with upstream tools.\n");
  if (ours)
    put(o, "# The step is an irscope pass: only irscope-opt runs it.\n");
  put(o, "cd \"$(dirname \"$0\")\" || exit 2\n");
  put(o, "BIN=${MLIR_BIN:-" IRS_LLVM_BIN_DIR "}\n");
  // Through --tool the step is the tool's; the results are irscope's
  // lowering and mlir-runner's, as the check ran them.
  if (cfg->tool.path) {
    put(o, "STEP_OPT=${TOOL:-");
    shQuote(o, cfg->tool.path, strlen(cfg->tool.path));
    put(o, "}\n");
  } else {
    put(o, ours ? "STEP_OPT=${IRSCOPE_OPT:-irscope-opt}\n"
                : "STEP_OPT=\"$BIN/mlir-opt\"\n");
  }
  put(o, "LOWER=");
  shQuote(o, lower, strlen(lower));
  put(o, "\nrun() {\n  \"$BIN/mlir-opt\" --pass-pipeline=\"$LOWER\" |\n"
         "    \"$BIN/mlir-runner\" -e ");
  shQuote(o, entry, strlen(entry));
  bool runnable = !resultType || !strcmp(resultType, "void") ||
                  !strcmp(resultType, "i32") || !strcmp(resultType, "i64") ||
                  !strcmp(resultType, "f32");
  snprintf(line, sizeof(line), " --entry-point-result=%s --shared-libs=",
           runnable && resultType ? resultType : "void");
  put(o, line);
  shQuote(o, libs, strlen(libs));
  put(o, "\n}\n");
  if (!runnable)
    put(o, "# mlir-runner cannot return the entry's result type: its value "
           "is not printed.\n");
  put(o, "echo '--- before the step (expected):'\nrun < "
         IRS_RUN_DIR_PRE_STEP_IR "\n");
  put(o, "echo '--- after the step (actual):'\n\"$STEP_OPT\" ");
  toolArgs(cfg, o);
  put(o, IRS_RUN_DIR_PRE_STEP_IR " --pass-pipeline=");
  shQuote(o, st.data, st.length);
  put(o, " | run\n");
}

// The line of `s` starting at offset `ls`, without its newline, for a
// one-line message: a line longer than kShown bytes is cut to a window
// around `at` (where the texts part), and every cut is marked with "...",
// so the difference the message shows is the real one, not the cut.
enum { kShown = 80, kBefore = 24 };
static void excerpt(MlirStringRef s, size_t ls, size_t at, char *out,
                    size_t n) {
  const char *p = s.data + ls, *end = s.data + s.length;
  const char *nl = memchr(p, '\n', (size_t)(end - p));
  size_t len = (size_t)((nl ? nl : end) - p), col = at - ls;
  size_t from = 0, to = len;
  if (len > kShown) {
    size_t width = kShown - 6; // room for both marks
    from = col > kBefore ? col - kBefore : 0;
    if (from > len - width)
      from = len - width;
    to = from + width;
    // Cut between words where the window allows ("...1012, 1013", not
    // "...12, 1013"), keeping the difference inside.
    for (size_t k = from; from && k < col && k < from + kBefore / 2; ++k)
      if (p[k] == ' ') {
        from = k + 1;
        break;
      }
    for (size_t k = to; to < len && k > col + 1 && k + kBefore / 2 > to; --k)
      if (p[k - 1] == ' ') {
        to = k - 1;
        break;
      }
  }
  snprintf(out, n, "%s%.*s%s", from ? "..." : "", (int)(to - from), p + from,
           to < len ? "..." : "");
}

// Both results in two columns, a '!' between lines that differ.
static char *sideBySide(MlirStringRef a, MlirStringRef b) {
  IrsOptOut o = {0};
  size_t width = 8;
  for (const char *p = a.data, *end = a.data + a.length; p < end;) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    size_t len = (size_t)((nl ? nl : end) - p);
    if (len > width)
      width = len > 60 ? 60 : len;
    p = nl ? nl + 1 : end;
  }
  char row[512];
  snprintf(row, sizeof(row), "%-*s   %s\n", (int)width, "expected", "actual");
  put(&o, row);
  const char *p = a.data, *pe = a.data + a.length;
  const char *q = b.data, *qe = b.data + b.length;
  while (p < pe || q < qe) {
    const char *np = p < pe ? memchr(p, '\n', (size_t)(pe - p)) : NULL;
    const char *nq = q < qe ? memchr(q, '\n', (size_t)(qe - q)) : NULL;
    size_t lp = p < pe ? (size_t)((np ? np : pe) - p) : 0;
    size_t lq = q < qe ? (size_t)((nq ? nq : qe) - q) : 0;
    bool same = lp == lq && (lp == 0 || !memcmp(p, q, lp));
    snprintf(row, sizeof(row), "%-*.*s %c %.*s\n", (int)width,
             (int)(lp > width ? width : lp), p < pe ? p : "", same ? '|' : '!',
             (int)(lq > 200 ? 200 : lq), q < qe ? q : "");
    put(&o, row);
    p = np ? np + 1 : pe;
    q = nq ? nq + 1 : qe;
  }
  irsOptOutAppend(&o, "", 1);
  return o.data;
}

static MlirStringRef outOf(const IrsExecResult *r) {
  return (MlirStringRef){r->output ? r->output : "", r->outputLength};
}

// The one-line message: the step, the entry and the first difference.
static char *message(const IrsOptCheck *c, intptr_t k, intptr_t *line) {
  const IrsExecResult *exp = &c->res[k - 1], *act = &c->res[k];
  intptr_t step = c->v->step[k];
  MlirStringRef st = irsPipelineGetStepText(c->run->pipeline, step - 1);
  const char *entry = c->run->cfg->results.exec.entry
                          ? c->run->cfg->results.exec.entry
                          : "main";
  char *m = NULL;
  *line = 0;
  if (act->outcome != IrsExecOk) {
    char how[256];
    irsOptDescribeExec(act, how, sizeof(how));
    char *nl = strchr(how, '\n');
    if (nl)
      *nl = '\0';
    if (asprintf(&m, "step %ld '%.*s' changed the results of '@%s': it now %s",
                 (long)step, (int)st.length, st.data, entry, how) < 0)
      return NULL;
    return m;
  }
  IrsExecDifference d = {0};
  irsExecCompareAt(outOf(exp), outOf(act), c->tol, &d);
  *line = d.line;
  char a[96], b[96];
  excerpt(outOf(exp), d.lineA, d.atA, a, sizeof(a));
  excerpt(outOf(act), d.lineB, d.atB, b, sizeof(b));
  if (asprintf(&m, "step %ld '%.*s' changed the results of '@%s': line %ld "
                   "was '%s', is now '%s'",
               (long)step, (int)st.length, st.data, entry, (long)*line, a,
               b) < 0)
    return NULL;
  return m;
}

static MlirLogicalResult quiet(MlirDiagnostic d, void *ud) {
  (void)d;
  (void)ud;
  return mlirLogicalResultSuccess();
}

// reproducer.mlir: the IR before the step, parsed here (this process is
// done forking executions) and written with irscope's reproducer writer.
// False when it does not parse (an --irdl-file dialect): then there is
// none, and reproducer.sh still shows the difference.
static bool writeReproducer(const IrsOptCheck *c, intptr_t k,
                            IrsFailureWriter w) {
  const IrsOptConfig *cfg = c->run->cfg;
  MlirContext ctx = irsOptMakeContext(cfg, /*threading=*/false);
  // Through --tool the IR may be of a dialect only the tool has: said
  // once already (CheckResults.c), not again as a parse error.
  mlirContextAttachDiagnosticHandler(ctx, quiet, NULL, NULL);
  MlirModule m = mlirModuleCreateParse(ctx, irsOptCheckPreText(c, k));
  bool ok = !mlirModuleIsNull(m) &&
            irsFailureWriterAddReproducer(
                w, mlirModuleGetOperation(m),
                irsPipelineGetStepText(c->run->pipeline, c->v->step[k] - 1),
                /*disableThreading=*/true, cfg->verifyEach, (IrsPlugins){NULL},
                false, 0) == 0;
  if (!mlirModuleIsNull(m))
    mlirModuleDestroy(m);
  mlirContextDestroy(ctx);
  return ok;
}

// The files around a narrowed action: its top-level op just before and
// just after it, their diff, and replay-action.sh (upstream mlir-opt's
// debug counter; not for irscope's own passes, which only irscope-opt runs).
static void writeActionFiles(const IrsOptCheck *c, intptr_t k,
                             IrsFailureWriter w, const char *resultType,
                             IrsOptNarrowed *nr) {
  IrsNarrowedAction *a = &nr->action;
  MlirStringRef b = {nr->before, nr->before ? strlen(nr->before) : 0};
  MlirStringRef af = {nr->after, nr->after ? strlen(nr->after) : 0};
  irsFailureWriterAddAction(w, a, b, af, irsToolTextCallback, &nr->diff);
  const IrsOptConfig *cfg = c->run->cfg;
  MlirStringRef st = irsPipelineGetStepText(c->run->pipeline, c->v->step[k] - 1);
  if (irsPipelineTextNamesIrscopePass(st))
    return;
  IrsOptOut args = {0};
  toolArgs(cfg, &args);
  if (args.len) // without the last space
    args.data[args.len - 1] = '\0';
  IrsNarrowReplay r = {
      .tool = cfg->tool.path,
      .toolArgs = args.data,
      .step = st,
      .stepIndex = c->v->step[k],
      .action = a,
      .kind = IrsOutcomeWrongResult,
      .lowering = cfg->results.exec.lowering ? cfg->results.exec.lowering
                                             : IRS_EXEC_DEFAULT_LOWERING,
      .entry = cfg->results.exec.entry ? cfg->results.exec.entry : "main",
      .sharedLibs = cfg->results.exec.sharedLibs
                        ? cfg->results.exec.sharedLibs
                        : irsExecGetDefaultSharedLibs(),
      .resultType = resultType};
  irsFailureWriterAddActionReplay(w, &r, a);
  free(args.data);
}

// Adds every artefact of the wrong result at k and commits report.xml;
// without all of the always-present files nothing is left behind.
static int writeArtefacts(const IrsOptCheck *c, intptr_t k, IrsFailureWriter w,
                          const char *dir, const char *msg, intptr_t line, bool isDump,
                          IrsOptNarrowed *nr) {
  const IrsOptConfig *cfg = c->run->cfg;
  const IrsExecResult *exp = &c->res[k - 1], *act = &c->res[k];
  intptr_t step = c->v->step[k];
  IrsOptOut sh = {0};
  reproducerScript(c, step, act->resultType ? act->resultType : exp->resultType,
                   &sh);
  int e = irsFailureWriterAddText(w, IrsArtefactPreStepIr,
                                  irsOptCheckPreText(c, k));
  if (!e)
    e = irsFailureWriterAddText(w, IrsArtefactPostStepIr, irsOptCheckText(c, k));
  if (!e)
    e = irsFailureWriterAddText(w, IrsArtefactExpectedOutput, outOf(exp));
  if (!e)
    e = irsFailureWriterAddText(w, IrsArtefactActualOutput, outOf(act));
  if (!e)
    e = sh.failed ? ENOMEM
                  : irsFailureWriterAddText(w, IrsArtefactRunReproducer,
                                            (MlirStringRef){sh.data, sh.len});
  free(sh.data);
  if (e) {
    irsFailureWriterAbort(w);
    return e;
  }
  writeReproducer(c, k, w);
  if (nr && nr->action.tag)
    writeActionFiles(c, k, w,
                     act->resultType ? act->resultType : exp->resultType, nr);
  IrsResultsInfo ri = {
      .entry = cfg->results.exec.entry ? cfg->results.exec.entry : "main",
      .executions =
          irsExecutorGetNumRuns(c->ex) - (nr ? (intptr_t)nr->executions : 0),
      .expectedOutcome = irsExecOutcomeGetName(exp->outcome),
      .actualOutcome = irsExecOutcomeGetName(act->outcome),
      .expected = outOf(exp),
      .actual = outOf(act),
      .firstDifferenceLine = line};
  IrsCrashInfo ci = {.header = irsOptRunHeader(cfg, c->run->input, c->chunk),
                     .pipeline = c->run->pipeline,
                     .verifyEach = cfg->verifyEach,
                     .threading = !cfg->disableThreading,
                     .kind = IrsOutcomeWrongResult,
                     .step = step,
                     .message = msg,
                     .dumpOnlyChanged = cfg->dumps.onlyChanged,
                     .inputOps = -1,
                     .inputDump = isDump ? IRS_RUN_DIR_INPUT_DUMP : NULL,
                     .results = &ri,
                     .action = nr && nr->action.tag ? &nr->action : NULL,
                     .actionDiff = {nr && nr->diff.data ? nr->diff.data : "",
                                    nr ? nr->diff.len : 0}};
  e = irsFailureWriterCommitCrash(w, &ci);
  if (!e && isDump)
    e = irsManifestMarkStepFailed(dir, step, IrsOutcomeWrongResult,
                                  IRS_RUN_DIR_REPORT);
  return e;
}

static void printNote(MlirStringRef s, void *ud) {
  fprintf(stderr, "irscope-opt: note: %s%.*s\n", (const char *)ud,
          (int)s.length, s.data);
}

// The action's location and one-line generic op name the lines of the
// file they name. The pre-step IR was parsed from memory (file "-") or,
// through --tool, read from a temporary file; narrowing names the
// location's file after the input (version 0) or failure-input.mlir. The
// op's file locations ("-":8:3) take that name too, and the input's lines
// are the file's: a chunk of --split-input-file was parsed on its own, so
// its lines move down by the lines before it.
static void placeAction(const IrsOptCheck *c, intptr_t k, IrsOptNarrowed *nr) {
  if (!nr || !nr->op || !nr->location)
    return;
  const char *loc = NULL; // the op's own location: its last loc(...)
  for (const char *p = strstr(nr->op, "loc("); p; p = strstr(p + 4, "loc("))
    loc = p;
  const char *f = loc ? strchr(loc, '"') : NULL;
  const char *fe = f ? strchr(f + 1, '"') : NULL;
  if (!fe || fe[1] != ':')
    return;
  // "OLD":L:C and the location NEW:L:C end alike.
  size_t at = strspn(fe + 1, ":0123456789"), n = strlen(nr->location);
  if (at > n || strncmp(nr->location + n - at, fe + 1, at) != 0)
    return;
  long shift = k == 1 && c->v->step[0] == 0
                   ? (long)irsInputGetChunkLine(c->run->input, c->chunk) - 1
                   : 0;
  char *from = strndup(f, (size_t)(fe - f) + 2); // "OLD":
  IrsOptOut op = {0}, where = {0};
  const char *p = nr->op;
  for (const char *q; from && (q = strstr(p, from));) {
    const char *digits = q + strlen(from);
    char *end;
    long line = strtol(digits, &end, 10);
    if (end == digits) { // not a file location
      irsOptOutAppend(&op, p, (size_t)(digits - p));
      p = digits;
      continue;
    }
    irsOptOutAppend(&op, p, (size_t)(q - p));
    put(&op, "\"");
    irsOptOutAppend(&op, nr->location, n - at);
    char num[32];
    snprintf(num, sizeof(num), "\":%ld", line + shift);
    put(&op, num);
    p = end;
  }
  put(&op, p);
  irsOptOutAppend(&op, "", 1);
  // NEW:L:C, moved down as well.
  char *colon = strchr(nr->location + n - at + 1, ':');
  irsOptOutAppend(&where, nr->location, n - at + 1);
  char num[32];
  snprintf(num, sizeof(num), "%ld",
           strtol(nr->location + n - at + 1, NULL, 10) + shift);
  put(&where, num);
  put(&where, colon ? colon : "");
  irsOptOutAppend(&where, "", 1);
  if (from && !op.failed && !where.failed) {
    free(nr->op);
    free(nr->location);
    nr->action.op = nr->op = op.data;
    nr->action.location = nr->location = where.data;
    op.data = where.data = NULL;
  }
  free(from);
  free(op.data);
  free(where.data);
}

int irsOptCheckResultsDocument(IrsOptCheck *c, intptr_t k, IrsOptNarrowed *nr) {
  placeAction(c, k, nr);
  intptr_t line = 0;
  char *msg = message(c, k, &line);
  bool isDump = false;
  char *dir = failureDir(c, &isDump);
  IrsFailureWriter w = {NULL};
  int e = dir && msg ? irsFailureWriterOpen(dir, IrsOutcomeWrongResult, &w)
                     : ENOMEM;
  if (!e)
    e = writeArtefacts(c, k, w, dir, msg, line, isDump, nr);
  // --trace/--junit: both results, then the report, as a failing step's
  // diagnostics are followed by its report.
  char *details = sideBySide(outOf(&c->res[k - 1]), outOf(&c->res[k]));
  char *withReport = NULL;
  if (details && !e &&
      asprintf(&withReport, "%sreport: %s/" IRS_RUN_DIR_REPORT "\n", details,
               dir) >= 0) {
    free(details);
    details = withReport;
  }
  irsOptLogMarkStep(c->run, c->chunk, c->v->step[k], IrsOutcomeWrongResult,
                    msg, details);
  if (!msg)
    fprintf(stderr, "irscope-opt: error: out of memory\n");
  else if (e)
    fprintf(stderr, "irscope-opt: error: %s%s; cannot write report in '%s': %s\n",
            c->prefix, msg, dir ? dir : "?", strerror(e));
  else
    fprintf(stderr, "irscope-opt: error: %s%s; report: %s/" IRS_RUN_DIR_REPORT
                    "\n",
            c->prefix, msg, dir);
  char whose[64];
  snprintf(whose, sizeof(whose), "the execution after step %ld",
           (long)c->v->step[k]);
  irsOptPrintProgramDeath(c, &c->res[k], whose);
  // Through --tool, IR irscope cannot execute between the two versions
  // leaves the change somewhere in those steps.
  intptr_t from = c->v->step[k - 1] + 1;
  if (c->v->pre && c->v->pre[k] && from < c->v->step[k])
    fprintf(stderr, "irscope-opt: note: %sthe results changed in one of steps "
                    "%ld to %ld: irscope cannot execute the IR between them\n",
            c->prefix, (long)from, (long)c->v->step[k]);
  intptr_t narrowing = nr ? (intptr_t)nr->executions : 0;
  fprintf(stderr, "irscope-opt: note: %sfound with %ld executions\n",
          c->prefix, (long)(irsExecutorGetNumRuns(c->ex) - narrowing));
  MlirStringRef st = irsPipelineGetStepText(c->run->pipeline, c->v->step[k] - 1);
  if (nr && nr->action.tag) {
    irsNarrowFormatNote(&nr->action, IrsOutcomeWrongResult, c->v->step[k], st,
                        printNote, c->prefix);
    fprintf(stderr, "irscope-opt: note: %snarrowed single-threaded with %lld "
                    "executions\n",
            c->prefix, (long long)narrowing);
  } else if (nr && nr->why[0]) {
    fprintf(stderr, "irscope-opt: note: %sstep %ld not narrowed to one action: "
                    "%s\n", c->prefix, (long)c->v->step[k], nr->why);
  }
  free(details);
  free(dir);
  free(msg);
  return irsOutcomeGetExitCode(IrsOutcomeWrongResult);
}
