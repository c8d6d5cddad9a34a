#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The pose-sampling figures of the issue: a generated rig of 10000 bones, 5 animated
# channels each, 32 keys per channel, timed while scrubbing (random seek) and while
# playing (forward seek), with mixed and with linear keys. Prints ns per bone;
# never passes or fails on time.
#
# Usage: bench/pose.sh [PATH/TO/ossa-cli] [extra bench options…]
# Without a path, the first ossa-cli found in the usual build directories is used.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")

cli=
if [ $# -gt 0 ] && [ -x "$1" ] && [ ! -d "$1" ]; then
  cli=$1
  shift
else
  for dir in "$root"/build "$root"/build-cli "$root"/_build "$root"/build-*; do
    if [ -x "$dir/src/cli/ossa-cli" ]; then
      cli=$dir/src/cli/ossa-cli
      break
    fi
  done
fi
if [ -z "$cli" ]; then
  echo "bench/pose.sh: no ossa-cli found; build it first or pass its path" >&2
  exit 2
fi

# Mixed keys (a third BEZIER, a sixth STEP) and LINEAR only, each seek three times:
# the machine's noise shows in the spread; quote the best.
for interp in mixed linear; do
  for seek in random forward; do
    for run in 1 2 3; do
      "$cli" bench pose --bones 10000 --keys 32 --interp "$interp" --seek "$seek" "$@"
    done
  done
done

# The yardstick the targets are set against: a plain binary-search loop.
plain=$(dirname "$(dirname "$(dirname "$cli")")")/bench/bench-plain
if [ -x "$plain" ]; then
  "$plain"
fi
