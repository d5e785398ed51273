// SPDX-License-Identifier: Apache-2.0
//===- Support.h - irscope status codes and common definitions ------------===//
//
// The small vocabulary every other irscope header uses: the export macro,
// IrsStatus and the error kinds callers branch on, version queries, and
// how IR is printed (IrsPrintingOptions).
// Strings cross the API as MlirStringRef (pointer + length, not necessarily
// NUL-terminated) exactly as in the MLIR C API.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_SUPPORT_H
#define IRS_SUPPORT_H

#include <mlir-c/IR.h>
#include <mlir-c/Support.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(IRS_BUILDING_LIBRARY)
#define IRS_API __attribute__((visibility("default")))
#else
#define IRS_API
#endif

/// What went wrong, when a caller needs to branch on it. The numeric values
/// are not the tools' exit codes (see docs/irscope-opt.md for those).
typedef enum IrsErrorKind {
  IRS_OK = 0,
  IRS_ERR_USAGE,    ///< bad argument or option value
  IRS_ERR_PARSE,    ///< the input IR is malformed
  IRS_ERR_PIPELINE, ///< pipeline text is malformed or names an unknown pass
  IRS_ERR_PASS,     ///< a pass signalled failure
  IRS_ERR_VERIFY,   ///< the verifier or a verify hook rejected the IR
  IRS_ERR_IO,       ///< a file could not be read or written
  IRS_ERR_NOMEM,    ///< an allocation failed
} IrsErrorKind;

/// Result of an operation that can fail. A struct rather than a bare int so
/// it cannot be confused with a count; the message stays on the handle that
/// failed (e.g. irsPassManagerGetErrorMessage).
typedef struct IrsStatus {
  IrsErrorKind kind;
} IrsStatus;

static inline IrsStatus irsStatusMake(IrsErrorKind kind) {
  IrsStatus s = {kind};
  return s;
}
static inline IrsStatus irsStatusOk(void) { return irsStatusMake(IRS_OK); }
static inline bool irsStatusIsOk(IrsStatus s) { return s.kind == IRS_OK; }

/// Stable lower-kebab name of an error kind ("pass-failure", ...), as used in
/// manifests and reports. Never NULL.
IRS_API const char *irsErrorKindGetName(IrsErrorKind kind);

/// irscope's version string, e.g. "0.1.0".
IRS_API const char *irsGetVersion(void);

/// Version of the MLIR irscope was built against, e.g. "22.1.8".
IRS_API const char *irsGetMlirVersion(void);

/// Writes `size` bytes to `path` so that `path` holds either its old content
/// or all of the new one, never a part: through a temporary in the same
/// directory and a rename. Devices and FIFOs (/dev/null, /dev/stdout) are
/// written in place instead. Returns 0 or an errno value.
IRS_API int irsFileWriteAtomic(const char *path, const void *data,
                               size_t size);

/// Milliseconds on the monotonic clock (CLOCK_MONOTONIC) from an arbitrary
/// origin shared by every process on the machine, so that a supervisor and
/// its workers can compare times: only differences mean anything. Every
/// elapsed time irscope measures (steps, runs, reductions, timeouts) comes
/// from here (lib/Support/Clock.c).
IRS_API double irsClockMonotonicMs(void);

/// The CPU time the calling process has used, in milliseconds
/// (CLOCK_PROCESS_CPUTIME_ID); only differences mean anything.
IRS_API double irsClockProcessCpuMs(void);

/// The CPU time the calling thread has used, in milliseconds
/// (CLOCK_THREAD_CPUTIME_ID): a checkpointed step's time on the MLIR worker
/// thread that ran it. Only differences on one thread mean anything.
IRS_API double irsClockThreadCpuMs(void);

/// 64-bit FNV-1a hash of `size` bytes, written as 16 lower-case hex digits
/// plus a NUL into `out`. Used to identify inputs in manifests.
IRS_API void irsHashBytesHex(const void *data, size_t size, char out[17]);

