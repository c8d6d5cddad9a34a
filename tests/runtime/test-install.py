#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Installs the build into a temporary DESTDIR as a packager would and checks what
a game developer gets: libossa.so.VERSION with the soname libossa.so.MAJOR and its
links, libossa.a, the headers under include/ossa/ (ossa.h and everything it pulls
in, no -private.h, no protobuf-c header), and ossa.pc; then builds install-smoke.c
against that install through pkg-config alone, shared and static, and runs both.

Usage: test-install.py MESON BUILD_ROOT VERSION SMOKE_C SAMPLE_OSSA
(the compiler and its extra flags come from OSSA_TEST_CC and OSSA_TEST_CFLAGS)."""
import glob
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

failures = []


def check(ok, message):
    if not ok:
        failures.append(message)
        print('not ok: ' + message, file=sys.stderr)
    return ok


def run(cmd, **kw):
    p = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if p.returncode != 0:
        sys.exit(f'test-install: {shlex.join(cmd)} failed ({p.returncode}):\n{p.stdout}{p.stderr}')
    return p.stdout


def included(header_dir, name, seen):
    """The headers name includes with quotes, transitively."""
    if name in seen:
        return
    seen.add(name)
    path = os.path.join(header_dir, name)
    if not check(os.path.isfile(path), f'include/ossa/{name} is not installed'):
        return
    for m in re.finditer(r'^#include "([^"]+)"', open(path).read(), re.M):
        included(header_dir, m.group(1), seen)


def main(meson, build_root, version, smoke_c, sample):
    major = version.split('.')[0]
    dest = tempfile.mkdtemp(prefix='ossa-install-')
    try:
        run([meson, 'install', '-C', build_root, '--destdir', dest, '--no-rebuild', '--quiet'])

        pcs = glob.glob(os.path.join(dest, '**', 'pkgconfig', 'ossa.pc'), recursive=True)
        if not check(len(pcs) == 1, f'one ossa.pc installed (found {pcs})'):
            return
        pc_dir = os.path.dirname(pcs[0])
        lib_dir = os.path.dirname(pc_dir)
        pc = open(pcs[0]).read()
        # ${prefix} and ${includedir} as the .pc says, inside the DESTDIR.
        variables = dict(re.findall(r'^(\w+)=(.*)$', pc, re.M))
        include_dir = dest + re.sub(r'\$\{(\w+)\}', lambda m: variables[m.group(1)],
                                    variables.get('includedir', ''))

        # The library, its links and its soname.
        real = os.path.join(lib_dir, f'libossa.so.{version}')
        check(os.path.isfile(real) and not os.path.islink(real), f'{real} is installed')
        check(os.path.realpath(os.path.join(lib_dir, f'libossa.so.{major}')) == real,
              f'libossa.so.{major} links to libossa.so.{version}')
        check(os.path.realpath(os.path.join(lib_dir, 'libossa.so')) == real,
              'libossa.so (the development link) links to the library')
        check(os.path.isfile(os.path.join(lib_dir, 'libossa.a')), 'libossa.a is installed')
        dynamic = run(['readelf', '-d', real])
        check(f'Library soname: [libossa.so.{major}]' in dynamic,
              f'the soname is libossa.so.{major}:\n{dynamic}')
        check('libprotobuf-c.so' in dynamic, 'libossa.so needs libprotobuf-c')
        check('glib' not in dynamic and 'gtk' not in dynamic,
              'libossa.so needs no GLib or GTK')

        # The headers: ossa.h and all it includes, nothing private or generated.
        header_dir = os.path.join(include_dir, 'ossa')
        seen = set()
        included(header_dir, 'ossa.h', seen)
        check('ossa-player.h' in seen, 'ossa.h includes ossa-player.h')
        installed = sorted(os.listdir(header_dir)) if os.path.isdir(header_dir) else []
        check(not [h for h in installed if h.endswith('-private.h') or 'pb-c' in h],
              f'no private or protobuf-c header installed: {installed}')
        check(set(installed) == seen,
              f'every installed header is reached from ossa.h: {sorted(set(installed) - seen)}')

        # The runtime's licence travels with it.
        check(glob.glob(os.path.join(dest, '**', 'licenses', 'ossa', 'libossa-MIT.txt'),
                        recursive=True), 'the runtime\'s licence is installed (share/licenses/ossa)')

        # The pkg-config file.
        check(re.search(r'^Requires\.private:.*\blibprotobuf-c\b', pc, re.M),
              f'ossa.pc: Requires.private: libprotobuf-c\n{pc}')
        check(re.search(r'^Libs\.private:.*-lm\b', pc, re.M), f'ossa.pc: Libs.private: -lm\n{pc}')
        check(re.search(rf'^Version: {re.escape(version)}$', pc, re.M), f'ossa.pc: Version: {version}')

        # A program built from the install alone: pkg-config with the DESTDIR as sysroot.
        env = dict(os.environ, PKG_CONFIG_PATH=pc_dir, PKG_CONFIG_SYSROOT_DIR=dest)
        env.pop('PKG_CONFIG_ALLOW_SYSTEM_CFLAGS', None)
        cflags = shlex.split(run(['pkg-config', '--cflags', 'ossa'], env=env))
        check(f'-I{include_dir}' in cflags, f'pkg-config --cflags ossa gives -I{include_dir}: {cflags}')
        cc = shlex.split(os.environ.get('OSSA_TEST_CC', 'cc'))
        extra = shlex.split(os.environ.get('OSSA_TEST_CFLAGS', ''))
        strict = ['-std=c11', '-Wall', '-Wextra', '-Wpedantic', '-Werror']
        outputs = {}
        for kind in ('shared', 'static'):
            exe = os.path.join(dest, f'smoke-{kind}')
            if kind == 'shared':
                libs = shlex.split(run(['pkg-config', '--libs', 'ossa'], env=env))
            else:
                # -l:libossa.a: the archive even though libossa.so sits beside it.
                libs = ['-l:libossa.a' if a == '-lossa' else a for a in
                        shlex.split(run(['pkg-config', '--static', '--libs', 'ossa'], env=env))]
            run(cc + strict + extra + cflags + [smoke_c, '-o', exe] + libs)
            needed = run(['readelf', '-d', exe])
            check((f'[libossa.so.{major}]' in needed) == (kind == 'shared'),
                  f'the {kind} program {"needs" if kind == "shared" else "does not need"} '
                  f'libossa.so.{major}')
            run_env = dict(os.environ, LD_LIBRARY_PATH=lib_dir) if kind == 'shared' else None
            out = run([exe, sample, 'walk'], env=run_env)
            print(f'# {kind}:\n' + out)
            m = re.search(r'^bones (\d+)\nquads (\d+)\nplayer yes$', out, re.M)
            check(m and int(m.group(1)) > 0 and int(m.group(2)) > 0,
                  f'the {kind} program loaded and posed {sample}:\n{out}')
            outputs[kind] = out
        check(outputs.get('shared') == outputs.get('static'),
              'the shared and the static program print the same pose')

        # Most games are C++: the headers compile there too (extern "C", no C-only syntax).
        cxx = shutil.which('c++')
        if cxx:
            source = os.path.join(dest, 'smoke.cc')
            with open(source, 'w') as f:
                f.write('#include <ossa/ossa.h>\n'
                        'int main (int, char **argv)\n'
                        '{\n'
                        '  OssaError err = {};\n'
                        '  OssaDocument *doc = ossa_document_load (argv[1], &err);\n'
                        '  OssaPlayer *player = doc ? ossa_player_new (doc, &err) : nullptr;\n'
                        '  bool ok = player != nullptr;\n'
                        '  ossa_player_free (player);\n'
                        '  ossa_document_free (doc);\n'
                        '  return ok ? 0 : 1;\n'
                        '}\n')
            exe = os.path.join(dest, 'smoke-cxx')
            libs = shlex.split(run(['pkg-config', '--libs', 'ossa'], env=env))
            run([cxx, '-std=c++17', '-Wall', '-Wextra', '-Wpedantic', '-Werror'] + extra + cflags
                + [source, '-o', exe] + libs)
            run([exe, sample], env=dict(os.environ, LD_LIBRARY_PATH=lib_dir))
            print('# a C++17 program built and ran against the install')
        else:
            print('# no c++ compiler: the C++ check is skipped')
    finally:
        shutil.rmtree(dest, ignore_errors=True)


if __name__ == '__main__':
    if len(sys.argv) != 6:
        sys.exit(__doc__)
    main(*sys.argv[1:])
    if failures:
        sys.exit(f'test-install: {len(failures)} check(s) failed (see above)')
    print('test-install: the install is complete and a program builds and runs from it')
