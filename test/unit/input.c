// SPDX-License-Identifier: Apache-2.0
// Unit tests of input reading and splitting (lib/Support/Input.c): reading a
// file whole, splitting at "// -----" markers (chunk count, first lines and
// contents), content hashes, error messages, and that chunks parse with the
// line numbers and file name of the original file.
#define _XOPEN_SOURCE 700
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#define TEMP_DIR_NAME "irscope-unit-input"
#include "TempDir.h"

#include "Support/Buf.h"
#include "irscope/Input.h"
#include "../CAPI/Context.h"

#include <ftw.h>
#include <mlir-c/IR.h>
#include <mlir-c/RegisterEverything.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

// Writes `n` bytes to "<test dir>/<name>" and returns the path in `buf`.
static char *writeFile(void **state, const char *name, const char *data,
                       size_t n, char *buf) {
  snprintf(buf, 4096, "%s/%s", (const char *)*state, name);
  FILE *f = fopen(buf, "wb");
  assert_non_null(f);
  assert_int_equal(fwrite(data, 1, n, f), n);
  fclose(f);
  return buf;
}

typedef struct Errors {
  IrsBuf text;
  int calls;
} Errors;

static void onError(MlirStringRef s, void *ud) {
  Errors *e = ud;
  ++e->calls;
  irsBufAppendRef(&e->text, s);
}

static const char *str(MlirStringRef r) {
  static char bufs[4][4096];
  static int next;
  char *b = bufs[next++ & 3];
  size_t n = r.length < 4095 ? r.length : 4095;
  memcpy(b, r.data, n);
  b[n] = '\0';
  return b;
}

static const char kThree[] = "func.func @a() {\n"   // 1
                             "  return\n"           // 2
                             "}\n"                  // 3
                             "// -----\n"           // 4
                             "func.func @b() {\n"   // 5
                             "  return\n"           // 6
                             "}\n"                  // 7
                             "// -----\n"           // 8
                             "func.func @c() {\n"   // 9
                             "  %x = arith.constant 1 : i32\n" // 10
                             "  return\n"           // 11
                             "}\n";                 // 12

static IrsInput readInput(void **state, const char *name, const char *data,
                          char *path) {
  writeFile(state, name, data, strlen(data), path);
  IrsErrorKind kind = IRS_OK;
  IrsInput in = irsInputCreateFromFile(path, NULL, NULL, &kind);
  assert_false(irsInputIsNull(in));
  assert_int_equal(kind, IRS_OK);
  return in;
}

//===----------------------------------------------------------------------===//
// Reading
//===----------------------------------------------------------------------===//

static void test_input__reads_whole_file(void **state) {
  char path[4096];
  IrsInput in = readInput(state, "in.mlir", kThree, path);
  MlirStringRef c = irsInputGetContents(in);
  assert_int_equal(c.length, strlen(kThree));
  assert_memory_equal(c.data, kThree, c.length);
  assert_string_equal(irsInputGetSourceName(in), path);
  assert_int_equal(irsInputGetNumChunks(in), 1);
  assert_int_equal(irsInputGetChunkLine(in, 0), 1);
  assert_string_equal(str(irsInputGetChunk(in, 0)), kThree);
  assert_false(irsInputIsBytecode(in));
  irsInputDestroy(in);
}

static void test_input__empty_file(void **state) {
  char path[4096];
  IrsInput in = readInput(state, "empty.mlir", "", path);
  assert_int_equal(irsInputGetContents(in).length, 0);
  assert_int_equal(irsInputGetNumChunks(in), 1);
  assert_int_equal(irsInputGetChunk(in, 0).length, 0);
  irsInputSplit(in, mlirStringRefCreateFromCString("// -----"));
  assert_int_equal(irsInputGetNumChunks(in), 1);
  assert_int_equal(irsInputGetChunk(in, 0).length, 0);
  irsInputDestroy(in);
}

static void test_input__binary_contents_kept(void **state) {
  char path[4096];
  static const char bytes[] = "ML\xefR\0\1\2\0xyz";
  writeFile(state, "in.mlirbc", bytes, sizeof(bytes) - 1, path);
  IrsInput in = irsInputCreateFromFile(path, NULL, NULL, NULL);
  assert_false(irsInputIsNull(in));
  assert_int_equal(irsInputGetContents(in).length, sizeof(bytes) - 1);
  assert_memory_equal(irsInputGetContents(in).data, bytes, sizeof(bytes) - 1);
  assert_true(irsInputIsBytecode(in));
  irsInputDestroy(in);
}

