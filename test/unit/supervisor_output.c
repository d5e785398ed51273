// SPDX-License-Identifier: Apache-2.0
// Unit tests of the output streams a worker sends its supervisor
// (irsWorkerChannelSendOutput): a frame of many pipefuls arrives whole and
// in order, read straight into its stream between step lines and stderr
// text; irsSupervisorTakeOutput hands it over without a copy and leaves
// the stream empty; a later frame on a stream replaces the earlier one.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "irscope/Supervisor.h"
#include "irscope/WorkerChannel.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { kBig = 5 * 1024 * 1024 + 123 }; // five 1 MiB pipefuls and a piece

static char byteAt(size_t i) { return (char)('a' + (i * 7 + i / 4096) % 26); }

static char *bigText(void) {
  char *t = malloc(kBig);
  for (size_t i = 0; i < kBig; ++i)
    t[i] = byteAt(i);
  return t;
}

// Sends the big frame on stream (chunk output 0) between step lines and
// stderr, then a small frame on stream 1 twice (the second counts) and
// an empty one on stream 2.
static int bigMain(IrsWorkerChannel ch, void *ud) {
  (void)ud;
  char *t = bigText();
  irsWorkerChannelStep(ch, 0, 0, true);
  fprintf(stderr, "before\n");
  IrsWorkerStream big = {IrsWorkerStreamChunkOutput, 0, 0};
  IrsWorkerStream small = {IrsWorkerStreamChunkOutput, 1, 0};
  IrsWorkerStream empty = {IrsWorkerStreamChunkOutput, 2, 0};
  bool ok = irsWorkerChannelSendOutput(ch, big, t, kBig) &&
            irsWorkerChannelSendOutput(ch, small, "old", 3) &&
            irsWorkerChannelSendOutput(ch, small, "new!", 4) &&
            irsWorkerChannelSendOutput(ch, empty, "", 0);
  irsWorkerChannelStep(ch, 0, 0, false);
  irsWorkerChannelSendValue(ch, "after", 7);
  free(t);
  return ok ? 0 : 1;
}

static void test_output__big_frame_arrives_whole_and_is_taken(void **state) {
  (void)state;
  IrsSupervisor sup = irsSupervisorCreate(NULL);
  const IrsWorkerResult *res = NULL;
  assert_true(irsStatusIsOk(irsSupervisorRun(sup, bigMain, NULL, &res)));
  assert_int_equal(res->outcome, IrsWorkerExited);
  assert_int_equal(res->exitCode, 0);
  int64_t after = 0;
  assert_true(irsWorkerResultGetValue(res, "after", &after));
  assert_int_equal(after, 7);
  IrsWorkerStream big = {IrsWorkerStreamChunkOutput, 0, 0};
  IrsWorkerStream small = {IrsWorkerStreamChunkOutput, 1, 0};
  MlirStringRef s = irsSupervisorGetOutput(sup, small);
  assert_int_equal(s.length, 4);
  assert_memory_equal(s.data, "new!", 4);
  MlirStringRef b = irsSupervisorGetOutput(sup, big);
  assert_int_equal(b.length, kBig);
  size_t len = 0;
  char *taken = irsSupervisorTakeOutput(sup, big, &len);
  assert_non_null(taken);
  assert_int_equal(len, kBig);
  assert_int_equal(taken[len], '\0');
  char *want = bigText();
  assert_memory_equal(taken, want, kBig);
  free(want);
  free(taken);
  // Taken: the stream is empty now, and a second take gets nothing.
  assert_int_equal(irsSupervisorGetOutput(sup, big).length, 0);
  len = 5;
  assert_null(irsSupervisorTakeOutput(sup, big, &len));
  assert_int_equal(len, 0);
  // An empty frame is taken as an empty text, not as nothing.
  IrsWorkerStream empty = {IrsWorkerStreamChunkOutput, 2, 0};
  taken = irsSupervisorTakeOutput(sup, empty, &len);
  assert_non_null(taken);
  assert_int_equal(len, 0);
  assert_string_equal(taken, "");
  free(taken);
  // A stream that never had a frame.
  IrsWorkerStream none = {IrsWorkerStreamChunkOutput, 9, 0};
  len = 5;
  assert_null(irsSupervisorTakeOutput(sup, none, &len));
  assert_int_equal(len, 0);
  irsSupervisorDestroy(sup);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_output__big_frame_arrives_whole_and_is_taken),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
