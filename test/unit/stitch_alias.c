// SPDX-License-Identifier: Apache-2.0
// Unit tests of irsDumpTextMayAlias (lib/PassManager/StitchedDump.c): the
// scan that decides whether a top-level op's standalone text may be
// stitched into a module dump. It skips 16 bytes at a time and looks back
// from '<' and '[', so it is checked here against a plain byte-by-byte
// reading of the rule, on hand-picked texts (every trigger at the start,
// the end and across a 16-byte block boundary) and on random texts built
// from the pieces that matter.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "PassManager/PassManagerImpl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool identChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || c == '_' || c == '$';
}

static bool contains(const char *t, size_t n, const char *w) {
  size_t l = strlen(w);
  for (size_t i = 0; i + l <= n; ++i)
    if (memcmp(t + i, w, l) == 0)
      return true;
  return false;
}

// The LLVM dialect's: a text naming what it aliases (debug info, loop
// annotations, TBAA, access groups, alias scopes, the dbg intrinsics).
static bool llvmWords(const char *t, size_t n) {
  return contains(t, n, "di_") || contains(t, n, "loop_") ||
         contains(t, n, "tbaa") || contains(t, n, "access_group") ||
         contains(t, n, "alias_scope") || contains(t, n, "dbg");
}

// The rule, read literally: a word starting one of the aliased forms, or
// '#'/'!' followed by a dialect name (then '.') not known to be alias-free
// (llvm: only with one of its words anywhere in the text).
static bool reference(const char *t, size_t n) {
  static const char *const words[] = {"affine_map<", "affine_set<", "distinct[",
                                      "dense_resource<", "tuple<"};
  static const char *const aliasFree[] = {
      "arith", "builtin", "cf", "complex", "func", "index", "math",
      "memref", "scf", "tensor", "ub", "vector", "bufferization",
      "affine", "linalg", "shape", "ml_program", "emitc", "async"};
  for (size_t i = 0; i < n; ++i) {
    if (t[i] == '#' || t[i] == '!') {
      size_t j = i + 1;
      while (j < n && identChar(t[j]))
        ++j;
      if (j < n && t[j] == '.' && j > i + 1) {
        bool free = false;
        for (size_t d = 0; d < sizeof(aliasFree) / sizeof(*aliasFree); ++d)
          free |= strlen(aliasFree[d]) == j - i - 1 &&
                  memcmp(aliasFree[d], t + i + 1, j - i - 1) == 0;
        bool llvm = j - i - 1 == 4 && memcmp(t + i + 1, "llvm", 4) == 0;
        if (!free && (!llvm || llvmWords(t, n)))
          return true;
      }
      continue;
    }
    if (i > 0 && identChar(t[i - 1]))
      continue;
    for (size_t w = 0; w < sizeof(words) / sizeof(*words); ++w) {
      size_t l = strlen(words[w]);
      if (i + l <= n && memcmp(t + i, words[w], l) == 0)
        return true;
    }
  }
  return false;
}

static bool scan(const char *s) { return irsDumpTextMayAlias(s, strlen(s)); }

static void handPicked(void **state) {
  (void)state;
  assert_false(scan(""));
  assert_false(scan("func.func @f() {\n  return\n}"));
  assert_false(scan("%0 = arith.addi %a, %b overflow<nsw> : i32"));
  assert_false(scan("memref<4xf32> vector<4xi8> tensor<?xf32> %m[%i]"));
  assert_false(scan("#arith.fastmath<fast> !func.x #builtin.y"));
  assert_false(scan("mytuple<i32> xaffine_map<(d0) -> (d0)> notdistinct[0]"));
  assert_false(scan("affine_map (no bracket) tuple distinct dense_resource"));
  assert_true(scan("affine_map<(d0) -> (d0)>"));
  assert_true(scan("x = affine_set<(d0) : (d0 >= 0)>"));
  assert_true(scan("loc = distinct[0]<\"x\">"));
  assert_true(scan("dense_resource<blob> : tensor<4xi8>"));
  assert_true(scan("%t : tuple<i32, i32>"));
  assert_false(scan("!llvm.ptr"));
  assert_false(scan("%1 = llvm.load %0 : !llvm.ptr -> !llvm.struct<(i32)>"));
  assert_true(scan("llvm.load %p {tbaa = [#llvm.tbaa_tag<x>]} : !llvm.ptr"));
  assert_true(scan("#llvm.di_file<\"a\" in \"b\">"));
  assert_true(scan("llvm.intr.dbg.value <x> = %0 : !llvm.ptr"));
  assert_true(scan("{loop_annotation = #llvm.loop_annotation<x>}"));
  assert_true(scan("attr = #gpu.address_space<workgroup>"));
  // Across a 16-byte block: the '<' at index 16, its word before it.
  assert_true(scan("0123456789 tuple<i32>"));
  assert_true(scan("0123456789abcde #foo.bar"));
  assert_true(scan("0123456789abcdef!x.y"));
  // The last bytes, after the last whole block.
  assert_true(scan("0123456789abcdef0123456789abcdef tuple<"));
  assert_false(scan("0123456789abcdef0123456789abcdef tuple"));
  // Only the first n bytes count.
  assert_false(irsDumpTextMayAlias("abc tuple<i32>", 9));
  assert_true(irsDumpTextMayAlias("abc tuple<i32>", 10));
}

static void matchesReference(void **state) {
  (void)state;
  static const char *const pieces[] = {
      " ", "\n", "x", "_", "tuple", "<", "[", "affine_map", "affine_set",
      "distinct", "dense_resource", "#", "!", ".", "arith", "llvm", "gpu",
      "builtin", "tensor", "%0 = arith.constant 1 : i32", "0123456789abcdef",
      "tbaa", "di_"};
  const size_t np = sizeof(pieces) / sizeof(*pieces);
  uint64_t seed = 0x243f6a8885a308d3ull;
  char buf[512];
  int hits = 0;
  for (int iter = 0; iter < 20000; ++iter) {
    size_t len = 0;
    int k = 1 + (int)(seed % 24);
    for (int p = 0; p < k; ++p) {
      seed = seed * 6364136223846793005ull + 1442695040888963407ull;
      const char *s = pieces[(seed >> 33) % np];
      size_t l = strlen(s);
      if (len + l >= sizeof buf)
        break;
      memcpy(buf + len, s, l);
      len += l;
    }
    buf[len] = '\0';
    bool want = reference(buf, len), got = irsDumpTextMayAlias(buf, len);
    if (want != got)
      fail_msg("scan says %d, the rule says %d, for \"%s\"", got, want, buf);
    hits += want;
  }
  // The generator must exercise both answers often.
  assert_true(hits > 2000 && hits < 18000);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(handPicked),
      cmocka_unit_test(matchesReference),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
