// SPDX-License-Identifier: Apache-2.0
//===- AliasStitch.c - builtin aliases of a stitched dump ------------------===//
//
// A stitched dump is the module's header and its top-level ops' texts
// printed one by one with local scope, which never uses aliases. A whole
// print of a module that holds affine maps or integer sets (any lowered
// model keeps affine.apply, linalg keeps indexing maps) names each one
// once at the top (#map = affine_map<...>) and uses the name everywhere
// else, so such modules used to be printed whole, alias walk and all.
//
// The builtin dialect is the only one that aliases them, with the names
// "map" and "set"; MLIR numbers the aliases of one name in the order its
// printer first meets them (map, map1, map2, ...), prints the attribute
// aliases ordered by name, maps before sets, and writes the name wherever
// it would print the attribute. A map's text is canonical (one uniqued
// attribute per text), and a local-scope text shows every map in the order
// the whole print meets it. So the definitions and the rewritten texts
// follow from the texts alone: each "affine_map<...>" or "affine_set<...>"
// outside a string literal is one use, numbered by first use over the
// texts in module order. The caller asks only for texts nothing else in
// them could alias (irsDumpTextAliasKind), and tests compare the result
// with MLIR's whole print.
//
//===----------------------------------------------------------------------===//
#include "StitchedDump.h"
#include "TextScan.h"

#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct Key {
  const char *text; // "affine_map<...>" inside one of the texts
  size_t len;
  unsigned index; // among keys of the same kind, in first-use order
  bool set;
} Key;

typedef struct Table {
  Key *keys; // in first-use order
  size_t num, cap;
  size_t *slots; // open addressing: key index + 1, 0 empty
  size_t numSlots;
  unsigned numMaps, numSets;
} Table;

static uint64_t hashText(const char *t, size_t n) {
  uint64_t h = 1469598103934665603u;
  for (size_t i = 0; i < n; ++i)
    h = (h ^ (unsigned char)t[i]) * 1099511628211u;
  return h;
}

static bool grow(Table *tb) {
  size_t ns = tb->numSlots ? tb->numSlots * 2 : 64;
  size_t *slots = calloc(ns, sizeof(size_t));
  if (!slots)
    return false;
  for (size_t k = 0; k < tb->num; ++k) {
    size_t s = hashText(tb->keys[k].text, tb->keys[k].len) & (ns - 1);
    while (slots[s])
      s = (s + 1) & (ns - 1);
    slots[s] = k + 1;
  }
  free(tb->slots);
  tb->slots = slots;
  tb->numSlots = ns;
  return true;
}

// The slot of t[0..n): its key's index + 1 there, or 0 where it would go.
static size_t slotOf(const Table *tb, const char *t, size_t n) {
  size_t s = hashText(t, n) & (tb->numSlots - 1);
  for (; tb->slots[s]; s = (s + 1) & (tb->numSlots - 1)) {
    const Key *k = &tb->keys[tb->slots[s] - 1];
    if (k->len == n && memcmp(k->text, t, n) == 0)
      break;
  }
  return s;
}

// The key of t[0..n), which is in the table.
static const Key *find(const Table *tb, const char *t, size_t n) {
  return &tb->keys[tb->slots[slotOf(tb, t, n)] - 1];
}

// The key of t[0..n), added on first use; null when out of memory.
static const Key *intern(Table *tb, const char *t, size_t n, bool set) {
  if ((tb->num + 1) * 2 > tb->numSlots && !grow(tb))
    return NULL;
  size_t s = slotOf(tb, t, n);
  if (tb->slots[s])
    return &tb->keys[tb->slots[s] - 1];
  if (tb->num == tb->cap) {
    size_t cap = tb->cap ? tb->cap * 2 : 16;
    Key *keys = realloc(tb->keys, cap * sizeof(Key));
    if (!keys)
      return NULL;
    tb->keys = keys;
    tb->cap = cap;
  }
  Key *k = &tb->keys[tb->num];
  *k = (Key){t, n, set ? tb->numSets++ : tb->numMaps++, set};
  tb->slots[s] = ++tb->num;
  return k;
}

