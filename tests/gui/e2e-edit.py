#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""e2e-edit.py OSSA OSSA_CLI SAMPLE OUTDIR

Drives the real editor the way a person does, under X with xdotool: opens a copy
of SAMPLE, finds upper_arm_r through the view dump (OSSA_VIEW_DUMP), presses on its
body, drags the pointer in small steps a quarter turn counter-clockwise about its
joint, releases, and saves with Ctrl+S. Then checks the saved file with
`ossa-cli sample`: the bone turned 90° (± 3°), its children's local transforms are
unchanged, Ctrl+Z and Ctrl+Shift+Z (each followed by Ctrl+S) give back exactly the
file before and after the drag, and the screenshot shows the bones on the canvas.
Exit 77 (skip) without a display, xdotool or ImageMagick.
"""

import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time

from e2e_support import bone_in, fail, pixel, read_json, skip, wait_for, xdo

BONE = "upper_arm_r"
CHILDREN = ("forearm_r", "hand_r")
TURN_DEG = 90.0
TOLERANCE_DEG = 3.0


def sample(cli, doc):
    out = subprocess.run([cli, "sample", doc, "--time", "0", "--json"], check=True,
                         capture_output=True, text=True).stdout
    return {b["name"]: b for b in json.loads(out)["bones"]}


def save_and_sample(wid, cli, doc):
    """Ctrl+S, wait for the file to change on disk, return its rest pose."""
    before = os.stat(doc).st_mtime_ns
    xdo("windowfocus", "--sync", wid)
    xdo("key", "--clearmodifiers", "ctrl+s")
    wait_for("the save", lambda: os.stat(doc).st_mtime_ns != before)
    time.sleep(0.2)
    return sample(cli, doc)


def main():
    if len(sys.argv) != 5:
        print(__doc__)
        sys.exit(2)
    ossa, cli, sample_path, outdir = sys.argv[1:]
    if not os.environ.get("DISPLAY"):
        skip("no DISPLAY")
    for tool in ("xdotool", "import", "convert"):
        if shutil.which(tool) is None:
            skip(f"{tool} not installed")

    work = tempfile.mkdtemp(prefix="ossa-e2e-")
    doc = os.path.join(work, "humanoid.ossa")
    dump = os.path.join(work, "view.json")
    shutil.copyfile(sample_path, doc)
    env = dict(os.environ, OSSA_VIEW_DUMP=dump)
    log = open(os.path.join(work, "log.txt"), "w+")
    proc = subprocess.Popen([ossa, doc], env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        run(proc, cli, doc, dump, outdir)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        log.seek(0)
        text = log.read()
        if text:
            print("--- ossa output\n" + text)
        shutil.rmtree(work, ignore_errors=True)


def run(proc, cli, doc, dump, outdir):
    title = "humanoid — Ossa"
    wid = wait_for("the window", lambda: subprocess.run(
        ["xdotool", "search", "--onlyvisible", "--name", f"^{title}$"],
        capture_output=True, text=True).stdout.split())[0]
    xdo("windowfocus", "--sync", wid)
    view = wait_for("a view dump with bones", lambda: (read_json(dump) or {}).get("bones") and read_json(dump))
    if proc.poll() is not None:
        fail("ossa exited early")

    before = sample(cli, doc)
    bone = bone_in(view, BONE)
    jx, jy = bone["joint"]
    tx, ty = bone["tip"]
    # Press on the bone's body, 60 % of the way to its tip.
    px, py = jx + 0.6 * (tx - jx), jy + 0.6 * (ty - jy)
    radius = math.hypot(px - jx, py - jy)
    if radius < 10:
        fail(f"{BONE} is only {radius:.1f} px long on screen: the view is not fitted")
    start = math.atan2(py - jy, px - jx)

    xdo("mousemove", "--window", wid, round(px), round(py))
    time.sleep(0.1)
    xdo("mousedown", 1)
    steps = 30
    for i in range(1, steps + 1):
        # Window y points down, world y up: a counter-clockwise turn in the world
        # is a decreasing angle on screen.
        a = start - math.radians(TURN_DEG) * i / steps
        xdo("mousemove", "--window", wid, round(jx + radius * math.cos(a)), round(jy + radius * math.sin(a)))
        time.sleep(0.02)
    xdo("mouseup", 1)
    time.sleep(0.3)

    os.makedirs(outdir, exist_ok=True)
    shot = os.path.join(outdir, "e2e-edit.png")
    subprocess.run(["import", "-window", wid, shot], check=True)
    check_screenshot(shot, read_json(dump))

    after = save_and_sample(wid, cli, doc)
    turned = math.degrees(after[BONE]["local"]["rotation"] - before[BONE]["local"]["rotation"])
    print(f"{BONE} turned {turned:.2f}° (asked {TURN_DEG}°)")
    if abs(turned - TURN_DEG) > TOLERANCE_DEG:
        fail(f"{BONE} turned {turned:.2f}°, expected {TURN_DEG}° ± {TOLERANCE_DEG}°")
    for name, b in before.items():
        if name != BONE and b["local"] != after[name]["local"]:
            fail(f"{name}'s local transform changed: {b['local']} -> {after[name]['local']}")
    for name in CHILDREN:
        if before[name]["world"] == after[name]["world"]:
            fail(f"{name} did not move with its parent")

    xdo("key", "--clearmodifiers", "ctrl+z")
    undone = save_and_sample(wid, cli, doc)
    if undone != before:
        fail("Ctrl+Z did not give back the document as it was before the drag")
    xdo("key", "--clearmodifiers", "ctrl+shift+z")
    redone = save_and_sample(wid, cli, doc)
    if redone != after:
        fail("Ctrl+Shift+Z did not give back the document as it was after the drag")
    print("ok: drag rotated one bone, undo and redo restore exactly")


def check_screenshot(shot, view):
    """Bone middles are drawn in something other than the canvas background."""
    xs = [p for b in view["bones"] for p in (b["joint"][0], b["tip"][0])]
    ys = [p for b in view["bones"] for p in (b["joint"][1], b["tip"][1])]
    # Background: left of the skeleton, level with its middle.
    bx, by = round(min(xs) - 40), round((min(ys) + max(ys)) / 2)
    background = pixel(shot, bx, by)
    drawn = 0
    long_bones = [b for b in view["bones"]
                  if math.hypot(b["tip"][0] - b["joint"][0], b["tip"][1] - b["joint"][1]) > 20]
    for b in long_bones:
        mx = round((b["joint"][0] + b["tip"][0]) / 2)
        my = round((b["joint"][1] + b["tip"][1]) / 2)
        drawn += pixel(shot, mx, my) != background
    print(f"screenshot {shot}: background {background}, {drawn}/{len(long_bones)} bone middles drawn")
    if not long_bones or drawn < 0.8 * len(long_bones):
        fail("the screenshot does not show the bones")


if __name__ == "__main__":
    main()
