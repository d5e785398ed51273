// SPDX-License-Identifier: Apache-2.0
//===- RegexCheck.c - what LLVM's regex rejects and glibc's accepts -------===//
//
// The checks LLVM's regcomp makes on repetitions, in its scan order, before
// glibc's regcomp sees the expression (see RegexCheck.h). Anything else
// (brackets, parentheses, escapes) is left for glibc to judge.
//
//===----------------------------------------------------------------------===//
#include "RegexCheck.h"

#include <ctype.h>
#include <regex.h>
#include <stdbool.h>

enum { kDupMax = 255 }; // LLVM's RE_DUP_MAX

typedef enum { AfterNothing, AfterAtom, AfterRepeat } Prev;

// The end of the bracket expression starting at re[i] == '[', or -1.
static long bracketEnd(const char *re, long i) {
  long j = i + 1;
  if (re[j] == '^')
    ++j;
  if (re[j] == ']')
    ++j;
  for (; re[j] && re[j] != ']'; ++j)
    if (re[j] == '[' && (re[j + 1] == ':' || re[j + 1] == '.' ||
                         re[j + 1] == '=')) {
      char kind = re[j + 1];
      j += 2;
      while (re[j] && !(re[j] == kind && re[j + 1] == ']'))
        ++j;
      if (!re[j])
        return -1;
      ++j;
    }
  return re[j] ? j : -1;
}

// A decimal count at re[*i], advanced past it; -1 when there are no
// digits, kDupMax + 1 when it is too large.
static int count(const char *re, long *i) {
  int n = -1;
  while (isdigit((unsigned char)re[*i])) {
    n = (n < 0 ? 0 : n) * 10 + (re[*i] - '0');
    if (n > kDupMax)
      n = kDupMax + 1;
    ++*i;
  }
  return n;
}

// A bound `{m}`, `{m,}` or `{m,n}` at re[*i] == '{', advanced past it.
static int bound(const char *re, long *i) {
  ++*i;
  int lo = count(re, i), hi = lo;
  if (lo > kDupMax)
    return REG_BADBR;
  if (re[*i] == ',') {
    ++*i;
    hi = isdigit((unsigned char)re[*i]) ? count(re, i) : kDupMax;
  }
  if (hi > kDupMax || hi < lo)
    return REG_BADBR;
  if (re[*i] != '}')
    return 0; // unclosed: glibc says so
  ++*i;
  return 0;
}

int irsRegexCheckRepetitions(const char *re) {
  Prev prev = AfterNothing;
  for (long i = 0; re[i];) {
    char c = re[i];
    bool isBound = c == '{' && isdigit((unsigned char)re[i + 1]);
    if (c == '*' || c == '+' || c == '?' || isBound) {
      if (prev != AfterAtom)
        return REG_BADRPT;
      if (isBound) {
        int e = bound(re, &i);
        if (e)
          return e;
      } else {
        ++i;
      }
      prev = AfterRepeat;
      continue;
    }
    if (c == '\\') {
      if (!re[i + 1])
        return 0;
      i += 2;
    } else if (c == '[') {
      long end = bracketEnd(re, i);
      if (end < 0)
        return 0;
      i = end + 1;
    } else {
      ++i;
    }
    prev = (c == '(' || c == '|' || c == '^') ? AfterNothing : AfterAtom;
  }
  return 0;
}
