#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# validate-ui.sh BUILDER_TOOL FILE.ui: gtk4-builder-tool validate, which needs a
# display (4.8 crashes without one): skip (77) when there is none.
set -u
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
  echo "SKIP: no display"
  exit 77
fi
exec "$1" validate "$2"
