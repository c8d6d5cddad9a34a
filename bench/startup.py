#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""startup.py OSSA DOC [RUNS]

Time from launching the real editor on DOC to its first drawn canvas frame, as a
person would see it: the editor is started with OSSA_VIEW_DUMP, which the canvas
writes after every frame it draws, and the clock stops when that file first appears.
Needs a display (run under xvfb-run -a). Prints each run and the best and median;
never fails on time."""

import os
import statistics
import subprocess
import sys
import tempfile
import time


def once(ossa, doc):
    with tempfile.TemporaryDirectory(prefix="ossa-startup-") as work:
        dump = os.path.join(work, "view.json")
        env = dict(os.environ, OSSA_VIEW_DUMP=dump, GSETTINGS_BACKEND="memory",
                   GTK_A11Y="none", NO_AT_BRIDGE="1")
        start = time.monotonic()
        proc = subprocess.Popen([ossa, doc], env=env, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
        try:
            while not os.path.exists(dump):
                if proc.poll() is not None:
                    sys.exit(f"startup.py: {ossa} exited before drawing")
                if time.monotonic() - start > 30:
                    sys.exit("startup.py: no frame within 30 s")
                time.sleep(0.002)
            return (time.monotonic() - start) * 1000.0
        finally:
            proc.kill()
            proc.wait()


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    times = [once(sys.argv[1], sys.argv[2]) for _ in range(runs)]
    for t in times:
        print(f"first frame {t:7.1f} ms")
    print(f"best {min(times):.1f} ms, median {statistics.median(times):.1f} ms over {runs} runs")


if __name__ == "__main__":
    main()
