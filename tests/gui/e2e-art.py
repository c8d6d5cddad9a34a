#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""e2e-art.py OSSA OSSA_CLI SAMPLE OUTDIR

Brings a picture in as a person does, under X with xdotool: opens a copy of
SAMPLE (a rig without art), clicks upper_arm_r (found through the view dump,
OSSA_VIEW_DUMP) to select it, opens File → Import Images… with Ctrl+Shift+I,
types the path of a PNG it wrote into GTK's file chooser (Ctrl+L, the path,
Enter) and saves with Ctrl+S. Then checks the saved file with `ossa-cli info
--json` and `sample --json`: one image of the PNG's size whose path is
relative to the document, one slot of that name on upper_arm_r, its four corners centred
on the bone's joint, the picture's size apart. Then drags the picture 60 pixels
right with the Translate tool (pressed on its opaque pixels) and saves: it moved
60 / zoom world units. In Animate mode (Ctrl+2), K keys the picked picture's
slot (its colour and attachment: two slot tracks), and Ctrl+Z takes the keys out
again. Ctrl+Z undoes the move, Ctrl+Z again the import: the file
has no art. Exit 77 (skip) without a display, xdotool or ImageMagick.
"""

import math
import os
import shutil
import struct
import subprocess
import tempfile
import time
import zlib

from e2e_support import (arguments, body_point, bone_in, cli_json, click, drag, fail, press,
                         running_ossa, saving, screenshot, wait_dump, wait_for, window_titled,
                         xdo)

BONE = "upper_arm_r"
WIDTH, HEIGHT = 48, 24


def write_png(path, width, height, rgba):
    """A PNG of one colour, written by hand (zlib and struct), no imaging library."""
    def chunk(kind, data):
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff))
    row = b"\0" + bytes(rgba) * width
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n"
                + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(row * height))
                + chunk(b"IEND", b""))


def save(wid, doc):
    with saving(doc):
        xdo("windowfocus", "--sync", wid)
        press("ctrl+s")


def main():
    ossa, cli, sample_path, outdir = arguments(__doc__, ("xdotool", "import", "convert"))
    work = tempfile.mkdtemp(prefix="ossa-e2e-")
    doc = os.path.join(work, "humanoid.ossa")
    png = os.path.join(work, "art", "badge.png")
    dump = os.path.join(work, "view.json")
    shutil.copyfile(sample_path, doc)
    os.makedirs(os.path.dirname(png))
    write_png(png, WIDTH, HEIGHT, (230, 60, 40, 255))
    # GTK's own chooser (no portal), as a person without a desktop session sees it.
    with running_ossa(ossa, doc, work, OSSA_VIEW_DUMP=dump, GTK_USE_PORTAL="0") as proc:
        run(proc, cli, doc, png, dump, outdir)


def run(proc, cli, doc, png, dump, outdir):
    wid = window_titled("humanoid — Ossa")
    view = wait_dump("a view dump with bones", dump, lambda d: d.get("bones"))
    if proc.poll() is not None:
        fail("ossa exited early")
    before = cli_json(cli, "info", doc, "--json")

    click(wid, *body_point(bone_in(view, BONE)))
    wait_dump(f"{BONE} selected", dump, lambda d: d.get("selected") == [BONE])
    press("ctrl+shift+i")
    chooser = wait_for("the file chooser", lambda: subprocess.run(
        ["xdotool", "search", "--onlyvisible", "--name", "^Import Images$"],
        capture_output=True, text=True).stdout.split())[0]
    xdo("windowfocus", "--sync", chooser)
    time.sleep(0.5)
    press("ctrl+l")
    time.sleep(0.3)
    xdo("type", "--delay", "20", png)
    time.sleep(0.3)
    press("Return")
    wait_for("the chooser to close", lambda: not subprocess.run(
        ["xdotool", "search", "--onlyvisible", "--name", "^Import Images$"],
        capture_output=True, text=True).stdout.split())
    wid = window_titled("• humanoid — Ossa")
    # The title changes with the document; the canvas's frame comes after it.
    time.sleep(2)
    screenshot(wid, outdir, "e2e-art.png")
    save(wid, doc)
    check_import(cli, doc, png)

    # Moved by dragging it with the Translate tool: pressed on its right part (its
    # opaque pixels, away from the bones drawn over it), dragged 60 pixels right.
    view = wait_dump("a view dump", dump, lambda d: d.get("bones"))
    jx, jy = bone_in(view, BONE)["joint"]
    zoom = view["zoom"]
    press("t")
    start = (jx + WIDTH * zoom * 0.4, jy)
    drag(wid, [start] + [(start[0] + 6 * i, start[1]) for i in range(1, 11)])
    save(wid, doc)
    moved = slot_centre(cli, doc)
    print(f"after the drag: slot centre ({moved[0]:.2f}, {moved[1]:.2f})")
    if abs(moved[0] - (CENTRE[0] + 60 / zoom)) > 1.5 or abs(moved[1] - CENTRE[1]) > 1.5:
        fail(f"the drag did not move the picture 60 px right: {CENTRE} -> {moved}")

    # Keyed in Animate mode: K on the picture the drag picked keys its slot's
    # colour and attachment at the playhead (one undo step).
    press("ctrl+2")
    time.sleep(0.3)
    press("k")
    save(wid, doc)
    keyed = cli_json(cli, "info", doc, "--json")
    slot_tracks = sum(a.get("slot_tracks", 0) for a in keyed.get("animations", []))
    print(f"after K: {slot_tracks} slot tracks")
    if slot_tracks != 2:
        fail(f"K on the picked picture keyed {slot_tracks} slot tracks, not its colour and attachment")
    press("ctrl+z")
    save(wid, doc)
    unkeyed = cli_json(cli, "info", doc, "--json")
    if sum(a.get("slot_tracks", 0) for a in unkeyed.get("animations", [])) != 0:
        fail("Ctrl+Z did not take the slot keys out again")
    press("ctrl+1")

    press("ctrl+z")
    save(wid, doc)

    press("ctrl+z")
    save(wid, doc)
    undone = cli_json(cli, "info", doc, "--json")
    if undone.get("images") != before.get("images") or undone.get("slots") != before.get("slots"):
        fail("Ctrl+Z did not take the picture out again")
    print("ok: a PNG imported through the menu onto the selected bone, moved, keyed, saved, undone")


CENTRE = [0.0, 0.0]


def slot_centre(cli, doc):
    sampled = cli_json(cli, "sample", doc, "--time", "0", "--json")
    corners = [s for s in sampled.get("slots", []) if s["name"] == "badge"][0]["vertices"]
    return sum(p[0] for p in corners) / 4, sum(p[1] for p in corners) / 4


def check_import(cli, doc, png):
    info = cli_json(cli, "info", doc, "--json")
    images, slots = info.get("images", []), info.get("slots", [])
    print(f"images: {images}\nslots: {slots}")
    if len(images) != 1 or images[0].get("width") != WIDTH or images[0].get("height") != HEIGHT:
        fail(f"expected one image of {WIDTH} × {HEIGHT}, got {images}")
    if images[0].get("path") != "art/badge.png" or images[0].get("missing"):
        fail(f"the image's path is {images[0].get('path')!r}, not art/badge.png (relative)")
    sampled = cli_json(cli, "sample", doc, "--time", "0", "--json")
    slot = [s for s in sampled.get("slots", []) if s["name"] == "badge"]
    if len(slot) != 1 or slot[0]["bone"] != BONE:
        fail(f"expected a slot badge on {BONE}, got {sampled.get('slots')}")
    joint = [b for b in sampled["bones"] if b["name"] == BONE][0]["world"]
    corners = slot[0]["vertices"]
    cx = sum(p[0] for p in corners) / 4
    cy = sum(p[1] for p in corners) / 4
    jx, jy = joint["x"], joint["y"]
    print(f"slot centre ({cx:.2f}, {cy:.2f}), joint ({jx:.2f}, {jy:.2f})")
    if math.hypot(cx - jx, cy - jy) > 0.01:
        fail("the picture is not centred on the selected bone's joint")
    w = math.dist(corners[0], corners[1])
    h = math.dist(corners[1], corners[2])
    if abs(w - WIDTH) > 0.01 or abs(h - HEIGHT) > 0.01:
        fail(f"the picture is {w:.2f} × {h:.2f}, not {WIDTH} × {HEIGHT}")
    CENTRE[:] = [cx, cy]


if __name__ == "__main__":
    main()
