// SPDX-License-Identifier: Apache-2.0
//===- Narrow.h - narrowing a failing step to one action ------------------===//
//
// MLIR makes every pattern application (`apply-pattern`) and every run of
// a pass on one op (`pass-execution`) an *action*, and its debug counter
// (`--mlir-debug-counter=apply-pattern-count=K`) executes only the first K
// actions of a tag and skips the rest: a skipped pattern fails to match, a
// skipped pass execution leaves its op alone. Single-threaded, the order
// of actions is deterministic and the first K are the same in every run,
// so "the step with the first K actions fails" is false below the culprit
// action and true from it on: a bisection over K names the one rewrite
// (or the one pass execution) after which the step's failure appears.
//
// This header holds what both ways of running a step share: the bisection
// (irsNarrowBisect), what it found (IrsNarrowedAction, written to
// report.xml as <action>), the terminal's note, a reader of the action log
// mlir-opt writes with --log-actions-to (the tool path counts and names
// actions through it), the top-level op around the action in two printed
// modules, and the replay script that shows the difference with the
// tool's own debug counter.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_NARROW_H
#define IRS_NARROW_H

#include "irscope/Outcome.h"
#include "irscope/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// The action tags narrowing bisects, in the order it tries them.
#define IRS_NARROW_TAG_PATTERN "apply-pattern"
#define IRS_NARROW_TAG_PASS "pass-execution"
/// Pass executions are bisected only when a step has more than this many:
/// a pass nested on functions counts its adaptor's execution on the module
/// too, so one function gives two, which name nothing the step does not.
#define IRS_NARROW_MIN_PASSES 2

/// What narrowing found: action `index` of `of` actions of `tag` in the
/// step is the first after which the step fails. Strings are borrowed
/// (owned by whoever filled it); nullable ones may be NULL.
typedef struct IrsNarrowedAction {
  const char *tag;  ///< IRS_NARROW_TAG_PATTERN or IRS_NARROW_TAG_PASS
  const char *name; ///< the pattern's debug name, or the pass
  int64_t index;    ///< 1-based: K of N
  int64_t of;
  const char *opName;   ///< "scf.while"; nullable
  const char *op;       ///< the op, generic form, regions elided, one line
  const char *location; ///< "in.mlir:12:8"; nullable
  /// Runs of the step the narrowing took (each with the step's oracle:
  /// an execution, the verifier, the crash signature).
  int64_t executions;
  /// Files in the failure directory: the enclosing top-level op just
  /// before and just after the action, their diff, and the replay script.
  const char *before;
  const char *after;
  const char *diff;
  const char *replay;
  /// The action the step's process was in when it died (a crash through
  /// a tool: its action log's last action still running).
  bool inFlight;
} IrsNarrowedAction;

/// Whether the step fails with only the first `count` actions executed:
/// 1 it does (bad), 0 it does not (good), -1 to abort the search.
typedef int (*IrsNarrowIsBad)(int64_t count, void *userData);

/// Finds the smallest K in 1..n for which the step fails, given that it
/// fails with all n: asks count 0 first (if that fails too, no action of
/// the tag is to blame), then halves [0, n]. Answers at K and K - 1 are
/// asked, never assumed, so the result is a true transition even where
/// failing is not monotone in K. 1 + ceil(log2(n)) questions at most.
/// Returns K, 0 when count 0 already fails (or n is 0), -1 when aborted.
IRS_API int64_t irsNarrowBisect(int64_t n, IrsNarrowIsBad isBad,
                                void *userData);

/// The most runs narrowing may take for n actions: ceil(log2(n)) + 4.
IRS_API int64_t irsNarrowBudget(int64_t n);

/// A pattern's or pass's name without namespaces ("(anonymous
/// namespace)::WhileMoveIfDown" and "mlir::arith::AddIAddConstant" give
/// "WhileMoveIfDown" and "AddIAddConstant"); a slice of `name`.
IRS_API MlirStringRef irsNarrowShortName(MlirStringRef name);

/// The terminal's note, without "tool: note: " and newline, e.g.
/// "first wrong rewrite: #4 of 40 in step 2 'canonicalize': pattern
/// 'WhileMoveIfDown' on 'scf.while' at in.mlir:12:8". `kind` is the
/// step's failure (wrong result, verifier failure, crash, pass failure),
/// which picks the first words. Calls `callback` once.
IRS_API void irsNarrowFormatNote(const IrsNarrowedAction *action,
                                 IrsOutcome kind, intptr_t step,
                                 MlirStringRef stepText,
                                 MlirStringCallback callback, void *userData);

//===----------------------------------------------------------------------===//
// mlir-opt's action log (--log-actions-to)
//===----------------------------------------------------------------------===//

/// One action the log says began. Slices of the log text.
typedef struct IrsActionLogEntry {
  MlirStringRef tag;  ///< "apply-pattern" or "pass-execution"
  MlirStringRef name; ///< pattern debug name or pass name, as logged
  MlirStringRef op;   ///< the op as logged (regions elided), loc included
  MlirStringRef opName;
  /// "file:line:col" of the first file location in the op's loc(...)
  /// (written with the quotes removed into `locBuf`); empty when none.
  char locBuf[256];
} IrsActionLogEntry;

/// Calls `callback` for every `apply-pattern` and `pass-execution` action
/// the log text says began, in order (other tags are skipped). Returns the
/// number of entries reported. The log is the one mlir-opt (any
/// MlirOptMain tool) writes with --log-actions-to=FILE; the ops carry
/// their locations when it ran with --mlir-print-debuginfo.
typedef void (*IrsActionLogCallback)(const IrsActionLogEntry *entry,
                                     void *userData);
IRS_API intptr_t irsActionLogParse(MlirStringRef log,
                                   IrsActionLogCallback callback,
                                   void *userData);

/// What one line of the log says: an action began, was skipped (no
/// completion follows), or the innermost action begun completed.
typedef enum IrsActionLogEvent {
  IrsActionLogBegins,
  IrsActionLogSkipping,
  IrsActionLogCompleted,
} IrsActionLogEvent;

/// For a completion only `tag` is set.
typedef void (*IrsActionLogEventCallback)(IrsActionLogEvent event,
                                          const IrsActionLogEntry *entry,
                                          void *userData);

/// Calls `callback` for every action of any tag the log says began, was
/// skipped or completed, in order, so that a reader can follow the nesting
/// (a crashed tool's log ends inside the actions it was running). Other
/// tags than the two above get `tag` and, when their first IR unit is an
/// op, `op`, `opName` and `locBuf`; `name` is empty. A last line without
/// its newline is left out. Returns the number of events.
IRS_API intptr_t irsActionLogParseEvents(MlirStringRef log,
                                         IrsActionLogEventCallback callback,
                                         void *userData);

//===----------------------------------------------------------------------===//
// The top-level op around the action
//===----------------------------------------------------------------------===//

/// Given the module printed just before and just after one action (both in
/// the same form), finds the first top-level op (a child of the module:
/// usually a function) whose text differs and returns both texts as slices
/// (empty when that op does not exist on one side). When the module's own
/// text around its ops differs, or the modules have different numbers of
/// top-level ops and no single op explains it, the whole modules are
/// returned. False when the texts are equal.
IRS_API bool irsNarrowChangedTopLevelOp(MlirStringRef before,
                                        MlirStringRef after,
                                        MlirStringRef *beforeOp,
                                        MlirStringRef *afterOp);

#ifdef __cplusplus
}
#endif

#endif // IRS_NARROW_H
