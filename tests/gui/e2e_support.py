# SPDX-License-Identifier: GPL-3.0-or-later
"""What the end-to-end scripts (e2e-*.py) share: skip and fail with the exit codes
meson understands, xdotool, waiting for a condition, reading the editor's JSON
dumps, looking up a bone in one, and reading a screenshot's pixel."""

import json
import subprocess
import sys
import time


def skip(why):
    print(f"SKIP: {why}")
    sys.exit(77)


def fail(why):
    print(f"FAIL: {why}")
    sys.exit(1)


def xdo(*args):
    return subprocess.run(["xdotool", *map(str, args)], check=True,
                          capture_output=True, text=True).stdout.strip()


def wait_for(what, check, timeout=20.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        got = check()
        if got:
            return got
        time.sleep(0.05)
    fail(f"timed out waiting for {what}")


def read_json(path):
    """The file's JSON, or None while it is missing or half written."""
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def bone_in(dump, name):
    for b in dump["bones"]:
        if b["name"] == name:
            return b
    fail(f"{name} is not in the view dump")


def pixel(shot, x, y):
    out = subprocess.run(["convert", shot, "-format", f"%[pixel:p{{{x},{y}}}]", "info:"],
                         check=True, capture_output=True, text=True).stdout
    return out.strip()