/// Catches what LLVM writes to stderr behind the C API's back: its option
/// parser reports a bad pass-option value ("for the --max-iterations
/// option: 'abc' value invalid for long argument!") on llvm::errs(), not
/// through MLIR's error callback, and the C API offers no way to point
/// llvm::errs() elsewhere. The library never redirects a file descriptor
/// itself; a program that owns its process and wants those words in
/// irscope's one-line errors supplies a catcher (irscope's tools point fd 2
/// at a temporary file, tools/common/StderrCatch.c). With no catcher
/// (`begin` NULL) LLVM's line reaches stderr as LLVM wrote it and the error
/// names MLIR's reason ("invalid pass or pass options").
/// Used around building the step pipelines in irsPassManagerCreate only:
/// never while passes run.
typedef struct IrsStderrCatcher {
  /// Starts catching.
  void (*begin)(void *userData);
  /// Stops catching and hands what was caught to `callback` (possibly in
  /// several pieces; not at all when nothing was).
  void (*end)(void *userData, MlirStringCallback callback,
              void *callbackUserData);
  void *userData;
} IrsStderrCatcher;

/// Who ran what on which input: the header of every manifest, report and
/// repeat.xml (`<tool name=...>`, `<command-line>`, `<input path= hash=>`).
/// One struct, so that a driver fills it once and hands it on
/// (IrsPassManagerOptions, IrsToolOptions, IrsCrashDocOptions,
/// IrsCrashInfo, IrsRepeatSummary, IrsForeignRun all hold one). Strings
/// are borrowed and nullable: a NULL tool name is written as "irscope".
typedef struct IrsRunHeader {
  const char *toolName;
  /// The command line, quoted so that it pastes into a shell.
  const char *commandLine;
  const char *inputPath;
  /// Input content hash in hex, e.g. from irsHashBytesHex.
  const char *inputHash;
  /// A run through another tool (irscope-opt --tool): that tool's path and
  /// arguments, shell-quoted, as each step ran it (<run-tool>); NULL
  /// otherwise.
  const char *runTool;
  /// With --split-input-file: the chunk of the input this run is, by its
  /// number counted from 1 (<input chunk=>, the N of a chunk-NNN
  /// directory), and the first line of the file that holds its text
  /// (<input line=>, irsInputGetChunkLines); 0 for the whole input.
  intptr_t chunk;
  intptr_t chunkLine;
} IrsRunHeader;

/// How IR is printed: the settings of an MlirOpPrintingFlags, named after
/// mlir-opt's options, in a form the library can compare (the C API cannot
/// read a flags object back). Initialise with irsPrintingOptionsDefault()
/// (MLIR's defaults) and change fields.
typedef struct IrsPrintingOptions {
  bool generic;         ///< --mlir-print-op-generic
  bool debugInfo;       ///< --mlir-print-debuginfo
  bool prettyDebugInfo; ///< --mlir-pretty-debuginfo
  /// --mlir-elide-elementsattrs-if-larger and
  /// --mlir-elide-resource-strings-if-larger; -1: elide nothing.
  intptr_t elideElementsAttrs;
  intptr_t elideResourceStrings;
  bool localScope;      ///< --mlir-print-local-scope
  bool assumeVerified;  ///< --mlir-print-assume-verified
  bool skipRegions;     ///< --mlir-print-skip-regions
  bool nameLocAsPrefix; ///< --mlir-use-nameloc-as-prefix
} IrsPrintingOptions;

IRS_API IrsPrintingOptions irsPrintingOptionsDefault(void);

/// New printing flags set as `options` say; owned by the caller
/// (mlirOpPrintingFlagsDestroy).
IRS_API MlirOpPrintingFlags
irsPrintingOptionsCreateFlags(const IrsPrintingOptions *options);

#ifdef __cplusplus
}
#endif

#endif // IRS_SUPPORT_H
