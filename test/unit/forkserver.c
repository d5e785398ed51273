// SPDX-License-Identifier: Apache-2.0
// Unit tests of the tool fork server: the request's wire format
// (lib/Tool/ForkRequest.c), the fallback for a tool that cannot serve (a
// script), and, with Debian's mlir-opt, forks that crash as the tool does:
// status and stack dump the same in every fork, the first one answered by
// glibc's dladdr and the later ones from the shim's shared table.
#define _XOPEN_SOURCE 700
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#define TEMP_DIR_NAME "irscope-unit-forkserver"
#include "TempDir.h"

#include "Tool/ForkRequest.h"
#include "Tool/ForkServerStart.h"
#include "irscope/ForkServer.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static const char kMlirOpt[] = "/usr/lib/llvm-22/bin/mlir-opt";

static void test_request__round_trip(void **state) {
  (void)state;
  const char *argv[] = {"/bin/tool", "", "--pass-pipeline=a(b)", "x y", NULL};
  char buf[256];
  size_t len = irsForkRequestEncode(argv, buf, sizeof(buf));
  assert_int_equal(len, 8 + 10 + 1 + 21 + 4);
  const char *out[8];
  assert_int_equal(irsForkRequestDecode(buf, len, out, 7), 4);
  for (int i = 0; i < 4; ++i)
    assert_string_equal(out[i], argv[i]);
  assert_null(out[4]);
  // Too many arguments for the receiver, or too long for the buffer.
  assert_int_equal(irsForkRequestDecode(buf, len, out, 3), -1);
  assert_int_equal(irsForkRequestEncode(argv, buf, len - 1), 0);
}

static void test_request__count_query_and_malformed(void **state) {
  (void)state;
  char buf[64];
  const char *out[4];
  size_t len = irsForkRequestEncode(NULL, buf, sizeof(buf));
  assert_int_equal(len, 8);
  assert_int_equal(irsForkRequestDecode(buf, len, out, 3), 0);
  const char *argv[] = {"ab", NULL};
  len = irsForkRequestEncode(argv, buf, sizeof(buf));
  assert_int_equal(irsForkRequestDecode(buf, len - 1, out, 3), -1); // no NUL
  buf[len] = 'x';
  assert_int_equal(irsForkRequestDecode(buf, len + 1, out, 3), -1); // extra
  assert_int_equal(irsForkRequestDecode(buf, 7, out, 3), -1);       // short
  buf[0] = 'X';
  assert_int_equal(irsForkRequestDecode(buf, len, out, 3), -1); // magic
}

static void writeText(const char *path, const char *text) {
  FILE *f = fopen(path, "w");
  assert_non_null(f);
  fputs(text, f);
  fclose(f);
}

static void test_server__script_tool_gets_none(void **state) {
  char path[4200];
  snprintf(path, sizeof(path), "%s/tool.sh", (char *)*state);
  writeText(path, "#!/bin/sh\nexit 0\n");
  chmod(path, 0755);
  assert_null(irsForkServerCreate(path, 5).ptr);
}

