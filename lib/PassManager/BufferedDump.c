// SPDX-License-Identifier: Apache-2.0
//===- BufferedDump.c - a forked printer's whole print, buffered ----------===//
//
// The C API prints through an unbuffered stream: every token is a call
// through a std::function and one of our callback, and printing a module
// whole that way costs about a third more instructions than MLIR's printer
// writing into a buffered stream (bench/printcost.c). The one road of the
// C API into such a stream is MLIR's IR-printing instrumentation with a
// file tree: a pass manager with one pass that does nothing, printing
// before it, writes "// -----// IR Dump Before ... //----- //\n", the
// module exactly as mlirOperationPrintWithFlags prints it with the same
// flags (it prints the top-level op also at non-module scope, which is the
// scope that works with threading on), and "\n\n" to
// <dir>/<op>_<symbol>/0_<argument>.mlir. Here that file is a symlink to a
// memfd (/proc/self/fd/N), so no file of the text is left behind by a
// killed printer, and the dump is the memfd without its first line and its
// last newline, appended inside the kernel.
//
// Only a forked printer runs that pass manager (its own copy-on-write
// module and context; single-threaded; leaving by _exit): the pass manager
// runs one pass on the module, so no thread pool is needed, with the
// verifier off and the printer assuming verified IR; MLIR reports trouble
// with the tree on stderr, which is closed meanwhile (the memfd is checked
// instead). The caller has detached the action handler, whose trail would
// record the pass.
//
// Such a dump is no stitch: where each top-level op's text lies in it is
// found only when a later printer wants to reuse texts (irsDumpScanWhole).
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE // memfd_create, memmem
#include "StitchedDump.h"

#include "../Report/IrFile.h"
#include "irscope/RunDir.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/Pass.h>

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

// The no-op pass's argument, which names the printed file.
#define kPassArg "irscope-dump"
static const char kHeaderStart[] = "// -----// IR Dump Before ";
// The TypeID of the no-op pass (MLIR wants an 8-byte aligned address).
static _Alignas(8) const char kPassId = 0;

static void noop(void *ud) { (void)ud; }
static void *cloneNoop(void *ud) { return ud; }
static void runNoop(MlirOperation op, MlirExternalPass pass, void *ud) {
  (void)op;
  (void)pass;
  (void)ud;
}

// "<op name, dots as underscores>_<sym_name or no-symbol-name>", the
// directory MLIR's file tree puts the top-level op's files in.
static char *opDirName(MlirOperation module) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(module));
  MlirAttribute sym = mlirOperationGetAttributeByName(
      module, mlirStringRefCreateFromCString("sym_name"));
  MlirStringRef s = !mlirAttributeIsNull(sym) && mlirAttributeIsAString(sym)
                        ? mlirStringAttrGetValue(sym)
                        : mlirStringRefCreateFromCString("no-symbol-name");
  IrsBuf b = IRS_BUF_INIT;
  for (size_t i = 0; i < name.length; ++i)
    irsBufAppend(&b, name.data[i] == '.' ? "_" : &name.data[i], 1);
  irsBufAppend(&b, "_", 1);
  for (size_t i = 0; i < s.length; ++i)
    irsBufAppend(&b, s.data[i] == '/' || s.data[i] == '\\' ? "_" : &s.data[i],
                 1);
  return irsBufDetach(&b);
}

typedef struct Tree {
  char *dir, *sub, *link;
} Tree;

static void treeRemove(Tree *t) {
  if (t->link)
    unlink(t->link);
  if (t->sub)
    rmdir(t->sub);
  if (t->dir)
    rmdir(t->dir);
  free(t->link);
  free(t->sub);
  free(t->dir);
  *t = (Tree){NULL, NULL, NULL};
}

// The tree MLIR writes into, its one file a symlink to the memfd `fd`;
// false (nothing left) when it cannot be made.
static bool treeMake(Tree *t, MlirOperation module, int fd) {
  *t = (Tree){NULL, NULL, NULL};
  char target[64];
  snprintf(target, sizeof target, "/proc/self/fd/%d", fd);
  // The link must lead to the memfd (/proc mounted), or MLIR would create
  // a file of its own there.
  int probe = open(target, O_WRONLY | O_CLOEXEC);
  if (probe < 0)
    return false;
  close(probe);
  if (irsRunDirCreateScratch(IRS_RUN_DIR_PRINT_SCRATCH_PREFIX, true,
                             &t->dir) != 0)
    return false;
  char *name = opDirName(module);
  t->sub = name ? irsPathJoin(t->dir, name) : NULL;
  free(name);
  if (!t->sub || mkdir(t->sub, 0700) != 0) {
    free(t->sub);
    t->sub = NULL;
    treeRemove(t);
    return false;
  }
  t->link = irsPathJoin(t->sub, "0_" kPassArg ".mlir");
  if (!t->link || symlink(target, t->link) != 0) {
    free(t->link);
    t->link = NULL;
    treeRemove(t);
    return false;
  }
  return true;
}