// The index just past the string literal opening at t[q], or n.
static size_t skipString(const char *t, size_t n, size_t q) {
  for (size_t i = q + 1; i < n; ++i) {
    if (t[i] == '\\')
      ++i;
    else if (t[i] == '"')
      return i + 1;
  }
  return n;
}

// The length of the map or set starting at t[a] ("affine_map<" or
// "affine_set<" there), or 0 when its end is not plain: the first '>'
// that is neither the arrow's ("->") nor a comparison's (">=") closes it,
// since affine expressions hold no '<'.
static size_t mapLength(const char *t, size_t n, size_t a) {
  for (size_t i = a + 11; i < n; ++i) {
    char c = t[i];
    if (c == '<' || c == '"' || c == '\n' || c == '#' || c == '!')
      return 0;
    if (c == '>' && t[i - 1] != '-' && !(i + 1 < n && t[i + 1] == '='))
      return i + 1 - a;
  }
  return 0;
}

// Where the next use in t[i..n) starts (n: none); *len its length, 0 when
// one is there but unreadable. Strings are skipped: a map in one is text.
static size_t nextUse(const char *t, size_t n, size_t i, size_t *len,
                      bool *set) {
  for (i = irsTextNextStop(t, i, n, '"', '<', '"', '<'); i < n;
       i = irsTextNextStop(t, i, n, '"', '<', '"', '<')) {
    if (t[i] == '"') {
      i = skipString(t, n, i);
      continue;
    }
    size_t at = i - (i >= 10 ? 10 : i);
    if (i >= 10 && memcmp(t + at, "affine_", 7) == 0 &&
        (at == 0 || !irsTextIsIdent(t[at - 1])) &&
        (memcmp(t + at + 7, "map", 3) == 0 || memcmp(t + at + 7, "set", 3) == 0)) {
      *len = mapLength(t, n, at);
      *set = t[at + 7] == 's';
      return at;
    }
    ++i;
  }
  return n;
}

static void printName(IrsBuf *b, const Key *k) {
  irsBufAppend(b, k->set ? "#set" : "#map", 4);
  if (k->index)
    irsBufPrintf(b, "%u", k->index);
}

struct IrsDumpAliases {
  Table tb;
  const bool *maps; // the caller's: which texts hold uses
};

void irsDumpAliasesFree(IrsDumpAliases *a) {
  if (!a)
    return;
  free(a->tb.keys);
  free(a->tb.slots);
  free(a);
}

bool irsDumpApplyBuiltinAliases(IrsBuf *header, const char *const *texts,
                                const size_t *lens, const bool *maps,
                                size_t n, IrsDumpAliases **out) {
  IrsDumpAliases *a = calloc(1, sizeof(*a));
  bool ok = a != NULL;
  // Names in first-use order over the texts; each text is rewritten only
  // as it is written (irsDumpWriteAliased), never copied.
  for (size_t i = 0; i < n && ok; ++i) {
    if (!maps[i] || !texts[i])
      continue;
    for (size_t j = 0; ok;) {
      size_t len = 0;
      bool set = false;
      size_t at = nextUse(texts[i], lens[i], j, &len, &set);
      if (at == lens[i])
        break;
      ok = len && intern(&a->tb, texts[i] + at, len, set);
      j = at + len;
    }
  }
  // Maps first, then sets; each kind in first-use order.
  IrsBuf defs = IRS_BUF_INIT;
  for (int set = 0; set < 2 && ok; ++set)
    for (size_t k = 0; k < a->tb.num; ++k)
      if (a->tb.keys[k].set == (bool)set) {
        printName(&defs, &a->tb.keys[k]);
        irsBufAppend(&defs, " = ", 3);
        irsBufAppend(&defs, a->tb.keys[k].text, a->tb.keys[k].len);
        irsBufAppend(&defs, "\n", 1);
      }
  irsBufAppend(&defs, header->data, header->len);
  ok = ok && !defs.failed;
  if (ok) {
    irsBufFree(header);
    *header = defs;
    a->maps = maps;
    *out = a;
  } else {
    irsBufFree(&defs);
    irsDumpAliasesFree(a);
    *out = NULL;
  }
  return ok;
}

