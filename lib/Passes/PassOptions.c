// SPDX-License-Identifier: Apache-2.0
//===- PassOptions.c - "{key=value ...}" option lists of irscope passes ---===//
//
// Same surface syntax as MLIR pass options: whitespace-separated key=value
// pairs; a value may be quoted ('..' or "..") or a braced {...} group, which
// is kept verbatim without the outer delimiters.
//
//===----------------------------------------------------------------------===//
#include "PassesImpl.h"

#include <stdlib.h>
#include <string.h>

static bool add(IrsPassOptions *o, const char *k, size_t kn, const char *v,
                size_t vn) {
  IrsPassOption *items = realloc(o->items, (size_t)(o->num + 1) * sizeof(*items));
  if (!items)
    return false;
  o->items = items;
  items[o->num].key = irsStrDupRef((MlirStringRef){k, kn});
  items[o->num].value = irsStrDupRef((MlirStringRef){v, vn});
  ++o->num;
  return items[o->num - 1].key && items[o->num - 1].value;
}

bool irsPassOptionsParse(MlirStringRef text, IrsPassOptions *out,
                         IrsBuf *err) {
  out->items = NULL;
  out->num = 0;
  const char *s = text.data, *end = text.data + text.length;
  while (s < end) {
    while (s < end && (*s == ' ' || *s == '\t' || *s == '\n'))
      ++s;
    if (s == end)
      break;
    const char *k = s;
    while (s < end && *s != '=' && *s != ' ' && *s != '\t')
      ++s;
    size_t kn = (size_t)(s - k);
    const char *v = "";
    size_t vn = 0;
    if (s < end && *s == '=') {
      ++s;
      if (s < end && (*s == '"' || *s == '\'' || *s == '{')) {
        char close = *s == '{' ? '}' : *s;
        int depth = 0;
        const char *open = s++;
        v = s;
        while (s < end) {
          if (*open == '{' && (*s == '"' || *s == '\'')) {
            // A quoted string inside braces may hold braces of its own.
            char q = *s++;
            while (s < end && *s != q)
              ++s;
            if (s == end)
              break;
          } else if (*open == '{' && *s == '{') {
            ++depth;
          } else if (*s == close && depth-- == 0) {
            break;
          }
          ++s;
        }
        if (s == end) {
          irsBufPrintf(err, "unterminated value for option '%.*s'", (int)kn,
                       k);
          irsPassOptionsFree(out);
          return false;
        }
        vn = (size_t)(s - v);
        ++s;
      } else {
        v = s;
        while (s < end && *s != ' ' && *s != '\t')
          ++s;
        vn = (size_t)(s - v);
      }
    }
    if (kn == 0) {
      irsBufPrintf(err, "%s", "expected an option name before '='");
      irsPassOptionsFree(out);
      return false;
    }
    if (!add(out, k, kn, v, vn)) {
      irsBufPrintf(err, "%s", "out of memory");
      irsPassOptionsFree(out);
      return false;
    }
  }
  return true;
}

void irsPassOptionsFree(IrsPassOptions *opts) {
  for (intptr_t i = 0; i < opts->num; ++i) {
    free(opts->items[i].key);
    free(opts->items[i].value);
  }
  free(opts->items);
  opts->items = NULL;
  opts->num = 0;
}

const char *irsPassOptionsGet(const IrsPassOptions *opts, const char *key) {
  const char *v = NULL;
  for (intptr_t i = 0; i < opts->num; ++i)
    if (strcmp(opts->items[i].key, key) == 0)
      v = opts->items[i].value; // last one wins, as in MLIR
  return v;
}

bool irsPassOptionsCheckKnown(const IrsPassOptions *opts, const char *pass,
                              const char *const *known, IrsBuf *err) {
  for (intptr_t i = 0; i < opts->num; ++i) {
    bool ok = false;
    for (const char *const *k = known; *k && !ok; ++k)
      ok = strcmp(*k, opts->items[i].key) == 0;
    if (!ok) {
      irsBufPrintf(err, "unknown option '%s' for pass '%s'",
                   opts->items[i].key, pass);
      return false;
    }
  }
  return true;
}
