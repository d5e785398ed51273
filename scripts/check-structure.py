#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The size and layering rules of lib/ and tools/, checked on every ctest run.

Fails (exit 1) on:
  - a file in lib/ or tools/ (.c, .cpp, .h) over --max-file lines;
  - a function over --max-fn lines, or a `main` over --max-main lines,
    counted from its signature's first line to its closing brace;
  - a public header (include/irscope/*.h) whose functions are defined in
    more than one lib/ folder: a header is one folder's face;
  - a cycle between lib/ folders;
  - the reducer engine (lib/Reduce but its Strategy*.c files and the table
    Strategies.c builds from Strategies.def) or opt-reduce naming a
    strategy: a strategy's name from Strategies.def compared as a string
    (a literal in a statement that compares: *cmp, strstr, ==, !=; in
    opt-reduce, any literal that is a strategy's name), a
    name tested by its letters (`name[0] == 'p'`), or a strategy's object
    (its row's second field, irsStrategyX) used. Both know a strategy only
    by its row (opt-reduce through the table's accessors in Reduce.h);
  - another lib/ folder including lib/PassManager's private headers, or a
    tool reaching into lib/ by a relative path ("../../lib/...") for a
    header that declares a function which is not `static inline` (a tool
    that builds a lib/ source itself names lib/ as an include directory in
    tools/CMakeLists.txt, where it shows);
  - lib/ printing to stdout or stderr (printf, puts, perror, or a
    f*-call naming stdout/stderr): the library reports through callbacks.

The folder graph comes from the built objects (BUILD/lib/CMakeFiles/
irscope.dir/<Folder>/*.o) through `nm`: folder A depends on folder B when
an object of A uses (U) an irs* symbol an object of B defines. A public
header therefore counts for the folder that defines its functions, wherever
it is included from. Without built objects the graph and the header check
are skipped (said so), the size checks still run.

Known offenders are listed in scripts/check-structure.allow, one path (a
file's length) or path:function (a function's) per line. That list only
ever shrinks: an entry that no longer offends is reported as stale.
Prints everything it found, allowed or not.

Usage: scripts/check-structure.py [--build BUILD] [--max-file 800]
       [--max-fn 100] [--max-main 60] [--allow FILE]
"""
import argparse
import collections
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
SOURCES = ('*.c', '*.cpp', '*.h')

# Comments, string and character literals, blanked to keep line numbers.
_NOISE = re.compile(r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'',
                    re.S)


def _blank(m):
    return re.sub(r'[^\n]', ' ', m.group(0))


def source_files():
    for top in ('lib', 'tools'):
        for pattern in SOURCES:
            yield from sorted((ROOT / top).rglob(pattern))


def rel(p):
    return str(p.relative_to(ROOT))


def functions(text):
    """(name, first line, last line) of each function defined at file scope.

    A brace opening at depth 0 whose preceding declaration text ends in a
    parameter list is a function body; the declaration starts after the
    previous `;`, `}` or preprocessor line at depth 0."""
    code = _NOISE.sub(_blank, text)
    code = re.sub(r'^[ \t]*#[^\n]*(?:\\\n[^\n]*)*', _blank, code, flags=re.M)
    out, depth, start, body, opened = [], 0, 0, None, []
    for i, ch in enumerate(code):
        if ch == '{':
            decl = code[start:i]
            # `extern "C" {` and `namespace x {` hold file-scope code.
            if depth == 0 and re.fullmatch(r'\s*(extern|namespace\b[\w\s:]*)\s*', decl):
                opened.append(True)
                start = i + 1
                continue
            opened.append(False)
            if depth == 0:
                m = re.search(r'(\w+)\s*\([^()]*(?:\([^()]*\)[^()]*)*\)\s*$', decl)
                if m and not re.match(r'\s*(struct|union|enum|typedef)\b', decl) \
                        and '=' not in decl and m.group(1) not in (
                            'if', 'while', 'for', 'switch', 'return'):
                    first = start + len(decl) - len(decl.lstrip())
                    body = (m.group(1), code.count('\n', 0, first) + 1)
            depth += 1
        elif ch == '}':
            if opened and opened.pop():
                start = i + 1
                continue
            depth -= 1
            if depth == 0:
                if body:
                    out.append((body[0], body[1], code.count('\n', 0, i) + 1))
                body, start = None, i + 1
        elif ch == ';' and depth == 0:
            start = i + 1
        elif ch == '\n' and depth == 0 and code[start:i].strip() == '':
            start = i + 1
    return out


def size_findings(max_file, max_fn, max_main):
    long_files, long_fns = [], []
    for p in source_files():
        text = p.read_text(errors='replace')
        n = text.count('\n')
        if n > max_file:
            long_files.append((rel(p), n))
        if p.suffix == '.h':
            continue
        for name, a, b in functions(text):
            limit = max_main if name == 'main' else max_fn
            if b - a + 1 > limit:
                long_fns.append((f'{rel(p)}:{name}', b - a + 1, a, limit))
    return long_files, long_fns


def symbol_tables(build):
    """defs: symbol -> folder defining it; uses: folder -> {symbol}."""
    objdir = pathlib.Path(build) / 'lib/CMakeFiles/irscope.dir'
    defs, uses = {}, collections.defaultdict(set)
    for o in sorted(objdir.rglob('*.o')):
        folder = o.relative_to(objdir).parts[0]
        if not (ROOT / 'lib' / o.relative_to(objdir).with_suffix('')).exists():
            continue  # left behind by a source that moved or went away
        nm = subprocess.run(['nm', '-P', str(o)], capture_output=True, text=True,
                            check=True).stdout
        for line in nm.splitlines():
            f = line.split()
            if len(f) < 2 or not f[0].startswith(('irs', 'Irs', 'IRS_')):
                continue
            if f[1] == 'U':
                uses[folder].add(f[0])
            elif f[1] in 'TDRBVW':
                defs[f[0]] = folder
    return defs, uses


def folder_graph(defs, uses):
    """folder -> {folder: [symbols]} for uses across folders."""
    graph = collections.defaultdict(lambda: collections.defaultdict(list))
    for folder, syms in uses.items():
        for s in sorted(syms):
            owner = defs.get(s)
            if owner and owner != folder:
                graph[folder][owner].append(s)
    return graph


def cycles(graph):
    """Strongly connected components with more than one folder (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, {})):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    nodes = set(graph) | {w for v in graph for w in graph[v]}
    for v in sorted(nodes):
        if v not in index:
            visit(v)
    return out


def header_owners(defs):
    """include/irscope/<name>.h -> {folder: [functions it declares there]}."""
    owners = {}
    for h in sorted((ROOT / 'include/irscope').glob('*.h')):
        text = _NOISE.sub(_blank, h.read_text(errors='replace'))
        names = set(re.findall(r'\bIRS_API\b[^;{]*?\b(irs\w+)\s*\(', text, re.S))
        where = collections.defaultdict(list)
        for n in sorted(names):
            if n in defs:
                where[defs[n]].append(n)
        owners[h.name] = where
    return owners


def include_graph(owners):
    """folder -> {folder: [headers]}: a lib/ file, or a public header whose
    functions the first folder defines, includes a public header whose
    functions the second folder defines."""
    graph = collections.defaultdict(lambda: collections.defaultdict(list))
    inc = re.compile(r'^\s*#\s*include\s*"irscope/(\w+\.h)"', re.M)
    files = [(p.relative_to(ROOT / 'lib').parts[0], p)
             for p in sorted((ROOT / 'lib').rglob('*'))
             if p.suffix in ('.c', '.cpp', '.h')]
    files += [(f, ROOT / 'include/irscope' / h) for h, w in owners.items()
              for f in w]
    for folder, p in files:
        for h in sorted(set(inc.findall(p.read_text(errors='replace')))):
            for owner in owners.get(h, {}):
                if owner != folder and h not in graph[folder][owner]:
                    graph[folder][owner].append(h)
    return graph


STRATEGY_ROW = re.compile(r'IRS_(?:FINAL_)?STRATEGY\(\s*"([^"]+)"\s*,\s*(\w+)')
COMPARES = re.compile(r'cmp\s*\(|strstr\s*\(|[!=]=')
LITERAL = re.compile(r'"((?:\\.|[^"\\\n])*)"')


def strategy_sources():
    """The reducer engine's files and the tools'."""
    for p in sorted((ROOT / 'lib/Reduce').glob('*.[ch]')):
        if not (p.name.startswith('Strategy') and p.suffix == '.c' or
                p.name == 'Strategies.c'):
            yield p
    yield from sorted((ROOT / 'tools/opt-reduce').rglob('*.[ch]'))


def strategy_findings():
    """(place, what) of each way the engine or a tool names a strategy."""
    rows = STRATEGY_ROW.findall((ROOT / 'lib/Reduce/Strategies.def').read_text())
    names = {n for n, _ in rows}
    objects = {o for _, o in rows}
    out = []
    for p in strategy_sources():
        tool = ROOT / 'tools' in p.parents
        text = p.read_text(errors='replace')
        # Comments blanked; literals kept (they are what is looked for).
        code = re.sub(r'//[^\n]*|/\*.*?\*/', _blank, text, flags=re.S)
        for m in LITERAL.finditer(code):
            if m.group(1) not in names:
                continue
            a = max(code.rfind(c, 0, m.start()) for c in ';{}') + 1
            ends = [i for i in (code.find(c, m.end()) for c in ';{') if i >= 0]
            stmt = code[a:min(ends) if ends else len(code)]
            # opt-reduce has no other use for a strategy's name: any
            # literal one may end up compared (`static const char n[] =`).
            if tool or COMPARES.search(_NOISE.sub(_blank, stmt)):
                line = code.count('\n', 0, m.start()) + 1
                out.append((f'{rel(p)}:{line}', f'compares "{m.group(1)}"'))
        bare = _NOISE.sub(_blank, code)
        # A letter, not the NUL that says a name is empty.
        for m in re.finditer(r"\bname\s*\[\s*\d+\s*\]\s*[!=]=\s*'[^'\\]'", code):
            line = code.count('\n', 0, m.start()) + 1
            out.append((f'{rel(p)}:{line}', 'tests a name by its letters'))
        for m in re.finditer(r'\b[A-Za-z_]\w*', bare):
            if m.group(0) in objects:
                line = bare.count('\n', 0, m.start()) + 1
                out.append((f'{rel(p)}:{line}', f'uses {m.group(0)}'))
    return out


def report_strategies():
    found = strategy_findings()
    print(f'strategies named by the reducer engine or opt-reduce: {len(found) or "none"}')
    for where, what in found:
        print(f'  {where}: {what}')
    return len(found)


INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)
# A function with linkage declared in a header: a prototype at file scope
# whose declaration does not start with `static`.
PROTOTYPE = re.compile(r'^(?!\s*static\b)[A-Za-z_][\w \t\*]*\b\w+\s*\([^;{]*\)\s*;',
                       re.M)


