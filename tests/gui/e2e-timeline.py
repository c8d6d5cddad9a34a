#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""e2e-timeline.py OSSA OSSA_CLI SAMPLE OUTDIR

The timeline driven the way a person does, under X with xdotool, every result
checked in the saved file with `ossa-cli sample`:

 1. Ctrl+Alt+N makes a new animation (Animate mode); a click on upper_arm_r on the
    canvas selects it; K keys it at frame 0; Right ×30 steps to frame 30 (the view
    dump says 1.0 s, Animate mode); a real drag turns the bone 190° counter-
    clockwise about its joint; K keys it; Ctrl+S saves. Sampled at 0.5 s the bone
    has turned 85° clockwise from frame 0: the short way.
 2. Space plays: the view dump's time and the bone's tip move; Space pauses.
 3. A click on the frame-0 key in the timeline selects it; Alt+Shift+C (the
    win.key-spin('counterclockwise') action) makes that segment counter-clockwise:
    sampled at 0.5 s the bone has now turned 95° counter-clockwise, the long way.
 4. The frame-30 key dragged in the timeline to frame 20 lands there; the frame-0
    key copied (Ctrl+C) and pasted (Ctrl+V) at frame 40 lands there; Delete removes
    it again; Ctrl+Z brings it back. Each step saved and sampled.

