/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-timeline-view"

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "ossa-timeline-view-private.h"

/* A set of key references kept in a GArray, sorted by a GCompareFunc without
 * repeats: the timeline's picked art keys (ossa-timeline-slots.c) and IK keys
 * (ossa-timeline-ik.c), which the editor's key selection does not hold. Sorted,
 * a key is found by binary search, as the key layer asks for every key it
 * draws. */

void
_ossa_key_set_insert (GArray *set, gconstpointer keys, guint n_keys, GCompareFunc compare)
{
  guint size = g_array_get_element_size (set);
  char *data;
  guint n = 0;

  g_array_append_vals (set, keys, n_keys);
  g_array_sort (set, compare);
  data = set->data;
  for (guint i = 0; i < set->len; i++)
    if (n == 0 || compare (data + (gsize) (n - 1) * size, data + (gsize) i * size) != 0)
      memmove (data + (gsize) n++ * size, data + (gsize) i * size, size);
  g_array_set_size (set, n);
}

gpointer
_ossa_key_set_find (GArray *set, gconstpointer key, GCompareFunc compare)
{
  if (set->len == 0)
    return NULL;
  return bsearch (key, set->data, set->len, g_array_get_element_size (set), compare);
}

gboolean
_ossa_key_set_remove (GArray *set, gconstpointer key, GCompareFunc compare)
{
  char *found = _ossa_key_set_find (set, key, compare);

  if (found == NULL)
    return FALSE;
  g_array_remove_index (set, (guint) ((found - set->data) / g_array_get_element_size (set)));
  return TRUE;
}

gboolean
_ossa_key_set_clear (GArray *set)
{
  if (set->len == 0)
    return FALSE;
  g_array_set_size (set, 0);
  return TRUE;
}

gboolean
_ossa_key_set_keep (GArray *set, OssaKeyKeepFunc keep, gpointer data)
{
  guint size = g_array_get_element_size (set);
  guint n = 0;

  for (guint i = 0; i < set->len; i++)
    if (keep (set->data + (gsize) i * size, data))
      {
        if (n != i)
          memcpy (set->data + (gsize) n * size, set->data + (gsize) i * size, size);
        n++;
      }
  if (n == set->len)
    return FALSE;
  g_array_set_size (set, n);
  return TRUE;
}
