/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The index of one recovery copy: the small keyfile <id>.ini beside <id>.ossa in
 * the recovery folder, saying what the copy is (the original file and its stamp
 * as the writer last read or wrote it, the title, when
 * it was written, the changes since the last save) and which process keeps it up
 * to date. An OssaRecoveryIndex owns its strings (ossa_recovery_index_free()). */

#include <glib.h>

#include "ossa-editor.h"

G_BEGIN_DECLS

/* The keyfile's format=, bumped when what it says changes meaning. A copy of
 * another format is reported and set aside, never read. */
#define OSSA_RECOVERY_FORMAT 1

typedef struct
{
  guint    format;
  char    *id;        /* the copy's name without extension */
  char    *original;  /* the document's file (a local path), NULL when never saved */
  /* original as the writer's editor last read or wrote it: what the copy's
   * changes were made to, for the recovering session's save to tell whether
   * another program changed it since (unknown in an index without one). */
  OssaFileStamp original_stamp;
  char    *title;     /* what the window's title called it */
  gint64   time;      /* when the copy was written, Unix seconds (UTC) */
  guint    changes;   /* edits (undo and redo included) since the last save */
  /* The process writing the copy: its pid, the machine's boot and the process's
   * start (clock ticks after boot), so that a pid reused by another process, or
   * after a restart, does not pass for the writer. */
  gint64   pid;
  char    *boot_id;
  guint64  start_ticks;
} OssaRecoveryIndex;

void               ossa_recovery_index_free      (OssaRecoveryIndex  *index);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (OssaRecoveryIndex, ossa_recovery_index_free)

/* The keyfile's text (free it). */
char              *ossa_recovery_index_to_data   (const OssaRecoveryIndex *index,
                                                  gsize              *length);
/* Reads a keyfile's text; NULL with @error (G_KEY_FILE_ERROR) saying why when it
 * is not an index. A well-formed index of another format is returned with that
 * format: the caller decides. */
OssaRecoveryIndex *ossa_recovery_index_parse     (const char         *data,
                                                  gsize               length,
                                                  GError            **error);

/* Fills pid, boot_id and start_ticks with this process's. */
void               ossa_recovery_index_set_owner (OssaRecoveryIndex  *index);
/* Whether the process that wrote @index still runs (this one included). */
gboolean           ossa_recovery_index_owner_alive (const OssaRecoveryIndex *index);

G_END_DECLS
