// SPDX-License-Identifier: Apache-2.0
//===- Resume.c - --resume-from: the rest of a recorded run, on a dump ----===//
//
// `irscope-opt --resume-from=DIR/NNNN-....mlir` runs the steps after that
// dump on that file. It is a rewrite of the command line before it is
// parsed: the run's manifest gives the pipeline (the steps after NNNN,
// unless --pass-pipeline replaces them), the settings (verifier, threads,
// --verify-with, the seed) and, from the recorded command line, the words
// that decide how the IR is read and printed and which tool runs the steps
// (--allow-unregistered-dialect, --mlir-print-*, --tool, --tool-arg, ...).
// The user's own words come after those, so they win. Everything else
// (the dumps' numbering after NNNN, the input being the dump) is the
// configuration's (Config.c), from --resume-from itself; so the resumed
// run's recorded command line runs it again as it is.
//
// The dumps go to a new directory, DIR-from-NNNN unless --dump-after-each
// names one, and never to DIR itself: the run resumed from stays as it was.
//
//===----------------------------------------------------------------------===//
#include "Resume.h"

#include "ConfigStart.h"
#include "ShellQuote.h"

#include "irscope/Outcome.h"
#include "irscope/Pipeline.h"
#include "irscope/RunDoc.h"
#include "irscope/RunDir.h"

#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Words of the recorded command line a resumed run takes over: how the IR
// is parsed and printed, the dialects and plugins, the tool.
static const char *const kCarried[] = {
    "allow-unregistered-dialect", "mlir-print-op-generic",
    "mlir-print-debuginfo", "mlir-pretty-debuginfo", "mlir-print-local-scope",
    "mlir-print-assume-verified", "mlir-use-nameloc-as-prefix",
    "mlir-elide-elementsattrs-if-larger",
    "mlir-elide-resource-strings-if-larger", "emit-bytecode", "irdl-file",
    "load-pass-plugin", "load-dialect-plugin", "load-irscope-plugin", "tool",
    "tool-arg", NULL};

// The option name of `word` ("--tool=x" and "-tool=x": "tool", length 4),
// or NULL for a word that is no option.
static const char *optionName(const char *word, size_t *len) {
  if (word[0] != '-')
    return NULL;
  const char *n = word + 1 + (word[1] == '-');
  *len = strcspn(n, "=");
  return n;
}

static bool isOption(const char *word, const char *name) {
  size_t n;
  const char *o = optionName(word, &n);
  return o && n == strlen(name) && !strncmp(o, name, n);
}

// The value of the last --name=VALUE in argv, or NULL.
static const char *valueOf(int argc, char **argv, const char *name) {
  const char *v = NULL;
  for (int i = 1; i < argc; ++i)
    if (isOption(argv[i], name) && strchr(argv[i], '='))
      v = strchr(argv[i], '=') + 1;
  return v;
}

static bool given(int argc, char **argv, const char *name) {
  for (int i = 1; i < argc; ++i)
    if (isOption(argv[i], name))
      return true;
  return false;
}

typedef struct Words {
  char **w;
  int n, cap;
  bool failed;
} Words;

static void add(Words *ws, char *word) { // takes `word`
  if (!word || ws->failed) {
    ws->failed = true;
    free(word);
    return;
  }
  if (ws->n + 1 >= ws->cap) {
    int cap = ws->cap ? 2 * ws->cap : 32;
    char **p = realloc(ws->w, (size_t)cap * sizeof(*p));
    if (!p) {
      ws->failed = true;
      free(word);
      return;
    }
    ws->w = p;
    ws->cap = cap;
  }
  ws->w[ws->n++] = word;
  ws->w[ws->n] = NULL;
}

static char *format(const char *fmt, const char *a, const char *b) {
  size_t n = strlen(fmt) + strlen(a) + strlen(b) + 1;
  char *s = malloc(n);
  if (s)
    snprintf(s, n, fmt, a, b);
  return s;
}

// The carried words of the recorded command line (the first word, the
// tool that ran, skipped); the tool's only when the user names none.
static void addRecorded(Words *ws, const char *commandLine, bool userTool) {
  char *word = malloc(strlen(commandLine) + 1);
  const char *p = commandLine;
  bool first = true;
  while (word && irsToolShellNextWord(&p, word)) {
    size_t n;
    const char *o = optionName(word, &n);
    bool carried = false;
    for (int i = 0; o && !first && kCarried[i] && !carried; ++i)
      carried = n == strlen(kCarried[i]) && !strncmp(o, kCarried[i], n);
    if (carried && userTool && (isOption(word, "tool") ||
                                isOption(word, "tool-arg")))
      carried = false;
    if (carried)
      add(ws, strdup(word));
    first = false;
  }
  ws->failed |= !word;
  free(word);
}

// The settings of <settings> as options; a --tool run has no seed.
static void addSettings(Words *ws, IrsRunDocNode settings, bool tool) {
  const char *v = irsRunDocNodeGetAttr(settings, "verify-each");
  if (v && !strcmp(v, "false"))
    add(ws, strdup("--verify-each=0"));
  v = irsRunDocNodeGetAttr(settings, "threading");
  if (v && !strcmp(v, "false"))
    add(ws, strdup("--mlir-disable-threading"));
  v = irsRunDocNodeGetAttr(settings, "dump-only-changed");
  if (v && !strcmp(v, "true"))
    add(ws, strdup("--dump-only-changed"));
  if ((v = irsRunDocNodeGetAttr(settings, "verify-with")) != NULL)
    add(ws, format("--verify-with=%s%s", v, ""));
  if (!tool && (v = irsRunDocNodeGetAttr(settings, "seed")) != NULL)
    add(ws, format("--seed=%s%s", v, ""));
}

