#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""RUNTIME.md's C snippets compile and run, so the guide cannot rot.

The convention: every ```c block in RUNTIME.md follows a `<!-- compile -->` line
(a block that must not be compiled would say `<!-- no-compile -->`; an unmarked
C block fails this test). A block is one of two kinds:
  - a whole program (it defines main): compiled, linked and run with the sample
    character's .ossa as its only argument; it must exit 0;
  - otherwise a translation unit of its own (functions a game would write):
    compiled with -c.
Each is compiled as it stands, after a `#line` pointing at RUNTIME.md, with
-std=c11 -Wall -Wextra -Wpedantic -Werror against the tree's libossa headers as
`#include <ossa/ossa.h>` finds them once installed; a failure names the snippet's
line in RUNTIME.md.

  test-runtime-guide.py RUNTIME.md HERO.ossa CORE_HEADER_DIR [--sanitize B_SANITIZE]
                        LIBRARY...
(--sanitize: the build's b_sanitize, which its static libossa needs at link time.)"""
import os
import re
import subprocess
import sys
import tempfile


def snippets(path):
    """(line of the first code line, kind, code) for every C block."""
    lines = open(path, encoding="utf-8").read().split("\n")
    out, errors = [], []
    i = 0
    while i < len(lines):
        if lines[i].strip() == "```c":
            marker = lines[i - 1].strip() if i > 0 else ""
            start = i + 1
            j = start
            while j < len(lines) and lines[j].strip() != "```":
                j += 1
            code = "\n".join(lines[start:j]) + "\n"
            if marker == "<!-- compile -->":
                kind = "program" if re.search(r"^main \(|\bint\s+main\s*\(", code, re.M) \
                    else "unit"
                out.append((start + 1, kind, code))
            elif marker != "<!-- no-compile -->":
                errors.append("%s:%d: a C block without <!-- compile --> (or <!-- no-compile -->) "
                              "before it" % (os.path.basename(path), i + 1))
            i = j
        i += 1
    return out, errors


def main():
    guide, hero, header_dir, libs = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
    sanitize = []
    if libs[:1] == ["--sanitize"]:
        if libs[1] not in ("", "none"):
            sanitize = ["-fsanitize=" + libs[1]]
        libs = libs[2:]
    name = os.path.basename(guide)
    found, errors = snippets(guide)
    programs = [s for s in found if s[1] == "program"]
    if len(found) < 5 or len(programs) < 3:
        errors.append("%s: %d snippets (%d programs); the guide should have at least 5 (3)"
                      % (name, len(found), len(programs)))
    with tempfile.TemporaryDirectory(prefix="ossa-guide-") as tmp:
        # <ossa/ossa.h> as an install lays the headers out.
        os.mkdir(os.path.join(tmp, "include"))
        os.symlink(os.path.abspath(header_dir), os.path.join(tmp, "include", "ossa"))
        flags = ["-std=c11", "-Wall", "-Wextra", "-Wpedantic", "-Werror",
                 "-I" + os.path.join(tmp, "include")] + sanitize
        for line, kind, code in found:
            src = os.path.join(tmp, "snippet-%d.c" % line)
            exe = os.path.join(tmp, "snippet-%d" % line)
            with open(src, "w", encoding="utf-8") as f:
                f.write('#line %d "%s"\n' % (line, name))
                f.write(code)
            if kind == "program":
                cmd = ["cc"] + flags + ["-o", exe, src] + libs + ["-lprotobuf-c", "-lm",
                                                                   "-pthread"]
            else:
                cmd = ["cc"] + flags + ["-c", "-o", exe + ".o", src]
            r = subprocess.run(cmd, capture_output=True, text=True)
            if r.returncode != 0:
                errors.append("%s:%d: the snippet (%s) does not compile:\n%s"
                              % (name, line, kind, r.stderr))
                continue
            if kind == "program":
                r = subprocess.run([exe, hero], capture_output=True, text=True, timeout=60)
                print("%s:%d: %s" % (name, line, r.stdout.strip()))
                if r.returncode != 0:
                    errors.append("%s:%d: the program exited with %d on %s:\n%s%s"
                                  % (name, line, r.returncode, hero, r.stdout, r.stderr))
            else:
                print("%s:%d: compiles" % (name, line))
    for e in errors:
        print("FAIL: " + e, file=sys.stderr)
    if errors:
        sys.exit(1)
    print("ok: %d snippets, %d programs run" % (len(found), len(programs)))


main()