static void test_input__missing_file_error(void **state) {
  char path[4096];
  snprintf(path, sizeof(path), "%s/missing.mlir", (const char *)*state);
  Errors e = {IRS_BUF_INIT, 0};
  IrsErrorKind kind = IRS_OK;
  IrsInput in = irsInputCreateFromFile(path, onError, &e, &kind);
  assert_true(irsInputIsNull(in));
  assert_int_equal(kind, IRS_ERR_IO);
  assert_int_equal(e.calls, 1);
  char want[4200];
  snprintf(want, sizeof(want),
           "cannot open input file '%s': No such file or directory", path);
  assert_string_equal(e.text.data, want);
  irsBufFree(&e.text);
  // Callback and kind are optional.
  in = irsInputCreateFromFile(path, NULL, NULL, NULL);
  assert_true(irsInputIsNull(in));
}

static void test_input__directory_error(void **state) {
  Errors e = {IRS_BUF_INIT, 0};
  IrsErrorKind kind = IRS_OK;
  const char *dir = *state;
  IrsInput in = irsInputCreateFromFile(dir, onError, &e, &kind);
  assert_true(irsInputIsNull(in));
  assert_int_equal(kind, IRS_ERR_IO);
  assert_int_equal(e.calls, 1);
  char want[4200];
  snprintf(want, sizeof(want), "cannot read input file '%s': Is a directory",
           dir);
  assert_string_equal(e.text.data, want);
  irsBufFree(&e.text);
}

static void test_input__destroy_null_is_noop(void **state) {
  (void)state;
  IrsInput in = {NULL};
  irsInputDestroy(in);
}

//===----------------------------------------------------------------------===//
// Hashes
//===----------------------------------------------------------------------===//

static void test_input__hash_is_fnv1a(void **state) {
  (void)state;
  char out[17];
  irsHashBytesHex("", 0, out);
  assert_string_equal(out, "cbf29ce484222325");
  irsHashBytesHex("a", 1, out);
  assert_string_equal(out, "af63dc4c8601ec8c");
  irsHashBytesHex("foobar", 6, out);
  assert_string_equal(out, "85944171f73967e8");
}

static void test_input__hash_is_stable(void **state) {
  char p1[4096], p2[4096], p3[4096];
  IrsInput a = readInput(state, "a.mlir", kThree, p1);
  IrsInput b = readInput(state, "b.mlir", kThree, p2);
  IrsInput c = readInput(state, "c.mlir", "module {}\n", p3);
  assert_int_equal(strlen(irsInputGetHash(a)), 16);
  // Same bytes, same hash, whatever the name.
  assert_string_equal(irsInputGetHash(a), irsInputGetHash(b));
  assert_string_not_equal(irsInputGetHash(a), irsInputGetHash(c));
  char want[17];
  irsHashBytesHex(kThree, strlen(kThree), want);
  assert_string_equal(irsInputGetHash(a), want);
  // Splitting does not change the hash of the whole input.
  irsInputSplit(a, mlirStringRefCreateFromCString("// -----"));
  assert_string_equal(irsInputGetHash(a), want);
  irsInputDestroy(a);
  irsInputDestroy(b);
  irsInputDestroy(c);
}

//===----------------------------------------------------------------------===//
// Splitting
//===----------------------------------------------------------------------===//

static void test_input__split_chunks(void **state) {
  char path[4096];
  IrsInput in = readInput(state, "split.mlir", kThree, path);
  irsInputSplit(in, mlirStringRefCreateFromCString("// -----"));
  assert_int_equal(irsInputGetNumChunks(in), 3);
  assert_string_equal(str(irsInputGetChunk(in, 0)),
                      "func.func @a() {\n  return\n}\n");
  assert_int_equal(irsInputGetChunkLine(in, 0), 1);
  // A chunk starts right behind the marker, on the marker's line.
  assert_string_equal(str(irsInputGetChunk(in, 1)),
                      "\nfunc.func @b() {\n  return\n}\n");
  assert_int_equal(irsInputGetChunkLine(in, 1), 4);
  assert_string_equal(str(irsInputGetChunk(in, 2)),
                      "\nfunc.func @c() {\n  %x = arith.constant 1 : i32\n"
                      "  return\n}\n");
  assert_int_equal(irsInputGetChunkLine(in, 2), 8);
  // The contents are untouched.
  assert_string_equal(str(irsInputGetContents(in)), kThree);
  irsInputDestroy(in);
}

