/* SPDX-License-Identifier: GPL-3.0-or-later */
/* For the GUI benches: the rig they share, so their figures are of one document. */
#pragma once

#include <glib.h>

#include "ossa.h"

/* A tree of n bones: every bone has three children fanned out, each shorter, its
 * colour by its depth. The caller frees it (ossa_document_free()). */
static inline OssaDocument *
bench_rig_new (guint n)
{
  static const guint32 palette[] = {
    0xc0504dffu, 0xe0883cffu, 0xd9c24aff, 0x66bb6aff, 0x4fb3bfff, 0x4a90d9ff, 0x8e6fd1ff,
    0xc46fb0ff, 0x9e9e9eff, 0xb0855aff,
  };
  OssaDocument *doc = ossa_document_new ();
  g_autofree guint *depth = g_new0 (guint, MAX (n, 1));
  OssaError err;

  ossa_error_clear (&err);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = g_strdup_printf ("b%u", i);
      OssaTransform rest = ossa_transform_identity ();
      int32_t parent = i == 0 ? -1 : (int32_t) ((i - 1) / 3);
      float length;

      if (parent < 0)
        {
          rest.rotation = (float) (OSSA_PI / 2);
          length = 200;
        }
      else
        {
          depth[i] = depth[parent] + 1;
          rest.x = doc->skeleton.bones[parent].length;
          rest.rotation = 0.55f * (float) ((int) ((i - 1) % 3) - 1)
                          + 0.05f * (float) ((i * 7919) % 7) / 7.0f;
          length = doc->skeleton.bones[parent].length * 0.72f;
        }
      if (ossa_skeleton_add_bone (&doc->skeleton, name, parent, &rest, length,
                                  palette[depth[i] % G_N_ELEMENTS (palette)], &err) < 0)
        g_error ("rig: %s", err.message);
    }
  return doc;
}
