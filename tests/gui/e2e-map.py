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

import os
import subprocess
import tempfile
import time

from e2e_support import (arguments, cli_json, click, drag, fail, pixel, press, running_ossa,
                         saving, screenshot, wait_dump, window_titled, xdo)

START = (2, 38)
GOAL = (37, 2)
WALL_X = 20
WALL_Y = (8, 39)


def astar(cli, doc):
    return cli_json(cli, "astar", doc, "--from", "%d,%d" % START, "--to", "%d,%d" % GOAL, "--json")


def main():
    ossa, cli, map_path, outdir = arguments(__doc__, ("xdotool", "import", "convert"))
    work = tempfile.mkdtemp(prefix="ossa-e2e-map-")
    doc = os.path.join(work, "arena.ossa")
    dump = os.path.join(work, "map-view.json")
    subprocess.run([cli, "convert", map_path, doc], check=True, capture_output=True)
    with running_ossa(ossa, doc, work, OSSA_MAP_VIEW_DUMP=dump) as proc:
        run(proc, cli, doc, dump, outdir)


def run(proc, cli, doc, dump, outdir):
    wid = window_titled("arena — Ossa")
    press("alt+2")
    view = wait_dump("the map on show", dump, lambda d: d.get("width") == 40)
    if proc.poll() is not None:
        fail("ossa exited early")
    ox, oy = view["origin"]
    zoom = view["zoom"]
    if zoom < 4:
        fail(f"cells are {zoom:.1f} px: the map is not fitted")

    def at(cx, cy):
        return round(ox + (cx + 0.5) * zoom), round(oy + (cy + 0.5) * zoom)

    xdo("mousemove", "--window", wid, *at(20, 20))
    press("s", clear=False)
    click(wid, *at(*START), settle=0.1)
    press("g", clear=False)
    click(wid, *at(*GOAL), settle=0.1)
    before = wait_dump("a path", dump, lambda d: d.get("found"))
    print(f"path before the wall: {before['length']:.3f}, {before['expansions']} expanded")
    cli_before = astar(cli, doc)
    if abs(cli_before["length"] - before["length"]) > 1e-6:
        fail(f"the workspace found {before['length']}, ossa-cli astar {cli_before['length']}")

    # The brush, walls, in one drag down column WALL_X. The path is searched again
    # at every step of the drag; take the last one.
    press("b", clear=False)
    drag(wid, [at(WALL_X, WALL_Y[0])] + [at(WALL_X, y) for y in range(WALL_Y[0], WALL_Y[1] + 1)],
         settle=0.5)
    after = wait_dump("a longer path", dump, lambda d: d.get("length", 0) > before["length"] + 1)
    print(f"path after the wall: {after['length']:.3f}, {after['expansions']} expanded")
    if not after["found"]:
        fail("no path after the wall")

    xdo("mousemove", "--window", wid, 2, 2)   # no hover highlight in the picture
    time.sleep(0.3)
    shot = screenshot(wid, outdir, "e2e-map.png")
    floor = pixel(shot, *at(30, 36))
    wall = pixel(shot, *at(3, 10))   # a wall of the article's map
    painted = [pixel(shot, *at(WALL_X, y)) for y in range(WALL_Y[0], WALL_Y[1] + 1)]
    # The path hugs the wall's end, so one cell may show the path line instead.
    shown = sum(p == wall for p in painted)
    print(f"screenshot {shot}: floor {floor}, wall {wall}, {shown}/{len(painted)} painted cells")
    if wall == floor or shown < len(painted) - 1:
        fail("the screenshot does not show the painted wall")

    with saving(doc):
        press("ctrl+s")
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
