// SPDX-License-Identifier: Apache-2.0
// Unit tests of the tools' table-driven option parser
// (tools/common/Options.c): flags, "=value" and separate values, the short
// "-o FILE" form, attached short values ("-j1", "-o/tmp/x"), single-dash
// long options, the unknown-option callback, "--", list and optional-value
// options, every error message, the generated usage text, and the value
// checks and rules between options (irsOptionsCheck).
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "Options.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

//===----------------------------------------------------------------------===//
// A table like irscope-opt's
//===----------------------------------------------------------------------===//

typedef struct Cfg {
  const char *output;
  const char *dumpDir;
  const char *split;
  bool verbose;
  bool verifyEach;
  bool help;
  long count;
  IrsStringList irdl;
  IrsOption table[9];
} Cfg;

static Cfg *newCfg(void) {
  Cfg *c = calloc(1, sizeof(Cfg));
  c->verifyEach = true;
  c->count = -1;
  IrsOption t[] = {
      IRS_OPT_STRING('o', "o", &c->output, "FILE", "output file"),
      IRS_OPT_STRING(0, "dump-dir", &c->dumpDir, "DIR", "dump directory"),
      IRS_OPT_OPTSTRING(0, "split-input-file", &c->split, "MARKER",
                        "split the input"),
      IRS_OPT_BOOL('v', "verbose", &c->verbose, "talk more"),
      IRS_OPT_BOOL(0, "verify-each", &c->verifyEach, "verify after each pass"),
      IRS_OPT_INT(0, "count", &c->count, "N", "how many"),
      IRS_OPT_LIST(0, "irdl-file", &c->irdl, "FILE", "load IRDL"),
      IRS_OPT_BOOL('h', "help", &c->help, "print help"),
      IRS_OPT_END(),
  };
  memcpy(c->table, t, sizeof(t));
  return c;
}

static void freeCfg(Cfg *c) {
  irsStringListFree(&c->irdl);
  free(c);
}

// Each test gets a fresh table in *state; the teardown frees it even when
// an assertion ends the test early.
static int setUp(void **state) {
  *state = newCfg();
  return 0;
}

static int tearDown(void **state) {
  freeCfg(*state);
  return 0;
}

// Records the unknown options it is shown; accepts those in `accept`
// (NULL-terminated), or all of them when `accept` is NULL.
typedef struct Unknown {
  const char *seen[8];
  int num;
  const char *const *accept;
} Unknown;

static bool onUnknown(const char *arg, void *ud) {
  Unknown *u = ud;
  if (u->num < 8)
    u->seen[u->num++] = arg;
  if (!u->accept)
    return true;
  for (const char *const *a = u->accept; *a; ++a)
    if (!strcmp(*a, arg))
      return true;
  return false;
}

#define ARGC(a) ((int)(sizeof(a) / sizeof((a)[0])))

// Parses argv with the table of `c`, no unknown callback.
static int parse(Cfg *c, int argc, char **argv, char *err) {
  err[0] = '\0';
  return irsOptionsParse(argc, argv, c->table, NULL, NULL, err, 256);
}

//===----------------------------------------------------------------------===//
// Flags and values
//===----------------------------------------------------------------------===//

static void test_options__bools(void **state) {
  Cfg *c = *state;
  char err[256];
  char *argv[] = {"tool", "--verbose", "--verify-each=false"};
  assert_int_equal(parse(c, ARGC(argv), argv, err), 0);
  assert_true(c->verbose);
  assert_false(c->verifyEach);
  char *argv2[] = {"tool", "--verify-each=1", "-h"};
  assert_int_equal(parse(c, ARGC(argv2), argv2, err), 0);
  assert_true(c->verifyEach);
  assert_true(c->help);
  char *argv3[] = {"tool", "--verify-each=0", "-v=false"};
  assert_int_equal(parse(c, ARGC(argv3), argv3, err), 0);
  assert_false(c->verifyEach);
  assert_false(c->verbose);
  char *argv4[] = {"tool", "--verify-each=true", "-v"};
  assert_int_equal(parse(c, ARGC(argv4), argv4, err), 0);
  assert_true(c->verifyEach);
  assert_true(c->verbose);
}

// A flag does not take the next argument: it stays positional.
static void test_options__bool_does_not_consume_next(void **state) {
  Cfg *c = *state;
  char err[256];
  char *argv[] = {"tool", "--verbose", "false"};
  assert_int_equal(parse(c, ARGC(argv), argv, err), 1);
  assert_true(c->verbose);
  assert_string_equal(argv[1], "false");
}

static void test_options__equals_values(void **state) {
  Cfg *c = *state;
  char err[256];
  char *argv[] = {"tool", "--dump-dir=out/dir", "--count=42", "--o=x.mlir"};
  assert_int_equal(parse(c, ARGC(argv), argv, err), 0);
  assert_string_equal(c->dumpDir, "out/dir");
  assert_int_equal(c->count, 42);
  assert_string_equal(c->output, "x.mlir");
  char *argv2[] = {"tool", "--count=-7", "--dump-dir="};
  assert_int_equal(parse(c, ARGC(argv2), argv2, err), 0);
  assert_int_equal(c->count, -7);
  assert_string_equal(c->dumpDir, "");
}

