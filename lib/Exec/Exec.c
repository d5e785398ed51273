// SPDX-License-Identifier: Apache-2.0
//===- Exec.c - lower, JIT and call a module's entry in this process ------===//
//
// The in-process half of the execution oracle: what one execution worker
// does (Executor.c forks it). The module is cloned, the clone lowered with
// the user's pipeline and handed to MLIR's ExecutionEngine; the entry is
// looked up by name and called through a pointer of its C type, as
// mlir-runner does, so no C interface attribute is needed.
// Its return value is printed the way mlir-runner prints it (integers in
// decimal, floats with "%e"), after what the function itself printed.
//
//===----------------------------------------------------------------------===//
#include "ExecImpl.h"
#include "irscope/Outcome.h"

#include "../Support/Buf.h"
#include "IrsConfig.h"

#include <mlir-c/IR.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/Diagnostics.h>
#include <mlir-c/Dialect/LLVM.h>
#include <mlir-c/ExecutionEngine.h>
#include <mlir-c/Pass.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const char *irsExecGetDefaultSharedLibs(void) {
  return IRS_LLVM_LIBRARY_DIR "/libmlir_c_runner_utils.so," IRS_LLVM_LIBRARY_DIR
                              "/libmlir_runner_utils.so";
}

IrsExecOptions irsExecOptionsDefault(void) {
  IrsExecOptions o;
  memset(&o, 0, sizeof(o));
  o.timeoutSec = 10;
  return o;
}

// Names come from the outcome table (Outcome.c).
static const IrsOutcome outcomeKinds[] = {
    [IrsExecOk] = IrsOutcomeOk,
    [IrsExecCrashed] = IrsOutcomeCrash,
    [IrsExecTimedOut] = IrsOutcomeTimeout,
    [IrsExecMemoryLimit] = IrsOutcomeMemoryLimit,
    [IrsExecExited] = IrsOutcomeExit,
    [IrsExecInterrupted] = IrsOutcomeInterrupted,
    [IrsExecParseFailed] = IrsOutcomeParseError,
    [IrsExecLoweringFailed] = IrsOutcomeLoweringFailed,
    [IrsExecNoEntry] = IrsOutcomeNoEntry,
    [IrsExecBadEntry] = IrsOutcomeBadEntry,
    [IrsExecJitFailed] = IrsOutcomeJitFailed,
};

const char *irsExecOutcomeGetName(IrsExecOutcome o) {
  if ((unsigned)o < sizeof(outcomeKinds) / sizeof(outcomeKinds[0]))
    return irsOutcomeGetName(outcomeKinds[o]);
  return "unknown";
}

bool irsExecOutcomeIsSetupError(IrsExecOutcome o) {
  return o >= IrsExecParseFailed;
}

void irsExecResultFree(IrsExecResult *r) {
  if (!r)
    return;
  free(r->output);
  free(r->message);
  free(r->resultType);
  r->output = r->message = r->resultType = NULL;
  r->outputLength = 0;
}

// What the entry returns: nothing, an integer of `width` bits, or a float.
typedef struct EntrySig {
  enum { RetNone, RetInt, RetF32, RetF64 } kind;
  unsigned width;
} EntrySig;

static bool scalarKind(MlirType t, EntrySig *sig) {
  if (mlirTypeIsAInteger(t) && mlirIntegerTypeGetWidth(t) <= 64) {
    sig->kind = RetInt;
    sig->width = mlirIntegerTypeGetWidth(t);
  } else if (mlirTypeIsAIndex(t)) {
    sig->kind = RetInt;
    sig->width = 64;
  } else if (mlirTypeIsAF32(t)) {
    sig->kind = RetF32;
  } else if (mlirTypeIsAF64(t)) {
    sig->kind = RetF64;
  } else {
    return false;
  }
  return true;
}

