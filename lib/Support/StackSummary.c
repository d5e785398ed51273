// SPDX-License-Identifier: Apache-2.0
//===- StackSummary.c - the few frames of a crash a terminal shows --------===//
//
// A dead worker's glibc backtrace is some twenty lines of mangled names and
// addresses; a person needs the crash site and the few frames above it. The
// summary starts at the crash site (irsStackTraceGetCrashSite's frame),
// demangles, and, when a symbolizer is given, adds file:line for frames of
// objects with debug info (LLVM's own crash handler uses llvm-symbolizer the
// same way). Addresses are resolved against the objects loaded in the
// calling process: right for a worker forked from it, which shares its
// layout; a frame that cannot be mapped keeps its glibc name.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "irscope/StackTrace.h"

#include "Buf.h"
#include "Fs.h"
#include "StackTraceImpl.h"

#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

enum { kMaxFrames = 16, kSymbolizerWaitMs = 5000 };

typedef struct Frame {
  IrsStackFrame f;
  char obj[4096]; // object path for the symbolizer ("" if unmapped)
  uint64_t rel;   // address inside it
  char fn[512], loc[1024]; // symbolizer answers ("" if none)
} Frame;

typedef struct Collect {
  Frame *frames;
  intptr_t n, max;
  bool started;
  IrsBuf tmp;
} Collect;

static void collectFrame(const IrsStackFrame *f, void *ud) {
  Collect *c = ud;
  if (c->n >= c->max)
    return;
  if (!c->started) {
    if (irsStackFrameDemangleIsNoise(f, &c->tmp))
      return;
    c->started = true;
  }
  Frame *fr = &c->frames[c->n++];
  memset(fr, 0, sizeof(Frame));
  fr->f = *f;
  // LLVM's symbolised dump has the line already.
  if (f->location.length)
    snprintf(fr->loc, sizeof(fr->loc), "%.*s", (int)f->location.length,
             f->location.data);
}

typedef struct FindObj {
  uint64_t addr;
  const char *name;
  uint64_t bias;
  bool found;
} FindObj;

static int findObj(struct dl_phdr_info *info, size_t size, void *ud) {
  (void)size;
  FindObj *q = ud;
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    uint64_t lo = info->dlpi_addr + ph->p_vaddr;
    if (ph->p_type == PT_LOAD && q->addr >= lo && q->addr < lo + ph->p_memsz) {
      q->name = info->dlpi_name;
      q->bias = info->dlpi_addr;
      q->found = true;
      return 1;
    }
  }
  return 0;
}

// Where frame `fr` is for the symbolizer. Return addresses point after the
// call; one byte back lands in the calling line (and, for the faulting
// frame, still in the faulting function).
static void locate(Frame *fr) {
  // A tool's own dump: its addresses mean nothing here, and LLVM asked
  // llvm-symbolizer already; what it could not name, neither can we.
  if (fr->f.llvmDump)
    return;
  uint64_t a = fr->f.address - 1;
  FindObj q = {a, NULL, 0, false};
  dl_iterate_phdr(findObj, &q);
  MlirStringRef want = irsStackBaseName(fr->f.module);
  if (q.found) {
    const char *name = q.name && *q.name ? q.name : "/proc/self/exe";
    MlirStringRef have = irsStackBaseName(mlirStringRefCreateFromCString(name));
    bool main = !q.name || !*q.name;
    if (main || (have.length == want.length &&
                 memcmp(have.data, want.data, want.length) == 0)) {
      snprintf(fr->obj, sizeof(fr->obj), "%s", name);
      fr->rel = a - q.bias;
      return;
    }
  }
  // Not loaded here (a plugin the worker opened): a frame without a symbol
  // still has its offset in the object.
  if (!fr->f.symbol.length && fr->f.module.length && fr->f.module.data[0] == '/') {
    snprintf(fr->obj, sizeof(fr->obj), "%.*s", (int)fr->f.module.length,
             fr->f.module.data);
    fr->rel = fr->f.offset - 1;
  }
}