static void test_options__separate_values(void **state) {
  Cfg *c = *state;
  char err[256];
  char *argv[] = {"tool", "--dump-dir", "d", "--count", "3", "in.mlir"};
  assert_int_equal(parse(c, ARGC(argv), argv, err), 1);
  assert_string_equal(c->dumpDir, "d");
  assert_int_equal(c->count, 3);
  assert_string_equal(argv[1], "in.mlir");
}

static void test_options__short_o(void **state) {
  Cfg *c = *state;
  char err[256];
  char *argv[] = {"tool", "-o", "a.mlir"};
  assert_int_equal(parse(c, ARGC(argv), argv, err), 0);
  assert_string_equal(c->output, "a.mlir");
  char *argv2[] = {"tool", "-ob.mlir"};
  assert_int_equal(parse(c, ARGC(argv2), argv2, err), 0);
  assert_string_equal(c->output, "b.mlir");
  char *argv3[] = {"tool", "-o=c.mlir"};
  assert_int_equal(parse(c, ARGC(argv3), argv3, err), 0);
  assert_string_equal(c->output, "c.mlir");
  char *argv4[] = {"tool", "-o", "-"};
  assert_int_equal(parse(c, ARGC(argv4), argv4, err), 0);
  assert_string_equal(c->output, "-");
}

static void test_options__single_dash_long(void **state) {
  Cfg *c = *state;
  char err[256];
  char *argv[] = {"tool",   "-dump-dir=d1", "-verbose",
                  "-count", "5",            "-split-input-file"};
  assert_int_equal(parse(c, ARGC(argv), argv, err), 0);
  assert_string_equal(c->dumpDir, "d1");
  assert_true(c->verbose);
  assert_int_equal(c->count, 5);
  assert_string_equal(c->split, "");
}

// Long names match exactly, never by prefix.
static void test_options__no_prefix_matching(void **state) {
  Cfg *c = *state;
  char err[256];
  char *argv[] = {"tool", "--verb"};
  assert_int_equal(parse(c, ARGC(argv), argv, err), -1);
  assert_string_equal(err, "unknown option '--verb'");
  assert_false(c->verbose);
  char *argv2[] = {"tool", "--verbose-more"};
  assert_int_equal(parse(c, ARGC(argv2), argv2, err), -1);
  assert_string_equal(err, "unknown option '--verbose-more'");
}

static void test_options__optional_string(void **state) {
  Cfg *c = *state;
  char err[256];
  char *argv[] = {"tool", "--split-input-file"};
  assert_int_equal(parse(c, ARGC(argv), argv, err), 0);
  assert_string_equal(c->split, "");
  char *argv2[] = {"tool", "--split-input-file=// ====="};
  assert_int_equal(parse(c, ARGC(argv2), argv2, err), 0);
  assert_string_equal(c->split, "// =====");
  // Without '=' the next argument is not taken.
  c->split = NULL;
  char *argv3[] = {"tool", "--split-input-file", "in.mlir"};
  assert_int_equal(parse(c, ARGC(argv3), argv3, err), 1);
  assert_string_equal(c->split, "");
  assert_string_equal(argv3[1], "in.mlir");
}

static void test_options__list(void **state) {
  Cfg *c = *state;
  char err[256];
  char *argv[] = {"tool",        "--irdl-file", "a.irdl", "x",
                  "--irdl-file=b.irdl", "-irdl-file",  "c.irdl"};
  assert_int_equal(parse(c, ARGC(argv), argv, err), 1);
  assert_int_equal(c->irdl.num, 3);
  assert_string_equal(c->irdl.items[0], "a.irdl");
  assert_string_equal(c->irdl.items[1], "b.irdl");
  assert_string_equal(c->irdl.items[2], "c.irdl");
  irsStringListFree(&c->irdl);
  assert_null(c->irdl.items);
  assert_int_equal(c->irdl.num, 0);
}

//===----------------------------------------------------------------------===//
// Positionals, "--", unknown options
//===----------------------------------------------------------------------===//

static void test_options__positionals_keep_order(void **state) {
  Cfg *c = *state;
  char err[256];
  char *argv[] = {"tool", "a", "--verbose", "b", "-", "-o", "out", "c"};
  assert_int_equal(parse(c, ARGC(argv), argv, err), 4);
  assert_string_equal(argv[0], "tool");
  assert_string_equal(argv[1], "a");
  assert_string_equal(argv[2], "b");
  assert_string_equal(argv[3], "-");
  assert_string_equal(argv[4], "c");
  assert_string_equal(c->output, "out");
}

