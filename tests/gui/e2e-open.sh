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

. "$(dirname "$0")/e2e_support.sh"

need_display_and_tools
[ -x "$ossa" ] || fail "no program at $ossa"
[ -f "$sample" ] || fail "no sample at $sample"

name=$(basename "$sample" .ossa)
title="$name — Ossa"
log=$(mktemp)
scratch=$log

"$ossa" "$sample" >"$log" 2>&1 &
pid=$!

# --sync waits for the window; timeout keeps a window that never comes from
# hanging the suite.
wid=$(timeout 20 xdotool search --sync --onlyvisible --name "^$title\$" | head -n 1)
[ -n "$wid" ] || fail "no window titled '$title' within 20 s"
kill -0 "$pid" 2>/dev/null || fail "ossa exited early"

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

wait_quit "on Ctrl+Q"

if [ -s "$log" ]; then
  echo "--- ossa output"
  cat "$log"
fi
[ "$status" -eq 0 ] || fail "ossa exited with status $status"
echo "ok: opened, shown, quit with status 0"