// One symbolizer run for all frames: "CODE obj 0xrel" in, "function\n
// file:line:column\n\n" out per query.
static void symbolise(const char *tool, Frame *fs, intptr_t n) {
  IrsBuf in = IRS_BUF_INIT, out = IRS_BUF_INIT;
  intptr_t asked = 0;
  for (intptr_t i = 0; i < n; ++i)
    if (fs[i].obj[0]) {
      irsBufPrintf(&in, "CODE \"%s\" 0x%llx\n", fs[i].obj,
                   (unsigned long long)fs[i].rel);
      ++asked;
    }
  int toChild[2] = {-1, -1}, fromChild[2] = {-1, -1};
  if (!asked || in.failed || pipe2(toChild, O_CLOEXEC) != 0 ||
      pipe2(fromChild, O_CLOEXEC) != 0)
    goto done;
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, toChild[0], 0);
  posix_spawn_file_actions_adddup2(&fa, fromChild[1], 1);
  posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
  char *argv[] = {(char *)tool, "--demangle", "--no-inlines",
                  "--functions=linkage", NULL};
  pid_t pid;
  int err = posix_spawn(&pid, tool, &fa, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  close(toChild[0]);
  close(fromChild[1]);
  toChild[0] = fromChild[1] = -1;
  if (err != 0)
    goto done;
  // The queries are a few hundred bytes: the pipe takes them whole.
  ssize_t w = write(toChild[1], in.data, in.len);
  (void)w;
  close(toChild[1]);
  toChild[1] = -1;
  bool ok = irsReadAllWithin(fromChild[0], pid, kSymbolizerWaitMs, &out);
  waitpid(pid, NULL, 0);
  if (!ok || out.failed)
    goto done;
  const char *p = out.data, *end = out.data + out.len;
  for (intptr_t i = 0; i < n && p < end; ++i) {
    if (!fs[i].obj[0])
      continue;
    const char *l1 = memchr(p, '\n', (size_t)(end - p));
    const char *l2 = l1 ? memchr(l1 + 1, '\n', (size_t)(end - l1 - 1)) : NULL;
    if (!l2)
      break;
    if (!(l1 - p == 2 && memcmp(p, "??", 2) == 0))
      snprintf(fs[i].fn, sizeof(fs[i].fn), "%.*s", (int)(l1 - p), p);
    if (!(l2 - l1 - 1 >= 2 && memcmp(l1 + 1, "??", 2) == 0))
      snprintf(fs[i].loc, sizeof(fs[i].loc), "%.*s", (int)(l2 - l1 - 1),
               l1 + 1);
    p = l2 + 1;
    while (p < end && *p == '\n')
      ++p;
  }
done:
  for (int i = 0; i < 2; ++i) {
    if (toChild[i] >= 0)
      close(toChild[i]);
    if (fromChild[i] >= 0)
      close(fromChild[i]);
  }
  irsBufFree(&in);
  irsBufFree(&out);
}

// "file:line:column" without the column, and without a leading directory
// when the file is long: what a reader can open.
static bool appendLocation(IrsBuf *b, const char *loc) {
  const char *last = strrchr(loc, ':');
  size_t n = strlen(loc);
  if (last && last > loc) {
    const char *prev = last - 1;
    while (prev > loc && *prev != ':')
      --prev;
    if (*prev == ':' && strspn(last + 1, "0123456789") == strlen(last + 1))
      n = (size_t)(last - loc);
  }
  if (n >= 2 && loc[n - 2] == ':' && loc[n - 1] == '0')
    return false; // no line
  irsBufAppendStr(b, " at ");
  irsBufAppend(b, loc, n);
  return true;
}

static bool frameHasName(const Frame *fr) {
  return fr->f.symbol.length || fr->fn[0];
}

