#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# e2e-version.sh OSSA VERSION
#
# The real editor asked what it is, with no display at all: `ossa --version`
# prints "ossa VERSION" and exits 0 without opening a window; `ossa --help` names
# the FILE it opens and the --version option; an unknown option is refused with
# a message and a failing status.
set -u

ossa=$1
version=$2

fail () {
  echo "FAIL: $*"
  exit 1
}

[ -x "$ossa" ] || fail "no program at $ossa"
out=$(mktemp)
trap 'rm -f "$out"' EXIT

env -u DISPLAY -u WAYLAND_DISPLAY timeout 10 "$ossa" --version >"$out" 2>&1
status=$?
[ $status -eq 0 ] || fail "ossa --version exited with $status: $(cat "$out")"
[ "$(cat "$out")" = "ossa $version" ] || fail "ossa --version printed: $(cat "$out")"

env -u DISPLAY -u WAYLAND_DISPLAY timeout 10 "$ossa" --help >"$out" 2>&1
status=$?
[ $status -eq 0 ] || fail "ossa --help exited with $status: $(cat "$out")"
grep -q 'ossa \[OPTION…\] \[FILE…\]' "$out" || fail "ossa --help names no FILE: $(cat "$out")"
grep -q -- '--version' "$out" || fail "ossa --help does not list --version: $(cat "$out")"

env -u DISPLAY -u WAYLAND_DISPLAY timeout 10 "$ossa" --no-such-option >"$out" 2>&1
status=$?
[ $status -ne 0 ] || fail "ossa --no-such-option succeeded"
grep -q 'no-such-option' "$out" || fail "ossa --no-such-option said: $(cat "$out")"

echo "ok: ossa --version, --help, and an unknown option"
