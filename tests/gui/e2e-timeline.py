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

import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time

from e2e_support import bone_in, fail, read_json, skip, wait_for, xdo

BONE = "upper_arm_r"
ANIM = "animation"
FPS = 30.0
TOLERANCE_DEG = 2.0


def rotation_deg(cli, doc, t):
    out = subprocess.run([cli, "sample", doc, "--anim", ANIM, "--time", str(t), "--json"],
                         check=True, capture_output=True, text=True).stdout
    for b in json.loads(out)["bones"]:
        if b["name"] == BONE:
            return math.degrees(b["local"]["rotation"])
    fail(f"{BONE} is not in the sampled pose")


def n_keys(cli, doc):
    out = subprocess.run([cli, "info", doc, "--json"], check=True, capture_output=True,
                         text=True).stdout
    for a in json.loads(out)["animations"]:
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
    for k in keys:
        xdo("key", "--window", wid, "--clearmodifiers", k)
        time.sleep(0.03)


def save(wid, doc):
    before = os.stat(doc).st_mtime_ns
    key(wid, "ctrl+s")
    wait_for("the save", lambda: os.stat(doc).st_mtime_ns != before)
    time.sleep(0.2)


def row_y(timeline, bone):
    for r in timeline["rows"]:
        if r["bone"] == bone and r["channel"] is None:
            return r["y"]
    fail(f"{bone} has no row in view on the timeline")


def click(wid, x, y):
    xdo("mousemove", "--window", wid, round(x), round(y))
    time.sleep(0.05)
    xdo("click", 1)
    time.sleep(0.2)


def drag(wid, points, pause=0.02):
    xdo("mousemove", "--window", wid, round(points[0][0]), round(points[0][1]))
    time.sleep(0.1)
    xdo("mousedown", 1)
    for x, y in points[1:]:
        xdo("mousemove", "--window", wid, round(x), round(y))
        time.sleep(pause)
    xdo("mouseup", 1)
    time.sleep(0.3)


def main():
    if len(sys.argv) != 5:
        print(__doc__)
        sys.exit(2)
    ossa, cli, sample_path, outdir = sys.argv[1:]
    if not os.environ.get("DISPLAY"):
        skip("no DISPLAY")
    for tool in ("xdotool", "import"):
        if shutil.which(tool) is None:
            skip(f"{tool} not installed")

    work = tempfile.mkdtemp(prefix="ossa-e2e-timeline-")
    doc = os.path.join(work, "humanoid.ossa")
    dump = os.path.join(work, "view.json")
    tdump = os.path.join(work, "timeline.json")
    shutil.copyfile(sample_path, doc)
    env = dict(os.environ, OSSA_VIEW_DUMP=dump, OSSA_TIMELINE_DUMP=tdump)
    log = open(os.path.join(work, "log.txt"), "w+")
    proc = subprocess.Popen([ossa, doc], env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        run(proc, cli, doc, dump, tdump, outdir)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        log.seek(0)
        text = log.read()
        if text:
            print("--- ossa output\n" + text)
        shutil.rmtree(work, ignore_errors=True)


def run(proc, cli, doc, dump, tdump, outdir):
    title = "humanoid — Ossa"
    wid = wait_for("the window", lambda: subprocess.run(
        ["xdotool", "search", "--onlyvisible", "--name", f"^{title}$"],
        capture_output=True, text=True).stdout.split())[0]
    xdo("windowfocus", "--sync", wid)
    wait_for("a view dump with bones", lambda: (read_json(dump) or {}).get("bones"))
    wait_for("a timeline dump", lambda: read_json(tdump))

    # 1. A new animation; select the bone on the canvas; K at frame 0.
    key(wid, "ctrl+alt+n")
    wait_for("the new animation", lambda: (read_json(tdump) or {}).get("animation") == ANIM)
    view = wait_for("Animate mode", lambda: (read_json(dump) or {}).get("mode") == "animate"
                    and read_json(dump))
    bone = bone_in(view, BONE)
    jx, jy = bone["joint"]
    tx, ty = bone["tip"]
    px, py = jx + 0.6 * (tx - jx), jy + 0.6 * (ty - jy)
    click(wid, px, py)
    wait_for(f"{BONE} selected", lambda: (read_json(dump) or {}).get("selected") == [BONE])
    key(wid, "k")
    key(wid, *(["Right"] * 30))
    view = wait_for("the playhead at 1.0 s",
                    lambda: abs((read_json(dump) or {}).get("time", -1) - 1.0) < 1e-6
                    and read_json(dump))
    if view["mode"] != "animate":
        fail(f"the view dump says mode {view['mode']}, expected animate")
    print("ok: after K and Right ×30 the view dump shows 1.0 s in Animate mode")

    # Drag the bone 190° counter-clockwise about its joint, then K.
    bone = bone_in(view, BONE)
    jx, jy = bone["joint"]
    tx, ty = bone["tip"]
    px, py = jx + 0.6 * (tx - jx), jy + 0.6 * (ty - jy)
    radius = math.hypot(px - jx, py - jy)
    if radius < 10:
        fail(f"{BONE} is only {radius:.1f} px long on screen")
    start = math.atan2(py - jy, px - jx)
    steps = 60
    # Window y points down: counter-clockwise in the world is a decreasing angle.
    points = [(px, py)] + [(jx + radius * math.cos(start - math.radians(190) * i / steps),
                            jy + radius * math.sin(start - math.radians(190) * i / steps))
                           for i in range(1, steps + 1)]
    drag(wid, points)
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

    os.makedirs(outdir, exist_ok=True)
    subprocess.run(["import", "-window", wid, os.path.join(outdir, "e2e-timeline.png")],
                   check=True)

    # 2. Space plays: the playhead and the pose move; Space pauses.
    before = read_json(dump)
    key(wid, "space")
    time.sleep(0.6)
    during = wait_for("the playhead to move",
                      lambda: (lambda d: d if d and abs(d["time"] - before["time"]) > 1e-3
                               else None)(read_json(dump)))
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
    wait_for("the playhead at 0", lambda: (read_json(dump) or {}).get("time") == 0)

    # 3. Spin counter-clockwise on the frame-0 key: the long way.
    tl = read_json(tdump)
    click(wid, tl["frame0_x"], row_y(tl, BONE))
    wait_for("keys selected", lambda: (read_json(tdump) or {}).get("selected_keys", 0) > 0)
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
    wait_for("the playhead at frame 40",
             lambda: abs((read_json(dump) or {}).get("time", -1) - 40 / FPS) < 1e-6)
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
