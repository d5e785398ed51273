#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checks the shape rules of issue 11 mechanically and lists what breaks them:

  - functions over --max-fn lines, and mains over --max-main, in lib/ and
    tools/ (from the signature's first line to the closing brace);
  - includes of lib/PassManager's private headers from any other folder;
  - calls between lib/ folders (from the objects' defined and undefined
    irs* symbols in BUILD_DIR) and any cycle among them;
  - printing to stdout/stderr, exiting or process-state calls in lib/
    (listed for review: the library's own forked children may exit).

Usage: scripts/check-shape.py [--build build] [--max-fn 100] [--max-main 60]
Prints one section per rule; exits 1 when a function, include or cycle
breaks a rule, 0 otherwise (the lib/ process-state list is for reading).
"""
import argparse, collections, pathlib, re, subprocess, sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
SIG = re.compile(r'^[A-Za-z_][\w\s\*,\(\)\[\]]*\b(\w+)\s*\(')


def long_functions(max_fn, max_main):
    bad = []
    for root in ('lib', 'tools'):
        for p in sorted((ROOT / root).rglob('*.c')):
            lines = p.read_text(errors='replace').split('\n')
            i = 0
            while i < len(lines):
                m = SIG.match(lines[i])
                head = lines[i]
                if (m and not head.startswith(('typedef', 'struct', 'enum', 'union'))
                        and not head.rstrip().endswith(';')
                        and '=' not in head.split('(')[0]):
                    j = i
                    while (j < len(lines) and '{' not in lines[j]
                           and not lines[j].rstrip().endswith(';')):
                        j += 1
                    if j < len(lines) and '{' in lines[j]:
                        k = j
                        while k < len(lines) and lines[k] != '}':
                            k += 1
                        n, name = k - i + 1, m.group(1)
                        if n > (max_main if name == 'main' else max_fn):
                            bad.append((n, f'{p.relative_to(ROOT)}:{i + 1}', name))
                        i = k + 1
                        continue
                i += 1
    return sorted(bad, reverse=True)


def private_includes():
    private = [h.name for h in (ROOT / 'lib/PassManager').glob('*.h')]
    bad = []
    for p in sorted((ROOT / 'lib').rglob('*.[ch]')):
        if p.parent.name == 'PassManager':
            continue
        for n, line in enumerate(p.read_text(errors='replace').split('\n'), 1):
            if line.startswith('#include') and 'PassManager/' in line and \
                    any(h in line for h in private):
                bad.append(f'{p.relative_to(ROOT)}:{n}: {line}')
    for p in sorted((ROOT / 'tools').rglob('*.[ch]')):
        for n, line in enumerate(p.read_text(errors='replace').split('\n'), 1):
            if line.startswith('#include') and '/lib/' in line:
                bad.append(f'{p.relative_to(ROOT)}:{n}: {line}')
    return bad


def folder_calls(build):
    objdir = ROOT / build / 'lib/CMakeFiles/irscope.dir'
    defs, uses = {}, collections.defaultdict(set)
    for o in objdir.rglob('*.o'):
        out = subprocess.run(['nm', str(o)], capture_output=True, text=True).stdout
        for line in out.splitlines():
            f = line.split()
            if len(f) == 3 and f[1] in 'TDRB' and f[2].startswith('irs'):
                defs[f[2]] = o.parent.name
            elif len(f) == 2 and f[0] == 'U' and f[1].startswith('irs'):
                uses[o.parent.name].add(f[1])
    edges = collections.defaultdict(set)
    for folder, syms in uses.items():
        for s in syms:
            if defs.get(s, folder) != folder:
                edges[folder].add(defs[s])
    cycles = set()

    def walk(node, path):
        for nxt in edges.get(node, ()):
            if nxt in path:
                cyc = path[path.index(nxt):]
                k = cyc.index(min(cyc))
                cycles.add(' -> '.join(cyc[k:] + cyc[:k] + [cyc[k]]))
            else:
                walk(nxt, path + [nxt])

    for f in list(edges):
        walk(f, [f])
    return edges, sorted(cycles), bool(defs)


PROCESS = re.compile(r'\b(printf|puts|perror|exit|_exit|abort|signal|sigaction|'
                     r'sigaltstack|dup2)\s*\(|f(printf|puts|write)\s*\([^;]*\b(stdout|stderr)\b')


def process_calls():
    hits = []
    for p in sorted((ROOT / 'lib').rglob('*.c')):
        for n, line in enumerate(p.read_text(errors='replace').split('\n'), 1):
            code = line.split('//')[0]
            if PROCESS.search(code) and not code.lstrip().startswith('"'):
                hits.append(f'{p.relative_to(ROOT)}:{n}: {line.strip()}')
    return hits


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--build', default='build')
    ap.add_argument('--max-fn', type=int, default=100)
    ap.add_argument('--max-main', type=int, default=60)
    a = ap.parse_args()
    failed = False
    fns = long_functions(a.max_fn, a.max_main)
    print(f'functions over {a.max_fn} lines (main over {a.max_main}): {len(fns) or "none"}')
    for n, where, name in fns:
        print(f'  {n:4d} {where} {name}')
    inc = private_includes()
    print(f'PassManager-private headers included elsewhere: {len(inc) or "none"}')
    for line in inc:
        print('  ' + line)
    edges, cycles, built = folder_calls(a.build)
    if built:
        print('calls between lib/ folders:')
        for f in sorted(edges):
            print(f'  {f} -> {", ".join(sorted(edges[f]))}')
        print(f'cycles between lib/ folders: {", ".join(cycles) if cycles else "none"}')
    else:
        print(f'calls between lib/ folders: not checked (no objects in {a.build})')
    proc = process_calls()
    print(f'lib/ calls that print, exit or change process state (review): {len(proc) or "none"}')
    for line in proc:
        print('  ' + line)
    failed = bool(fns or inc or cycles)
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
