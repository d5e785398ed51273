// SPDX-License-Identifier: Apache-2.0
//===- StackTrace.h - reading the stack trace of a dead worker ------------===//
//
// A worker that dies of a signal prints a glibc backtrace from its signal
// handler (the only thing that is safe to do there): mangled C++ names,
// module paths and offsets. The supervisor, which outlives it, turns that
// text into something a person reads: frames from the faulting one down,
// names demangled, and the crash site, the function the process died in.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_STACKTRACE_H
#define IRS_STACKTRACE_H

#include "irscope/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// One frame of a glibc backtrace line "MODULE(SYMBOL+0xOFF) [0xADDR]".
/// Strings point into the parsed text.
typedef struct IrsStackFrame {
  MlirStringRef module; ///< path as printed ("" if none)
  MlirStringRef symbol; ///< mangled name, empty for hidden symbols
  uint64_t offset;      ///< from the symbol, or from the module if none
  uint64_t address;
  /// "file:line:column" when the trace names it already (LLVM's symbolised
  /// stack dump), else empty.
  MlirStringRef location;
  /// Parsed from LLVM's stack dump, which a tool built on LLVM prints from
  /// its own signal handler: the addresses are that process's, so they are
  /// never mapped through the reader's objects, and a symbolised frame's
  /// `symbol` is already demangled (with its parameter list) and its
  /// `offset` is from `module`.
  bool llvmDump;
} IrsStackFrame;

/// The objects another process has mapped (its /proc/PID/maps), to name a
/// frame of that process's LLVM stack dump that has only its absolute
/// address ("N  MODULE 0xADDR": a hidden function, as a tool prints it
/// without a symboliser) by its offset in MODULE, the form glibc's
/// backtrace and LLVM's symbolised dump give: an address depends on where
/// the loader put the object (the machine, the environment, address
/// randomisation), the offset does not. Create it while the process runs:
/// an ended one has no mappings.
typedef struct IrsLoadMap {
  void *ptr;
} IrsLoadMap;

static inline bool irsLoadMapIsNull(IrsLoadMap map) { return !map.ptr; }

/// Reads /proc/PID/maps of the running process `pid`. Null when it cannot
/// be read (no such process, not ours, out of memory). Caller destroys.
IRS_API IrsLoadMap irsLoadMapCreateFromProcess(int64_t pid);
/// The same from the text of such a file (null when out of memory).
IRS_API IrsLoadMap irsLoadMapCreateFromText(MlirStringRef maps);
/// Null-tolerant.
IRS_API void irsLoadMapDestroy(IrsLoadMap map);
/// The offset of `address` in the object mapped there (from its load
/// bias, as glibc and dl_iterate_phdr count it), when that object is
/// `module` (a path or file name; the file name of a link to it counts,
/// "libfoo.so.1" for "libfoo.so.1.2.3"). False, *offset untouched,
/// otherwise: nothing mapped there, or another object (the address comes
/// from a process with another layout).
IRS_API bool irsLoadMapGetOffset(IrsLoadMap map, MlirStringRef module,
                                 uint64_t address, uint64_t *offset);

/// Finds the backtrace lines in `text` (other lines are ignored; LLVM's
/// unsymbolised stack dump lines "N  MODULE 0xADDR [SYMBOL + OFF]" count
/// too, a frame without a symbol with its address as the offset, and so do
/// its symbolised lines "#N 0xADDR FUNCTION file:line:col", "#N 0xADDR
/// [FUNCTION] (MODULE+0xOFF)") and calls
/// `callback` for each frame, starting at the frame that faulted: when the
/// trace starts with the signal handler and the C library's signal
/// trampoline, those are skipped. Returns the number of frames reported.
IRS_API intptr_t irsStackTraceParse(MlirStringRef text,
                                    void (*callback)(const IrsStackFrame *frame,
                                                     void *userData),
                                    void *userData);

/// Writes `text` without the stack dump a tool built on LLVM prints when it
/// crashes: from the first of its header lines ("PLEASE submit a bug
/// report...", "Stack dump:", "Stack dump without symbol names...") on,
/// those lines, its "N.\tProgram arguments: ..." entries and its frame
/// lines are left out; every other line is written, in order, with its
/// newline (a line the dump's first words continue, as when the tool's last
/// words had no newline, is written up to them, with one). For a terminal that shows a short trace of its own (the whole
/// text stays in report.xml). Returns whether anything was left out.
IRS_API bool irsStackTraceStripLlvmDump(MlirStringRef text,
                                        MlirStringCallback callback,
                                        void *userData);

/// Writes `name` demangled (Itanium C++ ABI), or as is if it is not a
/// mangled name.
IRS_API void irsDemangle(MlirStringRef name, MlirStringCallback callback,
                         void *userData);

/// Writes the trace of `text` one frame per line, "#N function+0xOFF
/// (module)" with the module's directory dropped, demangled. Returns the
/// number of frames.
IRS_API intptr_t irsStackTraceFormat(MlirStringRef text,
                                     MlirStringCallback callback,
                                     void *userData);

/// Writes the crash site: the first frame outside the C and C++ runtime
/// libraries and the abort/assert machinery, demangled without its
/// parameter list ("mlir::vector::ExtractOp::fold"), or "module+0xOFF" when
/// that frame has no symbol. Returns false (writing nothing) if the text
/// holds no trace.
IRS_API bool irsStackTraceGetCrashSite(MlirStringRef text,
                                       MlirStringCallback callback,
                                       void *userData);