def declares_linked_function(header):
    code = _NOISE.sub(_blank, header.read_text(errors='replace'))
    code = re.sub(r'^[ \t]*#[^\n]*(?:\\\n[^\n]*)*', _blank, code, flags=re.M)
    return bool(PROTOTYPE.search(code))


def include_findings():
    """(place, what) of each include of lib/PassManager's private headers
    from another lib/ folder, and of a lib/ header with linked functions by
    a relative path from tools/."""
    out = []
    lib = (ROOT / 'lib').resolve()
    for top in ('lib', 'tools'):
        for p in sorted((ROOT / top).rglob('*')):
            if p.suffix not in ('.c', '.cpp', '.h'):
                continue
            text = p.read_text(errors='replace')
            for m in INCLUDE.finditer(text):
                target = (p.parent / m.group(1)).resolve()
                if not target.is_file() or lib not in target.parents:
                    continue
                line = text.count('\n', 0, m.start()) + 1
                folder = target.relative_to(lib).parts[0]
                if top == 'lib':
                    if folder == 'PassManager' and p.parent.name != 'PassManager':
                        out.append((f'{rel(p)}:{line}', f'includes {m.group(1)}'))
                elif declares_linked_function(target):
                    out.append((f'{rel(p)}:{line}', f'includes {m.group(1)}, '
                                'which declares library-internal functions'))
    return out