// "function at file:line", "function (module)" or "module+0xOFF".
static void appendFrame(IrsBuf *line, const Frame *fr) {
  IrsBuf name = IRS_BUF_INIT;
  if (fr->f.symbol.length)
    irsDemangle(fr->f.symbol, irsBufStringCallback, &name);
  else if (fr->fn[0])
    irsBufAppendStr(&name, fr->fn);
  if (name.len) {
    irsStackAppendShortName(line, name.data, name.len);
  } else {
    irsBufAppendRef(line, irsStackBaseName(fr->f.module));
    irsBufPrintf(line, "+0x%llx", (unsigned long long)fr->f.offset);
  }
  irsBufFree(&name);
  // A name without a line keeps its object, which tells a plugin's code
  // from MLIR's.
  if (fr->loc[0] && appendLocation(line, fr->loc)) {
  } else if (frameHasName(fr) && fr->f.module.length) {
    irsBufAppendStr(line, " (");
    irsBufAppendRef(line, irsStackBaseName(fr->f.module));
    irsBufAppendStr(line, ")");
  }
}

static void writeFrame(const Frame *fr, intptr_t index, IrsBuf *line) {
  irsBufReset(line);
  irsBufPrintf(line, "  #%ld ", (long)index);
  appendFrame(line, fr);
  irsBufAppendStr(line, "\n");
}

// MLIR's action dispatch and irscope's handler in it
// (lib/Action/ActionBridge.cpp) sit between a pass and its patterns in
// every trace of a supervised run: frames that say nothing about the
// failure. Their names survive mangling, so the raw symbol is enough when
// nothing was symbolised. Unoptimised builds show the handler's lambda
// and the function_ref it is called through as frames of their own.
static bool isActionPlumbing(const Frame *fr) {
  static const char *const kPlumbing[] = {
      "irsActionBridge", "irsActionHandlerAttach", "executeActionInternal",
      "llvm::function_ref<void ()>::operator()"};
  for (size_t k = 0; k < sizeof kPlumbing / sizeof *kPlumbing; ++k) {
    if (strstr(fr->fn, kPlumbing[k]))
      return true;
    size_t l = strlen(kPlumbing[k]);
    for (size_t i = 0; i + l <= fr->f.symbol.length; ++i)
      if (!memcmp(fr->f.symbol.data + i, kPlumbing[k], l))
        return true;
  }
  return false;
}

// Up to `max` frames from the crash site on, symbolised when `symbolizer`
// is given; NULL when out of memory. *n: how many.
static Frame *collectFrames(MlirStringRef text, intptr_t max,
                            const char *symbolizer, intptr_t *n) {
  Frame *fs = calloc((size_t)kMaxFrames, sizeof(Frame));
  if (!fs)
    return NULL;
  // A few more than asked: the action plumbing's frames are dropped.
  if (max > kMaxFrames)
    max = kMaxFrames;
  Collect c = {fs, 0, max + 8 < kMaxFrames ? max + 8 : kMaxFrames, false,
               IRS_BUF_INIT};
  irsStackTraceParse(text, collectFrame, &c);
  irsBufFree(&c.tmp);
  if (symbolizer && *symbolizer) {
    for (intptr_t i = 0; i < c.n; ++i)
      locate(&fs[i]);
    symbolise(symbolizer, fs, c.n);
  }
  intptr_t kept = 0;
  for (intptr_t i = 0; i < c.n && kept < max; ++i)
    if (i == 0 || !isActionPlumbing(&fs[i]))
      fs[kept++] = fs[i];
  *n = kept;
  return fs;
}

