#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The house rules a build cannot see, checked on the source tree (HACKING.md).

  edit-door   no file of src/app outside editor/ calls ossa_command_*: widgets ask
              OssaEditor for edits and never build core commands;
  layers      src/core includes only core headers, src/render core and render
              ones, src/export those and its own, src/cli and src/app those and
              their own; a folder's -private.h is included only
              by that folder (and by tests and benches);
  size        no source file of src/, bench/ or tests/ is over 1,200 lines;
  headers     every header says what its file is for in a comment at its top;
  potfiles    po/POTFILES.in lists every source and template with strings to
              translate and no other (so a moved file keeps its strings in the
              catalogs);
  core-labels every undo label the core makes is marked with OSSA_N_ so that
              the catalogs extract it (the core itself never translates);
  catalogs    every string the catalogs extract is translated, not fuzzy, in
              each language of po/LINGUAS (needs xgettext and msgmerge);
  licences    every file of the runtime (src/core/, proto/) says
              SPDX-License-Identifier: MIT, every other source file (C, headers,
              meson, Python, shell, templates, shaders) GPL-3.0-or-later; the
              examples a game copies may say either (LICENSES/ holds the texts).

Usage: check-house.py SOURCE_ROOT [RULE…]; prints one line per breach as
FILE:LINE: message, and exits 1 when there is any.
"""
import os
import re
import sys

MAX_LINES = 1200
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def sources(root, top, exts=('.c', '.h')):
    for folder, _, files in os.walk(os.path.join(root, top)):
        for name in sorted(files):
            if name.endswith(exts):
                yield os.path.join(folder, name)


def read_lines(path):
    with open(path, encoding='utf-8', errors='replace') as f:
        return f.read().split('\n')


def rel(root, path):
    return os.path.relpath(path, root)


def check_edit_door(root):
    app = os.path.join(root, 'src', 'app')
    editor = os.path.join(app, 'editor') + os.sep
    call = re.compile(r'\bossa_command_\w*\s*\(')
    for path in sources(root, 'src/app'):
        if path.startswith(editor):
            continue
        for number, line in enumerate(read_lines(path), 1):
            if call.search(line):
                yield (rel(root, path), number,
                       'builds a core command; ask OssaEditor for the edit instead '
                       '(src/app/editor/)')


def header_index(root):
    """Header name -> the folders (relative to root) that hold a file of that name."""
    index = {}
    for top in ('src', 'proto'):
        for path in sources(root, top, ('.h',)):
            index.setdefault(os.path.basename(path), []).append(
                os.path.dirname(rel(root, path)))
    return index


def layer_of(folder):
    parts = folder.split(os.sep)
    if parts[:2] == ['src', 'core']:
        return 'core'
    if parts[:2] == ['src', 'cli']:
        return 'cli'
    if parts[:2] == ['src', 'app']:
        return 'app'
    if parts[:2] == ['src', 'render']:
        return 'render'
    if parts[:2] == ['src', 'export']:
        return 'export'
    return None


# The renderer draws with cairo over the core; the export job writes what it draws;
# the CLI and the editor use both and never each other.
ALLOWED = {'core': {'core'}, 'render': {'core', 'render'},
           'export': {'core', 'render', 'export'},
           'cli': {'core', 'render', 'export', 'cli'},
           'app': {'core', 'render', 'export', 'app'}}


def check_layers(root):
    index = header_index(root)
    for path in sources(root, 'src'):
        folder = os.path.dirname(rel(root, path))
        layer = layer_of(folder)
        for number, line in enumerate(read_lines(path), 1):
            m = INCLUDE.match(line)
            if not m:
                continue
            name = os.path.basename(m.group(1))
            homes = index.get(name)
            if not homes:
                continue  # generated (config.h, ossa.pb-c.h, resources)
            # A bare include finds the header in the including file's own folder first.
            home = folder if folder in homes else homes[0]
            target = layer_of(home)
            if target is not None and target not in ALLOWED[layer]:
                yield (rel(root, path), number,
                       f'{layer} includes {name} of the {target} layer')
            if name.endswith('-private.h') and home != folder and target == layer == 'app':
                yield (rel(root, path), number,
                       f'{name} is private to {home}/; use its public header')


def check_size(root):
    for top in ('src', 'bench', 'tests'):
        for path in sources(root, top, ('.c', '.h', '.py')):
            n = len(read_lines(path)) - 1
            if n > MAX_LINES:
                yield (rel(root, path), n,
                       f'{n} lines, over {MAX_LINES}: split it by concept')


def check_headers(root):
    for path in sources(root, 'src', ('.h',)):
        head = '\n'.join(read_lines(path)[:30])
        body = re.sub(r'/\*\s*SPDX-License-Identifier:[^*]*\*/', '', head)
        if not re.search(r'/\*[^*]', body):
            yield (rel(root, path), 1,
                   'no comment at the top saying what this header is for')


TRANSLATABLE_C = re.compile(r'(?<![\w])(?:_|N_|C_|NC_|OSSA_N_)\s*\(\s*"|\bg_dngettext\s*\(|\bngettext\s*\(')
TRANSLATABLE_UI = re.compile(r'translatable="yes"')


def translatable_files(root):
    found = set()
    for top, exts, pattern in (('src', ('.c',), TRANSLATABLE_C),
                               ('ui', ('.ui',), TRANSLATABLE_UI)):
        for path in sources(root, top, exts):
            if pattern.search('\n'.join(read_lines(path))):
                found.add(rel(root, path))
    return found


def check_potfiles(root):
    potfiles = os.path.join(root, 'po', 'POTFILES.in')
    listed = {}
    for number, line in enumerate(read_lines(potfiles), 1):
        line = line.strip()
        if line and not line.startswith('#'):
            listed[line] = number
    for name, number in sorted(listed.items()):
        if not os.path.exists(os.path.join(root, name)):
            yield ('po/POTFILES.in', number, f'{name} does not exist')
    found = translatable_files(root)
    for name in sorted(found - set(listed)):
        yield ('po/POTFILES.in', len(listed) + 1,
               f'{name} has strings to translate but is not listed')
    for name, number in sorted(listed.items()):
        scanned = name.startswith(('src/', 'ui/'))
        if scanned and os.path.exists(os.path.join(root, name)) and name not in found:
            yield ('po/POTFILES.in', number, f'{name} has no strings to translate')


LABEL = re.compile(r'"[A-Z][a-z]+(?: [A-Za-z]+)+"')
MARKED_LABEL = re.compile(r'OSSA_N_\s*\(\s*"[^"]*"\s*\)')


def check_core_labels(root):
    for path in sources(root, 'src/core', ('.c',)):
        if not os.path.basename(path).startswith(('ossa-command', 'ossa-history')):
            continue
        for number, line in enumerate(read_lines(path), 1):
            if LABEL.search(MARKED_LABEL.sub('', line)):
                yield (rel(root, path), number,
                       'an undo label not marked with OSSA_N_ (src/core/ossa-text.h)')


# xgettext's keywords for the catalogs, as po/meson.build's glib preset sets them.
XGETTEXT_KEYWORDS = ['--keyword=_', '--keyword=N_', '--keyword=C_:1c,2', '--keyword=NC_:1c,2',
                     '--keyword=g_dngettext:2,3', '--keyword=OSSA_N_']


def check_catalogs(root):
    import shutil
    import subprocess
    import tempfile

    for tool in ('xgettext', 'msgmerge', 'msgattrib'):
        if shutil.which(tool) is None:
            yield ('po/LINGUAS', 1, f'{tool} is needed for this check (Debian: gettext)')
            return
    with tempfile.TemporaryDirectory() as tmp:
        pot = os.path.join(tmp, 'ossa.pot')
        subprocess.run(['xgettext', '--from-code=UTF-8', '--package-name=ossa',
                        '-D', root, '-o', pot,
                        '--files-from=' + os.path.join(root, 'po', 'POTFILES.in')]
                       + XGETTEXT_KEYWORDS, check=True, capture_output=True)
        for lang in read_lines(os.path.join(root, 'po', 'LINGUAS')):
            lang = lang.strip()
            if not lang or lang.startswith('#'):
                continue
            merged = os.path.join(tmp, lang + '.po')
            subprocess.run(['msgmerge', '-q', '--no-fuzzy-matching', '-o', merged,
                            os.path.join(root, 'po', lang + '.po'), pot],
                           check=True, capture_output=True)
            for kind, flag in (('untranslated', '--untranslated'), ('fuzzy', '--only-fuzzy')):
                out = subprocess.run(['msgattrib', flag, '--no-obsolete', '--no-wrap', merged],
                                     check=True, capture_output=True, text=True).stdout
                for msgid in re.findall(r'^msgid "(.+)"$', out, re.M):
                    yield (f'po/{lang}.po', 1, f'{kind}: "{msgid}"')


RUNTIME_DIRS = ('src/core', 'proto')
LICENSED_EXTS = ('.c', '.h', '.py', '.sh', '.proto', '.ui', '.frag', '.vert', '.css')
SPDX = re.compile(r'SPDX-License-Identifier: (\S+)')


def licensed_files(root):
    """Source files of the tree, leaving out hidden folders and build folders."""
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith(('.', '_')) and not
                         os.path.exists(os.path.join(folder, d, 'build.ninja')))
        for name in sorted(files):
            path = os.path.join(folder, name)
            in_runtime = any(rel(root, path).startswith(d + '/') for d in RUNTIME_DIRS)
            if in_runtime or name.endswith(LICENSED_EXTS) or name == 'meson.build':
                yield path, in_runtime


def check_licences(root):
    for path, in_runtime in licensed_files(root):
        where = rel(root, path)
        m = SPDX.search('\n'.join(read_lines(path)[:3]))
        if in_runtime:
            wanted = ('MIT',)
        elif where.startswith('examples/'):
            wanted = ('MIT', 'GPL-3.0-or-later')
        else:
            wanted = ('GPL-3.0-or-later',)
        if not m or m.group(1).rstrip('*/') not in wanted:
            yield (where, 1,
                   f'says {m.group(1) if m else "no SPDX-License-Identifier"} in its first '
                   f'lines; it must say SPDX-License-Identifier: {" or ".join(wanted)}'
                   + (' (the runtime a game ships, README "Licence")' if in_runtime else ''))


RULES = {
    'edit-door': check_edit_door,
    'layers': check_layers,
    'size': check_size,
    'headers': check_headers,
    'potfiles': check_potfiles,
    'core-labels': check_core_labels,
    'catalogs': check_catalogs,
    'licences': check_licences,
}


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    root = argv[1]
    names = argv[2:] or list(RULES)
    breaches = 0
    for name in names:
        if name not in RULES:
            print(f'check-house: no rule "{name}" (rules: {", ".join(RULES)})',
                  file=sys.stderr)
            return 2
        for path, line, message in RULES[name](root):
            print(f'{path}:{line}: {name}: {message}')
            breaches += 1
    return 1 if breaches else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
