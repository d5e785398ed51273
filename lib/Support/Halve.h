// SPDX-License-Identifier: Apache-2.0
//===- Halve.h - the halving both bisections share ------------------------===//
#ifndef IRS_SUPPORT_HALVE_H
#define IRS_SUPPORT_HALVE_H

#include <stdint.h>

/// Given `good` answered good and `bad` answered bad (good < bad), halves
/// (good, bad] until one value is left, as git bisect does over commits,
/// and returns it: the first bad value after the last good one.
/// `isBad` returns 1 bad, 0 good, -1 to abort (then -1 is returned).
int64_t irsHalve(int64_t good, int64_t bad, int (*isBad)(int64_t, void *),
                 void *userData);

#endif // IRS_SUPPORT_HALVE_H
