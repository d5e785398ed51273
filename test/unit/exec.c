// SPDX-License-Identifier: Apache-2.0
// Unit tests of the execution oracle's pure parts (lib/Exec): comparing
// result texts exactly, with printMemref addresses ignored and numbers
// within a tolerance, parsing --result-tolerance, and the bisection that
// finds the first differing version with 1 + ceil(log2(n)) questions;
// and one worker running a sequence of executions, each with its own
// output, stopping at the first that does not end cleanly; and the search
// that blames a step whose output gives undefined results; and the
// fillings that give memory nothing wrote a known byte; and where the
// workers' perf jitdumps go.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "Exec/ExecImpl.h"
#include "Support/Fs.h"

#include <mlir-c/RegisterEverything.h>

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static MlirStringRef ref(const char *s) {
  return (MlirStringRef){s, strlen(s)};
}

static const IrsExecTolerance exact = {0, 0};

static void test_compare__exact_text(void **state) {
  (void)state;
  assert_true(irsExecCompare(ref("( 1, 2 )\n42\n"), ref("( 1, 2 )\n42\n"),
                             exact, NULL, NULL));
  size_t off = 99;
  intptr_t line = 0;
  assert_false(irsExecCompare(ref("a\nb\n42\n"), ref("a\nb\n38\n"), exact,
                              &off, &line));
  assert_int_equal(line, 3);
  assert_int_equal(off, 4);
  // A missing last line differs too, at the line that is missing.
  assert_false(irsExecCompare(ref("a\nb\n"), ref("a\n"), exact, &off, &line));
  assert_int_equal(line, 2);
}

static void test_compare__memref_addresses_ignored(void **state) {
  (void)state;
  const char *a = "Unranked Memref base@ = 0x7ffc1234 rank = 1\n[1.5]\n";
  const char *b = "Unranked Memref base@ = 0x55aa99 rank = 1\n[1.5]\n";
  const char *c = "Unranked Memref base@ = 0x55aa99 rank = 1\n[2.5]\n";
  assert_true(irsExecCompare(ref(a), ref(b), exact, NULL, NULL));
  intptr_t line = 0;
  assert_false(irsExecCompare(ref(a), ref(c), exact, NULL, &line));
  assert_int_equal(line, 2);
}

static void test_compare__numbers_within_tolerance(void **state) {
  (void)state;
  IrsExecTolerance rel = {1e-6, 0};
  assert_false(irsExecCompare(ref("x = 1.000000e+00\n"),
                              ref("x = 1.0000001e+00\n"), exact, NULL, NULL));
  assert_true(irsExecCompare(ref("x = 1.000000e+00\n"),
                             ref("x = 1.0000001e+00\n"), rel, NULL, NULL));
  assert_false(irsExecCompare(ref("x = 1.0\n"), ref("x = 1.1\n"), rel, NULL,
                              NULL));
  // Absolute tolerance for values near zero; nan equals nan; text around
  // the numbers must still match.
  IrsExecTolerance both = {1e-6, 1e-3};
  assert_true(irsExecCompare(ref("( 0, -0.0004 )"), ref("( 0.0002, 0 )"), both,
                             NULL, NULL));
  assert_true(irsExecCompare(ref("nan, -inf"), ref("nan, -inf"), rel, NULL,
                             NULL));
  assert_false(irsExecCompare(ref("a 1"), ref("b 1"), both, NULL, NULL));
  // Digits inside words are text: "f32" vs "f64" differ even with a huge
  // tolerance.
  IrsExecTolerance huge = {10, 100};
  assert_false(irsExecCompare(ref("f32"), ref("f64"), huge, NULL, NULL));
}

static void test_number__length_and_boundaries(void **state) {
  (void)state;
  double v = 0;
  const char *s = "-1.5e+02,";
  assert_int_equal(irsExecNumberLength(s, s + strlen(s), true, &v), 8);
  assert_true(v == -150.0);
  s = "information";
  assert_int_equal(irsExecNumberLength(s, s + strlen(s), true, &v), 0);
  s = "12";
  assert_int_equal(irsExecNumberLength(s, s + strlen(s), false, &v), 0);
}

