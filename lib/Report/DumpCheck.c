// SPDX-License-Identifier: Apache-2.0
//===- DumpCheck.c - is a dump still the one its run wrote? ---------------===//
//
// irscope-opt --resume-from runs the rest of a pipeline on a dump, and an
// engineer may have edited that dump first (edit-and-resume). The manifest
// records each finished dump's content hash (RunRecord.c); this compares
// the file as it is now with it, so the resumed run can say which of the
// two it starts from.
//
//===----------------------------------------------------------------------===//
#include "irscope/RunDoc.h"
#include "irscope/RunDir.h"

#include "../Support/Fs.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

// The <step> whose <dump file> is `name`, or null.
static IrsRunDocNode stepWithDump(IrsRunDocNode root, const char *name) {
  IrsRunDocNode steps = irsRunDocNodeGetChild(root, "steps");
  for (IrsRunDocNode s = irsRunDocNodeGetChild(steps, "step");
       !irsRunDocNodeIsNull(s); s = irsRunDocNodeGetNext(s, "step")) {
    const char *f =
        irsRunDocNodeGetAttr(irsRunDocNodeGetChild(s, "dump"), "file");
    if (f && !strcmp(f, name))
      return s;
  }
  return (IrsRunDocNode){NULL};
}

int irsRunDirCheckDump(const char *dir, const char *name, IrsDumpCheck *out) {
  memset(out, 0, sizeof(*out));
  out->step = -1;
  char *manifest = irsPathJoin(dir, IRS_RUN_DIR_MANIFEST);
  char *path = irsPathJoin(dir, name);
  if (!manifest || !path) {
    free(manifest);
    free(path);
    return ENOMEM;
  }
  IrsRunDoc doc = irsRunDocCreateFromFile(manifest, NULL, 0);
  free(manifest);
  int e = irsRunDocIsNull(doc) ? ENOENT : 0;
  IrsRunDocNode root = irsRunDocGetRoot(doc);
  IrsRunDocNode in = irsRunDocNodeGetChild(root, "input");
  IrsRunDocNode step = stepWithDump(root, name);
  const char *recorded = NULL;
  const char *inDump = irsRunDocNodeGetAttr(in, "dump");
  if (!e && inDump && !strcmp(inDump, name)) {
    out->step = 0;
    recorded = irsRunDocNodeGetAttr(in, "dump-hash");
  } else if (!irsRunDocNodeIsNull(step)) {
    out->step = irsRunDocNodeGetAttrLong(step, "index", -1);
    recorded = irsRunDocNodeGetAttr(irsRunDocNodeGetChild(step, "dump"),
                                    "hash");
  }
  if (!e && recorded && strlen(recorded) == 16) {
    memcpy(out->recorded, recorded, 17);
    out->hashed = true;
  }
  irsRunDocDestroy(doc);
  if (!e)
    e = irsHashFileHex(path, out->actual);
  free(path);
  out->edited = !e && out->hashed && strcmp(out->actual, out->recorded) != 0;
  return e;
}