static void test_input__split_without_marker_is_one_chunk(void **state) {
  char path[4096];
  IrsInput in = readInput(state, "one.mlir", "module {}\n", path);
  irsInputSplit(in, mlirStringRefCreateFromCString("// -----"));
  assert_int_equal(irsInputGetNumChunks(in), 1);
  assert_string_equal(str(irsInputGetChunk(in, 0)), "module {}\n");
  assert_int_equal(irsInputGetChunkLine(in, 0), 1);
  irsInputDestroy(in);
}

static void test_input__split_marker_at_edges(void **state) {
  char path[4096];
  IrsInput in =
      readInput(state, "edges.mlir", "// -----\nmodule {}\n// -----\n", path);
  irsInputSplit(in, mlirStringRefCreateFromCString("// -----"));
  assert_int_equal(irsInputGetNumChunks(in), 3);
  assert_string_equal(str(irsInputGetChunk(in, 0)), "");
  assert_int_equal(irsInputGetChunkLine(in, 0), 1);
  assert_string_equal(str(irsInputGetChunk(in, 1)), "\nmodule {}\n");
  assert_int_equal(irsInputGetChunkLine(in, 1), 1);
  assert_string_equal(str(irsInputGetChunk(in, 2)), "\n");
  assert_int_equal(irsInputGetChunkLine(in, 2), 3);
  irsInputDestroy(in);
}

static void test_input__split_many_chunks(void **state) {
  char path[4096];
  IrsBuf b = IRS_BUF_INIT;
  for (int i = 0; i < 40; ++i)
    irsBufPrintf(&b, "chunk %d\n// -----\n", i);
  irsBufAppendStr(&b, "last\n");
  IrsInput in = readInput(state, "many.mlir", b.data, path);
  irsInputSplit(in, mlirStringRefCreateFromCString("// -----"));
  assert_int_equal(irsInputGetNumChunks(in), 41);
  assert_string_equal(str(irsInputGetChunk(in, 0)), "chunk 0\n");
  assert_string_equal(str(irsInputGetChunk(in, 17)), "\nchunk 17\n");
  assert_int_equal(irsInputGetChunkLine(in, 17), 34);
  assert_string_equal(str(irsInputGetChunk(in, 40)), "\nlast\n");
  assert_int_equal(irsInputGetChunkLine(in, 40), 80);
  irsInputDestroy(in);
  irsBufFree(&b);
}

static void test_input__split_custom_marker(void **state) {
  char path[4096];
  IrsInput in = readInput(state, "custom.mlir",
                          "a\n// -----\nb\n// =====\nc\n", path);
  irsInputSplit(in, mlirStringRefCreateFromCString("// ====="));
  assert_int_equal(irsInputGetNumChunks(in), 2);
  assert_string_equal(str(irsInputGetChunk(in, 0)), "a\n// -----\nb\n");
  assert_string_equal(str(irsInputGetChunk(in, 1)), "\nc\n");
  assert_int_equal(irsInputGetChunkLine(in, 1), 4);
  // An empty marker leaves the chunks alone.
  irsInputSplit(in, mlirStringRefCreate("", 0));
  assert_int_equal(irsInputGetNumChunks(in), 2);
  irsInputDestroy(in);
}

static void test_input__blank_range_keeps_newlines(void **state) {
  char path[4096];
  IrsInput in = readInput(state, "blank.mlir", "abc\ndef", path);
  irsInputBlankRange(in, 1, 5);
  assert_string_equal(str(irsInputGetContents(in)), "a  \n  f");
  // Ranges past the end are clipped.
  irsInputBlankRange(in, 6, 100);
  assert_string_equal(str(irsInputGetContents(in)), "a  \n   ");
  irsInputDestroy(in);
}

//===----------------------------------------------------------------------===//
// Parsing chunks keeps the original positions
//===----------------------------------------------------------------------===//

static void appendCb(MlirStringRef s, void *ud) {
  irsBufAppendRef((IrsBuf *)ud, s);
}