static void test_tolerance__parse(void **state) {
  (void)state;
  IrsExecTolerance t;
  assert_true(irsExecToleranceParse("1e-6", &t));
  assert_true(t.rel == 1e-6 && t.abs == 0);
  assert_true(irsExecToleranceParse("0.01,1e-9", &t));
  assert_true(t.rel == 0.01 && t.abs == 1e-9);
  assert_false(irsExecToleranceParse("", &t));
  assert_false(irsExecToleranceParse("-1", &t));
  assert_false(irsExecToleranceParse("1,", &t));
  assert_false(irsExecToleranceParse("1,2,3", &t));
  assert_false(irsExecToleranceParse("abc", &t));
}

typedef struct Oracle {
  intptr_t firstBad; // 0: none
  intptr_t asked;
  intptr_t abortAt;  // abort on this question (0: never)
} Oracle;

static int same(intptr_t i, void *ud) {
  Oracle *o = ud;
  ++o->asked;
  if (o->abortAt && o->asked == o->abortAt)
    return -1;
  return o->firstBad == 0 || i < o->firstBad;
}

static intptr_t ceilLog2(intptr_t n) {
  intptr_t k = 0;
  while (((intptr_t)1 << k) < n)
    ++k;
  return k;
}

static void test_bisect__finds_first_bad_within_log2(void **state) {
  (void)state;
  for (intptr_t n = 1; n <= 40; ++n) {
    for (intptr_t bad = 1; bad <= n; ++bad) {
      Oracle o = {bad, 0, 0};
      assert_int_equal(irsExecBisect(n, same, &o), bad);
      assert_true(o.asked <= 1 + ceilLog2(n));
    }
  }
}

static void test_bisect__all_good_needs_one_question(void **state) {
  (void)state;
  Oracle o = {0, 0, 0};
  assert_int_equal(irsExecBisect(17, same, &o), 0);
  assert_int_equal(o.asked, 1);
  assert_int_equal(irsExecBisect(0, same, &o), 0);
  assert_int_equal(o.asked, 1);
}

static void test_bisect__abort_propagates(void **state) {
  (void)state;
  Oracle o = {5, 0, 2};
  assert_int_equal(irsExecBisect(16, same, &o), -1);
  Oracle first = {5, 0, 1};
  assert_int_equal(irsExecBisect(16, same, &first), -1);
}

static void toCapture(int fd, void *ud) {
  (void)ud;
  dup2(fd, STDOUT_FILENO);
}

#define PRINTS(N)                                                              \
  "func.func @main() {\n  %c = arith.constant " #N " : i64\n"                  \
  "  vector.print %c : i64\n  return\n}\n"

static void test_sequence__outputs_apart_and_stops_at_failure(void **state) {
  (void)state;
  mlirRegisterAllPasses();
  IrsExecOptions o = irsExecOptionsDefault();
  IrsExecutor ex = irsExecutorCreate(&o, toCapture, NULL);
  assert_false(irsExecutorIsNull(ex));
  MlirStringRef two[2] = {ref(PRINTS(1)), ref(PRINTS(22))};
  IrsExecResult res[3];
  assert_int_equal(irsExecutorRunSequence(ex, two, 2, res), 2);
  assert_int_equal(res[0].outcome, IrsExecOk);
  assert_string_equal(res[0].output, "1\n");
  assert_string_equal(res[1].output, "22\n");
  assert_string_equal(res[1].resultType, "void");
  for (int i = 0; i < 2; ++i)
    irsExecResultFree(&res[i]);
  // The second does not parse: the third never runs.
  MlirStringRef three[3] = {ref(PRINTS(3)), ref("func.func @main( {"),
                            ref(PRINTS(4))};
  assert_int_equal(irsExecutorRunSequence(ex, three, 3, res), 2);
  assert_string_equal(res[0].output, "3\n");
  assert_int_equal(res[1].outcome, IrsExecParseFailed);
  assert_non_null(res[1].message);
  assert_null(res[2].output);
  assert_int_equal(irsExecutorGetNumRuns(ex), 4);
  for (int i = 0; i < 2; ++i)
    irsExecResultFree(&res[i]);
  assert_int_equal(irsExecutorRunSequence(ex, three, 0, res), -1);
  irsExecutorDestroy(ex);
}