static void keepRef(MlirStringRef s, void *ud) {
  char **out = ud;
  *out = strndup(s.data, s.length);
}

// --pass-pipeline= with the recorded steps after `step`.
static char *restOfPipeline(const char *text, long step) {
  IrsPipeline p = irsPipelineCreateParse(mlirStringRefCreateFromCString(text),
                                         NULL, NULL);
  if (irsPipelineIsNull(p))
    return NULL;
  char *rest = NULL;
  irsPipelineGetRangeText(p, step, irsPipelineGetNumSteps(p), keepRef, &rest);
  irsPipelineDestroy(p);
  char *word = rest ? format("--pass-pipeline=%s%s", rest, "") : NULL;
  free(rest);
  return word;
}

static int fail(const char *fmt, const char *a, const char *b) {
  char *m = format(fmt, a, b);
  int rc = irsConfigUsageError("irscope-opt", m ? m : "out of memory");
  free(m);
  return rc;
}

// The directory and the file name of `path`, malloc'd.
static void splitPath(const char *path, char **dir, char **name) {
  char *a = strdup(path), *b = strdup(path);
  *dir = a && b ? strdup(dirname(a)) : NULL;
  *name = a && b ? strdup(basename(b)) : NULL;
  free(a);
  free(b);
}

// Whether two paths name the same directory (both exist).
static bool sameDir(const char *a, const char *b) {
  char ra[PATH_MAX], rb[PATH_MAX];
  return realpath(a, ra) && realpath(b, rb) && !strcmp(ra, rb);
}

static void note(const char *file, const IrsDumpCheck *c, long numSteps) {
  fprintf(stderr, "irscope-opt: resuming after step %ld of %ld from '%s'\n",
          c->step, numSteps, file);
  if (c->edited)
    fprintf(stderr, "irscope-opt: note: '%s' was edited after its run (hash "
                    "%s, the manifest's %s); resuming from the edited IR\n",
            file, c->actual, c->recorded);
  else if (!c->hashed)
    fprintf(stderr, "irscope-opt: note: the manifest records no hash of '%s'; "
                    "whether it was edited is unknown\n", file);
}

// The checks and the words, once the dump's run is known.
static int build(Words *ws, int argc, char **argv, const char *file,
                 const char *dir, const char *name) {
  IrsDumpCheck c;
  int e = irsRunDirCheckDump(dir, name, &c);
  if (e)
    return fail("cannot resume from '%s': %s", file,
                e == ENOENT ? "no readable " IRS_RUN_DIR_MANIFEST " beside it"
                            : strerror(e));
  if (c.step < 0)
    return fail("cannot resume from '%s': its manifest lists no such dump%s",
                file, "");
  char *manifest = format("%s/%s", dir, IRS_RUN_DIR_MANIFEST);
  IrsRunDoc doc = irsRunDocCreateFromFile(manifest, NULL, 0);
  free(manifest);
  IrsRunDocNode root = irsRunDocGetRoot(doc);
  const char *pipeline =
      irsRunDocNodeGetText(irsRunDocNodeGetChild(root, "pipeline"));
  const char *cmd =
      irsRunDocNodeGetText(irsRunDocNodeGetChild(root, "command-line"));
  long numSteps = irsRunDocNodeGetAttrLong(
      irsRunDocNodeGetChild(root, "steps"), "count", 0);
  bool userTool = given(argc, argv, "tool");
  add(ws, strdup(argv[0]));
  if (cmd)
    addRecorded(ws, cmd, userTool);
  bool tool = userTool || (cmd && strstr(cmd, "-tool="));
  addSettings(ws, irsRunDocNodeGetChild(root, "settings"), tool);
  if (!given(argc, argv, "pass-pipeline"))
    add(ws, pipeline ? restOfPipeline(pipeline, c.step) : NULL);
  irsRunDocDestroy(doc);
  for (int i = 1; i < argc; ++i)
    add(ws, strdup(argv[i]));
  const char *to = valueOf(argc, argv, "dump-after-each");
  if (to && sameDir(to, dir))
    return fail("cannot resume from '%s' into '%s': a resumed run never "
                "writes over the run it resumes", file, to);
  if (!to) {
    char num[8];
    snprintf(num, sizeof(num), "%04ld", c.step);
    // Beside DIR, named after it (DIR "." is named by its real path).
    char real[PATH_MAX];
    char *into = format("%s-from-%s", realpath(dir, real) ? real : dir, num);
    add(ws, into ? format("--dump-after-each=%s%s", into, "") : NULL);
    free(into);
  }
  if (ws->failed)
    return fail("cannot resume from '%s': out of memory%s", file, "");
  note(file, &c, numSteps);
  return -1;
}

int irsOptResumeArgs(int argc, char **argv, int *outArgc, char ***outArgv) {
  *outArgc = argc;
  *outArgv = argv;
  const char *file = valueOf(argc, argv, "resume-from");
  if (!file)
    return -1;
  char *dir, *name;
  splitPath(file, &dir, &name);
  Words ws = {0};
  int rc = dir && name ? build(&ws, argc, argv, file, dir, name)
                       : fail("out of memory%s%s", "", "");
  free(dir);
  free(name);
  if (rc >= 0) {
    irsOptResumeFree(ws.n, ws.w);
    return rc;
  }
  *outArgc = ws.n;
  *outArgv = ws.w;
  return -1;
}

void irsOptResumeFree(int argc, char **argv) {
  for (int i = 0; i < argc; ++i)
    free(argv[i]);
  free(argv);
}
