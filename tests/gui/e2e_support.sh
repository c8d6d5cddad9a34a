# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=sh
#
# What the end-to-end shell scripts (e2e-open.sh, e2e-save.sh) share; they source
# it. Skip and fail with the exit codes meson understands (fail shows the editor's
# output, $log, when there is some), the skips without a display, xdotool or
# ImageMagick's import, the editor ($pid) stopped and $scratch removed whatever
# way the script ends, and waiting for the editor to quit.

skip () { echo "SKIP: $*"; exit 77; }
fail () { echo "FAIL: $*"; [ -s "${log:-}" ] && cat "$log"; exit 1; }

need_display_and_tools () {
  [ -n "${DISPLAY:-}" ] || skip "no DISPLAY"
  command -v xdotool >/dev/null 2>&1 || skip "xdotool not installed"
  command -v import >/dev/null 2>&1 || skip "ImageMagick import not installed"
}

pid=
scratch=
# The editor's recovery copies in a folder of this run's: a copy left by an
# editor stopped here must not be offered to the next test's.
XDG_STATE_HOME=$(mktemp -d "${TMPDIR:-/tmp}/ossa-e2e-state-XXXXXX")
export XDG_STATE_HOME
cleanup () {
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
    kill "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
  fi
  [ -z "$scratch" ] || rm -rf "$scratch"
  rm -rf "$XDG_STATE_HOME"
}
trap cleanup EXIT

# Until the editor has quit (10 s at most), leaving its exit status in $status;
# fails with "ossa did not quit WHEN" when it does not.
wait_quit () {
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
  [ -n "$status" ] || { kill "$pid_done" 2>/dev/null; fail "ossa did not quit $1"; }
}