// Prints the clock's fraction of a second: a different result every run.
#define PRINTS_CLOCK                                                           \
  "func.func private @rtclock() -> f64\n"                                     \
  "func.func @main() {\n  %t = call @rtclock() : () -> f64\n"                \
  "  %s = math.floor %t : f64\n  %f = arith.subf %t, %s : f64\n"             \
  "  vector.print %f : f64\n  return\n}\n"

static IrsExecSearchResult searchOf(const MlirStringRef *v, intptr_t n) {
  IrsExecOptions o = irsExecOptionsDefault();
  IrsExecutor ex = irsExecutorCreate(&o, toCapture, NULL);
  assert_false(irsExecutorIsNull(ex));
  IrsExecResult res[4];
  memset(res, 0, sizeof(res));
  IrsExecSearchResult sr = irsExecSearch(ex, v, n, exact, res);
  for (intptr_t i = 0; i < n; ++i)
    irsExecResultFree(&res[i]);
  irsExecutorDestroy(ex);
  return sr;
}

// A step whose output gives a new result every run, after versions that
// gave the reference's twice, made the results undefined: it is the
// culprit, marked unstable. A reference that varies is no one's fault.
static void test_search__undefined_results_blame_their_step(void **state) {
  (void)state;
  mlirRegisterAllPasses();
  MlirStringRef v[3] = {ref(PRINTS(1)), ref(PRINTS(1)), ref(PRINTS_CLOCK)};
  IrsExecSearchResult sr = searchOf(v, 3);
  assert_int_equal(sr.status, IrsExecSearchFound);
  assert_int_equal(sr.culprit, 2);
  assert_int_equal(sr.unstable, 2);
  MlirStringRef w[3] = {ref(PRINTS(1)), ref(PRINTS(2)), ref(PRINTS(2))};
  sr = searchOf(w, 3);
  assert_int_equal(sr.status, IrsExecSearchFound);
  assert_int_equal(sr.culprit, 1);
  assert_int_equal(sr.unstable, 0);
  MlirStringRef x[2] = {ref(PRINTS_CLOCK), ref(PRINTS(1))};
  sr = searchOf(x, 2);
  assert_int_equal(sr.status, IrsExecSearchNondeterministic);
  assert_int_equal(sr.unstable, 0);
}

// Prints an i32 of a fresh heap block and one of a fresh stack slot,
// neither ever written.
#define PRINTS_UNWRITTEN                                                       \
  "func.func @main() {\n  %c0 = arith.constant 0 : index\n"                 \
  "  %h = memref.alloc() : memref<4xi32>\n"                                  \
  "  %s = memref.alloca() : memref<4xi32>\n"                                 \
  "  %a = memref.load %h[%c0] : memref<4xi32>\n"                             \
  "  %b = memref.load %s[%c0] : memref<4xi32>\n"                             \
  "  vector.print %a : i32\n  vector.print %b : i32\n"                      \
  "  memref.dealloc %h : memref<4xi32>\n  return\n}\n"

// Under a filling, unwritten heap and stack memory hold its byte; the two
// fillings differ in every bit, and the executor switches between them.
static void test_fill__unwritten_memory_holds_the_byte(void **state) {
  (void)state;
  mlirRegisterAllPasses();
  IrsExecOptions o = irsExecOptionsDefault();
  o.fill = IrsExecFill5A;
  IrsExecutor ex = irsExecutorCreate(&o, toCapture, NULL);
  assert_false(irsExecutorIsNull(ex));
  assert_int_equal(irsExecutorGetFill(ex), IrsExecFill5A);
  MlirStringRef text = ref(PRINTS_UNWRITTEN);
  IrsExecResult r;
  assert_true(irsStatusIsOk(irsExecutorRun(ex, text, &r)));
  assert_int_equal(r.outcome, IrsExecOk);
  assert_string_equal(r.output, "1515870810\n1515870810\n"); // 0x5A5A5A5A
  irsExecResultFree(&r);
  irsExecutorSetFill(ex, IrsExecFillA5);
  assert_true(irsStatusIsOk(irsExecutorRun(ex, text, &r)));
  assert_string_equal(r.output, "-1515870811\n-1515870811\n"); // 0xA5A5A5A5
  irsExecResultFree(&r);
  irsExecutorDestroy(ex);
}