static void test_options__double_dash_ends_options(void **state) {
  Cfg *c = *state;
  char err[256];
  char *argv[] = {"tool", "--count=1", "--", "--verbose", "-o", "--"};
  assert_int_equal(parse(c, ARGC(argv), argv, err), 3);
  assert_false(c->verbose);
  assert_null(c->output);
  assert_int_equal(c->count, 1);
  assert_string_equal(argv[1], "--verbose");
  assert_string_equal(argv[2], "-o");
  assert_string_equal(argv[3], "--");
}

static void test_options__unknown_callback(void **state) {
  Cfg *c = *state;
  char err[256] = "";
  Unknown u = {{0}, 0, NULL};
  char *argv[] = {"tool", "--canonicalize", "in.mlir", "-cse",
                  "--inline=default-pipeline=canonicalize", "--verbose"};
  int n = irsOptionsParse(ARGC(argv), argv, c->table, onUnknown, &u, err,
                          sizeof(err));
  assert_int_equal(n, 1);
  assert_string_equal(argv[1], "in.mlir");
  assert_int_equal(u.num, 3);
  assert_string_equal(u.seen[0], "--canonicalize");
  assert_string_equal(u.seen[1], "-cse");
  assert_string_equal(u.seen[2], "--inline=default-pipeline=canonicalize");
  assert_true(c->verbose);
}

// A typo of an option is answered with the option ("--dump-dri").
static void test_options__suggests_close_option(void **state) {
  Cfg *c = *state;
  char err[256];
  char *argv[] = {"tool", "--dump-dri=x"};
  assert_int_equal(parse(c, ARGC(argv), argv, err), -1);
  assert_string_equal(err,
                      "unknown option '--dump-dri'; did you mean '--dump-dir'?");
  char *argv2[] = {"tool", "--verify-eahc"};
  assert_int_equal(parse(c, ARGC(argv2), argv2, err), -1);
  assert_string_equal(
      err, "unknown option '--verify-eahc'; did you mean '--verify-each'?");
}

static void test_options__unknown_rejected(void **state) {
  Cfg *c = *state;
  char err[256] = "";
  static const char *const accept[] = {"--cse", NULL};
  Unknown u = {{0}, 0, accept};
  char *argv[] = {"tool", "--cse", "--bogus=1", "--verbose"};
  int n = irsOptionsParse(ARGC(argv), argv, c->table, onUnknown, &u, err,
                          sizeof(err));
  assert_int_equal(n, -1);
  assert_string_equal(err, "unknown option '--bogus'");
  assert_int_equal(u.num, 2);
  char *argv2[] = {"tool", "-x"};
  assert_int_equal(parse(c, ARGC(argv2), argv2, err), -1);
  assert_string_equal(err, "unknown option '-x'");
  // Flags cannot be glued together.
  char *argv3[] = {"tool", "-vh"};
  assert_int_equal(parse(c, ARGC(argv3), argv3, err), -1);
  assert_string_equal(err, "unknown option '-vh'");
}

// mlir-opt users write single-dash pass flags such as "-one-shot-bufferize";
// one that the tool recognises must not be taken as "-o ne-shot-bufferize".
// The glued "-oFILE" form still works when nobody claims the argument.
static void test_options__single_dash_pass_flag_is_not_short_o(void **state) {
  Cfg *c = *state;
  char err[256] = "";
  static const char *const accept[] = {"-one-shot-bufferize", NULL};
  Unknown u = {{0}, 0, accept};
  char *argv[] = {"tool", "-one-shot-bufferize", "in.mlir"};
  int n = irsOptionsParse(ARGC(argv), argv, c->table, onUnknown, &u, err,
                          sizeof(err));
  assert_int_equal(n, 1);
  assert_null(c->output);
  assert_int_equal(u.num, 1);
  assert_string_equal(u.seen[0], "-one-shot-bufferize");

  Unknown u2 = {{0}, 0, accept};
  char *argv2[] = {"tool", "-oout.mlir"};
  n = irsOptionsParse(ARGC(argv2), argv2, c->table, onUnknown, &u2, err,
                      sizeof(err));
  assert_int_equal(n, 0);
  assert_string_equal(c->output, "out.mlir");
}

