#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Interestingness test (exit 0 means interesting) that also checks that it
# runs in a directory of its own: the candidate must be the only file in its
# current directory when it starts, although every test leaves a scratch
# file behind. Parallel tests (-j) sharing a directory would see each
# other's files and exit 3 (not interesting), which changes the result.
#
#   private-dir.sh CANDIDATE
[ "$(ls -A)" = "candidate.mlir" ] || exit 3
[ "$(dirname "$1")" = "$(pwd -P)" ] || exit 3
echo scratch > scratch.txt
grep -q arith.muli "$1"