/// Writes the nearest named caller of an unnamed crash site: when the site
/// frame has no symbol ("libMLIR.so.22.1+0x64439d5", a hidden function),
/// the first frame below it outside the runtimes that has one, demangled
/// without its parameter list. Returns false (writing nothing) when the
/// site has a name or no such frame exists. Tools print it as
/// "crashed in SITE (under CALLER)".
IRS_API bool irsStackTraceGetNamedCaller(MlirStringRef text,
                                         MlirStringCallback callback,
                                         void *userData);

/// Writes the short form of the trace a terminal shows: at most `maxFrames`
/// lines "  #N function at file:line" (or "  #N function (module)" without
/// debug info, "  #N module+0xOFF" without a symbol), from the crash site
/// on, names demangled without parameter lists. With `symbolizer` (a path to
/// llvm-symbolizer; NULL or "" for none) file:line and the names of hidden
/// functions come from the objects' debug info, by one symbolizer process
/// (at most 5 s; on any failure the glibc names stay). Addresses are mapped
/// through the objects loaded in the calling process, so the trace must come
/// from this process or a worker forked from it; the frames of a tool's own
/// LLVM stack dump (IrsStackFrame.llvmDump) are the exception: they keep the
/// names and lines the dump gives and are never mapped, so a tool's trace
/// reads right with or without `symbolizer`. Returns the number of lines.
IRS_API intptr_t irsStackTraceSummarise(MlirStringRef text, intptr_t maxFrames,
                                        const char *symbolizer,
                                        MlirStringCallback callback,
                                        void *userData);

/// The crash site as irsStackTraceSummarise's first line names it, without
/// the "  #0 " and the newline: "runPass at TestFlaky.c:108",
/// "mlir::Foo::fold (libMLIR.so.22.1)", or for a frame that has no name
/// even after symbolising, "libX.so+0xOFF (under nearest::named::caller)".
/// With `symbolizer` NULL or "" the names are glibc's (hidden functions stay
/// "module+0xOFF"). False (callback not called) when the text has no frame.
IRS_API bool irsStackTraceGetSymbolisedSite(MlirStringRef text,
                                            const char *symbolizer,
                                            MlirStringCallback callback,
                                            void *userData);

/// Names a crash site kept as text, "module+0xOFF" (irsStackTraceGetCrashSite's
/// form for a frame without a symbol, as a failure signature stores it), as
/// irsStackTraceGetSymbolisedSite would: "runPass at TestFlaky.c:108" or
/// "function (module)". The module is found by file name among the objects
/// loaded in the calling process. For display only: a signature matches on
/// the text it stores. False (callback not called) without a symbolizer,
/// for any other form, a module not loaded here, or no name from the
/// symbolizer.
IRS_API bool irsStackTraceSymboliseSite(MlirStringRef site,
                                        const char *symbolizer,
                                        MlirStringCallback callback,
                                        void *userData);

/// The frames of a formatted trace (one "#N ..." line per frame, any
/// indent: irsStackTraceSummarise's lines, report.xml's
/// <symbolised-trace> or irsStackTraceFormat's <stack-trace>) that a report
/// for someone outside this build shows (a lit test's `// Bug:` comment,
/// the explorer page): from the first frame outside the C and C++ runtimes
/// down to the first `mlir::PassManager::run`, which ends the pass's
/// frames; the frames below it are the driver's (irscope's own, or a
/// tool's main) and are left out, their count in `numLeftOut` (nullable).
/// Every line is written as `indent` "#N " and the frame, renumbered from
/// 0, without what only this build knows: a frame without a symbol
/// ("libMLIR.so.22.1+0x64439d5") reads "a function without a symbol in
/// libMLIR.so.22.1", and a named frame drops its offset ("f+0x3d7 (m)":
/// "f (m)"). A trace without such a frame is written whole. Returns the
/// number of lines written.
IRS_API intptr_t irsStackTraceGetPassFrames(MlirStringRef trace,
                                            MlirStringRef indent,
                                            MlirStringCallback callback,
                                            void *userData,
                                            intptr_t *numLeftOut);

/// Whether `line` (without its newline) is one frame of a trace in a form
/// irsStackTraceParse reads: a glibc backtrace line, or a line of LLVM's
/// stack dump, symbolised or not. For readers that show a worker's stderr
/// with its raw frames replaced (irscope-report).
IRS_API bool irsStackTraceIsFrameLine(MlirStringRef line);

/// The crash (or hang) site as a report's reader should see it, from what
/// report.xml keeps: `site` (its crash-site or hang-site attribute),
/// `symbolised` (its <symbolised-trace>, irsStackTraceSummarise's lines
/// without their indent; empty when absent) and `stderrText` (its
/// <stderr>, for the nearest named caller; empty when absent). Writes the
/// symbolised trace's first frame when it has a place ("runAbort at
/// lib/Passes/TestCrash.c:53") or names a site that `site` leaves unnamed,
/// else `site`, with " (under CALLER)" when irsStackTraceGetNamedCaller
/// finds one in `stderrText` (only for an unnamed site). Writes nothing for an empty `site`
/// and no usable first frame.
IRS_API void irsStackTraceDescribeReportSite(MlirStringRef site,
                                             MlirStringRef symbolised,
                                             MlirStringRef stderrText,
                                             MlirStringCallback callback,
                                             void *userData);

#ifdef __cplusplus
}
#endif

#endif // IRS_STACKTRACE_H
