// SPDX-License-Identifier: Apache-2.0
//===- FailureWriter.h - documenting one failure in its directory ---------===//
//
// Every failure irscope documents (a pass or verifier failure, a step that
// is not deterministic, a dead worker, a wrong result) leaves the same kind
// of directory: the IR before the step, a reproducer, the IR after it, what
// only some kinds have (results, the files around a narrowed action) and,
// last, report.xml naming them. The failure writer is the one code path
// that writes such a directory: open it for a failure kind, add artefacts,
// commit the report. It owns the artefacts' file names (from RunDir.h), so
// a caller never spells one. Each artefact is written to a temporary and
// renamed into place once whole; the report is written last, so a reader
// that sees report.xml sees every file it names. Aborting removes what the
// writer added.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_FAILUREWRITER_H
#define IRS_FAILUREWRITER_H

#include "irscope/Narrow.h"
#include "irscope/Outcome.h"
#include "irscope/Plugin.h"
#include "irscope/Report.h"

#include <mlir-c/IR.h>

#ifdef __cplusplus
extern "C" {
#endif

/// An open failure directory; null after a failed open.
typedef struct IrsFailureWriter {
  void *ptr;
} IrsFailureWriter;

static inline bool irsFailureWriterIsNull(IrsFailureWriter w) { return !w.ptr; }

/// The files a failure directory can hold besides report.xml.
typedef enum IrsArtefact {
  IrsArtefactPreStepIr,      ///< failure-input.mlir: the step's input
  IrsArtefactPostStepIr,     ///< failure-output.mlir: what the step left
  IrsArtefactReproducer,     ///< reproducer.mlir: --run-reproducer input
  IrsArtefactExpectedOutput, ///< expected-output.txt: result before the step
  IrsArtefactActualOutput,   ///< actual-output.txt: result after it
  IrsArtefactRunReproducer,  ///< reproducer.sh (executable)
  IrsArtefactActionBefore,   ///< action-before.mlir (Narrow.h)
  IrsArtefactActionAfter,    ///< action-after.mlir
  IrsArtefactActionDiff,     ///< action.diff
  IrsArtefactActionReplay,   ///< replay-action.sh (executable)
  IrsArtefactFullReproducer, ///< reproducer-full.mlir: input, whole pipeline
  IrsArtefact_COUNT
} IrsArtefact;

/// The artefact's file name in its directory (RunDir.h), NULL when out of
/// range.
IRS_API const char *irsArtefactGetName(IrsArtefact which);

/// Opens `dir` (mkdir -p) for documenting a failure of `kind`. Returns 0 or
/// an errno value; *out is null on failure.
IRS_API int irsFailureWriterOpen(const char *dir, IrsOutcome kind,
                                 IrsFailureWriter *out);

/// The directory (borrowed until commit or abort) and the failure's kind.
IRS_API const char *irsFailureWriterGetDir(IrsFailureWriter w);
IRS_API IrsOutcome irsFailureWriterGetKind(IrsFailureWriter w);
/// Whether `which` was added (and is complete on disk).
IRS_API bool irsFailureWriterHas(IrsFailureWriter w, IrsArtefact which);
/// The errno of the first artefact that could not be added (0: none so
/// far), and that artefact's path into `*path` (malloc'd; NULL when 0).
IRS_API int irsFailureWriterGetError(IrsFailureWriter w, char **path);
/// The artefact's path, DIR/NAME (caller frees); NULL when out of memory.
IRS_API char *irsFailureWriterGetPath(IrsFailureWriter w, IrsArtefact which);

/// Adds an artefact: `text`; a copy of the file at `from`; `module` printed
/// (generic form when `generic`, with locations when `debugInfo`, trusting
/// it verified only when `verified`). Each returns 0 or an errno value; an
/// artefact that failed is absent, and the others stay.
IRS_API int irsFailureWriterAddText(IrsFailureWriter w, IrsArtefact which,
                                    MlirStringRef text);
IRS_API int irsFailureWriterAddFile(IrsFailureWriter w, IrsArtefact which,
                                    const char *from);
IRS_API int irsFailureWriterAddModule(IrsFailureWriter w, IrsArtefact which,
                                      MlirOperation module, bool generic,
                                      bool debugInfo, bool verified);
/// Writes the artefact with `write`, which gets a temporary path to fill
/// and returns 0 or an errno value (e.g. another process printing there).
typedef int (*IrsArtefactWriteFn)(const char *path, void *userData);
IRS_API int irsFailureWriterAddWith(IrsFailureWriter w, IrsArtefact which,
                                    IrsArtefactWriteFn write, void *userData);

/// The reproducer: `module` with an mlir_reproducer resource running
/// `pipeline`, the replay command lines of `plugins` (nullable) and, when
/// `hasSeed`, the run's seed (Report.h's irsReproducerWriteFile*).
IRS_API int irsFailureWriterAddReproducer(IrsFailureWriter w,
                                          MlirOperation module,
                                          MlirStringRef pipeline,
                                          bool disableThreading,
                                          bool verifyEach, IrsPlugins plugins,
                                          bool hasSeed, uint64_t seed);

/// irsFailureWriterAddReproducer's reproducer as artefact `which` (the
/// full reproducer: the untouched input with the whole pipeline).
IRS_API int irsFailureWriterAddReproducerAs(
    IrsFailureWriter w, IrsArtefact which, MlirOperation module,
    MlirStringRef pipeline, bool disableThreading, bool verifyEach,
    IrsPlugins plugins, bool hasSeed, uint64_t seed);

/// The files around narrowed action `a`: the module printed after K - 1
/// and after K actions (`before`, `after`; a null data pointer: not known),
/// cut to the top-level op that differs when both are known, and their
/// unified diff, which also goes to `diff` (nullable) once. Sets a->before,
/// a->after and a->diff to the names of the files written.
IRS_API void irsFailureWriterAddAction(IrsFailureWriter w, IrsNarrowedAction *a,
                                       MlirStringRef before,
                                       MlirStringRef after,
                                       MlirStringCallback diff, void *userData);
/// replay-action.sh for `r` (ActionReplay.c), executable; sets
/// r->action's replay name when written. r->input is the pre-step IR's
/// name by default (NULL). Returns 0 or an errno value.
IRS_API int irsFailureWriterAddActionReplay(IrsFailureWriter w,
                                            const IrsNarrowReplay *r,
                                            IrsNarrowedAction *a);

/// Commits a failure documented from an IrsCrashInfo (a death or a wrong
/// result): fills its file names (pre-step IR, reproducer, and in
/// info->results the outputs, post-step IR and reproducer.sh) from what
/// was added, writes report.xml last and closes the writer. Returns 0 or
/// an errno value; the artefacts stay either way.
IRS_API int irsFailureWriterCommitCrash(IrsFailureWriter w,
                                        const IrsCrashInfo *info);

/// Removes every artefact the writer added and closes it. Null: no-op.
IRS_API void irsFailureWriterAbort(IrsFailureWriter w);

/// A failure documented by two processes (a dead worker's replay writes
/// the IR, its supervisor the report): the replay closes its writer
/// leaving what it added (irsFailureWriterDetach; null: no-op); the
/// supervisor's writer of the same directory adopts each artefact the
/// replay wrote (counted as added when its file is there, which an
/// artefact only is whole) and commits. Adopt returns whether it is there.
IRS_API void irsFailureWriterDetach(IrsFailureWriter w);
/// The other way round: the report of the failure in the writer's
/// directory was committed by another process (a worker whose step broke
/// the IR), and this writer added the files of the action that step was
/// narrowed to (irsFailureWriterAddAction, ...AddActionReplay): report.xml
/// gets `a` as the last child of its <failure>, with `diff` inline, in
/// place of the <action> it had (a crash's, the action it was told by:
/// the failure has one <action>), in the layout it was written with, and
/// the writer is closed. Returns 0 or an errno value (EINVAL: no report
/// there); the artefacts stay either way.
IRS_API int irsFailureWriterCommitAction(IrsFailureWriter w,
                                         const IrsNarrowedAction *a,
                                         MlirStringRef diff);
IRS_API bool irsFailureWriterAdopt(IrsFailureWriter w, IrsArtefact which);

#ifdef __cplusplus
}
#endif

#endif // IRS_FAILUREWRITER_H