// Finds the entry among the module's symbols and reads its signature
// (func.func, or llvm.func for input that is already lowered).
static IrsExecOutcome entrySignature(MlirModule m, const char *entry,
                                     EntrySig *sig, IrsBuf *msg) {
  MlirOperation mod = mlirModuleGetOperation(m);
  MlirSymbolTable st = mlirSymbolTableCreate(mod);
  MlirOperation fn =
      mlirSymbolTableLookup(st, mlirStringRefCreateFromCString(entry));
  mlirSymbolTableDestroy(st);
  if (mlirOperationIsNull(fn)) {
    irsBufPrintf(msg, "no function '@%s' in the module", entry);
    return IrsExecNoEntry;
  }
  MlirAttribute ta = mlirOperationGetAttributeByName(
      fn, mlirStringRefCreateFromCString("function_type"));
  if (mlirAttributeIsNull(ta) || !mlirAttributeIsAType(ta) ||
      mlirOperationGetNumRegions(fn) < 1 ||
      mlirBlockIsNull(mlirRegionGetFirstBlock(mlirOperationGetRegion(fn, 0)))) {
    irsBufPrintf(msg, "'@%s' is not a function with a body", entry);
    return IrsExecNoEntry;
  }
  MlirType t = mlirTypeAttrGetValue(ta);
  intptr_t nin, nres;
  MlirType res = {NULL};
  if (mlirTypeIsAFunction(t)) {
    nin = mlirFunctionTypeGetNumInputs(t);
    nres = mlirFunctionTypeGetNumResults(t);
    if (nres == 1)
      res = mlirFunctionTypeGetResult(t, 0);
  } else if (mlirStringRefEqual(
                 mlirIdentifierStr(mlirOperationGetName(fn)),
                 mlirStringRefCreateFromCString("llvm.func"))) {
    nin = mlirLLVMFunctionTypeGetNumInputs(t);
    res = mlirLLVMFunctionTypeGetReturnType(t);
    nres = mlirTypeEqual(res, mlirLLVMVoidTypeGet(mlirTypeGetContext(t))) ? 0
                                                                           : 1;
  } else {
    irsBufPrintf(msg, "'@%s' is not a function", entry);
    return IrsExecNoEntry;
  }
  sig->kind = RetNone;
  sig->width = 0;
  if (nin != 0 || nres > 1 || (nres == 1 && !scalarKind(res, sig))) {
    irsBufPrintf(msg,
                 "entry '@%s' must take no arguments and return nothing or "
                 "one integer, index or float",
                 entry);
    return IrsExecBadEntry;
  }
  return IrsExecOk;
}

static void appendDiag(MlirStringRef s, void *ud) { irsBufAppendRef(ud, s); }

static MlirLogicalResult onDiag(MlirDiagnostic d, void *ud) {
  IrsBuf *b = ud;
  if (mlirDiagnosticGetSeverity(d) != MlirDiagnosticError)
    return mlirLogicalResultSuccess();
  if (b->len)
    irsBufAppendStr(b, "; ");
  mlirDiagnosticPrint(d, appendDiag, b);
  return mlirLogicalResultSuccess();
}

// Lowers `op` in place; false with the reason in `msg`.
static bool lower(MlirOperation op, const char *pipeline, IrsBuf *msg) {
  MlirContext ctx = mlirOperationGetContext(op);
  MlirPassManager pm = mlirPassManagerCreateOnOperation(
      ctx, mlirStringRefCreateFromCString("builtin.module"));
  IrsBuf perr = IRS_BUF_INIT;
  MlirLogicalResult ok = mlirParsePassPipeline(
      mlirPassManagerGetAsOpPassManager(pm),
      mlirStringRefCreateFromCString(pipeline), appendDiag, &perr);
  bool good = mlirLogicalResultIsSuccess(ok);
  if (!good) {
    irsBufPrintf(msg, "bad lowering pipeline '%s': %.*s", pipeline,
                 (int)perr.len, perr.data ? perr.data : "");
  } else {
    IrsBuf diags = IRS_BUF_INIT;
    MlirDiagnosticHandlerID h =
        mlirContextAttachDiagnosticHandler(ctx, onDiag, &diags, NULL);
    good = mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(pm, op));
    mlirContextDetachDiagnosticHandler(ctx, h);
    if (!good)
      irsBufPrintf(msg, "lowering failed: %.*s", (int)diags.len,
                   diags.data ? diags.data : "");
    irsBufFree(&diags);
  }
  irsBufFree(&perr);
  mlirPassManagerDestroy(pm);
  return good;
}

// Splits the comma-separated list into `refs` (pointing into `copy`),
// checking that each library can be read: the engine would fail without
// saying which one.
static intptr_t sharedLibs(char *copy, MlirStringRef *refs, intptr_t max,
                           IrsBuf *msg) {
  intptr_t n = 0;
  for (char *save = NULL, *p = strtok_r(copy, ",", &save); p && n < max;
       p = strtok_r(NULL, ",", &save)) {
    if (!*p)
      continue;
    if (access(p, R_OK) != 0) {
      irsBufPrintf(msg, "cannot load shared library '%s'", p);
      return -1;
    }
    refs[n++] = mlirStringRefCreateFromCString(p);
  }
  return n;
}

static void typeName(const EntrySig *sig, char *out, size_t n) {
  switch (sig->kind) {
  case RetNone:
    snprintf(out, n, "void");
    break;
  case RetInt:
    snprintf(out, n, "i%u", sig->width);
    break;
  case RetF32:
    snprintf(out, n, "f32");
    break;
  case RetF64:
    snprintf(out, n, "f64");
    break;
  }
}

static void formatValue(const EntrySig *sig, const uint64_t *raw, IrsBuf *out) {
  switch (sig->kind) {
  case RetInt: {
    int64_t v;
    if (sig->width <= 1)
      v = *(const uint8_t *)raw & 1;
    else if (sig->width <= 8)
      v = *(const int8_t *)raw;
    else if (sig->width <= 16)
      v = *(const int16_t *)raw;
    else if (sig->width <= 32)
      v = *(const int32_t *)raw;
    else
      v = *(const int64_t *)raw;
    irsBufPrintf(out, "%lld\n", (long long)v);
    break;
  }
  case RetF32:
    irsBufPrintf(out, "%e\n", (double)*(const float *)raw);
    break;
  case RetF64:
    irsBufPrintf(out, "%e\n", *(const double *)raw);
    break;
  case RetNone:
    break;
  }
}

