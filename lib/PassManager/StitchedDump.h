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

/// One top-level op's text at some step, keyed by the op and its
/// fingerprint then.
typedef struct IrsDumpEntry {
  const void *op;
  uint64_t fp;
  char *text; // standalone print, no trailing newline
  size_t len;
  bool aliased; // irsDumpTextMayAlias(text), set where `text` is printed
} IrsDumpEntry;

struct IrsDumpCache {
  IrsDumpEntry *entries;
  size_t num;
};

/// Local-scope printing flags of a top-level op's text (caller destroys).
MlirOpPrintingFlags irsDumpTopFlags(bool assumeVerified);
/// The text of `op` printed with `f`; malloc'd, null when out of memory.
char *irsDumpPrintTopWith(MlirOperation op, MlirOpPrintingFlags f, size_t *len);
/// The module's header ("module attributes {...} {\n") into `out`; with
/// `shell`, the empty module with the module's attributes it was printed
/// from (the caller's). False when the module cannot be stitched.
bool irsDumpModuleHeader(MlirOperation module, IrsBuf *out,
                         MlirOperation *shell);
/// The one block of a builtin.module, or null.
MlirBlock irsDumpModuleBody(MlirOperation module);
/// Writes the header, texts[0..n) indented and "}" to `path` atomically.
int irsDumpWriteStitched(const char *path, const IrsBuf *header,
                         const char *const *texts, const size_t *lens,
                         size_t n);
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
