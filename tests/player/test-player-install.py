#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The player a game developer would build: install libossa into a temporary
DESTDIR with `meson install`, build examples/player from a copy outside the tree
with its Makefile and pkg-config pointed at that install (nothing from the source
tree), run it under X on the hero with --frames 10 --screenshot, once alone and
once with --crowd 4, and check the pictures with player-check (the head where the
runtime's world corners say, the background elsewhere), and a copy of the hero
with its pictures embedded; then the keys, pressed as
X key events (animations, pause, speed, Esc), seen in the window title. Bad input:
a clear message naming the file.

  test-player-install.py SOURCE_ROOT BUILD_ROOT PLAYER_CHECK [--sanitize B_SANITIZE]
                         [--install-root DIR]

--sanitize: the build's b_sanitize (a sanitized libossa needs a sanitized player);
--install-root uses an install made by hand instead of `meson install`."""
import glob
import os
import shutil
import subprocess
import sys
import tempfile
import time

FRAMES = 10


def fail(msg):
    print("FAIL: " + msg, file=sys.stderr)
    sys.exit(1)


def run(cmd, env=None, check=True):
    print("$ " + " ".join(cmd), flush=True)
    r = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=240)
    if r.stdout:
        print(r.stdout, end="")
    if r.stderr:
        print(r.stderr, end="", file=sys.stderr)
    if check and r.returncode != 0:
        fail("%s exited with %d" % (cmd[0], r.returncode))
    return r


def title_becomes(wid, want, avoid=None):
    """Waits up to 5 s for the window title to contain want (and not avoid)."""
    title = ""
    for _ in range(50):
        title = subprocess.run(["xdotool", "getwindowname", wid], capture_output=True,
                               text=True).stdout.strip()
        if want in title and (avoid is None or avoid not in title):
            print("title: " + title)
            return
        time.sleep(0.1)
    fail("the title should show %r%s, it is %r" % (want, "" if avoid is None
                                                   else " without %r" % avoid, title))


def keys(player, hero, env):
    """The keys a person presses, as X key events, read back from the title."""
    proc = subprocess.Popen([player, hero], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        r = subprocess.run(["xdotool", "search", "--sync", "--limit", "1", "--pid",
                            str(proc.pid), "--name", "ossa-player"],
                           capture_output=True, text=True, timeout=30)
        wid = r.stdout.split()[0] if r.stdout.split() else fail("no player window")
        title_becomes(wid, "walk")
        for key, want, avoid in (("2", "cheer", None), ("Left", "walk", None),
                                 ("Right", "cheer", None), ("1", "walk", None),
                                 ("space", "(paused)", None), ("space", "walk", "paused"),
                                 ("plus", "speed x1.25", None), ("minus", "speed x1.00", None),
                                 ("minus", "speed x0.80", None)):
            subprocess.run(["xdotool", "windowfocus", "--sync", wid], check=False)
            subprocess.run(["xdotool", "key", "--clearmodifiers", key], check=True)
            title_becomes(wid, want, avoid)
        subprocess.run(["xdotool", "key", "Escape"], check=True)
        out, err = proc.communicate(timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    if proc.returncode != 0 or "frame time: mean" not in out:
        fail("Esc should quit with status 0 and the frame time, got %d: %r %r"
             % (proc.returncode, out, err))
    print(out, end="")


def main():
    args = sys.argv[1:]
    install_root = None
    sanitize = "none"
    if "--install-root" in args:
        i = args.index("--install-root")
        install_root = args[i + 1]
        del args[i:i + 2]
    if "--sanitize" in args:
        i = args.index("--sanitize")
        sanitize = args[i + 1]
        del args[i:i + 2]
    source_root, build_root, player_check = args
    if not os.environ.get("DISPLAY"):
        print("SKIP: no X display (run the suite under xvfb-run)")
        sys.exit(77)
    hero = os.path.join(build_root, "data", "samples", "hero.ossa")
    tmp = tempfile.mkdtemp(prefix="ossa-player-test-")
    try:
        if install_root is None:
            install_root = os.path.join(tmp, "destdir")
            run(["meson", "install", "-C", build_root, "--destdir", install_root,
                 "--no-rebuild", "--quiet"])
        pcs = glob.glob(os.path.join(install_root, "**", "pkgconfig", "ossa.pc"),
                        recursive=True)
        if len(pcs) != 1:
            fail("the install in %s has %d ossa.pc files, not one" % (install_root, len(pcs)))
        pcdir = os.path.dirname(pcs[0])
        headers = glob.glob(os.path.join(install_root, "**", "include", "ossa", "ossa.h"),
                            recursive=True)
        if not headers:
            fail("the install has no include/ossa/ossa.h")
        shared = glob.glob(os.path.join(install_root, "**", "libossa.so.*"), recursive=True)

        # The player's sources alone, away from the tree.
        src = os.path.join(tmp, "player")
        shutil.copytree(os.path.join(source_root, "examples", "player"), src)
        ossa_pc = "env PKG_CONFIG_PATH=%s PKG_CONFIG_SYSROOT_DIR=%s pkg-config" % (
            pcdir, install_root)
        env = dict(os.environ)
        for k in ("CFLAGS", "CPPFLAGS", "LDFLAGS", "C_INCLUDE_PATH", "LIBRARY_PATH"):
            env.pop(k, None)
        make = ["make", "-C", src, "CC=cc", "OSSA_PKG_CONFIG=" + ossa_pc]
        if sanitize not in ("", "none"):
            make.append("CFLAGS=-O1 -g -fsanitize=" + sanitize)
            env["ASAN_OPTIONS"] = "detect_leaks=0"   # SDL's and the X libraries' own
        run(make, env=env)
        player = os.path.join(src, "ossa-player")
        if shared:
            needed = run(["readelf", "-d", player]).stdout
            if "libossa.so" not in needed:
                fail("the player does not link the installed shared libossa")
            env["LD_LIBRARY_PATH"] = os.path.dirname(shared[0])
            ldd = run(["ldd", player], env=env).stdout
            lib_line = [l for l in ldd.splitlines() if "libossa.so" in l]
            if not lib_line or install_root not in lib_line[0]:
                fail("libossa is not taken from the install: %s" % lib_line)
        env["SDL_VIDEODRIVER"] = "x11"

        # Bad input: a clear message naming the file, exit status 1.
        missing = os.path.join(tmp, "no-such.ossa")
        r = run([player, missing, "--frames", "1"], env=env, check=False)
        if r.returncode != 1 or missing not in r.stderr:
            fail("a missing file: want status 1 and its name, got %d: %r"
                 % (r.returncode, r.stderr))
        r = run([player, hero, "--anim", "moonwalk", "--frames", "1"], env=env, check=False)
        if (r.returncode != 1 or "moonwalk" not in r.stderr or hero not in r.stderr
                or "walk" not in r.stderr.replace("moonwalk", "")):
            fail("an unknown animation: want status 1, the file, the name and the ones "
                 "there are, got %d: %r" % (r.returncode, r.stderr))

        alone = os.path.join(tmp, "alone")
        os.mkdir(alone)
        shutil.copy(hero, alone)
        r = run([player, os.path.join(alone, "hero.ossa"), "--frames", "1"], env=env,
                check=False)
        picture = os.path.join(alone, "art", "hero-head.png")
        if r.returncode != 1 or picture not in r.stderr:
            fail("a document without its art: want status 1 and the missing picture's "
                 "path, got %d: %r" % (r.returncode, r.stderr))

        for crowd in (1, 4):
            shot = os.path.join(tmp, "crowd-%d.png" % crowd)
            cmd = [player, hero, "--crowd", str(crowd), "--size", "1280x800",
                   "--frames", str(FRAMES), "--screenshot", shot]
            r = run(cmd, env=env, check=False)
            if r.returncode != 0:
                print("the default renderer failed; trying SDL's software one")
                env["SDL_RENDER_DRIVER"] = "software"
                r = run(cmd, env=env)
            if "frame time: mean" not in r.stdout:
                fail("the player printed no frame time")
            out = os.path.join(tmp, "crowd-%d.txt" % crowd)
            with open(out, "w") as f:
                f.write(r.stdout)
            if r.stdout.count("instance ") != crowd:
                fail("want %d instances, the player printed: %r" % (crowd, r.stdout))
            keep = os.environ.get("OSSA_PLAYER_TEST_KEEP")
            if keep:
                shutil.copy(shot, os.path.join(keep, "player-crowd-%d.png" % crowd))
            run([player_check, hero, shot, out, str(FRAMES), "0"])
        # The pictures inside the document (SDL_RWFromConstMem), nothing beside it.
        embedded = os.path.join(tmp, "embedded", "hero.ossa")
        os.mkdir(os.path.dirname(embedded))
        run([player_check, "embed", hero, embedded])
        shot = os.path.join(tmp, "embedded.png")
        r = run([player, embedded, "--frames", str(FRAMES), "--screenshot", shot], env=env)
        out = os.path.join(tmp, "embedded.txt")
        with open(out, "w") as f:
            f.write(r.stdout)
        run([player_check, embedded, shot, out, str(FRAMES), "0"])

        keys(player, hero, env)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("ok")


main()
