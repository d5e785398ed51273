// SPDX-License-Identifier: Apache-2.0
//===- main.c - irscope-report: a dump directory as one HTML page ----------===//
//
// irscope-report DIR [-o FILE]: reads DIR/manifest.xml (from irscope-opt
// --dump-after-each) and the dumps, and writes a self-contained page
// (default DIR/report.html) atomically. Exit codes: 0 ok, 2 usage or a bad
// directory or manifest, 4 I/O error (docs/irscope-report.md).
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "Compare.h"
#include "Explorer.h"
#include "FromLog.h"
#include "ConfigStart.h"
#include "Options.h"

#include "irscope/RunDir.h"
#include "irscope/Support.h"

#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// `-o -`: the page goes to stdout, as mlir-opt's output does.
static bool isStdout(const char *out) { return !strcmp(out, "-"); }

// How the page refers to files of DIR: by name when the page sits in DIR,
// else by an absolute file: URL (a relative path would break when the page
// is moved on its own, which is the usual reason to pass -o; a page on
// stdout may go anywhere).
static char *linkPrefix(const char *dir, const char *out) {
  char d[PATH_MAX], o[PATH_MAX];
  char *outCopy = strdup(out);
  if (!outCopy)
    return NULL;
  const char *outDir = dirname(outCopy);
  char *res = NULL;
  if (!isStdout(out) && realpath(dir, d) && realpath(outDir, o) &&
      !strcmp(d, o)) {
    res = strdup("");
  } else if (realpath(dir, d)) {
    // Percent-encode what a URL path cannot hold as is.
    size_t n = strlen(d);
    res = malloc(n * 3 + 16);
    if (res) {
      char *p = res + sprintf(res, "file://");
      for (const unsigned char *c = (const unsigned char *)d; *c; ++c) {
        if ((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
            (*c >= '0' && *c <= '9') || strchr("/-_.~", *c))
          *p++ = (char)*c;
        else
          p += sprintf(p, "%%%02X", *c);
      }
      strcpy(p, "/");
    }
  }
  free(outCopy);
  return res;
}

// --from-log / --from-tree-dir: DIR is made from the other tool's dumps
// (FromLog.c) before the page is built from it.
static char *joinArgs(int argc, char **argv) {
  char *cmd = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&cmd, &len);
  for (int i = 0; f && i < argc; ++i)
    fprintf(f, "%s%s", i ? " " : "", argv[i]);
  if (f)
    fclose(f);
  return cmd;
}

static bool convertInto(const char *log, const char *tree, const char *dir,
                        const char *cmd) {
  char err[4600];
  bool ok = log ? irsExFromLog(log, dir, cmd, err, sizeof(err))
                : irsExFromTreeDir(tree, dir, cmd, err, sizeof(err));
  if (!ok)
    fprintf(stderr, "irscope-report: error: %s\n", err);
  return ok;
}

typedef struct Config {
  const char *dir, *dirB, *output, *fromLog, *fromTree, *merge;
  char **mergeDirs;
  int numMergeDirs;
  long maxDiffKb;
  bool compare, help, version;
} Config;

static bool checkMaxDiff(const IrsOption *o, char *err, size_t n) {
  if (*(long *)o->value > 0)
    return true;
  snprintf(err, n, "option '--max-diff-kb' expects a positive number");
  return false;
}

static const IrsOptionConflict rules[] = {
    IRS_OPT_EXCLUDES("compare", "from-log"),
    IRS_OPT_EXCLUDES("compare", "merge"),
    IRS_OPT_EXCLUDES("merge", "from-log"),
    IRS_OPT_EXCLUDES("merge", "from-tree-dir"),
    IRS_OPT_EXCLUDES("merge", "o"),
    IRS_OPT_EXCLUDES("compare", "from-tree-dir"),
    IRS_OPT_CONFLICT("from-log", "from-tree-dir", IrsOptionExcludes,
                     "give one of '%1$s' and '%2$s'"),
    IRS_OPT_CONFLICTS_END(),
};