// Writes t[0..n) as irsDumpWriteIndented would, in pieces: two spaces
// before each line that is not empty; *bol says a line starts next.
static void writePiece(IrsAtomicFile *af, const char *t, size_t n, bool *bol) {
  size_t i = 0;
  while (i < n) {
    if (*bol && t[i] != '\n')
      irsAtomicFileWrite(af, "  ", 2);
    const char *nl = memchr(t + i, '\n', n - i);
    size_t j = nl ? (size_t)(nl - t) + 1 : n;
    irsAtomicFileWrite(af, t + i, j - i);
    *bol = nl != NULL;
    i = j;
  }
}

// Text t[0..n) indented, every use replaced by its name.
static void writeAliased(const Table *tb, IrsAtomicFile *af, const char *t,
                         size_t n) {
  bool bol = true;
  char name[32];
  for (size_t i = 0;;) {
    size_t len = 0;
    bool set = false;
    size_t at = nextUse(t, n, i, &len, &set);
    writePiece(af, t + i, at - i, &bol);
    if (at == n)
      break;
    // Every use was interned when the names were given.
    const Key *k = find(tb, t + at, len);
    int w = k->index ? snprintf(name, sizeof(name), "#%s%u",
                                k->set ? "set" : "map", k->index)
                     : snprintf(name, sizeof(name), "#%s", k->set ? "set" : "map");
    writePiece(af, name, (size_t)w, &bol);
    i = at + len;
  }
  if (!bol)
    irsAtomicFileWrite(af, "\n", 1);
}

void irsDumpWriteText(IrsAtomicFile *af, const IrsDumpAliases *a, size_t i,
                      const char *t, size_t n) {
  if (a && a->maps[i])
    writeAliased(&a->tb, af, t, n);
  else
    irsDumpWriteIndented(af, t, n);
}

// One definition line t[0..n) of a whole print: "#map = affine_map<...>",
// "#set3 = affine_set<...>".
static bool builtinDefinition(const char *t, size_t n) {
  if (n < 4 || (memcmp(t, "#map", 4) != 0 && memcmp(t, "#set", 4) != 0))
    return false;
  size_t i = 4;
  while (i < n && t[i] >= '0' && t[i] <= '9')
    ++i;
  return n - i > 15 && memcmp(t + i, " = affine_", 10) == 0 &&
         memcmp(t + i + 10, t + 1, 3) == 0 && t[i + 13] == '<' &&
         t[n - 1] == '>';
}

bool irsDumpFileAliasesBuiltinOnly(const char *path) {
  enum { kHead = 64 * 1024 };
  char *t = malloc(kHead);
  int fd = t ? open(path, O_RDONLY | O_CLOEXEC) : -1;
  ssize_t n = fd >= 0 ? pread(fd, t, kHead, 0) : -1;
  if (fd >= 0)
    close(fd);
  // The definitions, one a line, end at the first line that is not one
  // ("module", or the op of a module without one); a type alias ("!")
  // there, or a definition that is not a map's or a set's, says no.
  bool ok = n > 0 && t[0] == '#';
  size_t i = 0;
  while (ok && t[i] == '#') {
    const char *nl = memchr(t + i, '\n', (size_t)n - i);
    ok = nl && builtinDefinition(t + i, (size_t)(nl - t) - i);
    i = ok ? (size_t)(nl - t) + 1 : i;
    ok = ok && i < (size_t)n; // they end inside what was read
  }
  ok = ok && t[i] != '!';
  free(t);
  return ok;
}
