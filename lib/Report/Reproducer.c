// SPDX-License-Identifier: Apache-2.0
//===- Reproducer.c - reproducers in MLIR's mlir_reproducer format --------===//
//
// The file is the module followed by an external_resources section that
// `mlir-opt --run-reproducer` reads:
//   {-#
//     external_resources: {
//       mlir_reproducer: {
//         pipeline: "builtin.module(...)",
//         disable_threading: false,
//         verify_each: true
//       }
//     }
//   #-}
// A seeded run's reproducer also carries `irscope_run: { seed: "N" }` in
// the same dictionary (a string: MLIR reads "0x..." as a blob), which
// irscope-opt --run-reproducer hands back to the randomised passes, so that
// the replay makes the failing run's choices; mlir-opt accepts and ignores
// the entry. The module is printed in generic form: a reproducer must parse even when
// a custom printer/parser pair disagrees, and it is read by tools, not
// people.
//
//===----------------------------------------------------------------------===//
#include "IrFile.h"

#include "../Support/Fs.h"

#include <string.h>

static void appendCb(MlirStringRef s, void *ud) { irsBufAppendRef(ud, s); }

// What the replay lines need to know of the module: whether it holds ops
// no dialect here registers (read only with --allow-unregistered-dialect)
// and whether one is named "test.": mlir-opt registers a test dialect of
// its own, which verifies such ops as irscope never did.
typedef struct Unregistered {
  MlirContext ctx;
  bool any, test;
} Unregistered;

static MlirWalkResult noteUnregistered(MlirOperation op, void *ud) {
  Unregistered *u = ud;
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  if (!mlirContextIsRegisteredOperation(u->ctx, name)) {
    u->any = true;
    u->test = u->test || (name.length > 5 && !memcmp(name.data, "test.", 5));
  }
  return u->test ? MlirWalkResultInterrupt : MlirWalkResultAdvance;
}

// With plugins or unregistered ops, the first lines say how to replay:
// mlir-opt needs the same plugins (it cannot load irscope C plugins, so
// that line is left out when the run had any), irscope-opt takes them all;
// both need --allow-unregistered-dialect for unregistered ops, and
// mlir-opt's own test dialect would check "test." ops against its
// definitions, so that line is left out for them too.
static void writeReplayLines(IrsAtomicFile *af, MlirOperation module,
                             IrsPlugins plugins) {
  Unregistered u = {mlirOperationGetContext(module), false, false};
  mlirOperationWalk(module, noteUnregistered, &u, MlirWalkPreOrder);
  if (!irsPluginsGetNum(plugins) && !u.any)
    return;
  IrsBuf all = IRS_BUF_INIT, mlir = IRS_BUF_INIT, b = IRS_BUF_INIT;
  irsPluginsPrintFlags(plugins, false, appendCb, &all);
  irsPluginsPrintFlags(plugins, true, appendCb, &mlir);
  bool mlirCan = all.len == mlir.len && !u.test;
  const char *unreg = u.any ? " --allow-unregistered-dialect" : "";
  irsBufPrintf(&b, "// The run %s; replay with\n",
               !u.any ? "loaded plugins"
               : irsPluginsGetNum(plugins)
                   ? "loaded plugins and has unregistered ops"
                   : "has ops of unregistered dialects");
  if (mlirCan)
    irsBufPrintf(&b, "//   mlir-opt%s%s --run-reproducer FILE\n",
                 mlir.data ? mlir.data : "", unreg);
  irsBufPrintf(&b, "//   irscope-opt%s%s --run-reproducer FILE\n",
               all.data ? all.data : "", unreg);
  if (u.test)
    irsBufAppendStr(&b, "// (mlir-opt registers a 'test' dialect of its own "
                        "and verifies 'test.' ops by it: reduce with "
                        "--tool=mlir-opt for a replay there)\n");
  irsAtomicFileWrite(af, b.data, b.len);
  irsBufFree(&all);
  irsBufFree(&mlir);
  irsBufFree(&b);
}

// The resource block; a seeded run (--repeat, --seed) also records its seed
// under `irscope_run`, which irscope-opt --run-reproducer reads and
// mlir-opt ignores.
static void appendResource(IrsBuf *b, MlirStringRef pipeline,
                           bool disableThreading, bool verifyEach,
                           bool hasSeed, uint64_t seed) {
  irsBufAppendStr(b, "\n{-#\n  external_resources: {\n    mlir_reproducer: {\n"
                     "      pipeline: \"");
  // The pipeline is an MLIR string literal: escape quotes and backslashes.
  for (size_t i = 0; i < pipeline.length; ++i) {
    char c = pipeline.data[i];
    if (c == '"' || c == '\\')
      irsBufAppend(b, "\\", 1);
    irsBufAppend(b, &c, 1);
  }
  irsBufPrintf(b,
               "\",\n      disable_threading: %s,\n      verify_each: %s\n"
               "    }",
               disableThreading ? "true" : "false",
               verifyEach ? "true" : "false");
  if (hasSeed)
    irsBufPrintf(b, ",\n    irscope_run: {\n      seed: \"%llu\"\n    }",
                 (unsigned long long)seed);
  irsBufAppendStr(b, "\n  }\n#-}\n");
}

void irsReproducerAppendResource(IrsBuf *b, MlirStringRef pipeline,
                                 bool disableThreading, bool verifyEach) {
  appendResource(b, pipeline, disableThreading, verifyEach, false, 0);
}

int irsReproducerWrite(MlirOperation module, const char *path,
                       MlirStringRef pipeline, bool disableThreading,
                       bool verifyEach, IrsPlugins plugins) {
  return irsReproducerWriteSeeded(module, path, pipeline, disableThreading,
                                  verifyEach, plugins, false, 0);
}

int irsReproducerWriteSeeded(MlirOperation module, const char *path,
                             MlirStringRef pipeline, bool disableThreading,
                             bool verifyEach, IrsPlugins plugins, bool hasSeed,
                             uint64_t seed) {
  IrsAtomicFile af;
  int e = irsAtomicFileOpen(&af, path);
  if (e)
    return e;
  writeReplayLines(&af, module, plugins);
  MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
  mlirOpPrintingFlagsPrintGenericOpForm(flags);
  mlirOpPrintingFlagsEnableDebugInfo(flags, true, false);
  mlirOpPrintingFlagsAssumeVerified(flags);
  mlirOperationPrintWithFlags(module, flags, irsAtomicFileStringCallback, &af);
  mlirOpPrintingFlagsDestroy(flags);
  IrsBuf b = IRS_BUF_INIT;
  appendResource(&b, pipeline, disableThreading, verifyEach, hasSeed, seed);
  irsAtomicFileWrite(&af, b.data, b.len);
  irsBufFree(&b);
  return irsAtomicFileCommit(&af);
}