// One fork of the server, its stderr to `err`, from a child of this
// process (Spawn requires the server's creator as the caller's parent).
// Returns the fork's wait status.
static int forkOnce(IrsForkServer s, const char *const *argv,
                    const char *err) {
  int p[2];
  assert_int_equal(pipe(p), 0);
  pid_t c = fork();
  if (c == 0) {
    int fd = open(err, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    dup2(fd, 2);
    dup2(fd, 1); // the pass prints its findings to stdout
    close(fd);
    int go;
    int64_t pid = irsForkServerSpawn(s, argv, &go);
    if (pid > 0)
      irsForkServerRelease(go);
    write(p[1], &pid, sizeof(pid));
    _exit(0);
  }
  close(p[1]);
  int64_t pid = -1;
  assert_int_equal(read(p[0], &pid, sizeof(pid)), sizeof(pid));
  close(p[0]);
  waitpid(c, NULL, 0);
  assert_true(pid > 0);
  int st = 0;
  assert_int_equal(waitpid((pid_t)pid, &st, 0), pid); // our child
  return st;
}

static void readAll(const char *path, char *buf, size_t cap) {
  FILE *f = fopen(path, "r");
  assert_non_null(f);
  size_t n = fread(buf, 1, cap - 1, f);
  buf[n] = '\0';
  fclose(f);
}

// In `dir`: in.mlir holding one function of one `op` on i32, and the
// paths of an output and of a plain run's output beside it.
static void writeOneOp(const char *dir, const char *op, char in[4200],
                       char out[4200], char plain[4200]) {
  snprintf(in, 4200, "%s/in.mlir", dir);
  snprintf(out, 4200, "%s/out", dir);
  snprintf(plain, 4200, "%s/plain", dir);
  char text[256];
  snprintf(text, sizeof(text),
           "func.func @f(%%a: i32) -> i32 {\n"
           "  %%0 = %s %%a, %%a : i32\n  return %%0 : i32\n}\n", op);
  writeText(in, text);
}

// A fork that printed `in` in generic form to `out` ended as a plain run
// of mlir-opt (written to `plain`) does, with the same output, holding `op`.
static void assertGenericAsPlain(int st, const char *in, const char *out,
                                 const char *plain, const char *op) {
  char cmd[13000];
  assert_true(WIFEXITED(st));
  assert_int_equal(WEXITSTATUS(st), 0);
  snprintf(cmd, sizeof(cmd), "%s --mlir-print-op-generic %s > %s 2>&1",
           kMlirOpt, in, plain);
  assert_int_equal(system(cmd), 0);
  static char b1[1 << 16], b2[1 << 16];
  readAll(out, b1, sizeof(b1));
  readAll(plain, b2, sizeof(b2));
  assert_non_null(strstr(b1, op));
  assert_string_equal(b1, b2);
}

static void test_server__forks_crash_alike(void **state) {
  if (access(kMlirOpt, X_OK) != 0)
    skip();
  const char *dir = *state;
  char in[4200], e1[4200], e2[4200];
  snprintf(in, sizeof(in), "%s/in.mlir", dir);
  snprintf(e1, sizeof(e1), "%s/e1", dir);
  snprintf(e2, sizeof(e2), "%s/e2", dir);
  // llvm/llvm-project#206914, as opt-reduce leaves it.
  writeText(in, "func.func @f0(%arg0: memref<10xf32>) {\n"
        "  %c1 = arith.constant {tag = \"one\"} 1 : index\n"
        "  %0 = memref.load %arg0[%c1] : memref<10xf32>\n"
        "  memref.store %0, %arg0[%c1] : memref<10xf32>\n"
        "  return\n}\n");
  IrsForkServer s = irsForkServerCreate(kMlirOpt, 30);
  if (!s.ptr)
    skip(); // no shim beside the test (an installed libirscope)
  const char *argv[] = {kMlirOpt, "-test-written-to", "--mlir-disable-threading",
                        in, "-o", "/dev/null", NULL};
  int st1 = forkOnce(s, argv, e1);
  int st2 = forkOnce(s, argv, e2);
  assert_int_equal(irsForkServerForks(s), 2);
  irsForkServerDestroy(s);
  assert_true(WIFSIGNALED(st1));
  assert_int_equal(st1, st2);
  static char b1[1 << 16], b2[1 << 16];
  readAll(e1, b1, sizeof(b1));
  readAll(e2, b2, sizeof(b2));
  assert_non_null(strstr(b1, "Stack dump"));
  assert_string_equal(b1, b2);
}

// mlir-opt's main calls MlirOptMain: the server serves from there, and a
// fork's output is a plain run's (argv, stdout and the input all the
// request's, not the server's "--version").
static void test_server__mlir_opt_serves_from_opt_main(void **state) {
  if (access(kMlirOpt, X_OK) != 0)
    skip();
  const char *dir = *state;
  char in[4200], out[4200], plain[4200];
  writeOneOp(dir, "arith.addi", in, out, plain);
  IrsForkServer s = irsForkServerCreate(kMlirOpt, 30);
  if (!s.ptr)
    skip(); // no shim beside the test (an installed libirscope)
  assert_true(irsForkServerIsAtOptMain(s));
  const char *argv[] = {kMlirOpt, "--mlir-print-op-generic", in, NULL};
  int st = forkOnce(s, argv, out);
  irsForkServerDestroy(s);
  assertGenericAsPlain(st, in, out, plain, "\"arith.addi\"");
}

// A program that never calls MlirOptMain (cat) is started again and
// served from before main, with the request's arguments.
static void test_server__other_tool_serves_from_main(void **state) {
  const char *cat = "/bin/cat";
  if (access(cat, X_OK) != 0)
    skip();
  const char *dir = *state;
  char in[4200], out[4200];
  snprintf(in, sizeof(in), "%s/in.txt", dir);
  snprintf(out, sizeof(out), "%s/out", dir);
  writeText(in, "served\n");
  IrsForkServer s = irsForkServerCreate(cat, 30);
  if (!s.ptr)
    skip();
  assert_false(irsForkServerIsAtOptMain(s));
  const char *argv[] = {cat, in, NULL};
  int st = forkOnce(s, argv, out);
  assert_int_equal(irsForkServerForks(s), 1);
  irsForkServerDestroy(s);
  assert_true(WIFEXITED(st));
  assert_int_equal(WEXITSTATUS(st), 0);
  char b[64];
  readAll(out, b, sizeof(b));
  assert_string_equal(b, "served\n");
}

// From the server's creator itself (irsForkServerSpawnWith: no worker),
// with the fork's stdio and working directory given. A fork whose stdout
// is wanted ends as a plain run, with llvm::outs() flushed at exit
// (-test-written-to prints its findings there); one whose stdout is
// /dev/null ends at once after main (the shim's cloneEnd), and its -o file
// and --mlir-timing report are still whole.
static int spawnWith(IrsForkServer s, const char *const *argv,
                     const char *dir, const char *outPath,
                     const char *errPath) {
  int out = open(outPath, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  int err = open(errPath, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  int null = open("/dev/null", O_RDONLY);
  int dirFd = open(dir, O_RDONLY | O_DIRECTORY);
  assert_true(out >= 0 && err >= 0 && null >= 0 && dirFd >= 0);
  const int stdio[3] = {null, out, err};
  int go;
  int64_t pid = irsForkServerSpawnWith(s, argv, stdio, dirFd, &go);
  close(out), close(err), close(null), close(dirFd);
  assert_true(pid > 0);
  irsForkServerRelease(go);
  int st = 0;
  assert_int_equal(waitpid((pid_t)pid, &st, 0), pid); // our child
  return st;
}

static void test_server__spawn_with_from_creator(void **state) {
  if (access(kMlirOpt, X_OK) != 0)
    skip();
  const char *dir = *state;
  char in[4200], out[4200], err[4200], res[4200], plain[4200], cmd[13000];
  snprintf(in, sizeof(in), "%s/wt.mlir", dir);
  snprintf(out, sizeof(out), "%s/out", dir);
  snprintf(err, sizeof(err), "%s/err", dir);
  snprintf(res, sizeof(res), "%s/res.mlir", dir);
  snprintf(plain, sizeof(plain), "%s/plain.mlir", dir);
  // -test-written-to's findings on a tagged op, without a crash.
  writeText(in, "func.func @f(%a: i32) -> i32 {\n"
        "  %0 = arith.addi %a, %a {tag = \"sum\"} : i32\n"
        "  return %0 : i32\n}\n");
  IrsForkServer s = irsForkServerCreate(kMlirOpt, 30);
  if (!s.ptr)
    skip(); // no shim beside the test (an installed libirscope)
  // Relative paths: the fork's working directory is `dir`.
  const char *findings[] = {kMlirOpt, "-test-written-to", "wt.mlir", "-o",
                            "/dev/null", NULL};
  int st = spawnWith(s, findings, dir, out, err);
  assert_true(WIFEXITED(st));
  assert_int_equal(WEXITSTATUS(st), 0);
  static char b1[1 << 16], b2[1 << 16];
  readAll(out, b1, sizeof(b1));
  assert_non_null(strstr(b1, "sum"));
  const char *toFile[] = {kMlirOpt, "--mlir-print-op-generic", "--mlir-timing",
                          "wt.mlir", "-o", "res.mlir", NULL};
  st = spawnWith(s, toFile, dir, "/dev/null", err);
  irsForkServerDestroy(s);
  assert_true(WIFEXITED(st));
  assert_int_equal(WEXITSTATUS(st), 0);
  readAll(err, b1, sizeof(b1));
  assert_non_null(strstr(b1, "Execution time report"));
  assert_non_null(strstr(b1, "(100.0%)  Total"));
  snprintf(cmd, sizeof(cmd), "%s --mlir-print-op-generic %s -o %s", kMlirOpt,
           in, plain);
  assert_int_equal(system(cmd), 0);
  readAll(res, b1, sizeof(b1));
  readAll(plain, b2, sizeof(b2));
  assert_non_null(strstr(b1, "\"arith.addi\""));
  assert_string_equal(b1, b2);
}

// The shim as the launcher finds it: ../lib beside this test's bin/.
static bool shimBesideUs(char *out, size_t cap) {
  char exe[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
  if (n <= 0)
    return false;
  exe[n] = '\0';
  char *slash = strrchr(exe, '/');
  if (!slash)
    return false;
  *slash = '\0';
  snprintf(out, cap, "%s/../lib/libirscope-forkserver.so", exe);
  return access(out, R_OK) == 0;
}

// A server started as opt-reduce's launcher does (the control socket left
// open across exec) is adopted: it serves as one from Create, from
// MlirOptMain, a fork's output a plain run's; a discarded one is killed
// and reaped.
static void test_server__adopt_and_discard(void **state) {
  char shim[PATH_MAX + 64];
  if (access(kMlirOpt, X_OK) != 0 || !shimBesideUs(shim, sizeof(shim)))
    skip();
  const char *dir = *state;
  char in[4200], out[4200], plain[4200];
  writeOneOp(dir, "arith.muli", in, out, plain);
  assert_true(irsForkServerIsElf(kMlirOpt));
  pid_t pid;
  int ctl = irsForkServerStartProcess(kMlirOpt, shim, false, false, &pid);
  assert_true(ctl >= 0);
  assert_int_equal(fcntl(ctl, F_GETFD) & FD_CLOEXEC, 0); // survives exec
  IrsForkServer s = irsForkServerAdopt(ctl, pid, kMlirOpt, 30);
  assert_non_null(s.ptr);
  assert_true(irsForkServerIsAtOptMain(s));
  assert_int_equal(fcntl(ctl, F_GETFD) & FD_CLOEXEC, FD_CLOEXEC);
  const char *argv[] = {kMlirOpt, "--mlir-print-op-generic", in, NULL};
  int st = forkOnce(s, argv, out);
  assert_int_equal(irsForkServerForks(s), 1);
  irsForkServerDestroy(s);
  assertGenericAsPlain(st, in, out, plain, "\"arith.muli\"");

  ctl = irsForkServerStartProcess(kMlirOpt, shim, false, false, &pid);
  assert_true(ctl >= 0);
  irsForkServerDiscard(ctl, pid);
  errno = 0;
  assert_int_equal(waitpid(pid, NULL, WNOHANG), -1); // reaped already
  assert_int_equal(errno, ECHILD);
  assert_int_equal(fcntl(ctl, F_GETFD), -1); // closed
}

// A tool named without a '/' is looked up in $PATH, one with a '/' made
// canonical.
static void test_start__find_tool(void **state) {
  (void)state;
  char *sh = irsForkServerFindTool("sh");
  assert_non_null(sh);
  assert_int_equal(sh[0], '/');
  free(sh);
  char *canon = irsForkServerFindTool("/bin/../bin/sh");
  assert_non_null(canon);
  assert_null(strstr(canon, ".."));
  free(canon);
  assert_null(irsForkServerFindTool("irscope-no-such-tool-anywhere"));
  assert_false(irsForkServerIsElf("/no/such/file"));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_request__round_trip),
      cmocka_unit_test(test_request__count_query_and_malformed),
      cmocka_unit_test_setup_teardown(test_server__script_tool_gets_none,
                                      setUp, tearDown),
      cmocka_unit_test_setup_teardown(test_server__forks_crash_alike, setUp,
                                      tearDown),
      cmocka_unit_test_setup_teardown(
          test_server__mlir_opt_serves_from_opt_main, setUp, tearDown),
      cmocka_unit_test_setup_teardown(test_server__other_tool_serves_from_main,
                                      setUp, tearDown),
      cmocka_unit_test_setup_teardown(test_server__spawn_with_from_creator,
                                      setUp, tearDown),
      cmocka_unit_test_setup_teardown(test_server__adopt_and_discard, setUp,
                                      tearDown),
      cmocka_unit_test(test_start__find_tool),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
