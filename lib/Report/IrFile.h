// SPDX-License-Identifier: Apache-2.0
//===- IrFile.h - writing IR to files: dumps and reproducers --------------===//
//
// The IR files a run leaves behind (numbered dumps, failure-input.mlir,
// failure-output.mlir, reproducer.mlir) are printed through these, always
// atomically, so no reader ever sees half a module.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_REPORT_IRFILE_H
#define IRS_REPORT_IRFILE_H

#include "../Support/Buf.h"
#include "irscope/Support.h"
#include "irscope/Plugin.h"

#include <mlir-c/IR.h>

/// Writes the module to `path` atomically (IrFile.c), printed with
/// irsDumpPrinting's flags. Returns 0 or an errno value.
int irsDumpModule(MlirOperation module, const char *path, bool generic,
                  bool debugInfo, bool assumeVerified);
/// irsDumpModule, telling in *aliases whether the text starts with alias
/// definitions (then a module's top-level ops printed one by one are not
/// its dump).
int irsDumpModuleAliases(MlirOperation module, const char *path, bool generic,
                         bool debugInfo, bool assumeVerified, bool *aliases);

/// The printing of a dump (irsDumpModule): `generic` and `debugInfo` (its
/// plain form), MLIR's defaults for the rest.
IrsPrintingOptions irsDumpPrinting(bool generic, bool debugInfo,
                                   bool assumeVerified);

/// Whether printing verified IR as `a` and as `b` writes the same bytes:
/// the same options, but for assumeVerified.
bool irsPrintingSameForVerified(const IrsPrintingOptions *a,
                                const IrsPrintingOptions *b);

/// Appends the file-metadata block holding an mlir_reproducer resource that
/// runs `pipeline` (what follows the IR in a reproducer; lib/Tool appends it
/// to IR a foreign tool printed). Reproducer.c.
void irsReproducerAppendResource(IrsBuf *b, MlirStringRef pipeline,
                                 bool disableThreading, bool verifyEach);

/// Writes `module` plus an mlir_reproducer resource that runs `pipeline`,
/// preceded by the replay command lines when `plugins` (nullable) has any.
int irsReproducerWrite(MlirOperation module, const char *path,
                       MlirStringRef pipeline, bool disableThreading,
                       bool verifyEach, IrsPlugins plugins);
/// The same, carrying the seed of a seeded run (Reproducer.c says how).
int irsReproducerWriteSeeded(MlirOperation module, const char *path,
                             MlirStringRef pipeline, bool disableThreading,
                             bool verifyEach, IrsPlugins plugins, bool hasSeed,
                             uint64_t seed);

#endif // IRS_REPORT_IRFILE_H
