/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Where a test finds the bundled samples the build makes (<build>/data/samples/),
 * or the test skipped with the reason when it was not started by meson test.
 * Header-only, GLib; the caller frees the path. */
#pragma once

#include <glib.h>

/* <build>/data/samples/name, newly allocated; NULL (and the test skipped) when
 * OSSA_BUILD_ROOT is not set. */
static inline char *
test_sample_path (const char *name)
{
  const char *root = g_getenv ("OSSA_BUILD_ROOT");

  if (root == NULL)
    {
      g_test_skip ("OSSA_BUILD_ROOT is not set (run through meson test)");
      return NULL;
    }
  return g_build_filename (root, "data", "samples", name, NULL);
}
