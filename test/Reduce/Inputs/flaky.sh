#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# A flaky interestingness test (exit 0 means interesting): a candidate that
# holds an arith.muli is interesting in about three runs out of four, at random
# (one byte from /dev/urandom); any other candidate never is.
#
#   flaky.sh CANDIDATE
grep -q arith.muli "$1" || exit 1
b=$(od -An -N1 -tu1 /dev/urandom)
[ "$b" -lt 192 ]