PRINTS = re.compile(r'\b(printf|puts|perror)\s*\(|'
                    r'\bf(printf|puts|write|putc)\s*\([^;]*\b(stdout|stderr)\b')


def print_findings():
    """(place, what) of each print to stdout or stderr in lib/."""
    out = []
    for p in sorted((ROOT / 'lib').rglob('*')):
        if p.suffix not in ('.c', '.cpp', '.h'):
            continue
        code = _NOISE.sub(_blank, p.read_text(errors='replace'))
        for m in PRINTS.finditer(code):
            line = code.count('\n', 0, m.start()) + 1
            out.append((f'{rel(p)}:{line}', 'prints'))
    return out


def report_findings(title, found):
    print(f'{title}: {len(found) or "none"}')
    for where, what in found:
        print(f'  {where}: {what}')
    return len(found)


def read_allow(path):
    allowed = set()
    if path.exists():
        for line in path.read_text().splitlines():
            line = line.split('#')[0].strip()
            if line:
                allowed.add(line)
    return allowed


def report_sizes(long_files, long_fns, allowed, args):
    bad = 0
    print(f'files over {args.max_file} lines: {len(long_files) or "none"}')
    for path, n in long_files:
        ok = path in allowed
        bad += not ok
        print(f'  {n:5d} {path}{"  (allowed)" if ok else ""}')
    print(f'functions over {args.max_fn} lines (main over {args.max_main}): '
          f'{len(long_fns) or "none"}')
    for key, n, line, _ in long_fns:
        ok = key in allowed
        bad += not ok
        path, name = key.split(':')
        print(f'  {n:5d} {path}:{line} {name}{"  (allowed)" if ok else ""}')
    return bad


