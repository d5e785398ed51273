// SPDX-License-Identifier: Apache-2.0
//===- Pipeline.h - textual pass pipelines split into steps ---------------===//
//
// A pipeline in MLIR's textual syntax, e.g.
//   builtin.module(func.func(canonicalize,cse),inline{default-pipeline=canonicalize})
// is parsed into an ordered list of steps. A step is one leaf pass at its
// nesting path and is runnable on its own: its pipeline text is the leaf
// wrapped in its anchors, e.g. "builtin.module(func.func(cse))". Parsing is
// purely syntactic; whether a pass exists is checked when a pass manager is
// built from the pipeline (irsPassManagerCreate), which reports errors at
// the step's position in the original text.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_PIPELINE_H
#define IRS_PIPELINE_H

#include "irscope/Support.h"

#include <mlir-c/IR.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct IrsPipeline {
  void *ptr;
} IrsPipeline;

static inline bool irsPipelineIsNull(IrsPipeline p) { return !p.ptr; }

//===----------------------------------------------------------------------===//
// Errors in pipeline text
//===----------------------------------------------------------------------===//

/// An error about a pipeline text, with where in the text it is, so that a
/// caller can point at it (a caret under the column) or leave the position
/// out (a pipeline built from pass flags the user never saw as text)
/// without reading the message back.
typedef struct IrsPipelineError {
  /// What is wrong, one line without the position, e.g. "missing ')'
  /// closing the pipeline opened here". Borrowed: valid during the callback
  /// only.
  MlirStringRef message;
  /// The 0-based byte offset in the pipeline text and the 1-based line and
  /// column (in bytes) of that byte; -1, 0 and 0 when the error is about no
  /// position in the text (out of memory, an option combination, an error
  /// in another pipeline, such as verifyWith, whose position is in the
  /// message).
  intptr_t offset;
  intptr_t line;
  intptr_t column;
} IrsPipelineError;

/// Called once for the error of a failed Create. The pointer is only valid
/// during the call.
typedef void (*IrsPipelineErrorCallback)(const IrsPipelineError *error,
                                         void *userData);

/// Writes `error` as the one-line message the MlirStringCallback variants
/// report: "pipeline:<line>:<column>: <message>", or the message alone when
/// it has no position. The callback may be called several times.
IRS_API void irsPipelineErrorPrint(const IrsPipelineError *error,
                                   MlirStringCallback callback,
                                   void *userData);

//===----------------------------------------------------------------------===//
// Creation
//===----------------------------------------------------------------------===//

/// Parses `text`. On a syntax error returns a null handle and calls
/// `errorCallback` (nullable) once with the error, positioned in `text`.
/// The text is copied.
IRS_API IrsPipeline irsPipelineCreateParseLocated(
    MlirStringRef text, IrsPipelineErrorCallback errorCallback,
    void *userData);

/// irsPipelineCreateParseLocated with the error reported as the line
/// irsPipelineErrorPrint writes, e.g. "pipeline:1:<column>: <what is
/// wrong>".
IRS_API IrsPipeline irsPipelineCreateParse(MlirStringRef text,
                                           MlirStringCallback errorCallback,
                                           void *userData);

/// Builds a pipeline from mlir-opt style pass flags already stripped of their
/// dashes: {"canonicalize", "inline=default-pipeline=canonicalize"} means
/// builtin.module(canonicalize,inline{default-pipeline=canonicalize}).
/// Errors as for irsPipelineCreateParseLocated; their positions are in the
/// text built from the flags, "<rootAnchor>(<flag>,...)".
IRS_API IrsPipeline irsPipelineCreateFromPassFlagsLocated(
    const MlirStringRef *flags, intptr_t numFlags, MlirStringRef rootAnchor,
    IrsPipelineErrorCallback errorCallback, void *userData);

/// irsPipelineCreateFromPassFlagsLocated with the error reported as the
/// line irsPipelineErrorPrint writes.
IRS_API IrsPipeline irsPipelineCreateFromPassFlags(
    const MlirStringRef *flags, intptr_t numFlags, MlirStringRef rootAnchor,
    MlirStringCallback errorCallback, void *userData);

