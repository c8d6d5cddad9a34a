#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""e2e-ik.py OSSA OSSA_CLI SAMPLE OUTDIR

Issue 18's judged drag, the way a person does it under X with xdotool: in a new
animation (Ctrl+Alt+N, Animate mode) the IK tool (I), then a real mouse drag of
hand_l, pressed near its tip, to a point up and out from the body. The view dump
(OSSA_VIEW_DUMP) says where each bone is in the window and how the camera maps the
world onto it. Saved (Ctrl+S) and sampled with `ossa-cli sample`: the arm bones
(upper_arm_l, forearm_l) carry rotation keys, every keyed bone's track is a
rotation track, the rest pose is untouched, and hand_l's tip, mapped into the
window with the dump's camera, is where the pointer was let go (plus the few
pixels between the press and the tip) within 2 pixels. Ctrl+Z, saved again: no
track is left and the pose is the rest pose. Exit 77 (skip) without a display,
xdotool or ImageMagick.
"""

import math
import os
import shutil
import tempfile

from e2e_support import (arguments, bone_in, cli_json, drag, fail, press, running_ossa, saving,
                         screenshot, wait_dump, window_titled)

ANIM = "animation"
HAND = "hand_l"
ARM = ("upper_arm_l", "forearm_l")
IK_TOOL = 4            # OSSA_TOOL_IK in the dump's "tool"
PRESS_AT = 0.9         # of the way from the hand's joint to its tip
MOVE = (70.0, -45.0)   # window pixels the pointer goes: right and up
STEPS = 40
TOLERANCE_PX = 2.0


def key(wid, *keys):
    press(*keys, window=wid, pause=0.03)


def save(wid, doc):
    with saving(doc):
        key(wid, "ctrl+s")


def sampled(cli, doc, anim):
    args = ["sample", doc, "--time", "0", "--json"] + (["--anim", anim] if anim else [])
    return {b["name"]: b for b in cli_json(cli, *args)["bones"]}


def n_tracks(cli, doc):
    for a in cli_json(cli, "info", doc, "--json")["animations"]:
        if a["name"] == ANIM:
            return a["tracks"]
    fail(f"the document has no animation {ANIM}")


def tip_in_window(bone, length, view):
    """A sampled bone's tip (its world place plus length along its world rotation;
    the sample's bones have no scale), where the dump's camera puts it."""
    w = bone["world"]
    x = w["x"] + length * math.cos(w["rotation"])
    y = w["y"] + length * math.sin(w["rotation"])
    (ox, oy), (sw, sh), (cx, cy) = view["origin"], view["size"], view["center"]
    zoom = view["zoom"]
    return ox + 0.5 * sw + (x - cx) * zoom, oy + 0.5 * sh - (y - cy) * zoom


def main():
    ossa, cli, sample_path, outdir = arguments(__doc__, ("xdotool", "import"))
    work = tempfile.mkdtemp(prefix="ossa-e2e-ik-")
    doc = os.path.join(work, "humanoid.ossa")
    dump = os.path.join(work, "view.json")
    shutil.copyfile(sample_path, doc)
    with running_ossa(ossa, doc, work, OSSA_VIEW_DUMP=dump) as proc:
        run(proc, cli, doc, dump, outdir)


def run(proc, cli, doc, dump, outdir):
    rest = sampled(cli, doc, None)
    wid = window_titled("humanoid — Ossa")
    wait_dump("a view dump with bones", dump, lambda d: d.get("bones"))
    key(wid, "ctrl+alt+n")
    wait_dump("Animate mode", dump, lambda d: d.get("mode") == "animate")
    key(wid, "i")
    view = wait_dump("the IK tool", dump, lambda d: d.get("tool") == IK_TOOL)

    hand = bone_in(view, HAND)
    (jx, jy), (tx, ty) = hand["joint"], hand["tip"]
    if math.hypot(tx - jx, ty - jy) < 12:
        fail(f"{HAND} is only {math.hypot(tx - jx, ty - jy):.1f} px long: the view is not fitted")
    start = (jx + PRESS_AT * (tx - jx), jy + PRESS_AT * (ty - jy))
    end = (round(start[0] + MOVE[0]), round(start[1] + MOVE[1]))
    points = [start] + [(start[0] + MOVE[0] * i / STEPS, start[1] + MOVE[1] * i / STEPS)
                        for i in range(1, STEPS)] + [end]
    # The pointer lands on whole pixels: the press, as xdotool puts it.
    press_at = (round(start[0]), round(start[1]))
    want = (end[0] + tx - press_at[0], end[1] + ty - press_at[1])
    drag(wid, points)
    view = wait_dump("the drag over", dump, lambda d: not d.get("ik_drag"))
    got = bone_in(view, HAND)["tip"]
    if math.hypot(got[0] - want[0], got[1] - want[1]) > TOLERANCE_PX:
        fail(f"on screen the tip is at ({got[0]:.1f}, {got[1]:.1f}), "
             f"expected ({want[0]:.1f}, {want[1]:.1f})")
    screenshot(wid, outdir, "e2e-ik-drag.png")

    save(wid, doc)
    posed = sampled(cli, doc, ANIM)
    keyed = [name for name in posed
             if abs(posed[name]["local"]["rotation"] - rest[name]["local"]["rotation"]) > 1e-5]
    for name in ARM:
        if name not in keyed:
            fail(f"{name} has no rotation key (keyed: {keyed})")
    for name, b in posed.items():
        for ch in ("x", "y", "scale_x", "scale_y"):
            if abs(b["local"][ch] - rest[name]["local"][ch]) > 1e-5:
                fail(f"{name}'s {ch} changed: only rotations are keyed")
    if n_tracks(cli, doc) != len(keyed):
        fail(f"{n_tracks(cli, doc)} tracks for {len(keyed)} turned bones")
    if sampled(cli, doc, None) != rest:
        fail("the rest pose changed in Animate mode")
    print(f"ok: rotation keys on {', '.join(keyed)}")

    # The hand's length: its joint-to-tip distance in the dump, over the zoom.
    length = math.hypot(tx - jx, ty - jy) / view["zoom"]
    tip = tip_in_window(posed[HAND], length, view)
    off = math.hypot(tip[0] - want[0], tip[1] - want[1])
    if off > TOLERANCE_PX:
        fail(f"the saved tip maps to ({tip[0]:.1f}, {tip[1]:.1f}), {off:.1f} px from the "
             f"release point ({want[0]:.1f}, {want[1]:.1f})")
    print(f"ok: the saved hand's tip is {off:.2f} px from where the pointer let go "
          f"({math.hypot(want[0] - end[0], want[1] - end[1]):.1f} px press-to-tip offset)")

    key(wid, "ctrl+z")
    save(wid, doc)
    if n_tracks(cli, doc) != 0:
        fail(f"Ctrl+Z left {n_tracks(cli, doc)} tracks")
    if sampled(cli, doc, ANIM) != rest:
        fail("Ctrl+Z did not bring the pose back")
    print("ok: Ctrl+Z took the whole drag back")
    if proc.poll() is not None:
        fail("ossa exited")


if __name__ == "__main__":
    main()