// Calls the native entry, as mlir-runner does: a function without
// arguments returning one scalar has the plain C signature of that scalar.
// The result comes back in the low bytes of a uint64_t.
static uint64_t call(void *fn, const EntrySig *sig) {
  uint64_t raw = 0;
  switch (sig->kind) {
  case RetNone:
    ((void (*)(void))fn)();
    break;
  case RetInt:
    if (sig->width <= 8) {
      int8_t v = ((int8_t (*)(void))fn)();
      memcpy(&raw, &v, sizeof(v));
    } else if (sig->width <= 16) {
      int16_t v = ((int16_t (*)(void))fn)();
      memcpy(&raw, &v, sizeof(v));
    } else if (sig->width <= 32) {
      int32_t v = ((int32_t (*)(void))fn)();
      memcpy(&raw, &v, sizeof(v));
    } else {
      int64_t v = ((int64_t (*)(void))fn)();
      memcpy(&raw, &v, sizeof(v));
    }
    break;
  case RetF32: {
    float v = ((float (*)(void))fn)();
    memcpy(&raw, &v, sizeof(v));
    break;
  }
  case RetF64: {
    double v = ((double (*)(void))fn)();
    memcpy(&raw, &v, sizeof(v));
    break;
  }
  }
  return raw;
}

// JITs the lowered module and calls the entry.
static IrsExecOutcome jitAndCall(MlirModule lowered, const IrsExecOptions *o,
                                 const char *entry, const EntrySig *sig,
                                 IrsBuf *value, IrsBuf *msg) {
  char *libs = strdup(o->sharedLibs ? o->sharedLibs
                                    : irsExecGetDefaultSharedLibs());
  MlirStringRef refs[64];
  intptr_t nlibs = libs ? sharedLibs(libs, refs, 64, msg) : -1;
  if (nlibs < 0) {
    free(libs);
    return IrsExecJitFailed;
  }
  MlirContext ctx = mlirModuleGetContext(lowered);
  IrsBuf diags = IRS_BUF_INIT;
  MlirDiagnosticHandlerID h =
      mlirContextAttachDiagnosticHandler(ctx, onDiag, &diags, NULL);
  MlirExecutionEngine jit = mlirExecutionEngineCreate(
      lowered, o->optLevel, (int)nlibs, refs, false, false);
  mlirContextDetachDiagnosticHandler(ctx, h);
  free(libs);
  if (mlirExecutionEngineIsNull(jit)) {
    irsBufPrintf(msg, "cannot JIT-compile the lowered module%s%.*s",
                 diags.len ? ": " : "", (int)diags.len,
                 diags.data ? diags.data : "");
    irsBufFree(&diags);
    return IrsExecJitFailed;
  }
  irsBufFree(&diags);
  irsExecFillRegister(jit, o->fill);
  mlirExecutionEngineInitialize(jit);
  void *fn = mlirExecutionEngineLookup(jit, mlirStringRefCreateFromCString(entry));
  IrsExecOutcome out = IrsExecOk;
  if (!fn) {
    irsBufPrintf(msg, "the lowered module has no function '@%s'", entry);
    out = IrsExecNoEntry;
  } else {
    irsExecFillStack(o->fill);
    uint64_t raw = call(fn, sig);
    fflush(stdout);
    formatValue(sig, &raw, value);
  }
  mlirExecutionEngineDestroy(jit);
  return out;
}

IrsExecOutcome irsExecModuleInProcess(MlirModule module,
                                      const IrsExecOptions *o,
                                      MlirStringCallback onValue,
                                      MlirStringCallback onMessage,
                                      MlirStringCallback onResultType,
                                      void *ud) {
  const char *entry = o->entry ? o->entry : "main";
  IrsBuf msg = IRS_BUF_INIT, value = IRS_BUF_INIT;
  EntrySig sig;
  IrsExecOutcome out = entrySignature(module, entry, &sig, &msg);
  if (out == IrsExecOk && onResultType) {
    char name[16];
    typeName(&sig, name, sizeof(name));
    onResultType(mlirStringRefCreateFromCString(name), ud);
  }
  if (out == IrsExecOk) {
    MlirOperation copy = mlirOperationClone(mlirModuleGetOperation(module));
    if (!lower(copy, o->lowering ? o->lowering : IRS_EXEC_DEFAULT_LOWERING,
               &msg))
      out = IrsExecLoweringFailed;
    else
      out = jitAndCall(mlirModuleFromOperation(copy), o, entry, &sig, &value,
                       &msg);
    mlirOperationDestroy(copy);
  }
  if (value.len && onValue)
    onValue(irsBufRef(&value), ud);
  if (msg.len && onMessage)
    onMessage(irsBufRef(&msg), ud);
  irsBufFree(&msg);
  irsBufFree(&value);
  return out;
}
