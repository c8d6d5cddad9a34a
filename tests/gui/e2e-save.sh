#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# e2e-save.sh OSSA OSSA_CLI SAMPLE SHOT.png
#
# Edits, saves and quits the real editor with the keyboard only, on a copy of
# SAMPLE, and checks the file with ossa-cli at each step:
#   Ctrl+A, Delete        every bone goes; the title gets its "•"
#   Ctrl+S                saved without a question; the "•" goes; the file has 0 bones
#   Ctrl+Z, Ctrl+Q        the unsaved-changes question comes up; Escape cancels it
#                         and the editor stays
#   Ctrl+Q, Alt+D         Discard: the editor quits with status 0; the file still has
#                         0 bones
# Skips (77) without a display, xdotool or ImageMagick.
set -u

ossa=$1
cli=$2
sample=$3
shot=$4

. "$(dirname "$0")/e2e_support.sh"

need_display_and_tools
[ -x "$ossa" ] || fail "no program at $ossa"
[ -x "$cli" ] || fail "no ossa-cli at $cli"
[ -f "$sample" ] || fail "no sample at $sample"

dir=$(mktemp -d)
scratch=$dir
log=$dir/ossa.log
doc=$dir/rig.ossa
cp "$sample" "$doc"

bones () {
  "$cli" info --json "$1" | sed -n 's/.*"bones":\([0-9]*\).*/\1/p'
}

# Waits for the editor's window to carry exactly this title.
wait_title () {
  for _ in $(seq 1 50); do
    got=$(xdotool getwindowname "$wid" 2>/dev/null)
    [ "$got" = "$1" ] && return 0
    sleep 0.1
  done
  fail "title is '$got', expected '$1'"
}

key () {
  xdotool key --clearmodifiers "$@"
  sleep 0.3
}

# The visible windows of the editor other than the main one (its dialogs).
dialogs () {
  xdotool search --onlyvisible --pid "$pid" 2>/dev/null | grep -vx "$wid"
}

wait_dialog () {
  for _ in $(seq 1 50); do
    d=$(dialogs | head -n 1)
    [ -n "$d" ] && { echo "$d"; return 0; }
    sleep 0.1
  done
  return 1
}

[ "$(bones "$doc")" -gt 0 ] || fail "the sample has no bones"

"$ossa" "$doc" >"$log" 2>&1 &
pid=$!
wid=$(timeout 20 xdotool search --sync --onlyvisible --name '^rig — Ossa$' | head -n 1)
[ -n "$wid" ] || fail "no window titled 'rig — Ossa' within 20 s"
xdotool windowfocus --sync "$wid"
sleep 0.5

key ctrl+a
key Delete
wait_title "• rig — Ossa"
key ctrl+s
wait_title "rig — Ossa"
[ "$(bones "$doc")" -eq 0 ] || fail "saved file has $(bones "$doc") bones, expected 0"
echo "ok: deleted every bone and saved"

key ctrl+z
wait_title "• rig — Ossa"
import -window root "$shot" || fail "import could not take a screenshot"

key ctrl+q
question=$(wait_dialog) || fail "no unsaved-changes question on Ctrl+Q"
kill -0 "$pid" 2>/dev/null || fail "ossa quit without asking"
xdotool windowfocus --sync "$question"
key Escape
sleep 0.5
kill -0 "$pid" 2>/dev/null || fail "ossa quit although the question was cancelled"
[ -z "$(dialogs)" ] || fail "the question is still open after Escape"
wait_title "• rig — Ossa"
echo "ok: Ctrl+Q asked, Escape cancelled"

xdotool windowfocus --sync "$wid"
key ctrl+q
question=$(wait_dialog) || fail "no unsaved-changes question on the second Ctrl+Q"
xdotool windowfocus --sync "$question"
key alt+d

wait_quit "after Discard"
[ "$status" -eq 0 ] || fail "ossa exited with status $status"
[ "$(bones "$doc")" -eq 0 ] || fail "Discard changed the file: $(bones "$doc") bones"
if [ -s "$log" ]; then
  echo "--- ossa output"
  cat "$log"
fi
echo "ok: Discard quit with status 0 and left the saved file alone"