// Parses and checks the command line into `c`: -1 when the page is to be
// written, else the exit code (a usage error, --help, --version).
static int parseConfig(Config *c, int argc, char **argv) {
  memset(c, 0, sizeof(*c));
  c->maxDiffKb = 256;
  const IrsOption options[] = {
      IRS_OPT_STRING(0, "from-log", &c->fromLog, "FILE",
                     "first convert another tool's --mlir-print-ir-after-all "
                     "/ -before-all log into DIR"),
      IRS_OPT_STRING(0, "from-tree-dir", &c->fromTree, "TREE",
                     "first convert a --mlir-print-ir-tree-dir directory "
                     "into DIR"),
      IRS_OPT_STRING('o', "o", &c->output, "FILE",
                     "where to write the page (default DIR/report.html; "
                     "'-' for stdout)"),
      IRS_OPT_BOOL(0, "compare", &c->compare,
                   "compare two run directories A B step by step: exit 1 "
                   "and name the first step whose IR differs"),
      IRS_OPT_STRING(0, "merge", &c->merge, "OUT",
                     "merge the " IRS_RUN_DIR_REPEAT
                     " and failure directories of "
                     "--shard runs DIR... into OUT"),
      IRS_OPT_INT_CB(0, "max-diff-kb", &c->maxDiffKb, "N",
                     "embed at most N KiB of diff per step (default 256)",
                     checkMaxDiff, NULL),
      IRS_OPT_BOOL(0, "version", &c->version, "print the version and exit"),
      IRS_OPT_BOOL('h', "help", &c->help, "print this help and exit"),
      IRS_OPT_END(),
  };
  const IrsConfigStart start = {
      .tool = "irscope-report",
      .synopsis = "irscope-report DIR [-o FILE] | --compare A B [-o FILE] | "
                  "--merge OUT DIR...",
      .usageMore = "\nDIR is a directory written by irscope-opt --dump-after-each.\n"
                   "Exit codes: 0 ok (--compare: every step agrees), 1 (--compare)\n"
                   "  a step differs, 2 usage error or bad directory/manifest,\n"
                   "  4 I/O error.\n",
      .help = &c->help,
      .version = &c->version,
  };
  int npos, rc = irsConfigStart(&start, argc, argv, options, &npos);
  if (rc >= 0)
    return rc;
  if (c->merge) {
    if (npos < 1)
      return irsConfigUsageError("irscope-report",
                                 "'--merge' takes the shards' directories "
                                 "(usage: irscope-report --merge OUT DIR...)");
    c->mergeDirs = argv + 1;
    c->numMergeDirs = npos;
    return irsOptionsCheck("irscope-report", options, rules)
               ? -1
               : irsOutcomeGetExitCode(IrsOutcomeUsageError);
  }
  if (c->compare && npos != 2)
    return irsConfigUsageError("irscope-report",
                               "'--compare' takes two run directories "
                               "(usage: irscope-report --compare A B)");
  if (c->compare) {
    c->dir = argv[1];
    c->dirB = argv[2];
    return irsOptionsCheck("irscope-report", options, rules)
               ? -1
               : irsOutcomeGetExitCode(IrsOutcomeUsageError);
  }
  if (npos != 1) {
    return irsConfigUsageError(
        "irscope-report", npos == 0 ? "no directory given (usage: "
                                      "irscope-report DIR [-o FILE])"
                                    : "too many arguments: give one directory");
  }
  c->dir = argv[1];
  return irsOptionsCheck("irscope-report", options, rules)
             ? -1
             : irsOutcomeGetExitCode(IrsOutcomeUsageError);
}

// Writes a page to `output` atomically and says where it is.
static int writeHtml(const char *output, const char *html, size_t len) {
  if (isStdout(output)) {
    bool ok = fwrite(html, 1, len, stdout) == len && fflush(stdout) == 0;
    if (!ok)
      fprintf(stderr, "irscope-report: error: cannot write to stdout: %s\n",
              strerror(errno));
    return irsOutcomeGetExitCode(ok ? IrsOutcomeOk : IrsOutcomeIoError);
  }
  int e = irsFileWriteAtomic(output, html, len);
  if (e) {
    fprintf(stderr, "irscope-report: error: cannot write '%s': %s\n", output,
            strerror(e));
    return irsOutcomeGetExitCode(IrsOutcomeIoError);
  }
  // Where the page is, as a path that opens from anywhere.
  char abs[4096];
  fprintf(stderr, "irscope-report: wrote %s\n",
          realpath(output, abs) ? abs : output);
  return irsOutcomeGetExitCode(IrsOutcomeOk);
}

