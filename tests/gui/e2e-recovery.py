#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""e2e-recovery.py OSSA OSSA_CLI SAMPLE OUTDIR

The recovery scenario, driven for real under X with xdotool: opens a copy of
SAMPLE with autosave every second (OSSA_AUTOSAVE_INTERVAL=1) and recovery copies
in a folder of the test's own (XDG_STATE_HOME), turns upper_arm_r and thigh_l
with the mouse, waits for the recovery copy that holds both edits, and kills the
editor with SIGKILL: the document on disk is as it was. A broken copy is left
beside the good one. Then starts the editor again, without a document: the
recovery list shows (screenshot OUTDIR/e2e-recovery.png), the broken copy greyed
and set aside; Enter recovers the good one into the window, titled
"• humanoid — Ossa"; Ctrl+S saves it over the original, and `ossa-cli sample`
finds both turns in the file; the recovery copy is gone, and Ctrl+Q quits.
Exit 77 (skip) without a display, xdotool or ImageMagick.
"""

import configparser
import glob
import math
import os
import shutil
import signal
import tempfile
import time

from e2e_support import (arguments, bone_in, cli_json, drag, fail, press, running_ossa,
                         saving, screenshot, turn_points, wait_dump, wait_for, window_titled, xdo)

TURNS = (("upper_arm_r", 90.0), ("thigh_l", -60.0))
TOLERANCE_DEG = 3.0


def rest(cli, doc):
    return {b["name"]: b["local"]["rotation"]
            for b in cli_json(cli, "sample", doc, "--time", "0", "--json")["bones"]}


def recovery_indexes(state):
    """The recovery folder's indexes, as dicts, by id."""
    found = {}
    for path in glob.glob(os.path.join(state, "ossa", "recovery", "*.ini")):
        kf = configparser.ConfigParser(interpolation=None)
        try:
            kf.read(path, encoding="utf-8")
            found[kf["Recovery"]["id"]] = dict(kf["Recovery"], path=path)
        except (KeyError, configparser.Error):
            pass
    return found


def turned_as_dragged(before, after):
    return all(abs(math.degrees(after[name] - before[name]) - degrees) <= TOLERANCE_DEG
               for name, degrees in TURNS)


def check_turns(what, before, after):
    for name, degrees in TURNS:
        turned = math.degrees(after[name] - before[name])
        print(f"{what}: {name} turned {turned:.2f}° (dragged {degrees}°)")
        if abs(turned - degrees) > TOLERANCE_DEG:
            fail(f"{what}: {name} turned {turned:.2f}°, expected {degrees}° ± {TOLERANCE_DEG}°")
    for name in before:
        if name not in dict(TURNS) and before[name] != after[name]:
            fail(f"{what}: {name} changed, and it was not dragged")


def main():
    ossa, cli, sample_path, outdir = arguments(__doc__, ("xdotool", "import"))
    top = tempfile.mkdtemp(prefix="ossa-e2e-recovery-")
    try:
        run(ossa, cli, sample_path, outdir, top)
    finally:
        shutil.rmtree(top, ignore_errors=True)


def run(ossa, cli, sample_path, outdir, top):
    doc = os.path.join(top, "humanoid.ossa")
    state = os.path.join(top, "state")
    dump = os.path.join(top, "view.json")
    shutil.copyfile(sample_path, doc)
    before = rest(cli, doc)
    env = {"XDG_STATE_HOME": state, "OSSA_AUTOSAVE_INTERVAL": "1", "OSSA_VIEW_DUMP": dump}

    # The session that is killed.
    os.makedirs(os.path.join(top, "first"))
    with running_ossa(ossa, doc, os.path.join(top, "first"), **env) as proc:
        wid = window_titled("humanoid — Ossa")
        view = wait_dump("a view dump with bones", dump, lambda d: d.get("bones"))
        for name, degrees in TURNS:
            drag(wid, turn_points(bone_in(view, name), degrees, 30))
            view = wait_dump(f"the view after turning {name}", dump,
                             lambda d, n=name, v=view: bone_in(d, n) != bone_in(v, n))
        # The copy that holds both drags whole (two edits), written on its own
        # (one may have been written while a drag went on: a later one follows).
        def whole_copy():
            time.sleep(0.2)
            for i in recovery_indexes(state).values():
                path = os.path.join(state, "ossa", "recovery", i["copy"])
                if i.get("changes") == "2" and turned_as_dragged(before, rest(cli, path)):
                    return i
            return None
        index = wait_for("a recovery copy with both edits", whole_copy, timeout=10)
        copy = os.path.join(state, "ossa", "recovery", index["copy"])
        print(f"recovery copy {copy}: {index}")
        if index.get("original") != doc or index.get("title") != "humanoid":
            fail(f"the index does not name the document: {index}")
        if int(index.get("pid", 0)) != proc.pid:
            fail(f"the index names pid {index.get('pid')}, not the editor's {proc.pid}")
        check_turns("the recovery copy", before, rest(cli, copy))
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
    if rest(cli, doc) != before:
        fail("the document on disk changed without a save")

    # Something else broken in the folder: reported, set aside, no crash.
    with open(os.path.join(state, "ossa", "recovery", "broken.ini"), "w") as f:
        f.write("[Recovery]\nformat=1\nid=broken\ntitle=walk cycle\ntime=0\n"
                "changes=4\npid=999999999\n")
    with open(os.path.join(state, "ossa", "recovery", "broken.ossa"), "wb") as f:
        f.write(b"\x00\x01 not a document")

    # The next start, without a document.
    os.makedirs(os.path.join(top, "second"))
    with running_ossa(ossa, None, os.path.join(top, "second"), **env) as proc:
        dialog = window_titled("Recover Unsaved Work")
        time.sleep(0.5)
        print(f"screenshot {screenshot(dialog, outdir, 'e2e-recovery.png')}")
        if not os.path.exists(os.path.join(state, "ossa", "recovery", "set-aside", "broken.ini")):
            fail("the broken copy was not set aside")
        # Enter: Recover on the newest copy, the button with the focus.
        xdo("windowfocus", "--sync", dialog)
        press("Return", window=dialog)
        wid = window_titled("• humanoid — Ossa")
        if proc.poll() is not None:
            fail("ossa exited")
        if index["id"] not in recovery_indexes(state):
            fail("the recovery copy went before the document was saved")
        with saving(doc):
            xdo("windowfocus", "--sync", wid)
            press("Escape", "ctrl+s", pause=0.2)
        window_titled("humanoid — Ossa")
        check_turns("the saved document", before, rest(cli, doc))
        if recovery_indexes(state):
            fail(f"recovery copies left after the save: {list(recovery_indexes(state))}")
        press("ctrl+q")
        wait_for("ossa to quit", lambda: proc.poll() is not None, timeout=10)
        if proc.returncode != 0:
            fail(f"ossa quit with status {proc.returncode}")
    print("ok: edits survived a SIGKILL through the recovery copy, recovered and saved")


if __name__ == "__main__":
    main()