bool irsStackTraceGetSymbolisedSite(MlirStringRef text, const char *symbolizer,
                                    MlirStringCallback callback,
                                    void *userData) {
  intptr_t n = 0;
  Frame *fs = collectFrames(text, kMaxFrames, symbolizer, &n);
  if (!fs || n == 0) {
    free(fs);
    return false;
  }
  IrsBuf line = IRS_BUF_INIT;
  appendFrame(&line, &fs[0]);
  // A site with no name even after symbolising (a stripped object): its
  // nearest named caller says at least which code it was in.
  for (intptr_t i = 1; !frameHasName(&fs[0]) && i < n; ++i) {
    if (!frameHasName(&fs[i]))
      continue;
    IrsBuf caller = IRS_BUF_INIT;
    appendFrame(&caller, &fs[i]);
    if (!caller.len) { // a symbol that shortens to nothing, such as "()"
      irsBufFree(&caller);
      continue;
    }
    // Only the function: its place in the trace says enough.
    size_t len = caller.len;
    const char *cut = strstr(caller.data, " at ");
    if (!cut)
      cut = strstr(caller.data, " (");
    if (cut)
      len = (size_t)(cut - caller.data);
    irsBufAppendStr(&line, " (under ");
    irsBufAppend(&line, caller.data, len);
    irsBufAppendStr(&line, ")");
    irsBufFree(&caller);
    break;
  }
  callback(irsBufRef(&line), userData);
  irsBufFree(&line);
  free(fs);
  return true;
}

intptr_t irsStackTraceSummarise(MlirStringRef text, intptr_t maxFrames,
                                const char *symbolizer,
                                MlirStringCallback callback, void *userData) {
  if (maxFrames <= 0)
    return 0;
  intptr_t n = 0;
  Frame *fs = collectFrames(text, maxFrames, symbolizer, &n);
  if (!fs)
    return 0;
  IrsBuf line = IRS_BUF_INIT;
  for (intptr_t i = 0; i < n; ++i) {
    writeFrame(&fs[i], i, &line);
    callback(irsBufRef(&line), userData);
  }
  irsBufFree(&line);
  free(fs);
  return n;
}

typedef struct FindByName {
  MlirStringRef want;
  char path[4096];
} FindByName;

static int findByName(struct dl_phdr_info *info, size_t size, void *ud) {
  (void)size;
  FindByName *q = ud;
  if (!info->dlpi_name || !*info->dlpi_name)
    return 0;
  MlirStringRef have =
      irsStackBaseName(mlirStringRefCreateFromCString(info->dlpi_name));
  if (have.length != q->want.length ||
      memcmp(have.data, q->want.data, have.length) != 0)
    return 0;
  snprintf(q->path, sizeof(q->path), "%s", info->dlpi_name);
  return 1;
}

bool irsStackTraceSymboliseSite(MlirStringRef site, const char *symbolizer,
                                MlirStringCallback callback, void *userData) {
  // "module+0xOFF" and nothing else (a named site or "... (under ...)" has
  // its name already).
  const char *plus = NULL;
  for (size_t i = 0; i + 3 < site.length; ++i)
    if (!memcmp(site.data + i, "+0x", 3))
      plus = site.data + i;
  if (!symbolizer || !*symbolizer || !plus || plus == site.data ||
      memchr(site.data, ' ', site.length))
    return false;
  size_t hexLen = site.length - (size_t)(plus + 3 - site.data);
  char hex[24];
  if (hexLen == 0 || hexLen >= sizeof(hex))
    return false;
  memcpy(hex, plus + 3, hexLen);
  hex[hexLen] = '\0';
  char *end;
  unsigned long long off = strtoull(hex, &end, 16);
  if (*end || off == 0)
    return false;
  FindByName q = {{site.data, (size_t)(plus - site.data)}, ""};
  dl_iterate_phdr(findByName, &q);
  if (!q.path[0])
    return false;
  Frame *fr = calloc(1, sizeof(Frame));
  if (!fr)
    return false;
  fr->f.module = q.want;
  fr->f.offset = off;
  snprintf(fr->obj, sizeof(fr->obj), "%s", q.path);
  fr->rel = off - 1; // a return address, as locate() takes it
  symbolise(symbolizer, fr, 1);
  bool named = fr->fn[0] != '\0';
  if (named) {
    IrsBuf line = IRS_BUF_INIT;
    appendFrame(&line, fr);
    callback(irsBufRef(&line), userData);
    irsBufFree(&line);
  }
  free(fr);
  return named;
}
