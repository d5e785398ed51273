// SPDX-License-Identifier: Apache-2.0
//===- Expect.h - the expectation macro of the C API test programs --------===//
//
// Each test/CAPI program counts failed expectations and exits non-zero if
// any failed, so a broken expectation fails the lit test even when the
// printed output still matches.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_TEST_CAPI_EXPECT_H
#define IRS_TEST_CAPI_EXPECT_H

#include <stdio.h>

static int failures;

#define EXPECT(cond)                                                           \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stderr, "%s:%d: expectation failed: %s\n", __FILE__, __LINE__,  \
              #cond);                                                          \
      ++failures;                                                              \
    }                                                                          \
  } while (0)

#endif // IRS_TEST_CAPI_EXPECT_H