/// mlir-opt nests a pass flag whose pass is restricted to another operation
/// than the root under that operation (its pass manager nests implicitly):
/// `--optimize-allocation-liveness` runs as
/// builtin.module(func.func(optimize-allocation-liveness)). Returns that
/// pipeline for `pipeline` (as built by irsPipelineCreateFromPassFlags): every
/// step directly under the root whose MLIR pass is restricted to another
/// operation is wrapped in that operation; other steps (irscope passes,
/// unknown passes, bad options) are kept as they are, for the pass manager to
/// report. `ctx` is only used to instantiate the passes, which must be
/// registered. The input is not modified; null (reported through
/// `errorCallback`) only when out of memory.
IRS_API IrsPipeline irsPipelineNestRestrictedPasses(
    IrsPipeline pipeline, MlirContext ctx, MlirStringCallback errorCallback,
    void *userData);

/// Writes through `callback` what a pass manager on the root op says when
/// asked to parse the one-pass pipeline `question`
/// ("builtin.module(cse)"); nothing when it accepts it.
typedef void (*IrsPipelineProbeCallback)(MlirStringRef question,
                                         MlirStringCallback callback,
                                         void *callbackUserData,
                                         void *userData);

/// irsPipelineNestRestrictedPasses asking `probe` instead of this MLIR, e.g.
/// another tool's parser. Errors (out of memory only) are located.
IRS_API IrsPipeline irsPipelineNestRestrictedPassesBy(
    IrsPipeline pipeline, IrsPipelineProbeCallback probe, void *probeUserData,
    IrsPipelineErrorCallback errorCallback, void *userData);

//===----------------------------------------------------------------------===//
// Queries
//===----------------------------------------------------------------------===//

/// Frees the pipeline. Null is a no-op.
IRS_API void irsPipelineDestroy(IrsPipeline pipeline);

/// The whole pipeline in canonical text form (no redundant whitespace).
/// Borrowed; lives as long as the pipeline.
IRS_API MlirStringRef irsPipelineGetText(IrsPipeline pipeline);

/// Outermost anchor, e.g. "builtin.module".
IRS_API MlirStringRef irsPipelineGetRootAnchor(IrsPipeline pipeline);

IRS_API intptr_t irsPipelineGetNumSteps(IrsPipeline pipeline);

/// Step accessors; `pos` is 0-based. All strings are borrowed from the
/// pipeline.
/// The step's own pipeline text, e.g. "builtin.module(func.func(cse))".
IRS_API MlirStringRef irsPipelineGetStepText(IrsPipeline pipeline,
                                             intptr_t pos);
/// The leaf pass name, e.g. "inline".
IRS_API MlirStringRef irsPipelineGetStepPassName(IrsPipeline pipeline,
                                                 intptr_t pos);
/// The leaf's options without braces, e.g. "default-pipeline=canonicalize";
/// empty when it has none.
IRS_API MlirStringRef irsPipelineGetStepPassOptions(IrsPipeline pipeline,
                                                    intptr_t pos);
/// The innermost anchor op name, e.g. "func.func".
IRS_API MlirStringRef irsPipelineGetStepAnchor(IrsPipeline pipeline,
                                               intptr_t pos);
/// Number of anchors on the step's nesting path (>= 1) and each of them,
/// outermost first.
IRS_API intptr_t irsPipelineGetStepNumAnchors(IrsPipeline pipeline,
                                              intptr_t pos);
IRS_API MlirStringRef irsPipelineGetStepAnchorAt(IrsPipeline pipeline,
                                                 intptr_t pos, intptr_t depth);
/// 0-based byte offset of the leaf pass name in the original text (for
/// error messages).
IRS_API intptr_t irsPipelineGetStepOffset(IrsPipeline pipeline, intptr_t pos);

/// The pipeline text of steps [begin, end) (0-based, clamped to the
/// pipeline), neighbours under the same anchors sharing one nesting, e.g.
/// "builtin.module(func.func(canonicalize,cse))"; "<root>()" when the range
/// is empty. Calls `callback` once; false when out of memory.
IRS_API bool irsPipelineGetRangeText(IrsPipeline pipeline, intptr_t begin,
                                     intptr_t end, MlirStringCallback callback,
                                     void *userData);

/// Whether pipeline text `text` names one of irscope's own passes (a pass
/// name starting with "irs-": a leaf, or a nested pipeline in an option's
/// value, as in inline{default-pipeline=irs-test-flaky}), which only
/// irscope-opt and opt-reduce have: a reproducer, replay command or lit test
/// of such a pipeline needs irscope-opt, upstream mlir-opt does not know the
/// pass. Purely textual: "irs-" counts where a pass name can start (at the
/// start, after '(', ',', '{', '=', a space or a quote), so "stairs-up" and
/// "convert-irs-x" do not; the text need not parse.
IRS_API bool irsPipelineTextNamesIrscopePass(MlirStringRef text);

#ifdef __cplusplus
}
#endif

#endif // IRS_PIPELINE_H
