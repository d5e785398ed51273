// SPDX-License-Identifier: Apache-2.0
//===- Explorer.h - irscope-report's model of a dump directory -------------===//
//
// Load.c reads DIR/manifest.xml (and report.xml when the manifest points at
// one) into an IrsRun; IrText.c answers questions about IR text that the
// manifest does not (ops per dialect, which symbol a line belongs to);
// Page.c turns the run and the dumps into the HTML page.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_TOOLS_IRSCOPE_REPORT_EXPLORER_H
#define IRS_TOOLS_IRSCOPE_REPORT_EXPLORER_H

#include "irscope/Outcome.h"
#include "irscope/RunDir.h"
#include "irscope/RunDoc.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/// Exit codes, documented in docs/irscope-report.md: irsOutcomeGetExitCode
/// (irscope/Outcome.h) of ok, a usage error (bad options, directory or
/// manifest) or an I/O error (cannot write the page, out of memory).

typedef struct IrsExDiag {
  char *severity, *location, *message;
  int depth; // 0 for a diagnostic, 1 for its notes
} IrsExDiag;

/// One row of a step's <rewrites>: a pattern and how often it was
/// applied, or a pass and on how many ops it ran.
typedef struct IrsExRewrite {
  char *name;
  long count;
  bool pass;
} IrsExRewrite;

typedef struct IrsExStep {
  int index;
  char *pass, *anchor, *pipeline, *options;
  IrsOutcome status; // read from its name; IrsOutcomeNone for a word not
                     // in the table
  char *target; // converted runs: the symbol of the op dumped, NULL if none
  bool ran;          // has results (not "not-run", not a patched crash)
  bool changed;
  char *dumpFile;    // NULL when skipped
  char *dumpSkipped; // "failed", "unchanged", "disabled" or NULL
  long opsBefore, opsAfter;
  double wallMs, cpuMs;
  double elapsedMs; // a step the worker died or was stopped in; 0: none
  char *verifier, *failedHook;
  IrsExDiag *diags;
  int numDiags;
  // <rewrites>: counted tells a step that applied no pattern from a run
  // that did not count (older manifests, tool runs).
  bool counted;
  long applications;
  IrsExRewrite *rewrites;
  int numRewrites;
} IrsExStep;

typedef struct IrsExRun {
  char *dir;
  // The manifest's status; a failure directory without dumps has none (its
  // page says "failed").
  IrsOutcome status;
  bool reportOnly;
  char *toolName, *toolVersion, *commandLine, *inputPath, *inputDump;
  char *runTool; // <run-tool>: a --tool run's tool and its arguments
  char *pipeline;
  long inputOps;
  bool dumpOnlyChanged;
  bool converted; // from another tool's dumps (FromLog.c)
  IrsExStep *steps;
  int numSteps;
  int failedStep; // 1-based, 0 if none
  // From report.xml, when there is one.
  bool hasReport;
  IrsOutcome failKind; // <failure kind="...">; IrsOutcomeNone: not given
  char *failMessage, *failHook, *failSignal, *failStderr;
  // Kind wrong-result: what the program printed before and after the step.
  char *failExpected, *failActual;
  char *failTrace; // <stack-trace>: demangled, one frame a line
  char *failSymTrace; // <symbolised-trace>: from the site on, file:line
  char *failSite;  // crash-site or hang-site
  double failElapsedMs;
  char *preStepIr, *postStepIr, *lastGoodDump, *reproducer, *reproPipeline,
      *fullReproducer;
  char *postStepForm; // <post-step-ir form>: "generic" or "custom"
  // Kind wrong-result: both results' files and the script that prints them
  // with upstream tools (<run-reproducer>, reproducer.sh).
  char *expectedOutput, *actualOutput, *runReproducer;
  // <failure><action>: the one action the failing step was narrowed to, or
  // the one a crash was in (PageAction.c); NULL when none.
  struct IrsExAction *action;
} IrsExRun;

/// Loads DIR's manifest (and report). On failure returns false and writes a
/// one-line reason into err; *usage tells a bad directory or manifest
/// (exit 2) from an I/O or memory problem (exit 4).
bool irsExLoad(const char *dir, IrsExRun *run, char *err, size_t errCap,
               bool *usage);