// Printed location of the first op in the module body, and of the op
// nested `depth` levels further in (first op of first block of region 0).
static void firstOpLoc(MlirModule m, int depth, IrsBuf *out) {
  MlirOperation op = mlirBlockGetFirstOperation(mlirModuleGetBody(m));
  for (int i = 0; i < depth; ++i)
    op = mlirBlockGetFirstOperation(
        mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0)));
  mlirLocationPrint(mlirOperationGetLocation(op), appendCb, out);
}

// The part of a printed location after the file name: ":9:1)".
static const char *lineCol(const char *printed) {
  const char *q = strrchr(printed, '"');
  return q ? q + 1 : printed;
}

static void test_input__parse_chunk_keeps_lines(void **state) {
  char path[4096];
  IrsInput in = readInput(state, "lines.mlir", kThree, path);
  irsInputSplit(in, mlirStringRefCreateFromCString("// -----"));
  MlirContext ctx = newContext(false);
  MlirModule m = irsInputParseChunk(in, ctx, 2);
  assert_false(mlirModuleIsNull(m));
  IrsBuf loc = IRS_BUF_INIT;
  firstOpLoc(m, 0, &loc);
  assert_string_equal(lineCol(loc.data), ":9:1)");
  irsBufReset(&loc);
  firstOpLoc(m, 1, &loc);
  assert_string_equal(lineCol(loc.data), ":10:8)");
  irsBufReset(&loc);
  mlirModuleDestroy(m);

  m = irsInputParseChunk(in, ctx, 0);
  assert_false(mlirModuleIsNull(m));
  firstOpLoc(m, 0, &loc);
  assert_string_equal(lineCol(loc.data), ":1:1)");
  irsBufFree(&loc);
  mlirModuleDestroy(m);
  mlirContextDestroy(ctx);
  irsInputDestroy(in);
}

// Locations of a chunk carry the input's name, as mlir-opt's do.
static void test_input__parse_chunk_names_file(void **state) {
  char path[4096];
  IrsInput in = readInput(state, "named.mlir", kThree, path);
  irsInputSplit(in, mlirStringRefCreateFromCString("// -----"));
  MlirContext ctx = newContext(false);
  char want[4200];
  for (intptr_t c = 0; c < 3; ++c) {
    MlirModule m = irsInputParseChunk(in, ctx, c);
    assert_false(mlirModuleIsNull(m));
    IrsBuf loc = IRS_BUF_INIT;
    firstOpLoc(m, 0, &loc);
    snprintf(want, sizeof(want), "loc(\"%s\":%d:1)", path,
             c == 0 ? 1 : c == 1 ? 5 : 9);
    assert_string_equal(loc.data, want);
    irsBufFree(&loc);
    mlirModuleDestroy(m);
  }
  mlirContextDestroy(ctx);
  irsInputDestroy(in);
}

static void test_input__parse_whole_file(void **state) {
  char path[4096];
  IrsInput in = readInput(state, "whole.mlir",
                          "\n\nfunc.func @f() {\n  return\n}\n", path);
  MlirContext ctx = newContext(false);
  MlirModule m = irsInputParseChunk(in, ctx, 0);
  assert_false(mlirModuleIsNull(m));
  IrsBuf loc = IRS_BUF_INIT;
  char want[4200];
  firstOpLoc(m, 0, &loc);
  snprintf(want, sizeof(want), "loc(\"%s\":3:1)", path);
  assert_string_equal(loc.data, want);
  irsBufFree(&loc);
  mlirModuleDestroy(m);
  mlirContextDestroy(ctx);
  irsInputDestroy(in);
}

int main(void) {
#define T(name) cmocka_unit_test_setup_teardown(name, setUp, tearDown)
  const struct CMUnitTest tests[] = {
      T(test_input__reads_whole_file),
      T(test_input__empty_file),
      T(test_input__binary_contents_kept),
      T(test_input__missing_file_error),
      T(test_input__directory_error),
      T(test_input__destroy_null_is_noop),
      T(test_input__hash_is_fnv1a),
      T(test_input__hash_is_stable),
      T(test_input__split_chunks),
      T(test_input__split_without_marker_is_one_chunk),
      T(test_input__split_marker_at_edges),
      T(test_input__split_many_chunks),
      T(test_input__split_custom_marker),
      T(test_input__blank_range_keeps_newlines),
      T(test_input__parse_chunk_keeps_lines),
      T(test_input__parse_chunk_names_file),
      T(test_input__parse_whole_file),
  };
#undef T
  return cmocka_run_group_tests(tests, NULL, NULL);
}
