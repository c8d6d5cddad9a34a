# SPDX-License-Identifier: GPL-3.0-or-later
"""What the end-to-end scripts (e2e-*.py) share: their arguments and the skips
before them, running the editor and cleaning up after it, skip and fail with the
exit codes meson understands, xdotool (the window, keys, clicks and drags),
waiting for a condition, reading the editor's JSON dumps, looking up a bone in
one, saving, ossa-cli's JSON, and screenshots and their pixels."""

import contextlib
import json
import math
import os
import shutil
import subprocess
import sys
import time


def skip(why):
    print(f"SKIP: {why}")
    sys.exit(77)


def fail(why):
    print(f"FAIL: {why}")
    sys.exit(1)


def arguments(usage, tools):
    """The four arguments OSSA OSSA_CLI INPUT OUTDIR (usage and exit 2 without
    them); skips without a display or without one of tools."""
    if len(sys.argv) != 5:
        print(usage)
        sys.exit(2)
    if not os.environ.get("DISPLAY"):
        skip("no DISPLAY")
    for tool in tools:
        if shutil.which(tool) is None:
            skip(f"{tool} not installed")
    return sys.argv[1:]


@contextlib.contextmanager
def running_ossa(ossa, doc, work, **env):
    """ossa running on doc (None: without a document), with env added to its
    environment and its output in work/log.txt; its recovery copies in work/state
    unless env sets XDG_STATE_HOME, so that one left by an editor killed here is
    never offered to another test's. On the way out it is killed if it still runs,
    its output printed and work removed."""
    log = open(os.path.join(work, "log.txt"), "w+")
    env.setdefault("XDG_STATE_HOME", os.path.join(work, "state"))
    proc = subprocess.Popen([ossa] + ([doc] if doc else []), env=dict(os.environ, **env),
                            stdout=log, stderr=subprocess.STDOUT)
    try:
        yield proc
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        log.seek(0)
        text = log.read()
        if text:
            print("--- ossa output\n" + text)
        shutil.rmtree(work, ignore_errors=True)


def xdo(*args):
    return subprocess.run(["xdotool", *map(str, args)], check=True,
                          capture_output=True, text=True).stdout.strip()


def wait_for(what, check, timeout=20.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        got = check()
        if got:
            return got
        time.sleep(0.05)
    fail(f"timed out waiting for {what}")


def window_titled(title):
    """The visible window titled exactly title, once there, focused (there is no
    window manager under Xvfb)."""
    wid = wait_for("the window", lambda: subprocess.run(
        ["xdotool", "search", "--onlyvisible", "--name", f"^{title}$"],
        capture_output=True, text=True).stdout.split())[0]
    xdo("windowfocus", "--sync", wid)
    return wid


def press(*keys, window=None, clear=True, pause=0.0):
    """Each key (xdotool's names: "ctrl+s"), sent to window when given, with the
    modifiers held cleared unless clear is false, pause seconds after each."""
    for k in keys:
        xdo("key", *(["--window", window] if window else []),
            *(["--clearmodifiers"] if clear else []), k)
        if pause:
            time.sleep(pause)


def click(wid, x, y, settle=0.2):
    """The pointer to (x, y) in the window, a left click, settle seconds to let
    the editor take it."""
    xdo("mousemove", "--window", wid, round(x), round(y))
    time.sleep(0.05)
    xdo("click", 1)
    time.sleep(settle)


def drag(wid, points, pause=0.02, settle=0.3):
    """The left button pressed at points[0] of the window, moved through the
    others pause seconds apart, released, and settle seconds to let it land."""
    xdo("mousemove", "--window", wid, round(points[0][0]), round(points[0][1]))
    time.sleep(0.1)
    xdo("mousedown", 1)
    for x, y in points[1:]:
        xdo("mousemove", "--window", wid, round(x), round(y))
        time.sleep(pause)
    xdo("mouseup", 1)
    time.sleep(settle)


def read_json(path):
    """The file's JSON, or None while it is missing or half written."""
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def wait_dump(what, path, ready, timeout=20.0):
    """The JSON dump at path once there is one for which ready(dump) is true."""
    def check():
        dump = read_json(path)
        return dump if dump and ready(dump) else None
    return wait_for(what, check, timeout)


def bone_in(dump, name):
    for b in dump["bones"]:
        if b["name"] == name:
            return b
    fail(f"{name} is not in the view dump")


def body_point(bone):
    """A point on the bone's body (a view dump's bone), 60 % of the way from its
    joint to its tip, in window pixels."""
    jx, jy = bone["joint"]
    tx, ty = bone["tip"]
    return jx + 0.6 * (tx - jx), jy + 0.6 * (ty - jy)


def turn_points(bone, degrees, steps):
    """Where the pointer goes to turn the bone (a view dump's bone) degrees
    counter-clockwise about its joint: from body_point() along the circle, in
    steps. Fails when the bone is too short on screen to be turned by hand."""
    jx, jy = bone["joint"]
    px, py = body_point(bone)
    radius = math.hypot(px - jx, py - jy)
    if radius < 10:
        fail(f"{bone['name']} is only {radius:.1f} px long on screen: the view is not fitted")
    start = math.atan2(py - jy, px - jx)
    # Window y points down, world y up: a counter-clockwise turn in the world is a
    # decreasing angle on screen.
    return [(px, py)] + [(jx + radius * math.cos(start - math.radians(degrees) * i / steps),
                          jy + radius * math.sin(start - math.radians(degrees) * i / steps))
                         for i in range(1, steps + 1)]


@contextlib.contextmanager
def saving(doc):
    """Whatever the block does (Ctrl+S) changes doc on disk: waited for."""
    before = os.stat(doc).st_mtime_ns
    yield
    wait_for("the save", lambda: os.stat(doc).st_mtime_ns != before)
    time.sleep(0.2)


def cli_json(cli, *args):
    """What `ossa-cli ARGS` prints, as JSON."""
    out = subprocess.run([cli, *args], check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def screenshot(wid, outdir, name):
    """The window's picture in outdir/name; its path."""
    os.makedirs(outdir, exist_ok=True)
    shot = os.path.join(outdir, name)
    subprocess.run(["import", "-window", wid, shot], check=True)
    return shot


def pixel(shot, x, y):
    out = subprocess.run(["convert", shot, "-format", f"%[pixel:p{{{x},{y}}}]", "info:"],
                         check=True, capture_output=True, text=True).stdout
    return out.strip()
