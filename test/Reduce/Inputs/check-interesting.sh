#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Interestingness test in the llvm-reduce / C-Vise convention (exit 0 means
# interesting), built on FileCheck as STYLE R38 asks:
#
#   check-interesting.sh CHECKFILE PREFIX CANDIDATE
#
# opt-reduce appends the candidate as the last argument, but FileCheck takes
# the check file as its argument and the text to check on stdin, hence this
# wrapper. CHECKFILE must be an absolute path: tests run in a private
# temporary directory.
exec FileCheck --check-prefix="$2" "$1" < "$3"