// A short option's value may be attached, as with getopt: "-j1" is
// "-j 1". An integer option takes the attached form before the unknown-
// option callback (which, in the tools, claims every single-dash word as a
// pass flag), so "-jx" is a bad -j, not a pass named "jx".
static void test_options__short_int_attached(void **state) {
  (void)state;
  long jobs = 0;
  const char *out = NULL;
  const IrsOption table[] = {
      IRS_OPT_INT('j', "j", &jobs, "N", "jobs"),
      IRS_OPT_STRING('o', "o", &out, "FILE", "output"),
      IRS_OPT_END(),
  };
  char err[256] = "";
  Unknown u = {{0}, 0, NULL};
  char *argv[] = {"tool", "-j1", "in.mlir"};
  assert_int_equal(irsOptionsParse(ARGC(argv), argv, table, onUnknown, &u,
                                   err, sizeof(err)),
                   1);
  assert_int_equal(jobs, 1);
  assert_string_equal(argv[1], "in.mlir");
  char *argv2[] = {"tool", "-j", "2"};
  assert_int_equal(irsOptionsParse(ARGC(argv2), argv2, table, onUnknown, &u,
                                   err, sizeof(err)),
                   0);
  assert_int_equal(jobs, 2);
  char *argv3[] = {"tool", "-j=3"};
  assert_int_equal(irsOptionsParse(ARGC(argv3), argv3, table, onUnknown, &u,
                                   err, sizeof(err)),
                   0);
  assert_int_equal(jobs, 3);
  char *argv4[] = {"tool", "-j16", "--j=-2", "-j-5"};
  assert_int_equal(irsOptionsParse(ARGC(argv4), argv4, table, onUnknown, &u,
                                   err, sizeof(err)),
                   0);
  assert_int_equal(jobs, -5);
  assert_int_equal(u.num, 0);

  char *argv5[] = {"tool", "-jx"};
  assert_int_equal(irsOptionsParse(ARGC(argv5), argv5, table, onUnknown, &u,
                                   err, sizeof(err)),
                   -1);
  assert_string_equal(err, "option '-j' expects an integer, not 'x'");
  char *argv6[] = {"tool", "-j4x"};
  assert_int_equal(irsOptionsParse(ARGC(argv6), argv6, table, onUnknown, &u,
                                   err, sizeof(err)),
                   -1);
  assert_string_equal(err, "option '-j' expects an integer, not '4x'");
  assert_int_equal(u.num, 0);
  assert_int_equal(jobs, -5);
}

// A string option takes the attached form first only when it cannot be a
// pass flag or option name (those are lowercase words); otherwise the
// callback is asked first, as for "-one-shot-bufferize".
static void test_options__short_string_attached(void **state) {
  Cfg *c = *state;
  char err[256] = "";
  Unknown u = {{0}, 0, NULL};
  char *argv[] = {"tool", "-o/tmp/out.mlir"};
  assert_int_equal(irsOptionsParse(ARGC(argv), argv, c->table, onUnknown, &u,
                                   err, sizeof(err)),
                   0);
  assert_string_equal(c->output, "/tmp/out.mlir");
  char *argv2[] = {"tool", "-o-"};
  assert_int_equal(irsOptionsParse(ARGC(argv2), argv2, c->table, onUnknown,
                                   &u, err, sizeof(err)),
                   0);
  assert_string_equal(c->output, "-");
  char *argv3[] = {"tool", "-oOut.mlir"};
  assert_int_equal(irsOptionsParse(ARGC(argv3), argv3, c->table, onUnknown,
                                   &u, err, sizeof(err)),
                   0);
  assert_string_equal(c->output, "Out.mlir");
  char *argv4[] = {"tool", "-o./a=b.mlir"};
  assert_int_equal(irsOptionsParse(ARGC(argv4), argv4, c->table, onUnknown,
                                   &u, err, sizeof(err)),
                   0);
  assert_string_equal(c->output, "./a=b.mlir");
  assert_int_equal(u.num, 0);
  // A lowercase word is the callback's when it wants it.
  char *argv5[] = {"tool", "-ofile.mlir"};
  assert_int_equal(irsOptionsParse(ARGC(argv5), argv5, c->table, onUnknown,
                                   &u, err, sizeof(err)),
                   0);
  assert_string_equal(c->output, "./a=b.mlir");
  assert_int_equal(u.num, 1);
  assert_string_equal(u.seen[0], "-ofile.mlir");
  // Without a callback it is the attached value, '=' and all.
  char *argv6[] = {"tool", "-oa=b"};
  assert_int_equal(parse(c, ARGC(argv6), argv6, err), 0);
  assert_string_equal(c->output, "a=b");
  // Flags take no attached value.
  char *argv7[] = {"tool", "-v1"};
  assert_int_equal(parse(c, ARGC(argv7), argv7, err), -1);
  assert_string_equal(err, "unknown option '-v1'");
}

// The tools' own callback: single-dash words are pass flags only when
// their name could be a pass argument, which leaves "-oout.mlir" to -o.
static bool takePassFlag(const char *arg, void *ud) {
  return irsOptionsTakePassFlag(arg, ud);
}

static void test_options__pass_flags_and_attached_o(void **state) {
  Cfg *c = *state;
  char err[256] = "";
  IrsStringList flags = {0};
  char *argv[] = {"tool",        "-canonicalize", "--cse",
                  "-oout.mlir",  "-irs-test-fail=op=arith.muli",
                  "--a.b",       "-one-shot-bufferize", "-ofoo"};
  int n = irsOptionsParse(ARGC(argv), argv, c->table, takePassFlag, &flags,
                          err, sizeof(err));
  assert_int_equal(n, 0);
  assert_string_equal(c->output, "out.mlir");
  assert_int_equal(flags.num, 6);
  assert_string_equal(flags.items[0], "canonicalize");
  assert_string_equal(flags.items[1], "cse");
  assert_string_equal(flags.items[2], "irs-test-fail=op=arith.muli");
  assert_string_equal(flags.items[3], "a.b"); // two dashes: always a flag
  assert_string_equal(flags.items[4], "one-shot-bufferize");
  assert_string_equal(flags.items[5], "ofoo");
  // Not a pass argument and no short option to take it.
  char *argv2[] = {"tool", "-x.y"};
  assert_int_equal(irsOptionsParse(ARGC(argv2), argv2, c->table, takePassFlag,
                                   &flags, err, sizeof(err)),
                   -1);
  assert_string_equal(err, "unknown option '-x.y'");
  assert_int_equal(flags.num, 6);
  irsStringListFree(&flags);
}

