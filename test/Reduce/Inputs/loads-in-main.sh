#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Interestingness test (exit 0: interesting): the candidate still has an
# entry @main without arguments that loads a vector and prints it.
#
#   loads-in-main.sh CANDIDATE
grep -q '@main()' "$1" && grep -q 'vector.load' "$1" && grep -q 'vector.print' "$1"