def report_layers(build):
    objdir = pathlib.Path(build) / 'lib/CMakeFiles/irscope.dir'
    if not any(objdir.rglob('*.o')):
        print(f'lib/ folder graph: not checked (no objects under {objdir})')
        return 0
    defs, uses = symbol_tables(build)
    owners = header_owners(defs)
    bad = 0
    for what, graph in (
            ('calls (nm on the objects; A -> B: A uses a symbol B defines)',
             folder_graph(defs, uses)),
            ('includes (A -> B: A includes a public header whose functions B '
             'defines)', include_graph(owners))):
        print(f'lib/ folder graph by {what}:')
        for a in sorted(graph):
            print(f'  {a} -> ' + ', '.join(f'{b} ({len(graph[a][b])})'
                                            for b in sorted(graph[a])))
        comps = cycles(graph)
        bad += len(comps)
        print(f'  cycles: {len(comps) or "none"}')
        for comp in comps:
            print('    ' + ' <-> '.join(comp))
            for a in comp:
                for b in comp:
                    if b in graph.get(a, {}):
                        names = graph[a][b]
                        more = f' (+{len(names) - 3})' if len(names) > 3 else ''
                        print(f'      {a} -> {b}: {", ".join(names[:3])}{more}')
    heads = [(h, w) for h, w in owners.items() if len(w) > 1]
    print(f'public headers defined in several lib/ folders: {len(heads) or "none"}')
    for h, where in heads:
        print(f'  {h}: ' + '; '.join(f'{f} {len(n)} ({", ".join(n[:3])})'
                                     for f, n in sorted(where.items())))
    return bad + len(heads)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--build', default=str(ROOT / 'build'))
    ap.add_argument('--max-file', type=int, default=800)
    ap.add_argument('--max-fn', type=int, default=100)
    ap.add_argument('--max-main', type=int, default=60)
    ap.add_argument('--allow', default=str(ROOT / 'scripts/check-structure.allow'))
    args = ap.parse_args()
    allowed = read_allow(pathlib.Path(args.allow))
    long_files, long_fns = size_findings(args.max_file, args.max_fn, args.max_main)
    bad = report_sizes(long_files, long_fns, allowed, args)
    offending = {p for p, _ in long_files} | {k for k, *_ in long_fns}
    stale = sorted(allowed - offending)
    if stale:
        print('allow-list entries that no longer offend (remove them): '
              + ', '.join(stale))
    bad += report_strategies()
    bad += report_findings('private headers included across folders',
                           include_findings())
    bad += report_findings('lib/ printing to stdout or stderr', print_findings())
    bad += report_layers(args.build)
    print('structure: ' + ('FAILED' if bad else 'ok'))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