// Pass flags are noted as written, with the option each is close to (""
// for none), in the caller's state, not in the parser: two parses keep two
// lists, and a new parse starts afresh.
static void test_options__suspects_are_the_callers(void **state) {
  Cfg *c = *state;
  char err[256] = "";
  IrsStringList flags = {0};
  IrsOptionSuspects first, second;
  memset(&first, 0, sizeof(first));
  memset(&second, 0, sizeof(second));
  char *argv[] = {"tool", "--dump-dirr=x", "-cse", "-verbos"};
  assert_int_equal(irsOptionsParseNoting(ARGC(argv), argv, c->table,
                                         takePassFlag, &flags, &first, err,
                                         sizeof(err)),
                   0);
  assert_int_equal(first.num, 3);
  assert_string_equal(first.items[0].flag, "dump-dirr");
  assert_string_equal(first.items[0].dashes, "--");
  assert_string_equal(first.items[0].option, "dump-dir");
  assert_string_equal(first.items[1].flag, "cse");
  assert_string_equal(first.items[1].dashes, "-");
  assert_string_equal(first.items[1].option, "");
  assert_string_equal(first.items[2].flag, "verbos");
  assert_string_equal(first.items[2].dashes, "-");
  assert_string_equal(first.items[2].option, "verbose");
  char *argv2[] = {"tool", "--count=3"};
  assert_int_equal(irsOptionsParseNoting(ARGC(argv2), argv2, c->table,
                                         takePassFlag, &flags, &second, err,
                                         sizeof(err)),
                   0);
  assert_int_equal(second.num, 0);
  assert_int_equal(first.num, 3); // untouched by the other parse
  second.num = 5;                  // stale: a parse resets it
  assert_int_equal(irsOptionsParseNoting(ARGC(argv2), argv2, c->table,
                                         takePassFlag, &flags, &second, err,
                                         sizeof(err)),
                   0);
  assert_int_equal(second.num, 0);
  irsStringListFree(&flags);
}

static void appendMessage(const IrsPipelineError *e, void *ud) {
  strncat(ud, e->message.data, e->message.length);
}

// A noted flag that names no pass becomes "did you mean"; without the
// state the same flags make a pipeline, whose unknown pass the pass
// manager reports later.
static void test_options__pipeline_names_the_mistyped_option(void **state) {
  Cfg *c = *state;
  char err[256] = "", msg[512] = "";
  IrsStringList flags = {0};
  IrsOptionSuspects sus;
  memset(&sus, 0, sizeof(sus));
  char *argv[] = {"tool", "--dump-dirr=x", "--cse"};
  assert_int_equal(irsOptionsParseNoting(ARGC(argv), argv, c->table,
                                         takePassFlag, &flags, &sus, err,
                                         sizeof(err)),
                   0);
  IrsPipeline p =
      irsOptionsPipelineFromFlags(&flags, &sus, appendMessage, msg);
  assert_true(irsPipelineIsNull(p));
  assert_string_equal(msg,
                      "unknown option '--dump-dirr'; did you mean '--dump-dir'?");
  msg[0] = '\0';
  p = irsOptionsPipelineFromFlags(&flags, NULL, appendMessage, msg);
  assert_false(irsPipelineIsNull(p));
  assert_string_equal(msg, "");
  irsPipelineDestroy(p);
  irsStringListFree(&flags);
}

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

static void test_options__missing_values(void **state) {
  Cfg *c = *state;
  char err[256];
  char *argv[] = {"tool", "--dump-dir"};
  assert_int_equal(parse(c, ARGC(argv), argv, err), -1);
  assert_string_equal(err, "option '--dump-dir' requires a value (DIR)");
  char *argv2[] = {"tool", "in.mlir", "-o"};
  assert_int_equal(parse(c, ARGC(argv2), argv2, err), -1);
  assert_string_equal(err, "option '-o' requires a value (FILE)");
  char *argv3[] = {"tool", "--count"};
  assert_int_equal(parse(c, ARGC(argv3), argv3, err), -1);
  assert_string_equal(err, "option '--count' requires a value (N)");
  char *argv4[] = {"tool", "-irdl-file"};
  assert_int_equal(parse(c, ARGC(argv4), argv4, err), -1);
  assert_string_equal(err, "option '-irdl-file' requires a value (FILE)");
  // The next word is one of the tool's options: two options were meant.
  char *argv5[] = {"tool", "--dump-dir", "--count=3", "in.mlir"};
  assert_int_equal(parse(c, ARGC(argv5), argv5, err), -1);
  assert_string_equal(
      err, "option '--dump-dir' requires a value (DIR), not the option '--count=3'");
  // A value that only looks like an option is still a value.
  char *argv6[] = {"tool", "--dump-dir", "--not-an-option", "in.mlir"};
  assert_int_equal(parse(c, ARGC(argv6), argv6, err), 1);
  // A list option's word may be any option (it is passed on).
  char *argv7[] = {"tool", "-irdl-file", "--count=3", "in.mlir"};
  assert_int_equal(parse(c, ARGC(argv7), argv7, err), 1);
  assert_int_equal(c->irdl.num, 1);
  assert_string_equal(c->irdl.items[0], "--count=3");
}