// Entries of `dir` other than "." and ".."; the first one's name goes to
// `first` (when there is one and `first` is not NULL).
static int entriesOf(const char *dir, char *first, size_t cap) {
  DIR *d = opendir(dir);
  assert_non_null(d);
  int n = 0;
  struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
      continue;
    if (!n++ && first)
      snprintf(first, cap, "%s", e->d_name);
  }
  closedir(d);
  return n;
}

// Restores the environment variable `name` to `saved` (NULL: unset) and
// frees `saved`.
static void putBack(const char *name, char *saved) {
  if (saved)
    setenv(name, saved, 1);
  else
    unsetenv(name);
  free(saved);
}

// MLIR's JIT writes a perf jitdump per process under $JITDUMPDIR, else the
// temporary directory. An executor points its workers at a directory of its
// own in $TMPDIR, which holds nothing once a worker has ended and is gone
// with the executor; a JITDUMPDIR the user set gets the dumps instead.
static void test_jitdump__workers_leave_nothing(void **state) {
  (void)state;
  mlirRegisterAllPasses();
  char tmp[] = "/tmp/irscope-unit-jit-XXXXXX";
  assert_non_null(mkdtemp(tmp));
  char *oldTmp = getenv("TMPDIR") ? strdup(getenv("TMPDIR")) : NULL;
  char *oldJit = getenv("JITDUMPDIR") ? strdup(getenv("JITDUMPDIR")) : NULL;
  setenv("TMPDIR", tmp, 1);
  unsetenv("JITDUMPDIR");
  IrsExecOptions o = irsExecOptionsDefault();
  IrsExecutor ex = irsExecutorCreate(&o, toCapture, NULL);
  assert_false(irsExecutorIsNull(ex));
  char name[256] = "";
  assert_int_equal(entriesOf(tmp, name, sizeof(name)), 1);
  assert_int_equal(strncmp(name, "irscope-jit-", 12), 0);
  char own[512];
  snprintf(own, sizeof(own), "%s/%s", tmp, name);
  IrsExecResult r;
  assert_true(irsStatusIsOk(irsExecutorRun(ex, ref(PRINTS(7)), &r)));
  assert_string_equal(r.output, "7\n");
  irsExecResultFree(&r);
  assert_int_equal(entriesOf(own, NULL, 0), 0);
  irsExecutorDestroy(ex);
  assert_int_equal(entriesOf(tmp, NULL, 0), 0);

  // The user's JITDUMPDIR: no directory of irscope's, the dump is there.
  setenv("JITDUMPDIR", tmp, 1);
  ex = irsExecutorCreate(&o, toCapture, NULL);
  assert_false(irsExecutorIsNull(ex));
  assert_int_equal(entriesOf(tmp, NULL, 0), 0);
  assert_true(irsStatusIsOk(irsExecutorRun(ex, ref(PRINTS(7)), &r)));
  irsExecResultFree(&r);
  irsExecutorDestroy(ex);
  char jit[512];
  snprintf(jit, sizeof(jit), "%s/.debug/jit", tmp);
  assert_int_equal(entriesOf(jit, name, sizeof(name)), 1);
  assert_int_equal(strncmp(name, "llvm-IR-jit-", 12), 0);

  irsRemoveTree(tmp, /*keepTop=*/false);
  assert_int_equal(access(tmp, F_OK), -1);
  putBack("TMPDIR", oldTmp);
  putBack("JITDUMPDIR", oldJit);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_compare__exact_text),
      cmocka_unit_test(test_compare__memref_addresses_ignored),
      cmocka_unit_test(test_compare__numbers_within_tolerance),
      cmocka_unit_test(test_number__length_and_boundaries),
      cmocka_unit_test(test_tolerance__parse),
      cmocka_unit_test(test_bisect__finds_first_bad_within_log2),
      cmocka_unit_test(test_bisect__all_good_needs_one_question),
      cmocka_unit_test(test_bisect__abort_propagates),
      cmocka_unit_test(test_sequence__outputs_apart_and_stops_at_failure),
      cmocka_unit_test(test_search__undefined_results_blame_their_step),
      cmocka_unit_test(test_fill__unwritten_memory_holds_the_byte),
      cmocka_unit_test(test_jitdump__workers_leave_nothing),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
