/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Ossa's recent documents, kept in the desktop's list (GtkRecentManager's
 * recently-used.xbel, which file managers and other programs read too) and read
 * back from it filtered to the documents Ossa used. The list belongs to the
 * default GtkRecentManager; these functions only add to it and read it. */

/* The name Ossa registers its recent documents under. */
#define OSSA_RECENT_APP_NAME "Ossa"
#define OSSA_RECENT_MAX 10

void   ossa_recent_add  (GFile *file);
/* Ossa's recent documents, newest first, at most @max: a list of GFile the
 * caller frees with g_list_free_full (list, g_object_unref). Local files that
 * are gone are left out. */
GList *ossa_recent_list (guint max);

G_END_DECLS
