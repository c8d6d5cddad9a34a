#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""e2e-spin.py OSSA OSSA_CLI SAMPLE OUTDIR

Issue 12's headline, driven the way a person does under X with xdotool: in a new
animation (Ctrl+Alt+N, Animate mode), a click on forearm_l, K at frame 0, Right ×20
to frame 20, and a real mouse drag turning the bone 250° clockwise about its joint.
Saved (Ctrl+S) and sampled with `ossa-cli sample` at frame 10 (t = 1/3): the
segment plays the short way, 55° counter-clockwise. The bar over the canvas says
so; its button "Turn the Way I Dragged" sets the spin, and
saved and sampled again (the button clicked with the mouse where the window's
OSSA_SPIN_BAR_DUMP says it is) the bone is halfway along the dragged sweep, 125°
clockwise; frame 20 is where the drag left it. Ctrl+Z gives back the short way.
Exit 77 (skip) without a display, xdotool or ImageMagick.
"""

import math
import os
import shutil
import tempfile

from e2e_support import (arguments, body_point, bone_in, cli_json, click, drag, fail, press,
                         read_json, saving, screenshot, turn_points, wait_dump, window_titled,
                         xdo)

BONE = "forearm_l"
ANIM = "animation"
FPS = 30.0
DRAG_DEG = -250.0  # clockwise
TOLERANCE_DEG = 2.0


def rotation_deg(cli, doc, t):
    for b in cli_json(cli, "sample", doc, "--anim", ANIM, "--time", str(t), "--json")["bones"]:
        if b["name"] == BONE:
            return math.degrees(b["local"]["rotation"])
    fail(f"{BONE} is not in the sampled pose")


def near(got, want, what):
    if abs(got - want) > TOLERANCE_DEG:
        fail(f"{what}: {got:.2f}°, expected {want:.2f}° ± {TOLERANCE_DEG}°")
    print(f"ok: {what}: {got:.2f}° (expected {want:.2f}°)")


def key(wid, *keys):
    press(*keys, window=wid, pause=0.03)


def save(wid, doc):
    with saving(doc):
        key(wid, "ctrl+s")


def click_bar_button(wid, bar_path, outdir):
    """A click on the bar's button, where the bar's dump says it is; the bar goes.
    On CI the first click has twice gone unanswered (never here, in hundreds of
    runs): then what the window showed and said is printed and kept, and the
    button clicked once more, so that a harness hiccup is told apart from a button
    that does not work (which fails the second time too)."""
    for attempt in (1, 2):
        bar = wait_dump("the bar over the canvas", bar_path, lambda d: d.get("shown"))
        click(wid, *bar["button"])
        try:
            return wait_dump("the bar gone", bar_path, lambda d: not d.get("shown"),
                             timeout=5.0 if attempt == 1 else 20.0)
        except SystemExit:
            print(f"click {attempt} at {bar['button']}: the dump now says {read_json(bar_path)};"
                  f" pointer at {xdo('getmouselocation')}")
            screenshot(wid, outdir, f"e2e-spin-missed-{attempt}.png")
            if attempt == 2:
                raise


def main():
    ossa, cli, sample_path, outdir = arguments(__doc__, ("xdotool", "import"))
    work = tempfile.mkdtemp(prefix="ossa-e2e-spin-")
    doc = os.path.join(work, "humanoid.ossa")
    dump = os.path.join(work, "view.json")
    tdump = os.path.join(work, "timeline.json")
    shutil.copyfile(sample_path, doc)
    with running_ossa_here(ossa, doc, work, dump, tdump) as proc:
        run(proc, cli, doc, dump, tdump, outdir)


def running_ossa_here(ossa, doc, work, dump, tdump):
    from e2e_support import running_ossa
    return running_ossa(ossa, doc, work, OSSA_VIEW_DUMP=dump, OSSA_TIMELINE_DUMP=tdump,
                        OSSA_SPIN_BAR_DUMP=os.path.join(work, "bar.json"))


def run(proc, cli, doc, dump, tdump, outdir):
    wid = window_titled("humanoid — Ossa")
    wait_dump("a view dump with bones", dump, lambda d: d.get("bones"))
    wait_dump("a timeline dump", tdump, lambda d: True)

    key(wid, "ctrl+alt+n")
    wait_dump("the new animation", tdump, lambda d: d.get("animation") == ANIM)
    view = wait_dump("Animate mode", dump, lambda d: d.get("mode") == "animate")
    click(wid, *body_point(bone_in(view, BONE)))
    wait_dump(f"{BONE} selected", dump, lambda d: d.get("selected") == [BONE])
    key(wid, "k")
    key(wid, *(["Right"] * 20))
    t1 = 20 / FPS
    view = wait_dump("the playhead at frame 20", dump,
                     lambda d: abs(d.get("time", -1) - t1) < 1e-4)

    drag(wid, turn_points(bone_in(view, BONE), DRAG_DEG, 100))
    screenshot(wid, outdir, "e2e-spin-bar.png")
    save(wid, doc)
    a0 = rotation_deg(cli, doc, 0)
    near(rotation_deg(cli, doc, t1) - a0, DRAG_DEG, "frame 20 against frame 0")
    mid = 10 / FPS
    near(rotation_deg(cli, doc, mid) - a0, (DRAG_DEG + 360) / 2,
         "frame 10 before the action: the short way, counter-clockwise")

    click_bar_button(wid, os.path.join(os.path.dirname(doc), "bar.json"), outdir)
    save(wid, doc)
    near(rotation_deg(cli, doc, mid) - a0, DRAG_DEG / 2,
         "frame 10 after Turn the Way I Dragged: halfway along the clockwise drag")
    near(rotation_deg(cli, doc, t1) - a0, DRAG_DEG, "frame 20 unchanged")
    screenshot(wid, outdir, "e2e-spin-after.png")

    key(wid, "ctrl+z")
    save(wid, doc)
    near(rotation_deg(cli, doc, mid) - a0, (DRAG_DEG + 360) / 2, "frame 10 after Ctrl+Z")
    if proc.poll() is not None:
        fail("ossa exited")
    print("ok: the bar's action makes the segment play the way the bone was dragged")


if __name__ == "__main__":
    main()
