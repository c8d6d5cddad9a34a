#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# e2e-open.sh OSSA SAMPLE SHOT.png
#
# Runs the real editor on SAMPLE, waits for its window ("humanoid — Ossa" for the
# bundled sample), saves a screenshot of the screen to SHOT.png, checks the title
# and that the screenshot is not blank, then presses Ctrl+Q and expects the
# program to exit with status 0. Skips (77) without a display or without xdotool
# and ImageMagick's import.
set -u

ossa=$1
sample=$2
shot=$3

skip () { echo "SKIP: $*"; exit 77; }
fail () { echo "FAIL: $*"; exit 1; }

[ -n "${DISPLAY:-}" ] || skip "no DISPLAY"
command -v xdotool >/dev/null 2>&1 || skip "xdotool not installed"
command -v import >/dev/null 2>&1 || skip "ImageMagick import not installed"
[ -x "$ossa" ] || fail "no program at $ossa"
[ -f "$sample" ] || fail "no sample at $sample"

name=$(basename "$sample" .ossa)
title="$name — Ossa"
log=$(mktemp)
pid=
cleanup () {
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
    kill "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
  fi
  rm -f "$log"
}
trap cleanup EXIT

"$ossa" "$sample" >"$log" 2>&1 &
pid=$!

# --sync waits for the window; timeout keeps a window that never comes from
# hanging the suite.
wid=$(timeout 20 xdotool search --sync --onlyvisible --name "^$title\$" | head -n 1)
if [ -z "$wid" ]; then
  cat "$log"
  fail "no window titled '$title' within 20 s"
fi
kill -0 "$pid" 2>/dev/null || { cat "$log"; fail "ossa exited early"; }

got=$(xdotool getwindowname "$wid")
[ "$got" = "$title" ] || fail "window title is '$got', expected '$title'"
echo "window $wid: $got"
xdotool getwindowgeometry "$wid"

# Give GTK a moment to paint the panes and the canvas before the screenshot.
sleep 1
import -window root "$shot" || fail "import could not take a screenshot"
colours=$(convert "$shot" -format '%k' info: 2>/dev/null || echo 0)
echo "screenshot: $shot ($colours colours)"
[ "$colours" -gt 16 ] || fail "the screenshot looks blank ($colours colours)"

# No window manager under Xvfb: focus the window directly, then quit by keyboard.
xdotool windowfocus --sync "$wid"
xdotool key --clearmodifiers ctrl+q

status=
for _ in $(seq 1 100); do
  if ! kill -0 "$pid" 2>/dev/null; then
    wait "$pid"
    status=$?
    break
  fi
  sleep 0.1
done
pid_done=$pid
pid=
[ -n "$status" ] || { kill "$pid_done" 2>/dev/null; fail "ossa did not quit on Ctrl+Q"; }

if [ -s "$log" ]; then
  echo "--- ossa output"
  cat "$log"
fi
[ "$status" -eq 0 ] || fail "ossa exited with status $status"
echo "ok: opened, shown, quit with status 0"