// Runs the printing pass manager on `module`, stderr closed meanwhile.
static void printThroughTree(MlirOperation module, const char *dir,
                             MlirOpPrintingFlags flags) {
  MlirContext ctx = mlirOperationGetContext(module);
  MlirPassManager pm = mlirPassManagerCreateOnOperation(
      ctx, mlirIdentifierStr(mlirOperationGetName(module)));
  mlirPassManagerEnableVerifier(pm, false);
  MlirExternalPassCallbacks cbs = {noop, noop, NULL, cloneNoop, runNoop};
  MlirStringRef arg = mlirStringRefCreateFromCString(kPassArg);
  mlirPassManagerAddOwnedPass(
      pm, mlirCreateExternalPass(mlirTypeIDCreate(&kPassId), arg, arg,
                                 mlirStringRefCreateFromCString(""),
                                 mlirStringRefCreateFromCString(""), 0, NULL,
                                 cbs, NULL));
  mlirPassManagerEnableIRPrinting(pm, /*printBeforeAll=*/true,
                                  /*printAfterAll=*/false,
                                  /*printModuleScope=*/false, false, false,
                                  flags, mlirStringRefCreateFromCString(dir));
  int saved = dup(2);
  int null = open("/dev/null", O_WRONLY | O_CLOEXEC);
  if (saved >= 0 && null >= 0)
    dup2(null, 2);
  (void)mlirPassManagerRunOnOp(pm, module);
  if (saved >= 0 && null >= 0)
    dup2(saved, 2);
  if (saved >= 0)
    close(saved);
  if (null >= 0)
    close(null);
  mlirPassManagerDestroy(pm);
}

// The length of the printed file's first line if it is the header MLIR
// writes, else 0.
static uint64_t headerLength(int fd, uint64_t size) {
  char head[4096];
  ssize_t r = pread(fd, head, sizeof head, 0);
  size_t k = sizeof kHeaderStart - 1;
  if (r < (ssize_t)k || memcmp(head, kHeaderStart, k) != 0)
    return 0;
  const char *nl = memchr(head, '\n', (size_t)r);
  uint64_t n = nl ? (uint64_t)(nl - head) + 1 : 0;
  return n && n + 2 <= size ? n : 0;
}

int irsDumpBuffered(MlirOperation module, const char *path, bool generic,
                    bool debugInfo, bool *done, bool *aliases) {
  *done = false;
  *aliases = false;
  int fd = memfd_create("irscope-dump-print", MFD_CLOEXEC);
  Tree t;
  if (fd < 0 || !treeMake(&t, module, fd)) {
    if (fd >= 0)
      close(fd);
    return 0;
  }
  IrsPrintingOptions p = irsDumpPrinting(generic, debugInfo, true);
  MlirOpPrintingFlags flags = irsPrintingOptionsCreateFlags(&p);
  printThroughTree(module, t.dir, flags);
  mlirOpPrintingFlagsDestroy(flags);
  treeRemove(&t);
  // The file: header line, the module's text, "\n\n"; the dump is the
  // text and one "\n".
  struct stat st;
  char tail[2] = {0, 0};
  uint64_t size = fstat(fd, &st) == 0 ? (uint64_t)st.st_size : 0;
  uint64_t h = size ? headerLength(fd, size) : 0;
  char first = 0;
  bool ok = h && pread(fd, tail, 2, (off_t)(size - 2)) == 2 &&
            tail[0] == '\n' && tail[1] == '\n' &&
            pread(fd, &first, 1, (off_t)h) == 1;
  int e = 0;
  if (ok) {
    IrsAtomicFile af;
    e = irsAtomicFileOpen(&af, path);
    if (!e) {
      irsAtomicFileAppendFdFrom(&af, fd, h, size - h - 1);
      e = irsAtomicFileCommit(&af);
    }
    *done = true;
    *aliases = first == '#' || first == '!';
  }
  close(fd);
  return e;
}

// A text that a whole print numbers in print order (SharedDump.c).
static bool numbered(const char *t, size_t n) {
  return memmem(t, n, "distinct[", 9) || memmem(t, n, "dense_resource<", 15);
}

bool irsDumpScanWhole(const char *t, size_t size, IrsDumpEntry *entries,
                      size_t n, size_t *headerLen) {
  // Alias definitions (a line each), then the module's line.
  size_t p = 0;
  while (p < size && (t[p] == '#' || t[p] == '!')) {
    const char *nl = memchr(t + p, '\n', size - p);
    if (!nl)
      return false;
    p = (size_t)(nl - t) + 1;
  }
  const char *nl = p < size ? memchr(t + p, '\n', size - p) : NULL;
  if (!nl || nl - t < 2 || nl[-1] != '{' || t[p] == ' ')
    return false;
  *headerLen = (size_t)(nl - t) + 1;
  // Each op starts a line indented by two, and nothing else there does
  // but the closing brace or a block label of one of its regions; so
  // every op's start is found, and one too many is told by the count.
  size_t k = 0, lines = 0;
  for (p = *headerLen; p < size;) {
    nl = memchr(t + p, '\n', size - p);
    if (!nl)
      return false;
    size_t end = (size_t)(nl - t) + 1;
    if (t[p] == '}') { // the module's closing brace
      if (k)
        entries[k - 1].ilen = p - entries[k - 1].off;
      break;
    }
    if (end - p > 1 && (end - p < 4 || t[p] != ' ' || t[p + 1] != ' '))
      return false;
    char c = t[p + 2];
    if (end - p > 3 && c != ' ' && c != '}' && c != '^') {
      if (k == n)
        return false;
      if (k) {
        entries[k - 1].ilen = p - entries[k - 1].off;
        entries[k - 1].len = entries[k - 1].ilen - 2 * lines - 1;
      }
      entries[k].off = p;
      lines = 0;
      ++k;
    }
    lines += end - p > 1;
    p = end;
  }
  if (k != n || p >= size)
    return false;
  if (k)
    entries[k - 1].len = entries[k - 1].ilen - 2 * lines - 1;
  for (size_t i = 0; i < n; ++i)
    if (numbered(t + entries[i].off, entries[i].ilen))
      entries[i].ilen = 0; // not reusable
  return true;
}
