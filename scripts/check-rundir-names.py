#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checks that no run-directory file name is spelled outside RunDir.

include/irscope/RunDir.h names every file and sub-directory a run writes
(its IRS_RUN_DIR_* string macros); lib/Support/RunDir.c builds the numbered
names from them. Everything else asks there, so a name changes in one place.
This script reads the names from RunDir.h and lists every C string literal in
lib/ and tools/ (comments skipped) that spells one:

  - a file name ("report.xml", "failure-input.mlir", ...) anywhere inside
    the literal ("%s/report.xml" counts);
  - a prefix of numbered names (a macro whose value ends in '-', such as
    "chunk-" or "failure-") followed by a digit, 'X' or a printf
    conversion ("%s/failure-%ld"), or ending the literal where a name
    starts ("chunk-", "%s/.run-": the number is appended to it); words
    such as "failure-dir" or "failure-rate" are not names;
  - the infix of the temporaries of atomic writes (".tmp-") anywhere.

Usage: scripts/check-rundir-names.py [--root DIR]
Exits 1 and lists file:line: literal when one is found, 0 otherwise.
"""
import argparse, pathlib, re, sys

ALLOWED = {'include/irscope/RunDir.h', 'lib/Support/RunDir.c'}
DEFINE = re.compile(r'^#define\s+(IRS_RUN_DIR_\w+)\s+"([^"]+)"', re.M)


def names(root):
    text = (root / 'include/irscope/RunDir.h').read_text()
    files, prefixes = [], []
    for macro, value in DEFINE.findall(text):
        if macro == 'IRS_RUN_DIR_TEMP_INFIX':
            files.append(value)  # a part of every temporary's name
            continue
        (prefixes if value.endswith('-') else files).append(value)
    return files, prefixes


def literals(src):
    """(line, text) of each string literal of C source `src`."""
    i, n, line = 0, len(src), 1
    while i < n:
        c = src[i]
        if c == '\n':
            line += 1
            i += 1
        elif src.startswith('//', i):
            while i < n and src[i] != '\n':
                i += 1
        elif src.startswith('/*', i):
            j = src.find('*/', i + 2)
            j = n if j < 0 else j + 2
            line += src.count('\n', i, j)
            i = j
        elif c in '"\'':
            j, buf = i + 1, []
            while j < n and src[j] != c:
                if src[j] == '\\':
                    buf.append(src[j:j + 2])
                    j += 2
                    continue
                buf.append(src[j])
                j += 1
            if c == '"':
                yield line, ''.join(buf)
            line += src.count('\n', i, j)
            i = j + 1
        else:
            i += 1


def offenders(root):
    files, prefixes = names(root)
    numbered = [re.compile(re.escape(p) + r'(?:[0-9X]|%)|(?:^|/)' + re.escape(p) + '$')
                for p in prefixes]
    for top in ('lib', 'tools'):
        for p in sorted((root / top).rglob('*')):
            rel = p.relative_to(root).as_posix()
            if p.suffix not in ('.c', '.h', '.cpp', '.def', '.in') or rel in ALLOWED:
                continue
            for line, lit in literals(p.read_text(errors='replace')):
                if any(f in lit for f in files) or any(r.search(lit) for r in numbered):
                    yield f'{rel}:{line}: "{lit}"'


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--root', default=pathlib.Path(__file__).resolve().parent.parent,
                    type=pathlib.Path)
    args = ap.parse_args()
    bad = list(offenders(args.root))
    for b in bad:
        print(b)
    if bad:
        print(f'{len(bad)} string literal(s) name run-directory files outside '
              'RunDir; use the IRS_RUN_DIR_* names or irsRunDirSubdirName',
              file=sys.stderr)
        return 1
    print('run-directory names: spelled only in RunDir')
    return 0


if __name__ == '__main__':
    sys.exit(main())
