// SPDX-License-Identifier: Apache-2.0
// --irdl-file loading shared by the tools (Irdl.h).
#include "Irdl.h"

#include "irscope/Input.h"

#include <mlir-c/Dialect/IRDL.h>

#include <stdio.h>

static bool loadOne(MlirContext ctx, const char *tool, const char *path,
                    MlirStringCallback onError, void *userData) {
  IrsErrorKind k = IRS_OK;
  IrsInput in = irsInputCreateFromFile(path, onError, userData, &k);
  if (irsInputIsNull(in))
    return false;
  MlirModule m = irsInputParseChunk(in, ctx, 0);
  bool ok = !mlirModuleIsNull(m);
  if (ok && mlirLogicalResultIsFailure(mlirLoadIRDLDialects(m))) {
    fprintf(stderr, "%s: error: cannot load IRDL dialects from '%s'\n", tool,
            path);
    ok = false;
  } else if (!ok) {
    fprintf(stderr, "%s: error: cannot parse IRDL file '%s'\n", tool, path);
  }
  if (!mlirModuleIsNull(m))
    mlirModuleDestroy(m);
  irsInputDestroy(in);
  return ok;
}

bool irsToolLoadIrdlFiles(MlirContext ctx, const char *tool,
                          const char *const *paths, size_t num,
                          MlirStringCallback onError, void *userData) {
  for (size_t i = 0; i < num; ++i)
    if (!loadOne(ctx, tool, paths[i], onError, userData))
      return false;
  return true;
}
