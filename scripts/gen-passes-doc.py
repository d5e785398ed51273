#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Writes the table of irscope's passes in docs/passes.md from
lib/Passes/Passes.def, between the two marker lines the doc keeps:

  <!-- BEGIN: generated from lib/Passes/Passes.def by scripts/gen-passes-doc.py -->
  <!-- END: generated -->

One row per IRS_PASS(cli-name, create-function, option synopsis,
one-line description), in the table's order. The rest of the doc (the
common rules, one section per pass) is prose written by hand.

Usage: scripts/gen-passes-doc.py [--check] [--source-dir DIR]
Without --check, rewrites docs/passes.md (through a temporary file and a
rename). With --check, changes nothing and exits 1, with a diff, when the
doc differs from what Passes.def generates (a ctest entry runs it).
"""
import argparse, difflib, os, pathlib, re, sys, tempfile

BEGIN = ('<!-- BEGIN: generated from lib/Passes/Passes.def by '
         'scripts/gen-passes-doc.py -->')
END = '<!-- END: generated -->'
TOKEN = re.compile(r'\s*(?:"((?:[^"\\]|\\.)*)"|(\w+)|([(),])|//[^\n]*)')


def parse_def(text):
    """The IRS_PASS rows: lists of arguments (adjacent string literals
    joined, identifiers as they are)."""
    rows = []
    for m in re.finditer(r'^IRS_PASS\(', text, re.M):
        pos, args, cur, depth = m.end(), [], None, 1
        while depth:
            t = TOKEN.match(text, pos)
            if not t or t.end() == pos:
                raise SystemExit('Passes.def: cannot read the row at offset %d'
                                 % m.start())
            pos = t.end()
            lit, ident, punct = t.groups()
            if lit is not None:
                cur = (cur or '') + bytes(lit, 'utf-8').decode('unicode_escape')
            elif ident is not None:
                cur = ident
            elif punct == '(':
                depth += 1
            elif punct == ')':
                depth -= 1
            elif punct == ',' and depth == 1:
                args.append(cur)
                cur = None
        args.append(cur)
        if len(args) != 4:
            raise SystemExit('Passes.def: a row needs 4 arguments: %r' % args)
        rows.append(args)
    return rows


def cell(s):
    return s.replace('|', '\\|')


def table(rows):
    out = ['| Pass | Options | Description |', '| --- | --- | --- |']
    for name, _fn, opts, desc in rows:
        out.append('| `%s` | `%s` | %s |' % (name, cell(opts), cell(desc)))
    return out


def generate(doc, rows):
    lines = doc.split('\n')
    try:
        b, e = lines.index(BEGIN), lines.index(END)
    except ValueError:
        raise SystemExit('docs/passes.md: the marker lines are missing:\n%s\n%s'
                         % (BEGIN, END))
    return '\n'.join(lines[:b + 1] + table(rows) + lines[e:])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--check', action='store_true')
    ap.add_argument('--source-dir',
                    default=pathlib.Path(__file__).resolve().parent.parent)
    a = ap.parse_args()
    src = pathlib.Path(a.source_dir)
    doc_path = src / 'docs' / 'passes.md'
    rows = parse_def((src / 'lib' / 'Passes' / 'Passes.def').read_text())
    doc = doc_path.read_text()
    new = generate(doc, rows)
    if a.check:
        if new == doc:
            print('docs/passes.md: up to date (%d passes)' % len(rows))
            return 0
        sys.stdout.writelines(difflib.unified_diff(
            doc.splitlines(True), new.splitlines(True),
            'docs/passes.md', 'generated from lib/Passes/Passes.def'))
        print('docs/passes.md is stale: run scripts/gen-passes-doc.py')
        return 1
    fd, tmp = tempfile.mkstemp(dir=doc_path.parent, prefix='.passes.md.')
    with os.fdopen(fd, 'w') as f:
        f.write(new)
    os.replace(tmp, doc_path)
    return 0


if __name__ == '__main__':
    sys.exit(main())
