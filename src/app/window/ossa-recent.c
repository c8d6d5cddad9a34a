/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-recent"

#include "config.h"

#include "ossa-recent.h"

/**
 * ossa_recent_add:
 * @file: a document that was just opened or saved
 *
 * Puts @file first among the desktop's recent files, as Ossa's.
 */
void
ossa_recent_add (GFile *file)
{
  g_autofree char *uri = NULL;
  GtkRecentData data = {
    .display_name = NULL,
    .description = NULL,
    .mime_type = (char *) "application/x-ossa",
    .app_name = (char *) OSSA_RECENT_APP_NAME,
    .app_exec = (char *) "ossa %u",
    .groups = NULL,
    .is_private = FALSE,
  };

  g_return_if_fail (G_IS_FILE (file));

  uri = g_file_get_uri (file);
  gtk_recent_manager_add_full (gtk_recent_manager_get_default (), uri, &data);
}

static int
newest_first (gconstpointer a,
              gconstpointer b)
{
  GDateTime *ta = gtk_recent_info_get_modified ((GtkRecentInfo *) a);
  GDateTime *tb = gtk_recent_info_get_modified ((GtkRecentInfo *) b);

  if (ta == NULL || tb == NULL)
    return (ta == NULL) - (tb == NULL);
  return g_date_time_compare (tb, ta);
}

/**
 * ossa_recent_list:
 * @max: how many at most
 *
 * Returns: (transfer full) (element-type GFile): Ossa's recent documents, newest
 *   first
 */
GList *
ossa_recent_list (guint max)
{
  GList *items = gtk_recent_manager_get_items (gtk_recent_manager_get_default ());
  GList *files = NULL;
  guint n = 0;

  items = g_list_sort (items, newest_first);
  for (GList *l = items; l != NULL && n < max; l = l->next)
    {
      GtkRecentInfo *info = l->data;

      if (!gtk_recent_info_has_application (info, OSSA_RECENT_APP_NAME))
        continue;
      if (gtk_recent_info_is_local (info) && !gtk_recent_info_exists (info))
        continue;
      files = g_list_prepend (files, g_file_new_for_uri (gtk_recent_info_get_uri (info)));
      n++;
    }
  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);
  return g_list_reverse (files);
}
