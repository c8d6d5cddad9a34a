/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What a test sees in a folder: every name in it, hidden ones too, sorted and
 * joined with spaces ("" when empty), to compare with what a write should have
 * left there, or how many there are. Header-only, GLib; the caller frees the
 * string. */
#pragma once

#include <glib.h>
#include <string.h>

static inline int
test_folder_compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

static inline char *
test_folder_list (const char *dir)
{
  GDir *d = g_dir_open (dir, 0, NULL);
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  const char *name;
  char *joined;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_dir_close (d);
  g_ptr_array_sort (names, test_folder_compare_names);
  g_ptr_array_add (names, NULL);
  joined = g_strjoinv (" ", (char **) names->pdata);
  g_ptr_array_unref (names);
  return joined;
}

/* How many names the folder holds, hidden ones too (it must exist). */
static inline guint
test_folder_count (const char *dir)
{
  GDir *d = g_dir_open (dir, 0, NULL);
  guint n = 0;

  g_assert_nonnull (d);
  while (g_dir_read_name (d) != NULL)
    n++;
  g_dir_close (d);
  return n;
}
