#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs everything Ossa needs to build, run and test on Debian 12.
# Needs root (apt-get); uses sudo when run as another user.
set -eu

packages="
  meson ninja-build pkg-config gcc
  libprotobuf-c-dev protobuf-c-compiler protobuf-compiler
  libglib2.0-dev libglib2.0-dev-bin libglib2.0-bin libjson-glib-dev
  libgtk-4-dev libgtk-4-bin libepoxy-dev libxml2-utils libzip-dev libpng-dev
  libcairo2-dev libgif-dev libimagequant-dev
  libgstreamer1.0-dev libgstreamer-plugins-base1.0-dev gstreamer1.0-tools
  gstreamer1.0-plugins-base gstreamer1.0-plugins-good gstreamer1.0-plugins-ugly gstreamer1.0-plugins-base-apps gstreamer1.0-libav
  shared-mime-info
  libsdl2-dev libsdl2-image-dev make
  fonts-nanum fonts-lohit-deva
  gettext desktop-file-utils appstream
  help2man bash-completion
  xvfb xauth xdotool imagemagick libgl1-mesa-dri librsvg2-bin
  locales
"

missing=""
for p in $packages; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done

SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
if [ -n "$missing" ]; then
  $SUDO apt-get update -q
  # shellcheck disable=SC2086
  $SUDO apt-get install -y -q --no-install-recommends $missing
fi

# A locale with a decimal comma, so the tests can prove files and JSON never
# follow the person's LC_NUMERIC.
if ! locale -a 2>/dev/null | grep -qi '^de_DE\.utf-\?8$'; then
  $SUDO localedef -i de_DE -f UTF-8 de_DE.UTF-8 || echo "install-deps: could not generate de_DE.UTF-8; locale tests will skip"
fi