static void test_options__bad_int(void **state) {
  Cfg *c = *state;
  char err[256];
  char *argv[] = {"tool", "--count", "abc"};
  assert_int_equal(parse(c, ARGC(argv), argv, err), -1);
  assert_string_equal(err, "option '--count' expects an integer, not 'abc'");
  char *argv2[] = {"tool", "--count", ""};
  assert_int_equal(parse(c, ARGC(argv2), argv2, err), -1);
  assert_string_equal(err, "option '--count' expects an integer, not ''");
  char *argv3[] = {"tool", "--count", "99999999999999999999999"};
  assert_int_equal(parse(c, ARGC(argv3), argv3, err), -1);
  assert_string_equal(err, "option '--count' expects an integer, not "
                           "'99999999999999999999999'");
  assert_int_equal(c->count, -1);
}

// The option is named without its value in the message, which quotes the
// value separately.
static void test_options__bad_value_names_option_only(void **state) {
  Cfg *c = *state;
  char err[256];
  char *argv[] = {"tool", "--verify-each=maybe"};
  assert_int_equal(parse(c, ARGC(argv), argv, err), -1);
  assert_string_equal(err,
                      "option '--verify-each' expects true or false, not "
                      "'maybe'");
  assert_true(c->verifyEach);
  char *argv2[] = {"tool", "--count=4x"};
  assert_int_equal(parse(c, ARGC(argv2), argv2, err), -1);
  assert_string_equal(err, "option '--count' expects an integer, not '4x'");
}

//===----------------------------------------------------------------------===//
// Usage
//===----------------------------------------------------------------------===//

static void test_options__usage(void **state) {
  Cfg *c = *state;
  char *text = NULL;
  size_t size = 0;
  FILE *f = open_memstream(&text, &size);
  assert_non_null(f);
  irsOptionsPrintUsage(f, "tool [options] <input>", c->table);
  fclose(f);
  assert_string_equal(
      text,
      "usage: tool [options] <input>\n"
      "\n"
      "options:\n"
      "  -o, --o=FILE                       output file\n"
      "      --dump-dir=DIR                 dump directory\n"
      "      --split-input-file[=MARKER]    split the input\n"
      "  -v, --verbose                      talk more\n"
      "      --verify-each                  verify after each pass\n"
      "      --count=N                      how many\n"
      "      --irdl-file=FILE               load IRDL\n"
      "  -h, --help                         print help\n");
  free(text);
}

//===----------------------------------------------------------------------===//
// Value checks and rules (irsOptionsCheck)
//===----------------------------------------------------------------------===//

// A table with checked rows and rows the rules name.
typedef struct Checked {
  const char *timeout, *limit, *output, *mode;
  bool repeat, protect;
  long jobs;
  IrsStringList files;
  double timeoutSec;
  int64_t limitBytes;
  IrsOption table[8];
} Checked;

static bool checkMode(const IrsOption *o, char *err, size_t n) {
  const char *v = *(const char **)o->value;
  if (!v || !strcmp(v, "fast"))
    return true;
  snprintf(err, n, "bad mode '%s'", v);
  return false;
}

static Checked *newChecked(void) {
  Checked *c = calloc(1, sizeof(Checked));
  c->output = "-";
  c->protect = true;
  IrsOption t[] = {
      IRS_OPT_STRING('o', "o", &c->output, "FILE", "output"),
      IRS_OPT_STRING_CB(0, "timeout", &c->timeout, "SECONDS", "a time",
                        irsOptionCheckSeconds, &c->timeoutSec),
      IRS_OPT_STRING_CB(0, "limit", &c->limit, "SIZE", "a size",
                        irsOptionCheckSize, &c->limitBytes),
      IRS_OPT_STRING_CB(0, "mode", &c->mode, "MODE", "fast only", checkMode,
                        NULL),
      IRS_OPT_BOOL(0, "repeat", &c->repeat, "repeat"),
      IRS_OPT_BOOL(0, "protect", &c->protect, "protection"),
      IRS_OPT_LIST(0, "file", &c->files, "FILE", "files"),
      IRS_OPT_END(),
  };
  memcpy(c->table, t, sizeof(t));
  return c;
}

