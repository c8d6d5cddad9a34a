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

import math
import os
import shutil
import tempfile

from e2e_support import (arguments, bone_in, cli_json, drag, fail, pixel, press, read_json,
                         running_ossa, saving, screenshot, turn_points, wait_dump,
                         window_titled, xdo)

BONE = "upper_arm_r"
CHILDREN = ("forearm_r", "hand_r")
TURN_DEG = 90.0
TOLERANCE_DEG = 3.0


def sample(cli, doc):
    return {b["name"]: b for b in cli_json(cli, "sample", doc, "--time", "0", "--json")["bones"]}


def save_and_sample(wid, cli, doc):
    """Ctrl+S, wait for the file to change on disk, return its rest pose."""
    with saving(doc):
        xdo("windowfocus", "--sync", wid)
        press("ctrl+s")
    return sample(cli, doc)


def main():
    ossa, cli, sample_path, outdir = arguments(__doc__, ("xdotool", "import", "convert"))
    work = tempfile.mkdtemp(prefix="ossa-e2e-")
    doc = os.path.join(work, "humanoid.ossa")
    dump = os.path.join(work, "view.json")
    shutil.copyfile(sample_path, doc)
    with running_ossa(ossa, doc, work, OSSA_VIEW_DUMP=dump) as proc:
        run(proc, cli, doc, dump, outdir)


def run(proc, cli, doc, dump, outdir):
    wid = window_titled("humanoid — Ossa")
    view = wait_dump("a view dump with bones", dump, lambda d: d.get("bones"))
    if proc.poll() is not None:
        fail("ossa exited early")

    before = sample(cli, doc)
    # Press on the bone's body and turn it about its joint in small steps.
    drag(wid, turn_points(bone_in(view, BONE), TURN_DEG, 30))

    shot = screenshot(wid, outdir, "e2e-edit.png")
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

    press("ctrl+z")
    undone = save_and_sample(wid, cli, doc)
    if undone != before:
        fail("Ctrl+Z did not give back the document as it was before the drag")
    press("ctrl+shift+z")
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
