#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# build-aux/screenshots.sh — the README's and the metainfo's pictures, made again.
#
#   cd BUILDDIR && SOURCE/build-aux/screenshots.sh
#
# Run from a build folder (one where `meson compile` has built the editor,
# ossa-cli and the samples). It writes, in the source tree:
#
#   doc/screenshot-hero.png  the editor on the bundled character, hero.ossa, in
#                            Animate mode at frame 7 of its walk: the window alone
#                            (1280×800), on a private Xvfb display
#   doc/hero-walk.gif        hero's walk as `ossa-cli render` writes it: 360×360,
#                            fitted, on white (reads on GitHub's light and dark
#                            pages alike; a GIF's one-bit transparency would fringe
#                            the antialiased edges on a dark page)
#
# Needs xvfb-run (xvfb), xdotool, ImageMagick's import and convert. The editor runs
# with a fresh settings store and folders of its own, in English, so the picture
# does not depend on who runs it. Each file is written only once complete.
set -eu

builddir=$(pwd)
srcdir=$(cd "$(dirname "$0")/.." && pwd)
ossa=$builddir/src/app/ossa
cli=$builddir/src/cli/ossa-cli
sample=$builddir/data/samples/hero.ossa

fail () { echo "screenshots.sh: $*" >&2; exit 1; }

for f in "$ossa" "$cli" "$sample"; do
  [ -e "$f" ] || fail "$f is missing: run this from a build folder after 'meson compile'"
done
for tool in xvfb-run xdotool import convert; do
  command -v "$tool" >/dev/null 2>&1 || fail "$tool is needed (Debian: xvfb, xdotool, imagemagick)"
done

# Everything below runs on a display of its own, 1280×800, whatever DISPLAY is.
if [ -z "${OSSA_SCREENSHOTS_XVFB:-}" ]; then
  OSSA_SCREENSHOTS_XVFB=1 exec xvfb-run -a -s "-screen 0 1280x800x24 -nolisten tcp" \
    "$0" "$@"
fi

work=$(mktemp -d)
pid=""
cleanup () {
  [ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT INT TERM

# ---- the window ----
export GSETTINGS_SCHEMA_DIR="$builddir/data" GSETTINGS_BACKEND=memory
export OSSA_LOCALEDIR="$builddir/po" OSSA_SAMPLES_DIR="$builddir/data/samples"
export XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data"
export XDG_STATE_HOME="$work/state" XDG_CACHE_HOME="$work/cache"
export LC_ALL=C.UTF-8 LANGUAGE=en GDK_BACKEND=x11 NO_AT_BRIDGE=1
"$ossa" "$sample" >"$work/ossa.log" 2>&1 &
pid=$!

# The window, once mapped (there is no window manager: it is placed and sized here).
wid=""
for _ in $(seq 200); do
  wid=$(xdotool search --onlyvisible --pid "$pid" 2>/dev/null | head -n 1) || true
  [ -n "$wid" ] && break
  kill -0 "$pid" 2>/dev/null || { cat "$work/ossa.log" >&2; fail "the editor exited"; }
  sleep 0.1
done
[ -n "$wid" ] || fail "no editor window after 20 s"
xdotool windowmove "$wid" 0 0 windowsize "$wid" 1280 800 windowfocus --sync "$wid"

# Drawn: the capture is the asked size and not blank (a window not yet drawn
# is one colour; the editor's is thousands), and the same picture twice in a row.
settle () {
  prev=""
  shot=""
  for i in $(seq 60); do
    sleep 0.5
    import -window "$wid" "$work/shot.png"
    facts=$(convert "$work/shot.png" -format '%wx%h %k %#' info:)
    set -- $facts
    if [ "$1" = 1280x800 ] && [ "$2" -gt 1000 ] && [ "$3" = "$prev" ]; then
      shot=$work/shot-$1.png
      mv "$work/shot.png" "$shot"
      return 0
    fi
    prev=$3
  done
  fail "the window was not drawn at 1280×800 in 30 s (last: $facts)"
}
settle

# Animate mode (Ctrl+2), the walk at frame 7: mid-stride, both feet apart; the
# bones' names hidden (n), so that the art shows.
xdotool key --window "$wid" --clearmodifiers ctrl+2
xdotool key --window "$wid" --clearmodifiers n
# The pointer off the canvas, where it would light up the picture under it.
xdotool mousemove --window "$wid" 1150 420
for _ in 1 2 3 4 5 6 7; do
  xdotool key --window "$wid" --clearmodifiers Right
  sleep 0.05
done
settle

kill "$pid" && wait "$pid" 2>/dev/null || true
pid=""

# Each into place once complete, through a rename.
place () {
  mkdir -p "$srcdir/doc"
  cp "$1" "$srcdir/doc/.$2.tmp"
  mv "$srcdir/doc/.$2.tmp" "$srcdir/doc/$2"
  echo "$srcdir/doc/$2"
}
place "$shot" screenshot-hero.png

# ---- the GIF ----
"$cli" render "$sample" --anim walk --size 360x360 --fit --background white \
  -o "$work/hero-walk.gif"
place "$work/hero-walk.gif" hero-walk.gif
