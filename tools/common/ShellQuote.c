// SPDX-License-Identifier: Apache-2.0
// Shell-quoted command lines (manifests, reports); see ShellQuote.h.
#include "ShellQuote.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static const char kSafe[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                            "0123456789_./:,+@%=-";

static bool safe(const char *s, size_t n) {
  for (size_t i = 0; i < n; ++i)
    if (!strchr(kSafe, s[i]) || s[i] == '\0')
      return false;
  return n > 0;
}

// Appends `s` (n bytes) single-quoted at `out`; returns the new end.
static char *quote(char *out, const char *s, size_t n) {
  *out++ = '\'';
  for (size_t i = 0; i < n; ++i) {
    if (s[i] == '\'') {
      memcpy(out, "'\\''", 4);
      out += 4;
    } else {
      *out++ = s[i];
    }
  }
  *out++ = '\'';
  return out;
}

char *irsToolShellJoin(int argc, char *const *argv) {
  size_t cap = 1;
  for (int i = 0; i < argc; ++i)
    cap += 4 * strlen(argv[i]) + 3;
  char *s = malloc(cap), *p = s;
  if (!s)
    return NULL;
  for (int i = 0; i < argc; ++i) {
    const char *a = argv[i];
    size_t n = strlen(a);
    if (i)
      *p++ = ' ';
    const char *eq = a[0] == '-' ? strchr(a, '=') : NULL;
    if (safe(a, n)) {
      memcpy(p, a, n);
      p += n;
    } else if (eq && safe(a, (size_t)(eq - a))) {
      memcpy(p, a, (size_t)(eq - a) + 1);
      p += eq - a + 1;
      p = quote(p, eq + 1, n - (size_t)(eq - a) - 1);
    } else {
      p = quote(p, a, n);
    }
  }
  *p = '\0';
  return s;
}

// Single quotes, double quotes and backslashes as a shell reads them (no
// expansions: irsToolShellJoin writes none).
bool irsToolShellNextWord(const char **p, char *out) {
  const char *s = *p;
  while (*s == ' ' || *s == '\t')
    ++s;
  if (!*s)
    return false;
  char inQuote = 0; // the quote being read
  for (; *s && (inQuote || (*s != ' ' && *s != '\t')); ++s) {
    if (inQuote == '\'' && *s == '\'') {
      inQuote = 0;
    } else if (inQuote == '"' && *s == '"') {
      inQuote = 0;
    } else if (!inQuote && (*s == '\'' || *s == '"')) {
      inQuote = *s;
    } else if (inQuote != '\'' && *s == '\\' && s[1]) {
      *out++ = *++s;
    } else {
      *out++ = *s;
    }
  }
  *out = '\0';
  *p = s;
  return true;
}
