// SPDX-License-Identifier: Apache-2.0
//===- FuzzFromLog.c - another tool's IR dumps into a dump directory ------===//
//
// irscope-report --from-log and --from-tree-dir (tools/irscope-report/
// FromLog.c, built into this target from its source). The input is the
// stderr of `mlir-opt --mlir-print-ir-after-all` (or -before-all); when it
// starts with "//=== " it is instead a --mlir-print-ir-tree-dir folder,
// one file per "//=== NAME" line (NAME's slashes make subfolders). The
// dumps and manifest go to a directory in /dev/shm, emptied after each
// input.
//
//===----------------------------------------------------------------------===//
#include "FuzzInput.h"

#include "FromLog.h"

#include <sys/stat.h>

static char *gDir;

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  gDir = fuzzMakeTempDir();
  return 0;
}

// One file of the tree per "//=== NAME" line in `text` (modified).
static void writeTree(char *text, const char *tree) {
  mkdir(tree, 0777);
  char path[8192];
  for (char *p = strstr(text, "//=== "); p;) {
    char *name = p + 6, *nl = strchr(name, '\n');
    char *body = nl ? nl + 1 : name + strlen(name);
    if (nl)
      *nl = '\0';
    char *next = strstr(body, "//=== ");
    size_t len = next ? (size_t)(next - body) : strlen(body);
    snprintf(path, sizeof(path), "%s/", tree);
    for (char *c = name; *c && strlen(path) < 200; ++c) {
      size_t n = strlen(path);
      if (*c == '/' && path[n - 1] != '/') {
        mkdir(path, 0777);
        path[n] = '/', path[n + 1] = '\0';
      } else if (*c != '/' && !(*c == '.' && path[n - 1] == '/')) {
        path[n] = *c, path[n + 1] = '\0';
      }
    }
    // A name that is already a folder (or under a file) is left out, as
    // no tool's tree could hold it.
    FILE *f = path[strlen(path) - 1] != '/' ? fopen(path, "wb") : NULL;
    if (f) {
      fwrite(body, 1, len, f);
      fclose(f);
    }
    p = next;
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char in[4200], out[4200], err[1024];
  snprintf(out, sizeof(out), "%s/out", gDir);
  if (size >= 6 && !memcmp(data, "//=== ", 6)) {
    char *text = fuzzString(data, size);
    snprintf(in, sizeof(in), "%s/tree", gDir);
    writeTree(text, in);
    free(text);
    irsExFromTreeDir(in, out, "fuzz --mlir-print-ir-tree-dir", err,
                     sizeof(err));
  } else {
    snprintf(in, sizeof(in), "%s/in.log", gDir);
    fuzzWriteFile(in, data, size);
    irsExFromLog(in, out, "fuzz --mlir-print-ir-after-all", err, sizeof(err));
  }
  fuzzClearDir(gDir, 0);
  return 0;
}