// irsOptionsCheck (rules: nullable) with its stderr line in `out`.
static bool checkCaptured(Checked *c, const IrsOptionConflict *rules,
                          char *out, size_t n) {
  fflush(stderr);
  FILE *tmp = tmpfile();
  assert_non_null(tmp);
  int saved = dup(2);
  dup2(fileno(tmp), 2);
  bool ok = irsOptionsCheck("tool", c->table, rules);
  fflush(stderr);
  dup2(saved, 2);
  close(saved);
  rewind(tmp);
  size_t len = fread(out, 1, n - 1, tmp);
  out[len] = '\0';
  fclose(tmp);
  return ok;
}

static void freeChecked(Checked *c) {
  irsStringListFree(&c->files);
  free(c);
}

static void test_options__check_parses_values_into_dest(void **state) {
  (void)state;
  Checked *c = newChecked();
  c->timeout = "2.5";
  c->limit = "2M";
  char out[512];
  assert_true(checkCaptured(c, NULL, out, sizeof(out)));
  assert_string_equal(out, "");
  assert_true(c->timeoutSec == 2.5);
  assert_int_equal(c->limitBytes, 2 * 1024 * 1024);
  freeChecked(c);
}

static void test_options__check_rows_not_given_pass(void **state) {
  (void)state;
  Checked *c = newChecked();
  char out[512];
  assert_true(checkCaptured(c, NULL, out, sizeof(out)));
  assert_true(c->timeoutSec == 0);
  assert_int_equal(c->limitBytes, 0);
  freeChecked(c);
}

static void test_options__check_reports_first_bad_row(void **state) {
  (void)state;
  Checked *c = newChecked();
  c->limit = "lots";
  c->mode = "slow";
  char out[512];
  assert_false(checkCaptured(c, NULL, out, sizeof(out)));
  assert_string_equal(out, "tool: error: option '--limit' expects a size "
                           "such as 512M or 2G, not 'lots'\n");
  c->limit = NULL;
  c->timeout = "0";
  assert_false(checkCaptured(c, NULL, out, sizeof(out)));
  assert_string_equal(out, "tool: error: option '--timeout' expects a "
                           "positive number of seconds, not '0'\n");
  c->timeout = NULL;
  assert_false(checkCaptured(c, NULL, out, sizeof(out)));
  assert_string_equal(out, "tool: error: bad mode 'slow'\n");
  freeChecked(c);
}

static void test_options__rules_default_messages(void **state) {
  (void)state;
  Checked *c = newChecked();
  const IrsOptionConflict rules[] = {
      IRS_OPT_EXCLUDES("repeat", "file"),
      IRS_OPT_NEEDS("mode", "repeat"),
      IRS_OPT_CONFLICTS_END(),
  };
  char out[512];
  assert_true(checkCaptured(c, rules, out, sizeof(out)));
  c->mode = "fast";
  assert_false(checkCaptured(c, rules, out, sizeof(out)));
  assert_string_equal(out, "tool: error: '--mode' needs '--repeat'\n");
  c->repeat = true;
  assert_true(checkCaptured(c, rules, out, sizeof(out)));
  assert_true(irsStringListAppend(&c->files, "a.mlir"));
  assert_false(checkCaptured(c, rules, out, sizeof(out)));
  assert_string_equal(out,
                      "tool: error: '--repeat' cannot be combined with "
                      "'--file'\n");
  freeChecked(c);
}

static void test_options__rules_on_values(void **state) {
  (void)state;
  Checked *c = newChecked();
  c->repeat = true;
  const IrsOptionConflict rules[] = {
      IRS_OPT_EXCLUDES("repeat", "o!=-"),
      IRS_OPT_CONFLICT("repeat", "protect=0", IrsOptionExcludes,
                       "'%2$s' and '%1$s' disagree"),
      IRS_OPT_CONFLICTS_END(),
  };
  char out[512];
  assert_true(checkCaptured(c, rules, out, sizeof(out))); // -o is "-"
  c->output = "x.mlir";
  assert_false(checkCaptured(c, rules, out, sizeof(out)));
  assert_string_equal(out, "tool: error: '--repeat' cannot be combined with "
                           "'-o'\n");
  c->output = "-";
  c->protect = false;
  assert_false(checkCaptured(c, rules, out, sizeof(out)));
  assert_string_equal(out, "tool: error: '--protect=0' and '--repeat' "
                           "disagree\n");
  freeChecked(c);
}

static void test_options__rules_alone_skip_value_checks(void **state) {
  (void)state;
  Checked *c = newChecked();
  c->mode = "slow"; // a bad value irsOptionsCheckRules does not look at
  const IrsOptionConflict rules[] = {IRS_OPT_CONFLICTS_END()};
  assert_true(irsOptionsCheckRules("tool", c->table, rules));
  freeChecked(c);
}

