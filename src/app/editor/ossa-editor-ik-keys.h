/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The IK constraints' keys as the timeline edits them (ossa-editor-ik-keys.c):
 * deleting and moving mix and bend keys of the current animation, alone or with
 * the other keys the timeline picked, each edit one undo step. The caller owns
 * the arrays it passes; the editor keeps none of them. Keying a constraint at the
 * playhead is ossa_editor_key_ik() (ossa-editor.h). */

#include "ossa-editor.h"

G_BEGIN_DECLS

/* One key of an IK constraint's track in the current animation. */
typedef struct
{
  guint constraint;  /* index into the document's constraints */
  float time;        /* the key's exact time */
} OssaIkKeyRef;

/* The order of IK keys: by constraint, then time (a GCompareFunc, for qsort() and
 * bsearch()). The editor sorts them so, and the timeline keeps its picked ones so. */
int                 ossa_ik_key_ref_compare        (gconstpointer       a,
                                                    gconstpointer       b);
/* Constraint c's track in the current animation, or NULL (none, or no animation). */
const OssaIkTrack  *ossa_editor_get_ik_track       (OssaEditor         *self,
                                                    guint               c);
/* Deletes IK keys (in any order; twice is once): all of them are there, or
 * nothing changes. */
gboolean            ossa_editor_remove_ik_keys     (OssaEditor         *self,
                                                    const OssaIkKeyRef *keys,
                                                    gsize               n_keys,
                                                    GError            **error);
/* Moves IK keys by delta seconds (snap: each onto the nearest frame), with their
 * mix and bend, as ossa_editor_move_slot_keys() does art keys: refused, with
 * nothing changed, when a key would land on one that stays or two on one time.
 * On success keys say where they went. */
gboolean            ossa_editor_move_ik_keys       (OssaEditor         *self,
                                                    OssaIkKeyRef       *keys,
                                                    gsize               n_keys,
                                                    double              delta,
                                                    gboolean            snap,
                                                    GError            **error);
/* The timeline's Delete: the selected bone keys (with selected), the art keys and
 * the IK keys, as one undo step. */
gboolean            ossa_editor_delete_timeline_keys (OssaEditor           *self,
                                                      gboolean              selected,
                                                      const OssaSlotKeyRef *art_keys,
                                                      gsize                 n_art_keys,
                                                      const OssaIkKeyRef   *ik_keys,
                                                      gsize                 n_ik_keys,
                                                      GError              **error);

G_END_DECLS