Exit 77 (skip) without a display, xdotool or ImageMagick.
"""

import math
import os
import shutil
import tempfile
import time

from e2e_support import (arguments, body_point, bone_in, cli_json, click, drag, fail, press,
                         read_json, running_ossa, saving, screenshot, turn_points, wait_dump,
                         window_titled)

BONE = "upper_arm_r"
ANIM = "animation"
FPS = 30.0
TOLERANCE_DEG = 2.0


def rotation_deg(cli, doc, t):
    for b in cli_json(cli, "sample", doc, "--anim", ANIM, "--time", str(t), "--json")["bones"]:
        if b["name"] == BONE:
            return math.degrees(b["local"]["rotation"])
    fail(f"{BONE} is not in the sampled pose")


def n_keys(cli, doc):
    for a in cli_json(cli, "info", doc, "--json")["animations"]:
        if a["name"] == ANIM:
            return a["keys"]
    fail(f"no animation {ANIM} in the saved file")


def wrap(deg):
    """Into (-180, 180]."""
    deg = math.fmod(deg, 360.0)
    if deg <= -180:
        deg += 360
    if deg > 180:
        deg -= 360
    return deg


def near(got, want, what):
    if abs(wrap(got - want)) > TOLERANCE_DEG:
        fail(f"{what}: {got:.2f}°, expected {want:.2f}° ± {TOLERANCE_DEG}°")
    print(f"ok: {what}: {got:.2f}° (expected {want:.2f}°)")


def key(wid, *keys):
    """The keys sent to the window, 30 ms apart."""
    press(*keys, window=wid, pause=0.03)


def save(wid, doc):
    with saving(doc):
        key(wid, "ctrl+s")


def row_y(timeline, bone):
    for r in timeline["rows"]:
        if r["bone"] == bone and r["channel"] is None:
            return r["y"]
    fail(f"{bone} has no row in view on the timeline")


def main():
    ossa, cli, sample_path, outdir = arguments(__doc__, ("xdotool", "import"))
    work = tempfile.mkdtemp(prefix="ossa-e2e-timeline-")
    doc = os.path.join(work, "humanoid.ossa")
    dump = os.path.join(work, "view.json")
    tdump = os.path.join(work, "timeline.json")
    shutil.copyfile(sample_path, doc)
    with running_ossa(ossa, doc, work, OSSA_VIEW_DUMP=dump, OSSA_TIMELINE_DUMP=tdump) as proc:
        run(proc, cli, doc, dump, tdump, outdir)


def run(proc, cli, doc, dump, tdump, outdir):
    wid = window_titled("humanoid — Ossa")
    wait_dump("a view dump with bones", dump, lambda d: d.get("bones"))
    wait_dump("a timeline dump", tdump, lambda d: True)

    # 1. A new animation; select the bone on the canvas; K at frame 0.
    key(wid, "ctrl+alt+n")
    wait_dump("the new animation", tdump, lambda d: d.get("animation") == ANIM)
    view = wait_dump("Animate mode", dump, lambda d: d.get("mode") == "animate")
    click(wid, *body_point(bone_in(view, BONE)))
    wait_dump(f"{BONE} selected", dump, lambda d: d.get("selected") == [BONE])
    key(wid, "k")
    key(wid, *(["Right"] * 30))
    view = wait_dump("the playhead at 1.0 s", dump, lambda d: abs(d.get("time", -1) - 1.0) < 1e-6)
    if view["mode"] != "animate":
        fail(f"the view dump says mode {view['mode']}, expected animate")
    print("ok: after K and Right ×30 the view dump shows 1.0 s in Animate mode")

    # Drag the bone 190° counter-clockwise about its joint, then K.
    drag(wid, turn_points(bone_in(view, BONE), 190, 60))
    key(wid, "k")
    save(wid, doc)
    a0 = rotation_deg(cli, doc, 0)
    a1 = rotation_deg(cli, doc, 1.0)
    near(a1 - a0, 190, "frame 30 against frame 0")
    half = rotation_deg(cli, doc, 0.5)
    near(half - a0, -85, "sampled at 0.5 s, turned the short way (clockwise)")
    if abs((read_json(dump) or {}).get("time", -1) - 1.0) > 1e-6:
        fail("the view dump no longer shows the playhead at 1.0 s")
    print("ok: the view dump shows the playhead at 1.0 s after the steps")

    screenshot(wid, outdir, "e2e-timeline.png")

    # 2. Space plays: the playhead and the pose move; Space pauses.
    before = read_json(dump)
    key(wid, "space")
    time.sleep(0.6)
    during = wait_dump("the playhead to move", dump,
                       lambda d: abs(d["time"] - before["time"]) > 1e-3)
    time.sleep(0.3)
    later = read_json(dump)
    key(wid, "space")
    if later["time"] == during["time"]:
        fail("the playhead stopped while playing")
    moved = [b for b in later["bones"]
             if b["tip"] != bone_in(before, b["name"])["tip"]]
    if not any(b["name"] == BONE for b in moved):
        fail(f"{BONE} did not move while playing")
    print(f"ok: Space played: {before['time']:.3f} s -> {later['time']:.3f} s, "
          f"{len(moved)} bones moved")
    time.sleep(0.3)
    key(wid, "Home")
    wait_dump("the playhead at 0", dump, lambda d: d.get("time") == 0)

    # 3. Spin counter-clockwise on the frame-0 key: the long way.
    tl = read_json(tdump)
    click(wid, tl["frame0_x"], row_y(tl, BONE))
    wait_dump("keys selected", tdump, lambda d: d.get("selected_keys", 0) > 0)
    key(wid, "alt+shift+c")
    save(wid, doc)
    half = rotation_deg(cli, doc, 0.5)
    near(half - a0, 95, "counter-clockwise spin: sampled at 0.5 s, turned the long way")
    keys_before = n_keys(cli, doc)

    # 4. Move the frame-30 key to frame 20 by dragging it on the timeline.
    tl = read_json(tdump)
    fw = tl["frame_width"]
    y = row_y(tl, BONE)
    x30 = tl["frame0_x"] + 30 * fw
    x20 = tl["frame0_x"] + 20 * fw
    drag(wid, [(x30, y)] + [(x30 + (x20 - x30) * i / 10, y) for i in range(1, 11)], 0.03)
    save(wid, doc)
    near(rotation_deg(cli, doc, 20 / FPS), a1, "the key moved to frame 20")
    near(rotation_deg(cli, doc, 25 / FPS), a1, "after the moved key, its value holds")
    if n_keys(cli, doc) != keys_before:
        fail("moving keys changed how many there are")

    # Copy the frame-0 keys, paste them at frame 40.
    tl = read_json(tdump)
    click(wid, tl["frame0_x"], row_y(tl, BONE))
    key(wid, "ctrl+c", "Home", *(["Right"] * 40))
    wait_dump("the playhead at frame 40", dump, lambda d: abs(d.get("time", -1) - 40 / FPS) < 1e-6)
    key(wid, "ctrl+v")
    save(wid, doc)
    near(rotation_deg(cli, doc, 40 / FPS), a0, "pasted at frame 40: the frame-0 pose")
    if n_keys(cli, doc) != keys_before + 5:
        fail(f"pasting made {n_keys(cli, doc) - keys_before} keys, expected 5")

    # Delete them (selected by the paste; Delete on the focused timeline), undo.
    tl = read_json(tdump)
    click(wid, tl["frame0_x"] + 40 * tl["frame_width"], row_y(tl, BONE))
    key(wid, "Delete")
    save(wid, doc)
    near(rotation_deg(cli, doc, 40 / FPS), a1, "the pasted keys deleted")
    if n_keys(cli, doc) != keys_before:
        fail("Delete did not remove the pasted keys")
    key(wid, "ctrl+z")
    save(wid, doc)
    near(rotation_deg(cli, doc, 40 / FPS), a0, "Ctrl+Z brought the deleted keys back")
    if n_keys(cli, doc) != keys_before + 5:
        fail("Ctrl+Z did not bring the keys back")
    if proc.poll() is not None:
        fail("ossa exited")
    print("ok: keyed, played, spun, moved, pasted, deleted and undone, all in the file")


if __name__ == "__main__":
    main()