static void test_options__holds(void **state) {
  (void)state;
  Checked *c = newChecked();
  assert_true(irsOptionsHolds(c->table, "o"));
  assert_true(irsOptionsHolds(c->table, "o=-"));
  assert_false(irsOptionsHolds(c->table, "o!=-"));
  assert_false(irsOptionsHolds(c->table, "timeout"));
  assert_false(irsOptionsHolds(c->table, "timeout!=1")); // not set at all
  assert_true(irsOptionsHolds(c->table, "protect"));
  assert_true(irsOptionsHolds(c->table, "protect=1"));
  assert_false(irsOptionsHolds(c->table, "protect=0"));
  assert_false(irsOptionsHolds(c->table, "file"));
  assert_true(irsStringListAppend(&c->files, "a.mlir"));
  assert_true(irsOptionsHolds(c->table, "file"));
  assert_false(irsOptionsHolds(c->table, "no-such-option"));
  freeChecked(c);
}

static void test_options__show_name(void **state) {
  (void)state;
  Checked *c = newChecked();
  char shown[32];
  irsOptionShowName(&c->table[0], shown, sizeof(shown));
  assert_string_equal(shown, "-o");
  irsOptionShowName(&c->table[1], shown, sizeof(shown));
  assert_string_equal(shown, "--timeout");
  freeChecked(c);
}

static void test_options__check_words(void **state) {
  (void)state;
  const char *mode = NULL;
  const IrsOptionWords words = {(const char *const[]){"", "threads", NULL},
                                "'--mode' takes no value or '=threads', not "
                                "'%s'"};
  IrsOption row = IRS_OPT_OPTSTRING_CB(0, "mode", &mode, "threads", "a mode",
                                       irsOptionCheckWords, (void *)&words);
  char err[128] = "";
  assert_true(irsOptionCheckWords(&row, err, sizeof(err))); // not given
  mode = "";
  assert_true(irsOptionCheckWords(&row, err, sizeof(err)));
  mode = "threads";
  assert_true(irsOptionCheckWords(&row, err, sizeof(err)));
  mode = "thread";
  assert_false(irsOptionCheckWords(&row, err, sizeof(err)));
  assert_string_equal(err,
                      "'--mode' takes no value or '=threads', not 'thread'");
}

static void test_options__parse_uint64(void **state) {
  (void)state;
  uint64_t v = 7;
  assert_true(irsOptionsParseUint64("18446744073709551615", &v));
  assert_true(v == UINT64_MAX);
  assert_true(irsOptionsParseUint64("0x10", &v));
  assert_true(v == 16);
  v = 7;
  assert_false(irsOptionsParseUint64("-3", &v));
  assert_false(irsOptionsParseUint64("18446744073709551616", &v));
  assert_false(irsOptionsParseUint64("12ab", &v));
  assert_false(irsOptionsParseUint64("", &v));
  assert_true(v == 7); // untouched on failure
}

static void test_options__check_seconds_text(void **state) {
  (void)state;
  double sec = 0;
  char err[128] = "";
  assert_true(irsOptionsCheckSeconds("--exec-timeout", "0.25", &sec, err,
                                     sizeof(err)));
  assert_true(sec == 0.25);
  assert_false(irsOptionsCheckSeconds("--exec-timeout", "-1", &sec, err,
                                      sizeof(err)));
  assert_string_equal(err, "option '--exec-timeout' expects a positive number "
                           "of seconds, not '-1'");
  assert_true(sec == 0.25);
}

int main(void) {
#define T(name) cmocka_unit_test_setup_teardown(name, setUp, tearDown)
  const struct CMUnitTest tests[] = {
      T(test_options__bools),
      T(test_options__bool_does_not_consume_next),
      T(test_options__equals_values),
      T(test_options__separate_values),
      T(test_options__short_o),
      T(test_options__single_dash_long),
      T(test_options__no_prefix_matching),
      T(test_options__optional_string),
      T(test_options__list),
      T(test_options__positionals_keep_order),
      T(test_options__double_dash_ends_options),
      T(test_options__unknown_callback),
      T(test_options__suggests_close_option),
      T(test_options__unknown_rejected),
      T(test_options__single_dash_pass_flag_is_not_short_o),
      T(test_options__short_int_attached),
      T(test_options__short_string_attached),
      T(test_options__pass_flags_and_attached_o),
      T(test_options__suspects_are_the_callers),
      T(test_options__pipeline_names_the_mistyped_option),
      T(test_options__missing_values),
      T(test_options__bad_int),
      T(test_options__bad_value_names_option_only),
      T(test_options__usage),
      T(test_options__check_parses_values_into_dest),
      T(test_options__check_rows_not_given_pass),
      T(test_options__check_reports_first_bad_row),
      T(test_options__rules_default_messages),
      T(test_options__rules_on_values),
      T(test_options__rules_alone_skip_value_checks),
      T(test_options__holds),
      T(test_options__show_name),
      T(test_options__check_words),
      T(test_options__parse_uint64),
      T(test_options__check_seconds_text),
  };
#undef T
  return cmocka_run_group_tests(tests, NULL, NULL);
}
