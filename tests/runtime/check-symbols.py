#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Compares what the shared libossa exports (nm -D --defined-only) with the list
kept in the tree, src/core/libossa.symbols (sorted, one a line, '#' comments): a
function that lost OSSA_API, or a private one that gained it, fails here.

Usage: check-symbols.py [--update] LIBRARY SYMBOLS_FILE
With --update, writes the library's symbols into SYMBOLS_FILE (keeping its
comments): do that only when the public API changes on purpose. Names other than
ossa_* (an _ossa_* of a -private.h, protobuf-c's) fail either way."""
import re
import subprocess
import sys


def exported(library):
    out = subprocess.run(['nm', '-D', '--defined-only', library], capture_output=True,
                         text=True, check=True).stdout
    return sorted({line.split()[-1] for line in out.splitlines() if line.strip()})


def main(argv):
    update = '--update' in argv
    args = [a for a in argv if a != '--update']
    if len(args) != 2:
        sys.exit(__doc__)
    library, symbols_file = args
    lines = open(symbols_file).read().splitlines()
    header = [l for l in lines if l.startswith('#')]
    listed = [l.strip() for l in lines if l.strip() and not l.startswith('#')]
    actual = exported(library)
    if update and not [s for s in actual if not re.fullmatch(r'ossa_[a-z0-9_]+', s)]:
        open(symbols_file, 'w').write('\n'.join(header + actual) + '\n')
        print(f'{symbols_file}: {len(actual)} symbols')
        return 0
    problems = []
    # Whatever the list says, the library exports public names only: ossa_*, never
    # an _ossa_* of a -private.h nor anything of the protobuf-c code inside.
    foreign = [s for s in actual if not re.fullmatch(r'ossa_[a-z0-9_]+', s)]
    if foreign:
        problems.append(f'{library} exports names outside the public API (ossa_*):\n'
                        + ''.join(f'  ! {s}\n' for s in foreign))
    if listed != sorted(set(listed)):
        problems.append(f'{symbols_file} is not sorted (LC_ALL=C) or has a symbol twice')
    added = sorted(set(actual) - set(listed))
    removed = sorted(set(listed) - set(actual))
    if added:
        problems.append(f'{library} exports {len(added)} symbol(s) not in {symbols_file}:\n'
                        + ''.join(f'  + {s}\n' for s in added)
                        + '  (an accidental export: a function of a -private.h, or one missing'
                          ' static, must not carry OSSA_API)')
    if removed:
        problems.append(f'{library} no longer exports {len(removed)} symbol(s) listed in '
                        f'{symbols_file}:\n' + ''.join(f'  - {s}\n' for s in removed)
                        + '  (a public function removed, renamed, or declared without OSSA_API)')
    if problems:
        print('\n'.join(problems), file=sys.stderr)
        print('If the public API changed on purpose, update the list and commit it:\n'
              f'  {sys.argv[0]} --update {library} {symbols_file}', file=sys.stderr)
        return 1
    print(f'{library}: exports the {len(actual)} symbols of {symbols_file}')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