void irsExFree(IrsExRun *run);
/// LoadAction.c: reads <action> of report.xml's <failure> into
/// run->action, and frees it (irsExFree calls it).
typedef struct IrsExAction {
  char *tag, *name, *index, *of, *executions, *opName, *loc;
  char *genericOp, *diff;
  char *before, *after, *diffFile, *replay;
  bool inFlight;
} IrsExAction;
void irsExLoadAction(IrsExRun *run, IrsRunDocNode failure);
void irsExActionFree(IrsExRun *run);

//===----------------------------------------------------------------------===//
// IR text
//===----------------------------------------------------------------------===//

/// Ops per dialect counted from printed IR, one op per line that starts
/// with an op name (custom or generic form). A heuristic: ops printed
/// without their dialect prefix inside a region with a default dialect
/// (`return` in a func.func) are counted under "(unprefixed)".
typedef struct IrsExDialectCount {
  char name[48];
  long count;
} IrsExDialectCount;

/// Counts into a malloc'd array (*out, *num). Returns false when out of
/// memory.
bool irsExCountDialects(const char *text, size_t len, IrsExDialectCount **out,
                        int *num);
/// The ops of a text, as irsExCountDialects counts them; -1 when out of
/// memory.
long irsExCountOps(const char *text, size_t len);
/// The same of the file `name` in `dir`; -1 when it cannot be read.
long irsExCountOpsInFile(const char *dir, const char *name);

/// Where top-level symbols are defined in a text: line numbers (1-based,
/// increasing) and names (with the '@').
typedef struct IrsExSymbols {
  long *lines;
  char **names;
  int num, cap;
} IrsExSymbols;

bool irsExFindSymbols(const char *text, size_t len, IrsExSymbols *out);
/// The symbol defined at or last before `line`; NULL if none.
const char *irsExSymbolAt(const IrsExSymbols *s, long line);
/// The symbol a single line defines, copied into out (cap bytes); false if
/// the line defines none.
bool irsExLineSymbol(const char *line, size_t len, char *out, size_t cap);
void irsExSymbolsFree(IrsExSymbols *s);

//===----------------------------------------------------------------------===//
// Page
//===----------------------------------------------------------------------===//

typedef struct IrsExPageOptions {
  /// Bytes of diff embedded per step before it is cut (with a note and a
  /// link to the dump).
  size_t maxDiffBytes;
  /// How the page links to files of the directory: a prefix put before a
  /// file name ("" when the page sits in the directory).
  const char *linkPrefix;
} IrsExPageOptions;

/// Builds the page; *html is malloc'd. Returns false with a reason in err
/// when out of memory.
bool irsExRenderPage(const IrsExRun *run, const IrsExPageOptions *opts,
                     char **html, size_t *len, char *err, size_t errCap);

//===----------------------------------------------------------------------===//
// A step's rows (StepParts.c)
//===----------------------------------------------------------------------===//

/// The page's status class of a step: ok, unchanged, failed, crashed,
/// interrupted or not-run.
const char *irsExStatusClass(const IrsExStep *s);

//===----------------------------------------------------------------------===//
// --repeat directories (Repeat.c)
//===----------------------------------------------------------------------===//

/// DIR holds repeat.xml and no manifest.
bool irsExIsRepeatDir(const char *dir);
/// The page of a --repeat directory (*html malloc'd) and the failure
/// directories of its signatures, whose own pages link from it
/// (*failureDirs: malloc'd array of malloc'd paths). False with a reason in
/// err; *usage tells a bad repeat.xml (exit 2) from running out of memory.
bool irsExRenderRepeatPage(const char *dir, char **html, size_t *len,
                           char ***failureDirs, int *numFailureDirs,
                           char *err, size_t errCap, bool *usage);

/// irscope-report --merge OUT DIR... (Merge.c): the shards' repeat.xml and
/// failure directories merged into OUT; returns the exit code.
int irsExMergeMain(const char *out, char **dirs, int numDirs);

/// The tool of a run made with `irscope-opt --tool=PATH`, read from its
/// shell-quoted command line (ToolCommand.c): "PATH ARGS", ARGS being the
/// --tool-arg values and --allow-unregistered-dialect when given, quoted
/// for a shell; NULL when the run had no --tool. malloc'd.
char *irsExToolCommand(const char *commandLine);

/// The tool a run replays with: `runTool` (the run header's <run-tool>)
/// when the run recorded it, else irsExToolCommand(commandLine) (older
/// runs). malloc'd; NULL for a run without --tool.
char *irsExRunTool(const char *runTool, const char *commandLine);

#endif // IRS_TOOLS_IRSCOPE_REPORT_EXPLORER_H
