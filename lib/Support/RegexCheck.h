// SPDX-License-Identifier: Apache-2.0
//===- RegexCheck.h - what LLVM's regex rejects and glibc's accepts -------===//
#ifndef IRS_SUPPORT_REGEXCHECK_H
#define IRS_SUPPORT_REGEXCHECK_H

/// 0, or the REG_* error LLVM's regcomp (llvm/lib/Support/regcomp.c, the
/// engine behind mlir-opt's `-re` expectations) gives an extended regular
/// expression over repetitions: an operator with nothing to repeat or
/// right after another (REG_BADRPT), a bound over 255 or out of order
/// (REG_BADBR). glibc accepts stacked operators and large bounds, and
/// compiles `.+++...+` by copying its tree per operator: one line of a test
/// file could take gigabytes.
int irsRegexCheckRepetitions(const char *re);

#endif
