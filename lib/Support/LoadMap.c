// SPDX-License-Identifier: Apache-2.0
//===- LoadMap.c - where another process has its objects ------------------===//
//
// IrsLoadMap (include/irscope/StackTrace.h): the file mappings of a
// process, read from /proc/PID/maps, so that an absolute address from that
// process's LLVM stack dump (a frame without a symbol: "N  MODULE 0xADDR")
// can be named by its offset in MODULE, as glibc's backtrace names
// irscope's own frames ("MODULE(+0xOFF)") and LLVM's symbolised dump does
// ("(MODULE+0xOFF)"). An offset is the same whatever address the loader
// chose; the address is not.
//
// The offset is from the object's load bias, what dl_iterate_phdr calls
// dlpi_addr and glibc's link_map l_addr: for a shared object or a PIE
// executable the start of its mapping at file offset 0 (its first PT_LOAD
// has address 0, as the linkers lay them out), for a position-dependent
// executable (ET_EXEC) zero, its addresses being its own.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "irscope/StackTrace.h"

#include "Buf.h"
#include "StackTraceImpl.h"

#include <elf.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct LoadRange {
  uint64_t lo, hi, bias;
  size_t name; // offset of the file's path in `names`
} LoadRange;

typedef struct LoadMap {
  LoadRange *ranges; // in the order of the maps file: by address
  size_t num, cap;
  IrsBuf names; // NUL-separated paths
} LoadMap;

// Whether the file at `path` is a position-dependent executable, whose
// addresses need no bias. Unreadable: taken for a shared object.
static bool isFixedAddress(const char *path) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return false;
  Elf64_Ehdr h;
  bool fixed = read(fd, &h, sizeof(h)) == (ssize_t)sizeof(h) &&
               memcmp(h.e_ident, ELFMAG, SELFMAG) == 0 && h.e_type == ET_EXEC;
  close(fd);
  return fixed;
}

static const char *nameOf(const LoadMap *m, const LoadRange *r) {
  return m->names.data + r->name;
}

// The bias of a mapping of `path` at `lo`, file offset `off`: a mapping at
// offset 0 starts a load of the file; a later one belongs to the last load
// of the same file.
static uint64_t biasOf(LoadMap *m, const char *path, uint64_t lo,
                       uint64_t off) {
  if (off != 0)
    for (size_t i = m->num; i > 0; --i)
      if (strcmp(nameOf(m, &m->ranges[i - 1]), path) == 0)
        return m->ranges[i - 1].bias;
  return isFixedAddress(path) ? 0 : lo - off;
}

// "LO-HI PERMS OFFSET DEV INODE PATH": only mappings of files (a path
// starting with '/'; "[heap]", "[vdso]" and anonymous ones name no object).
static bool addLine(LoadMap *m, const char *s, size_t n) {
  char line[4096 + 128];
  if (n >= sizeof(line))
    return true; // a path longer than PATH_MAX: not one we can name
  memcpy(line, s, n);
  line[n] = '\0';
  uint64_t lo, hi, off;
  int at = 0;
  if (sscanf(line, "%" SCNx64 "-%" SCNx64 " %*s %" SCNx64 " %*s %*s %n", &lo,
             &hi, &off, &at) < 3 ||
      at <= 0 || line[at] != '/' || hi <= lo)
    return true;
  char *path = line + at;
  static const char kDeleted[] = " (deleted)";
  size_t pl = strlen(path), dl = sizeof(kDeleted) - 1;
  if (pl > dl && strcmp(path + pl - dl, kDeleted) == 0)
    path[pl - dl] = '\0';
  if (m->num == m->cap) {
    size_t cap = m->cap ? m->cap * 2 : 64;
    LoadRange *r = realloc(m->ranges, cap * sizeof(*r));
    if (!r)
      return false;
    m->ranges = r;
    m->cap = cap;
  }
  LoadRange r = {lo, hi, biasOf(m, path, lo, off), m->names.len};
  irsBufAppend(&m->names, path, strlen(path) + 1);
  if (m->names.failed)
    return false;
  m->ranges[m->num++] = r;
  return true;
}

IrsLoadMap irsLoadMapCreateFromText(MlirStringRef maps) {
  LoadMap *m = calloc(1, sizeof(*m));
  if (!m)
    return (IrsLoadMap){NULL};
  const char *p = maps.data, *end = maps.data + maps.length;
  bool ok = true;
  while (ok && p < end) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    const char *le = nl ? nl : end;
    ok = addLine(m, p, (size_t)(le - p));
    p = nl ? nl + 1 : end;
  }
  if (!ok) {
    irsLoadMapDestroy((IrsLoadMap){m});
    return (IrsLoadMap){NULL};
  }
  return (IrsLoadMap){m};
}

IrsLoadMap irsLoadMapCreateFromProcess(int64_t pid) {
  char path[64];
  snprintf(path, sizeof(path), "/proc/%lld/maps", (long long)pid);
  int fd = pid > 0 ? open(path, O_RDONLY | O_CLOEXEC) : -1;
  if (fd < 0)
    return (IrsLoadMap){NULL};
  IrsBuf text = IRS_BUF_INIT;
  char chunk[16384];
  ssize_t n;
  while ((n = read(fd, chunk, sizeof(chunk))) > 0)
    irsBufAppend(&text, chunk, (size_t)n);
  close(fd);
  // An empty file: the process has ended (a zombie has no mappings).
  IrsLoadMap m = n < 0 || text.failed || text.len == 0
                     ? (IrsLoadMap){NULL}
                     : irsLoadMapCreateFromText(irsBufRef(&text));
  irsBufFree(&text);
  return m;
}

void irsLoadMapDestroy(IrsLoadMap map) {
  LoadMap *m = map.ptr;
  if (!m)
    return;
  free(m->ranges);
  irsBufFree(&m->names);
  free(m);
}

// Whether `module` (a path or file name, as a stack dump names the object)
// names the mapped file `path`: the same file name, or the file name of
// the link the loader followed ("libfoo.so.1" for "libfoo.so.1.2.3").
static bool sameObject(MlirStringRef module, const char *path) {
  MlirStringRef want = irsStackBaseName(module);
  const char *slash = strrchr(path, '/');
  const char *have = slash ? slash + 1 : path;
  size_t hl = strlen(have);
  return want.length > 0 && want.length <= hl &&
         memcmp(want.data, have, want.length) == 0 &&
         (hl == want.length || have[want.length] == '.');
}

bool irsLoadMapGetOffset(IrsLoadMap map, MlirStringRef module,
                         uint64_t address, uint64_t *offset) {
  const LoadMap *m = map.ptr;
  for (size_t i = 0; m && i < m->num; ++i) {
    const LoadRange *r = &m->ranges[i];
    if (address < r->lo || address >= r->hi)
      continue;
    // Another object at that address: the process that printed the
    // address had another layout (not the one this map was read from).
    if (!sameObject(module, nameOf(m, r)))
      return false;
    *offset = address - r->bias;
    return true;
  }
  return false;
}
