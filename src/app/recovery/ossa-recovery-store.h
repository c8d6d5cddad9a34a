/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The recovery folder ($XDG_STATE_HOME/ossa/recovery/, g_get_user_state_dir()):
 * each copy is <id>.ossa with its index <id>.ini (ossa-recovery-index.h); copies
 * that cannot be offered are moved into set-aside/ below it. Writing a copy,
 * removing one, and looking for those a crash left behind. An OssaRecoveryItem
 * owns its index, document and strings (ossa_recovery_item_free()). None of these
 * functions touches GTK: the writing and the scan run on worker threads. */

#include <gio/gio.h>

#include "ossa-document.h"
#include "ossa-recovery-index.h"

G_BEGIN_DECLS

#define OSSA_RECOVERY_SET_ASIDE "set-aside"

/* A copy found by the scan: recoverable (document loaded, problem NULL) or set
 * aside (document NULL, problem saying why, in the person's language). */
typedef struct
{
  char              *folder;
  char              *id;
  OssaRecoveryIndex *index;      /* NULL when the index could not be read */
  OssaDocument      *document;
  char              *problem;
} OssaRecoveryItem;

void        ossa_recovery_item_free       (OssaRecoveryItem *item);
/* The item's title for a list: the index's title ("Untitled" in the person's
 * language for a document never saved), else the copy's id. */
const char *ossa_recovery_item_get_title  (const OssaRecoveryItem *item);
/* Removes the item's copy and index (Discard). */
void        ossa_recovery_item_discard    (OssaRecoveryItem *item);

/* The folder copies go to (free it). */
char       *ossa_recovery_dup_folder      (void);
/* A new copy id: the time and a random part ("20261201-223015-9f3a61c2"). */
char       *ossa_recovery_new_id          (void);
/* folder/<id><suffix> (".ossa", ".ini"); free it. */
char       *ossa_recovery_dup_path        (const char *folder,
                                           const char *id,
                                           const char *suffix);

/* Writes the copy @data (a .ossa file's bytes) and then its index, each
 * atomically, making the folder if needed. Any thread. */
gboolean    ossa_recovery_write           (const char *folder,
                                           const char *id,
                                           const void *data,
                                           gsize       size,
                                           const char *index_data,
                                           gsize       index_size,
                                           GError    **error);
/* Removes the copy @id and its index, if there. */
void        ossa_recovery_remove          (const char *folder,
                                           const char *id);
/* Removes the copies this process wrote (a clean quit). */
void        ossa_recovery_remove_own      (const char *folder);

/* The copies of processes that are gone, newest first: recoverable ones loaded,
 * broken or foreign ones (unreadable index or copy, another format) moved into
 * set-aside/ and listed with the reason. Leftovers of interrupted writes are
 * removed. Any thread; blocking (it loads the copies). */
GPtrArray  *ossa_recovery_scan            (const char *folder);
/* The same on a worker thread; the array (of OssaRecoveryItem, freeing them) is
 * the caller's. */
void        ossa_recovery_scan_async      (const char          *folder,
                                           GCancellable        *cancellable,
                                           GAsyncReadyCallback  callback,
                                           gpointer             user_data);
GPtrArray  *ossa_recovery_scan_finish     (GAsyncResult        *result,
                                           GError             **error);

G_END_DECLS
