// SPDX-License-Identifier: Apache-2.0
//===- Input.h - reading and parsing input modules like mlir-opt ----------===//
//
// Reads an input file (or stdin), optionally splits it at "// -----" markers
// as mlir-opt's --split-input-file does, and parses each chunk so that the
// resulting locations are the ones mlir-opt would produce: line and column
// numbers refer to the original file, and the file name is the one given on
// the command line ("<stdin>" for "-"). Text and bytecode are both accepted.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_INPUT_H
#define IRS_INPUT_H

#include "irscope/Support.h"
#include <mlir-c/IR.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct IrsInput {
  void *ptr;
} IrsInput;

static inline bool irsInputIsNull(IrsInput in) { return !in.ptr; }

/// Reads `path` ("-" for stdin) whole. On failure returns null and reports
/// "cannot open input file '<path>': <reason>" through errorCallback
/// (nullable); `kind` (nullable) receives IRS_ERR_IO or IRS_ERR_NOMEM.
IRS_API IrsInput irsInputCreateFromFile(const char *path,
                                        MlirStringCallback errorCallback,
                                        void *userData, IrsErrorKind *kind);

/// Frees the input. Null is a no-op.
IRS_API void irsInputDestroy(IrsInput input);

/// Splits the contents at every occurrence of `marker` (mlir-opt's default is
/// "// -----"). Without a call, the input is one chunk.
IRS_API void irsInputSplit(IrsInput input, MlirStringRef marker);

IRS_API intptr_t irsInputGetNumChunks(IrsInput input);

/// The text of chunk `pos`; borrowed from the input.
IRS_API MlirStringRef irsInputGetChunk(IrsInput input, intptr_t pos);

/// 1-based line of the first character of chunk `pos` in the original file.
IRS_API intptr_t irsInputGetChunkLine(IrsInput input, intptr_t pos);

/// The lines of the file chunk `pos` spans as an editor shows them: those
/// of its first and last characters that are not blank (the chunk's first
/// line when it is all blank).
IRS_API void irsInputGetChunkLines(IrsInput input, intptr_t pos,
                                   intptr_t *first, intptr_t *last);

/// The whole contents, and the hash of it as 16 hex digits (borrowed).
IRS_API MlirStringRef irsInputGetContents(IrsInput input);
IRS_API const char *irsInputGetHash(IrsInput input);

/// Name used in locations: the path, or "<stdin>".
IRS_API const char *irsInputGetSourceName(IrsInput input);

/// Overwrites `length` bytes at `offset` with spaces (newlines are kept, so
/// positions after the range do not move) and makes later parses read the
/// modified contents. Used to remove a reproducer's resource section.
IRS_API void irsInputBlankRange(IrsInput input, size_t offset, size_t length);

/// True if the contents are MLIR bytecode.
IRS_API bool irsInputIsBytecode(IrsInput input);

/// Parses chunk `pos` into a module owned by the caller; a null module on
/// failure (the reasons go to the context's diagnostic handlers).
IRS_API MlirModule irsInputParseChunk(IrsInput input, MlirContext context,
                                      intptr_t pos);

#ifdef __cplusplus
}
#endif

#endif // IRS_INPUT_H
