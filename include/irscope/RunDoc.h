// SPDX-License-Identifier: Apache-2.0
//===- RunDoc.h - a run directory's documents read back and amended -------===//
//
// manifest.xml and report.xml read back through libxml2 (no network, no
// entities), a reproducer's resources, a dump checked against the hash its
// manifest recorded, and the manifest of a run whose worker died marked as
// such (lib/Report). The names of the files are RunDir.h's. Schemas:
// docs/schema/manifest.xsd, docs/schema/report.xsd.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_RUNDOC_H
#define IRS_RUNDOC_H

#include "irscope/Outcome.h"
#include "irscope/RunDir.h"
#include "irscope/Support.h"

#include <mlir-c/Support.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

//===----------------------------------------------------------------------===//
// Reading documents back
//===----------------------------------------------------------------------===//

/// A manifest.xml or report.xml read back (no network, no entities, no
/// messages printed). Nodes and strings obtained from it are valid until
/// irsRunDocDestroy.
typedef struct IrsRunDoc {
  void *ptr;
} IrsRunDoc;

/// An element of an IrsRunDoc; null for "no such element".
typedef struct IrsRunDocNode {
  void *ptr;
} IrsRunDocNode;

static inline bool irsRunDocIsNull(IrsRunDoc d) { return !d.ptr; }
static inline bool irsRunDocNodeIsNull(IrsRunDocNode n) { return !n.ptr; }

/// Reads the XML file at `path`. On failure returns a null document and
/// writes libxml2's first line ("not well-formed XML" when it has none)
/// into `err` (nullable, `cap` bytes).
IRS_API IrsRunDoc irsRunDocCreateFromFile(const char *path, char *err,
                                          size_t cap);
/// Frees the document and everything borrowed from it; null is a no-op.
IRS_API void irsRunDocDestroy(IrsRunDoc doc);

/// The root element.
IRS_API IrsRunDocNode irsRunDocGetRoot(IrsRunDoc doc);
/// Whether `node` is an element named `name` (false for a null node).
IRS_API bool irsRunDocNodeIs(IrsRunDocNode node, const char *name);
/// The first child element named `name` (any element when `name` is NULL);
/// null when there is none or `node` is null.
IRS_API IrsRunDocNode irsRunDocNodeGetChild(IrsRunDocNode node,
                                            const char *name);
/// The next sibling element named `name` (any when NULL), or null.
IRS_API IrsRunDocNode irsRunDocNodeGetNext(IrsRunDocNode node,
                                           const char *name);
/// The attribute's value, or NULL when absent or `node` is null. Borrowed.
IRS_API const char *irsRunDocNodeGetAttr(IrsRunDocNode node,
                                         const char *name);
/// The attribute as a decimal integer or number; `dflt` when absent.
IRS_API long irsRunDocNodeGetAttrLong(IrsRunDocNode node, const char *name,
                                      long dflt);
IRS_API double irsRunDocNodeGetAttrDouble(IrsRunDocNode node,
                                          const char *name);
/// The element's text ("" when empty), or NULL for a null node. Borrowed.
IRS_API const char *irsRunDocNodeGetText(IrsRunDocNode node);

/// A byte range of a text.
typedef struct IrsTextRange {
  size_t offset;
  size_t length; ///< 0: absent
} IrsTextRange;

/// What a reproducer's resources say (lib/Report/ReproducerRead.c): the
/// mlir_reproducer entry MLIR and irscope write, and irscope's own
/// irscope_run entry. Each has* says whether the file sets the value.
typedef struct IrsReproducerParts {
  bool hasPipeline;
  bool hasDisableThreading, disableThreading;
  bool hasVerifyEach, verifyEach;
  bool hasSeed;
  uint64_t seed;
  /// The two entries (each with a comma separating it from a neighbour),
  /// to be blanked out before the file is parsed: MLIR's parser warns
  /// about an unknown resource, and the rest of the file metadata (the
  /// dialect_resources the IR refers to) must stay.
  IrsTextRange entries[2];
} IrsReproducerParts;

/// Finds the mlir_reproducer entry in the file metadata of `text` (only
/// `{-# ... #-}` sections that start a line count, so that a comment
/// mentioning one is not taken for it) and fills `parts`; the pipeline,
/// unescaped, goes to `pipeline` (called once when it is present). Returns
/// false when there is no such entry.
IRS_API bool irsReproducerReadParts(MlirStringRef text,
                                    IrsReproducerParts *parts,
                                    MlirStringCallback pipeline,
                                    void *userData);

/// The input's op count recorded in DIR/manifest.xml (`<input ops=..>`);
/// -1 when there is no manifest, it does not parse or records none.
IRS_API int64_t irsRunDirGetInputOps(const char *dir);

/// What DIR/manifest.xml says of one of its dumps, and whether the file
/// is still the one the run wrote (irsRunDirCheckDump).
typedef struct IrsDumpCheck {
  long step;   ///< the step that wrote it (0: the input dump); -1: unlisted
  bool hashed; ///< the manifest records the dump's content hash
  bool edited; ///< hashed, and the file's hash now differs
  char recorded[17], actual[17]; ///< the two hashes, hex ("" when unknown)
} IrsDumpCheck;

/// Looks up dump `name` (a file name in `dir`) in DIR/manifest.xml and
/// hashes the file as it is now (DumpCheck.c). Returns 0 or an errno
/// value: ENOENT when the manifest cannot be read, or the file's error.
IRS_API int irsRunDirCheckDump(const char *dir, const char *name,
                               IrsDumpCheck *out);

//===----------------------------------------------------------------------===//
// Editing a manifest after its run
//===----------------------------------------------------------------------===//

/// Marks DIR/manifest.xml of a run whose worker died while the manifest
/// said status="running": the run gets `status` (IrsOutcomeCrash,
/// IrsOutcomeTimeout, IrsOutcomeMemoryLimit, IrsOutcomeInterrupted; its name
/// is what the manifest says), no dump stays pending, 1-based step
/// `step` (when > 0 and not finished) gets the status and, when
/// `elapsedMs` >= 0, elapsed-ms="..." (how long it ran before the worker
/// died), and with `hasReport` <steps> gets its failed="..." and the run a
/// <failure> pointing at report.xml. A manifest that does not say
/// "running" is left alone. Returns 0 or an errno value (ENOENT when there
/// is no readable manifest). irsManifestMarkStepFailed (Report.h) marks a
/// run that ended well.
IRS_API int irsManifestMarkDeath(const char *dir, IrsOutcome status,
                                 intptr_t step, bool hasReport,
                                 double elapsedMs);

#ifdef __cplusplus
}
#endif

#endif // IRS_RUNDOC_H
