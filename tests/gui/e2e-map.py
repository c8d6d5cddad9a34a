#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""e2e-map.py OSSA OSSA_CLI MAP OUTDIR

The map workspace driven the way a person does, under X with xdotool: converts MAP
(the article's 40 × 40 map) into a document with `ossa-cli convert`, opens it,
switches to the map workspace with Alt+2, places the start and the goal with the
S and G tools, paints a wall across the path with the brush in one mouse drag, and
saves with Ctrl+S. The workspace's stats (written to OSSA_MAP_VIEW_DUMP after every
search) must show the path getting longer when the wall goes down, and
`ossa-cli astar` on the saved document must find exactly that length between the
same cells. A screenshot (OUTDIR/e2e-map.png) must show the wall.
Exit 77 (skip) without a display, xdotool or ImageMagick.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

from e2e_support import fail, pixel, read_json, skip, wait_for, xdo

START = (2, 38)
GOAL = (37, 2)
WALL_X = 20
WALL_Y = (8, 39)


def astar(cli, doc):
    out = subprocess.run([cli, "astar", doc, "--from", "%d,%d" % START, "--to", "%d,%d" % GOAL,
                          "--json"], check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def main():
    if len(sys.argv) != 5:
        print(__doc__)
        sys.exit(2)
    ossa, cli, map_path, outdir = sys.argv[1:]
    if not os.environ.get("DISPLAY"):
        skip("no DISPLAY")
    for tool in ("xdotool", "import", "convert"):
        if shutil.which(tool) is None:
            skip(f"{tool} not installed")

    work = tempfile.mkdtemp(prefix="ossa-e2e-map-")
    doc = os.path.join(work, "arena.ossa")
    dump = os.path.join(work, "map-view.json")
    subprocess.run([cli, "convert", map_path, doc], check=True, capture_output=True)
    env = dict(os.environ, OSSA_MAP_VIEW_DUMP=dump)
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
    wid = wait_for("the window", lambda: subprocess.run(
        ["xdotool", "search", "--onlyvisible", "--name", "^arena — Ossa$"],
        capture_output=True, text=True).stdout.split())[0]
    xdo("windowfocus", "--sync", wid)
    xdo("key", "--clearmodifiers", "alt+2")
    view = wait_for("the map on show", lambda: (read_json(dump) or {}).get("width") == 40
                    and read_json(dump))
    if proc.poll() is not None:
        fail("ossa exited early")
    ox, oy = view["origin"]
    zoom = view["zoom"]
    if zoom < 4:
        fail(f"cells are {zoom:.1f} px: the map is not fitted")

    def at(cx, cy):
        return round(ox + (cx + 0.5) * zoom), round(oy + (cy + 0.5) * zoom)

    def click(cell):
        xdo("mousemove", "--window", wid, *at(*cell))
        time.sleep(0.05)
        xdo("click", 1)
        time.sleep(0.1)

    xdo("mousemove", "--window", wid, *at(20, 20))
    xdo("key", "s")
    click(START)
    xdo("key", "g")
    click(GOAL)
    before = wait_for("a path", lambda: (read_json(dump) or {}).get("found") and read_json(dump))
    print(f"path before the wall: {before['length']:.3f}, {before['expansions']} expanded")
    cli_before = astar(cli, doc)
    if abs(cli_before["length"] - before["length"]) > 1e-6:
        fail(f"the workspace found {before['length']}, ossa-cli astar {cli_before['length']}")

    # The brush, walls, in one drag down column WALL_X.
    xdo("key", "b")
    xdo("mousemove", "--window", wid, *at(WALL_X, WALL_Y[0]))
    time.sleep(0.1)
    xdo("mousedown", 1)
    for y in range(WALL_Y[0], WALL_Y[1] + 1):
        xdo("mousemove", "--window", wid, *at(WALL_X, y))
        time.sleep(0.02)
    xdo("mouseup", 1)
    # The path was searched again at every step of the drag; take the last one.
    time.sleep(0.5)
    after = wait_for("a longer path", lambda: (read_json(dump) or {}).get("length", 0)
                     > before["length"] + 1 and read_json(dump))
    print(f"path after the wall: {after['length']:.3f}, {after['expansions']} expanded")
    if not after["found"]:
        fail("no path after the wall")

    xdo("mousemove", "--window", wid, 2, 2)   # no hover highlight in the picture
    time.sleep(0.3)
    os.makedirs(outdir, exist_ok=True)
    shot = os.path.join(outdir, "e2e-map.png")
    subprocess.run(["import", "-window", wid, shot], check=True)
    floor = pixel(shot, *at(30, 36))
    wall = pixel(shot, *at(3, 10))   # a wall of the article's map
    painted = [pixel(shot, *at(WALL_X, y)) for y in range(WALL_Y[0], WALL_Y[1] + 1)]
    # The path hugs the wall's end, so one cell may show the path line instead.
    shown = sum(p == wall for p in painted)
    print(f"screenshot {shot}: floor {floor}, wall {wall}, {shown}/{len(painted)} painted cells")
    if wall == floor or shown < len(painted) - 1:
        fail("the screenshot does not show the painted wall")

    mtime = os.stat(doc).st_mtime_ns
    xdo("key", "--clearmodifiers", "ctrl+s")
    wait_for("the save", lambda: os.stat(doc).st_mtime_ns != mtime)
    time.sleep(0.2)
    saved = astar(cli, doc)
    if not saved["found"] or abs(saved["length"] - after["length"]) > 1e-6:
        fail(f"ossa-cli astar on the saved document: {saved['length']}, the workspace showed "
             f"{after['length']}")
    for x, y in saved["path"]:
        if x == WALL_X and WALL_Y[0] <= y <= WALL_Y[1]:
            fail(f"the saved path crosses the wall at {x},{y}")
    print(f"ok: the wall made the path {after['length'] - before['length']:.3f} longer; "
          "ossa-cli agrees on the saved document")


if __name__ == "__main__":
    main()
