// SPDX-License-Identifier: Apache-2.0
//===- StitchedDump.h - the stitcher's pieces, for AsyncDump.c ------------===//
//
// Internal to lib/PassManager: the dump cache's layout and the steps of a
// stitched dump (StitchedDump.c), which the dumps finished on a thread
// (AsyncDump.c) take one by one.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_LIB_PASSMANAGER_STITCHEDDUMP_H
#define IRS_LIB_PASSMANAGER_STITCHEDDUMP_H

#include "PassManagerImpl.h"

#include "../Support/Fs.h"

#include <sys/stat.h>

/// One top-level op's text at some step, keyed by the op and its
/// fingerprint then.
typedef struct IrsDumpEntry {
  const void *op;
  uint64_t fp;
  char *text; // standalone print, no trailing newline
  size_t len;
  bool aliased; // irsDumpTextMayAlias(text), set where `text` is printed
  // Aliased only through builtin affine maps and sets, which a stitched
  // dump names itself (AliasStitch.c).
  bool maps;
  // Without `text`: where the cache's dump file holds it, indented (a
  // forked printer's dump, read when the text is wanted); ilen 0: nowhere.
  uint64_t off;
  size_t ilen;
} IrsDumpEntry;

struct IrsDumpCache {
  IrsDumpEntry *entries;
  size_t num;
  // The dump the entries' offsets are in (null: none), opened when a text
  // is first read from it, and what it was when adopted: a file replaced
  // since is not read.
  char *filePath;
  int fileFd; // -1 until opened
  struct stat fileStat;
  // The header the texts were printed under with the whole module's
  // printing state (SharedDump.c); null: local-scope texts. The two kinds
  // never stand in for each other.
  char *sharedHeader;
  size_t sharedHeaderLen;
  // The file is a whole print with aliases (BufferedDump.c): the entries
  // have keys only until irsDumpCacheScan finds their texts and the header.
  bool scanPending;
};

/// A module's printing state for its dump, shared by its top-level ops'
/// prints (SharedDump.c; only in a forked printer).
typedef struct IrsDumpShared {
  MlirAsmState state;
  IrsBuf header; // alias definitions, then "module ... {\n"
  bool aliases;  // the header defines some
} IrsDumpShared;

/// Builds the state and the header; false (nothing to end) when the
/// module cannot be printed so.
bool irsDumpSharedBegin(MlirOperation module, IrsDumpShared *sh);
/// A top-level op's text with the state into `out` (emptied first; one
/// buffer serves a printer's ops, so its pages are touched once), as a
/// whole print of the module holds it unindented; false when out of memory
/// or when the text holds what a whole print numbers in print order.
bool irsDumpSharedPrintTopInto(IrsDumpShared *sh, MlirOperation op,
                               IrsBuf *out);
void irsDumpSharedEnd(IrsDumpShared *sh);
/// In a forked printer: writes `module`'s dump to `path` printed whole by
/// MLIR's IR-printing instrumentation into a buffered stream
/// (BufferedDump.c). *done false (nothing written) when that cannot be
/// used here; *aliases when the dump defines aliases. 0 or an errno value.
int irsDumpBuffered(MlirOperation module, const char *path, bool generic,
                    bool debugInfo, bool *done, bool *aliases);
/// Where each of the n top-level ops' texts lies (off, ilen, len) in
/// t[0..size), a whole print of a module with its aliases' definitions,
/// and the length of that header; false when its layout is not one op per
/// line start indented by two. Texts a whole print numbers in print order
/// get ilen 0 (not reusable).
bool irsDumpScanWhole(const char *t, size_t size, IrsDumpEntry *entries,
                      size_t n, size_t *headerLen);
/// Fills a scanPending cache's places and header from its file; false
/// (cache emptied) when the file is gone or not laid out as expected.
bool irsDumpCacheScan(IrsDumpCache *cache);
/// How many of the n top-level ops of `body` (fingerprints `fps`,
/// nullable) the cache has an entry for, read or not.
size_t irsDumpCacheCountKeys(const IrsDumpCache *cache, MlirBlock body,
                             size_t n, const uint64_t *fps);
/// True if the cache's texts are of the kind a printer with `header`
/// (null: local scope) may reuse.
bool irsDumpCacheFits(const IrsDumpCache *cache, const IrsBuf *header);

/// Reads e's text from the cache's dump file when it is not in memory;
/// false when it has none (or the file no longer holds it).
bool irsDumpEntryLoad(IrsDumpCache *cache, IrsDumpEntry *e);
/// The entry of `op` with fingerprint `fp`, its text loaded, or null; the
/// search starts at *cursor and moves it (passes rarely reorder ops).
IrsDumpEntry *irsDumpCacheFind(IrsDumpCache *cache, const void *op,
                               uint64_t fp, size_t *cursor);
