// SPDX-License-Identifier: Apache-2.0
//===- StackTraceImpl.h - pieces shared by the stack-trace readers --------===//
//
// StackTrace.c parses and names frames; StackSummary.c writes the short,
// symbolised trace a terminal shows. Both judge frames the same way.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_SUPPORT_STACKTRACEIMPL_H
#define IRS_SUPPORT_STACKTRACEIMPL_H

#include "Buf.h"
#include "irscope/StackTrace.h"

#include <stddef.h>

/// A frame that only reports a crash someone else caused: the C/C++
/// runtimes, the sanitizers, LLVM's fatal-error paths, abort and assert.
bool irsStackFrameIsNoise(const IrsStackFrame *f, MlirStringRef demangled);

/// Demangles f's symbol into `name` (emptied first; stays empty without a
/// symbol) and judges the frame as irsStackFrameIsNoise does.
bool irsStackFrameDemangleIsNoise(const IrsStackFrame *f, IrsBuf *name);

/// Length of demangled name `s` without its parameter list.
size_t irsStackWithoutParams(const char *s, size_t n);

/// Appends demangled name s[0, n) as the traces name frames: without its
/// parameter list and without the return type the demangler writes for a
/// function template; a template argument list longer than
/// kMaxTemplateArgsChars reads "<...>" (an op's verifyTraits<...> lists
/// every trait of the op: thousands of characters on one line).
void irsStackAppendShortName(IrsBuf *out, const char *s, size_t n);
enum { kMaxTemplateArgsChars = 60 };

/// irsStackTraceGetCrashSite, with a site frame of LLVM's unsymbolised dump
/// that has only an address named by its offset through `map` (the
/// printing process's objects; null: the address stays, as there).
bool irsStackTraceGetCrashSiteIn(MlirStringRef text, IrsLoadMap map,
                                 MlirStringCallback callback, void *userData);

/// irsStackTraceParse, with frames of LLVM's unsymbolised dump that have
/// only an address named by their offset through `map` (null: the address
/// stays).
intptr_t irsStackTraceParseIn(MlirStringRef text, IrsLoadMap map,
                              void (*callback)(const IrsStackFrame *, void *),
                              void *userData);

/// The file name of `path`.
MlirStringRef irsStackBaseName(MlirStringRef path);

#endif // IRS_SUPPORT_STACKTRACEIMPL_H
