#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# build-aux/run.sh [FILE…]
#
# Installs what Ossa needs (build-aux/install-deps.sh), builds it in ./build (set
# OSSA_BUILDDIR for another folder) and runs the editor uninstalled, with its
# GSettings schema and translations from the build tree. Without arguments it opens the bundled sample character, hero.ossa.
set -eu

srcdir=$(cd "$(dirname "$0")/.." && pwd)
builddir=${OSSA_BUILDDIR:-$srcdir/build}

"$srcdir/build-aux/install-deps.sh"

if [ ! -f "$builddir/build.ninja" ]; then
  meson setup "$builddir" "$srcdir"
fi
meson compile -C "$builddir"

export GSETTINGS_SCHEMA_DIR="$builddir/data"
export OSSA_LOCALEDIR="$builddir/po"
export OSSA_SAMPLES_DIR="$builddir/data/samples"

sample="$builddir/data/samples/hero.ossa"
if [ $# -eq 0 ] && [ -f "$sample" ]; then
  set -- "$sample"
fi

exec "$builddir/src/app/ossa" "$@"