/// Writes `t` with two spaces before each non-empty line, ending in a
/// newline; returns the bytes written.
size_t irsDumpWriteIndented(IrsAtomicFile *af, const char *t, size_t n);

/// Local-scope printing flags of a top-level op's text (caller destroys).
MlirOpPrintingFlags irsDumpTopFlags(bool assumeVerified);
/// The text of `op` printed with `f`; malloc'd, null when out of memory.
char *irsDumpPrintTopWith(MlirOperation op, MlirOpPrintingFlags f, size_t *len);
/// The same into `out` (emptied first); false when out of memory.
bool irsDumpPrintTopInto(MlirOperation op, MlirOpPrintingFlags f, IrsBuf *out);
/// The module's header ("module attributes {...} {\n") into `out`; with
/// `shell`, the empty module with the module's attributes it was printed
/// from (the caller's). False when the module cannot be stitched.
bool irsDumpModuleHeader(MlirOperation module, IrsBuf *out,
                         MlirOperation *shell);
/// The one block of a builtin.module, or null.
MlirBlock irsDumpModuleBody(MlirOperation module);
/// The number of ops in `body`.
size_t irsDumpCountTops(MlirBlock body);
/// Prints the ops marked in todo[0..n) into fresh[k], on two threads when
/// `threads`, into the cache's stale buffers where they fit.
void irsDumpPrintMissing(IrsDumpCache *cache, MlirOperation *ops,
                         IrsDumpEntry *fresh, bool *todo, size_t n,
                         bool assumeVerified, bool threads, IrsPhases *ph);
/// The same, with a non-null `failed`: first verifies every op (printed or
/// not) on the thread that claims it; one that fails sets *failed and is
/// not printed.
void irsDumpVerifyPrintMissing(IrsDumpCache *cache, MlirOperation *ops,
                               IrsDumpEntry *fresh, bool *todo, size_t n,
                               bool assumeVerified, bool threads,
                               IrsPhases *ph, bool *failed);
/// After a module-level step that changed the module, where its dump is
/// printed in place (VerifyPrint.c): verifies each top-level op and prints
/// the changed ones into the dump cache in one pass on two threads, then
/// the module alone. True: the module verifies (as mlirOperationVerify
/// would say) and the cache holds every op's text. False: nothing was
/// reported (diagnostics discarded); the caller verifies as usual.
bool irsDumpVerifyPrint(IrsPassManagerImpl *pm, MlirOperation module);
/// MLIR's verifier on `op` alone, without the ops in its regions. Defined
/// with C linkage in lib/Action/ActionBridge.cpp: the C API verifies only
/// recursively.
bool irsOpVerifyAlone(MlirOperation op);
/// The names of a stitched dump's builtin affine maps and sets.
typedef struct IrsDumpAliases IrsDumpAliases;
/// For a stitched dump whose texts with maps[i] alias only builtin affine
/// maps and sets: names them in first-use order, puts their definitions
/// before *header and sets *out (freed with irsDumpAliasesFree; it points
/// into texts and maps, which outlive it). False when a text cannot be
/// read so: the module is printed whole.
bool irsDumpApplyBuiltinAliases(IrsBuf *header, const char *const *texts,
                                const size_t *lens, const bool *maps,
                                size_t n, IrsDumpAliases **out);
void irsDumpAliasesFree(IrsDumpAliases *a);
/// Writes text i of the dump `a` was made for indented, its uses of maps
/// and sets replaced by their names (indented only with a null `a`).
void irsDumpWriteText(IrsAtomicFile *af, const IrsDumpAliases *a, size_t i,
                      const char *t, size_t n);
/// Writes the header, texts[0..n) indented and "}" to `path` atomically,
/// with the aliases of `a` (may be null).
int irsDumpWriteStitched(const char *path, const IrsBuf *header,
                         const char *const *texts, const size_t *lens,
                         size_t n, const IrsDumpAliases *a);
/// For the n top-level ops of `body`: ops[k], fresh[k]'s key (topFps[k]
/// when numTopFps == n) and the cached text of an unchanged op (moved out
/// of the cache); todo[k] for the others.
void irsDumpCacheTake(IrsDumpCache *cache, MlirBlock body, size_t n,
                      const uint64_t *topFps, size_t numTopFps,
                      MlirOperation *ops, IrsDumpEntry *fresh, bool *todo);
/// `fresh` becomes the cache when `ok`; otherwise both are emptied.
void irsDumpCacheReplace(IrsDumpCache *cache, IrsDumpEntry *fresh, size_t n,
                         bool ok);

#endif