// Renders the page of the run in `dir` and writes it to `output`.
static int writePage(const Config *c, const char *dir, const IrsExRun *run,
                     const char *output) {
  char err[4600];
  int rc = irsOutcomeGetExitCode(IrsOutcomeOk);
  char *prefix = linkPrefix(dir, output);
  IrsExPageOptions po = {(size_t)c->maxDiffKb * 1024, prefix ? prefix : ""};
  char *html = NULL;
  size_t len = 0;
  if (!irsExRenderPage(run, &po, &html, &len, err, sizeof(err))) {
    fprintf(stderr, "irscope-report: error: %s\n", err);
    rc = irsOutcomeGetExitCode(IrsOutcomeIoError);
  } else {
    rc = writeHtml(output, html, len);
  }
  free(html);
  free(prefix);
  return rc;
}

// Loads the run in `dir` and writes its page to `output` (NULL:
// dir/report.html).
static int reportRun(const Config *c, const char *dir, const char *output) {
  IrsExRun run;
  bool usage = false;
  char err[4600];
  if (!irsExLoad(dir, &run, err, sizeof(err), &usage)) {
    fprintf(stderr, "irscope-report: error: %s\n", err);
    irsExFree(&run);
    return irsOutcomeGetExitCode(usage ? IrsOutcomeUsageError
                                       : IrsOutcomeIoError);
  }
  char *defaultOut = NULL;
  if (!output && asprintf(&defaultOut, "%s/report.html", dir) < 0) {
    fprintf(stderr, "irscope-report: error: out of memory\n");
    irsExFree(&run);
    return irsOutcomeGetExitCode(IrsOutcomeIoError);
  }
  int rc = writePage(c, dir, &run, output ? output : defaultOut);
  free(defaultOut);
  irsExFree(&run);
  return rc;
}

// A --repeat directory: its summary page, then each signature's failure
// directory's own page (the summary links them), the worst exit code.
static int reportRepeat(const Config *c) {
  char *html = NULL, **dirs = NULL, err[4600];
  size_t len = 0;
  int num = 0;
  bool usage = false;
  int rc;
  if (!irsExRenderRepeatPage(c->dir, &html, &len, &dirs, &num, err,
                             sizeof(err), &usage)) {
    fprintf(stderr, "irscope-report: error: %s\n", err);
    rc = irsOutcomeGetExitCode(usage ? IrsOutcomeUsageError
                                     : IrsOutcomeIoError);
  } else {
    char *out = NULL;
    if (!c->output && asprintf(&out, "%s/report.html", c->dir) < 0)
      out = NULL;
    rc = c->output || out ? writeHtml(c->output ? c->output : out, html, len)
                          : irsOutcomeGetExitCode(IrsOutcomeIoError);
    free(out);
  }
  for (int i = 0; i < num; ++i) {
    int r = reportRun(c, dirs[i], NULL);
    if (r > rc)
      rc = r;
    free(dirs[i]);
  }
  free(dirs);
  free(html);
  return rc;
}

int main(int argc, char **argv) {
  // Kept before parsing, which reorders argv: the converted manifest's
  // command line.
  char *orig[argc + 1];
  memcpy(orig, argv, (size_t)(argc + 1) * sizeof(char *));
  Config c;
  int rc = parseConfig(&c, argc, argv);
  if (rc >= 0)
    return rc;
  if (c.merge)
    return irsExMergeMain(c.merge, c.mergeDirs, c.numMergeDirs);
  if (c.compare)
    return irsExCompareMain(c.dir, c.dirB, c.output,
                            (size_t)c.maxDiffKb * 1024);
  if (c.fromLog || c.fromTree) {
    char *cmd = joinArgs(argc, orig);
    bool converted = convertInto(c.fromLog, c.fromTree, c.dir, cmd);
    free(cmd);
    if (!converted)
      return irsOutcomeGetExitCode(IrsOutcomeUsageError);
  }
  if (irsExIsRepeatDir(c.dir))
    return reportRepeat(&c);
  return reportRun(&c, c.dir, c.output);
}
