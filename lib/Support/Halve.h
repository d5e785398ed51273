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

/// A true transition (K - 1 answered good, K bad) near `hint`, the count
/// a log says the failing run reached (a lower bound when the log lost its
/// tail): asks hint and hint - 1 first, then gallops up from hint (1, 2,
/// 4, ... past it) when hint was good, or bisects [0, hint - 1] when hint
/// - 1 was bad too. Returns K, 0 when count 0 fails (nothing to blame),
/// -1 when aborted or when no count up to 2^17 past hint fails (a log
/// loses at most its buffer, a few KB: tens of actions).
int64_t irsNarrowSearchFrom(int64_t hint, int (*isBad)(int64_t, void *),
                            void *userData);

/// A true transition when the log names no action of the tag in flight
/// (the death came after them, in a verifier or the pass's own code): asks
/// `n`, the count the log reached (a lower bound when the log lost its
/// tail), then bisects [0, n] as irsNarrowBisect does (1 + ceil(log2 n)
/// more questions) when it was bad, or gallops up from it as
/// irsNarrowSearchFrom does when it was good. Asking n - 1 as well, as
/// irsNarrowSearchFrom does for an action in flight, would be a guess that
/// costs a question. Returns as irsNarrowSearchFrom.
int64_t irsNarrowSearchPast(int64_t n, int (*isBad)(int64_t, void *),
                            void *userData);

#endif // IRS_SUPPORT_HALVE_H
