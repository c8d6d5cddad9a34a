/* SPDX-License-Identifier: MIT */
#include "ossa-skeleton.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ossa-name-index-private.h"
#include "ossa-skeleton-private.h"
#include "ossa-types.h"

static OssaNameArray
bone_names (const OssaSkeleton *skel)
{
  return (OssaNameArray) { skel->bones, sizeof (OssaBone), offsetof (OssaBone, name) };
}

static void
drop_index (OssaSkeleton *skel)
{
  if (skel->names != NULL)
    _ossa_name_index_free (skel->names);
  free (skel->names);
  skel->names = NULL;
}

bool
_ossa_skeleton_reindex (OssaSkeleton *skel)
{
  if (skel->names == NULL)
    {
      skel->names = malloc (sizeof *skel->names);
      if (skel->names == NULL)
        return false;
      _ossa_name_index_init (skel->names);
    }
  if (!_ossa_name_index_build (skel->names, bone_names (skel), skel->n_bones))
    {
      drop_index (skel);
      return false;
    }
  return true;
}

/* Whether the index describes the bones as they are. */
static bool
index_current (const OssaSkeleton *skel)
{
  return skel->names != NULL && skel->names->n == skel->n_bones;
}

void
ossa_skeleton_init (OssaSkeleton *skel)
{
  memset (skel, 0, sizeof *skel);
}

void
ossa_skeleton_clear (OssaSkeleton *skel)
{
  for (size_t i = 0; i < skel->n_bones; i++)
    free (skel->bones[i].name);
  free (skel->bones);
  drop_index (skel);
  memset (skel, 0, sizeof *skel);
}

bool
ossa_skeleton_copy (OssaSkeleton *dst, const OssaSkeleton *src)
{
  ossa_skeleton_init (dst);
  if (src->n_bones == 0)
    return true;
  dst->bones = calloc (src->n_bones, sizeof *dst->bones);
  if (dst->bones == NULL)
    return false;
  dst->capacity = src->n_bones;
  for (size_t i = 0; i < src->n_bones; i++)
    {
      dst->bones[i] = src->bones[i];
      dst->bones[i].name = strdup (src->bones[i].name);
      dst->n_bones = i + 1;
      if (dst->bones[i].name == NULL)
        {
          ossa_skeleton_clear (dst);
          return false;
        }
    }
  /* Without an index the copy still works, with linear look-ups. */
  _ossa_skeleton_reindex (dst);
  return true;
}

ssize_t
ossa_skeleton_find_bone (const OssaSkeleton *skel, const char *name)
{
  if (index_current (skel))
    return _ossa_name_index_find (skel->names, bone_names (skel), name);
  for (size_t i = 0; i < skel->n_bones; i++)
    if (strcmp (skel->bones[i].name, name) == 0)
      return (ssize_t) i;
  return -1;
}

bool
ossa_utf8_valid (const char *str, size_t len)
{
  const unsigned char *s = (const unsigned char *) str;
  size_t i = 0;

  while (i < len)
    {
      unsigned c = s[i];
      size_t n;
      unsigned cp;

      if (c < 0x80)
        {
          i++;
          continue;
        }
      if (c >= 0xc2 && c <= 0xdf)
        n = 1, cp = c & 0x1f;
      else if (c >= 0xe0 && c <= 0xef)
        n = 2, cp = c & 0x0f;
      else if (c >= 0xf0 && c <= 0xf4)
        n = 3, cp = c & 0x07;
      else
        return false;
      if (len - i <= n)
        return false;
      for (size_t k = 1; k <= n; k++)
        {
          if ((s[i + k] & 0xc0) != 0x80)
            return false;
          cp = (cp << 6) | (s[i + k] & 0x3f);
        }
      /* Overlong forms, surrogates and code points past U+10FFFF. */
      if ((n == 2 && cp < 0x800) || (n == 3 && cp < 0x10000) || cp > 0x10ffff
          || (cp >= 0xd800 && cp <= 0xdfff))
        return false;
      i += n + 1;
    }
  return true;
}

bool
ossa_name_check (const char *s, const char *what, OssaError *err)
{
  size_t len = s ? strlen (s) : 0;

  if (len == 0)
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "%s is empty", what);
      return false;
    }
  if (len > OSSA_MAX_NAME_BYTES)
    {
      ossa_error_set (err, OSSA_ERROR_LIMIT, "%s is %zu bytes long (limit %u)", what, len,
                      OSSA_MAX_NAME_BYTES);
      return false;
    }
  if (!ossa_utf8_valid (s, len))
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "%s is not valid UTF-8", what);
      return false;
    }
  return true;
}

static bool
reserve (OssaSkeleton *skel, size_t n)
{
  OssaBone *bones;
  size_t cap;

  if (n <= skel->capacity)
    return true;
  cap = skel->capacity ? skel->capacity * 2 : 16;
  if (cap < n)
    cap = n;
  bones = realloc (skel->bones, cap * sizeof *bones);
  if (bones == NULL)
    return false;
  skel->bones = bones;
  skel->capacity = cap;
  return true;
}

ssize_t
ossa_skeleton_add_bone (OssaSkeleton *skel, const char *name, int32_t parent,
                        const OssaTransform *rest, float length, uint32_t color,
                        OssaError *err)
{
  OssaBone *bone;
  OssaTransform t = rest ? *rest : ossa_transform_identity ();

  if (!ossa_name_check (name, "bone name", err))
    return -1;
  /* An index made now serves every later add: building an SMD's or a file's
   * skeleton bone by bone stays linear in the number of bones. */
  if (!index_current (skel))
    _ossa_skeleton_reindex (skel);
  if (ossa_skeleton_find_bone (skel, name) >= 0)
    {
      ossa_error_set (err, OSSA_ERROR_CONFLICT, "a bone called '%s' already exists", name);
      return -1;
    }
  if (parent < -1 || (parent >= 0 && (size_t) parent >= skel->n_bones))
    {
      ossa_error_set (err, OSSA_ERROR_NOT_FOUND, "parent bone %d does not exist", (int) parent);
      return -1;
    }
  if (!ossa_transform_is_finite (&t) || !isfinite (length) || length < 0)
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "bone '%s': transform or length is not a finite number", name);
      return -1;
    }
  if (skel->n_bones >= OSSA_MAX_BONES)
    {
      ossa_error_set (err, OSSA_ERROR_LIMIT, "a skeleton holds at most %u bones", OSSA_MAX_BONES);
      return -1;
    }
  if (!reserve (skel, skel->n_bones + 1))
    {
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
      return -1;
    }
  bone = &skel->bones[skel->n_bones];
  bone->name = strdup (name);
  if (bone->name == NULL)
    {
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
      return -1;
    }
  bone->parent = parent;
  bone->rest = t;
  bone->length = length;
  bone->color = color;
  if (index_current (skel) && !_ossa_name_index_add (skel->names, bone_names (skel), name, skel->n_bones))
    drop_index (skel);
  return (ssize_t) skel->n_bones++;
}

bool
ossa_skeleton_is_in_subtree (const OssaSkeleton *skel, size_t bone, size_t ancestor)
{
  /* Parents come first, so walking up from bone either meets ancestor or drops
   * below it. */
  ssize_t b = (ssize_t) bone;

  while (b > (ssize_t) ancestor)
    b = skel->bones[b].parent;
  return b == (ssize_t) ancestor;
}

/* Moves bones to the order given by new_index (a permutation, old -> new), rewriting
 * parent indices. */
static bool
permute (OssaSkeleton *skel, const ssize_t *new_index)
{
  OssaBone *bones = malloc (skel->capacity * sizeof *bones);

  if (bones == NULL)
    return false;
  for (size_t i = 0; i < skel->n_bones; i++)
    {
      OssaBone b = skel->bones[i];

      if (b.parent >= 0)
        b.parent = (int32_t) new_index[b.parent];
      bones[new_index[i]] = b;
    }
  free (skel->bones);
  skel->bones = bones;
  return true;
}

bool
ossa_skeleton_remove_bone (OssaSkeleton *skel, size_t index, ssize_t *remap, OssaError *err)
{
  size_t n = skel->n_bones;
  ssize_t *map = remap ? remap : malloc ((n ? n : 1) * sizeof *map);
  size_t kept = 0;

  if (index >= n)
    {
      ossa_error_set (err, OSSA_ERROR_NOT_FOUND, "bone %zu does not exist", index);
      if (map != remap)
        free (map);
      return false;
    }
  if (map == NULL)
    {
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
      return false;
    }
  /* One forward pass marks the subtree: a bone is removed when it is the bone or
   * its parent was removed. */
  for (size_t i = 0; i < n; i++)
    {
      int32_t p = skel->bones[i].parent;
      bool removed = i == index || (p >= 0 && map[p] < 0);

      map[i] = removed ? -1 : (ssize_t) kept++;
    }
  for (size_t i = 0; i < n; i++)
    {
      OssaBone b = skel->bones[i];

      if (map[i] < 0)
        {
          free (b.name);
          continue;
        }
      if (b.parent >= 0)
        b.parent = (int32_t) map[b.parent];
      skel->bones[map[i]] = b;
    }
  skel->n_bones = kept;
  if (skel->names != NULL)
    _ossa_skeleton_reindex (skel);
  if (map != remap)
    free (map);
  return true;
}

bool
ossa_skeleton_rename_bone (OssaSkeleton *skel, size_t index, const char *name, OssaError *err)
{
  ssize_t other;
  char *copy;

  if (index >= skel->n_bones)
    {
      ossa_error_set (err, OSSA_ERROR_NOT_FOUND, "bone %zu does not exist", index);
      return false;
    }
  if (!ossa_name_check (name, "bone name", err))
    return false;
  other = ossa_skeleton_find_bone (skel, name);
  if (other >= 0 && (size_t) other != index)
    {
      ossa_error_set (err, OSSA_ERROR_CONFLICT, "a bone called '%s' already exists", name);
      return false;
    }
  copy = strdup (name);
  if (copy == NULL)
    {
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
      return false;
    }
  free (skel->bones[index].name);
  skel->bones[index].name = copy;
  if (skel->names != NULL)
    _ossa_skeleton_reindex (skel);
  return true;
}

void
ossa_skeleton_rest_world (const OssaSkeleton *skel, OssaXform *world)
{
  for (size_t i = 0; i < skel->n_bones; i++)
    {
      const OssaBone *b = &skel->bones[i];
      OssaXform local = ossa_xform_from_transform (&b->rest);

      world[i] = b->parent < 0 ? local : ossa_xform_multiply (&world[b->parent], &local);
    }
}

/* The rest transform that keeps bone's world matrix when it hangs from new_parent. */
static bool
rest_under (const OssaSkeleton *skel, size_t bone, int32_t new_parent, OssaTransform *out)
{
  OssaXform *world = malloc (skel->n_bones * sizeof *world);
  OssaXform inv, local;
  bool ok = true;

  if (world == NULL)
    return false;
  ossa_skeleton_rest_world (skel, world);
  if (new_parent < 0)
    local = world[bone];
  else if (ossa_xform_invert (&world[new_parent], &inv))
    local = ossa_xform_multiply (&inv, &world[bone]);
  else
    ok = false;
  if (ok)
    *out = ossa_xform_decompose (&local);
  free (world);
  return ok && ossa_transform_is_finite (out);
}

bool
ossa_skeleton_reparent_bone (OssaSkeleton *skel, size_t index, int32_t new_parent,
                             ssize_t *remap, OssaError *err)
{
  size_t n = skel->n_bones;
  ssize_t *map;
  OssaTransform rest;
  size_t next = 0;

  if (index >= n || new_parent < -1 || (new_parent >= 0 && (size_t) new_parent >= n))
    {
      ossa_error_set (err, OSSA_ERROR_NOT_FOUND, "bone %zu or new parent %d does not exist",
                      index, (int) new_parent);
      return false;
    }
  if (new_parent >= 0 && ossa_skeleton_is_in_subtree (skel, (size_t) new_parent, index))
    {
      ossa_error_set (err, OSSA_ERROR_CONFLICT, "bone '%s' cannot hang from '%s': that bone is in its own subtree",
                      skel->bones[index].name, skel->bones[new_parent].name);
      return false;
    }
  if (!rest_under (skel, index, new_parent, &rest))
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "bone '%s' cannot keep its place under '%s': that bone has zero scale",
                      skel->bones[index].name, skel->bones[new_parent].name);
      return false;
    }
  map = remap ? remap : malloc (n * sizeof *map);
  if (map == NULL)
    {
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
      return false;
    }
  /* When the new parent comes later, move the subtree (in its own order) to the
   * end: everything else keeps its place and the parent-first rule holds. */
  if (new_parent > (int32_t) index)
    {
      for (size_t i = 0; i < n; i++)
        if (!ossa_skeleton_is_in_subtree (skel, i, index))
          map[i] = (ssize_t) next++;
      for (size_t i = 0; i < n; i++)
        if (ossa_skeleton_is_in_subtree (skel, i, index))
          map[i] = (ssize_t) next++;
    }
  else
    for (size_t i = 0; i < n; i++)
      map[i] = (ssize_t) i;
  skel->bones[index].parent = new_parent;
  skel->bones[index].rest = rest;
  if (new_parent > (int32_t) index && !permute (skel, map))
    {
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
      if (map != remap)
        free (map);
      return false;
    }
  if (new_parent > (int32_t) index && skel->names != NULL)
    _ossa_skeleton_reindex (skel);
  if (map != remap)
    free (map);
  return true;
}

typedef struct
{
  const char *name;
  size_t      index;
} NamedIndex;

static int
compare_names (const void *pa, const void *pb)
{
  const NamedIndex *a = pa, *b = pb;
  int c = strcmp (a->name, b->name);

  return c ? c : (a->index > b->index) - (a->index < b->index);
}

/* Sorting by name finds duplicates in O(n log n); a skeleton read from a file may
 * hold a million bones. */
static bool
names_unique (const OssaSkeleton *skel, OssaError *err)
{
  NamedIndex *order;
  size_t dup = SIZE_MAX, first = 0;

  if (skel->n_bones < 2)
    return true;
  order = malloc (skel->n_bones * sizeof *order);
  if (order == NULL)
    {
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
      return false;
    }
  for (size_t i = 0; i < skel->n_bones; i++)
    order[i] = (NamedIndex) { skel->bones[i].name, i };
  qsort (order, skel->n_bones, sizeof *order, compare_names);
  for (size_t i = 1; i < skel->n_bones; i++)
    if (strcmp (order[i - 1].name, order[i].name) == 0 && order[i].index < dup)
      dup = order[i].index, first = order[i - 1].index;
  free (order);
  if (dup == SIZE_MAX)
    return true;
  ossa_error_set (err, OSSA_ERROR_INVALID, "bone %zu '%s': the name is already used by bone %zu",
                  dup, skel->bones[dup].name, first);
  return false;
}

bool
ossa_skeleton_validate (const OssaSkeleton *skel, OssaError *err)
{
  char what[64];

  for (size_t i = 0; i < skel->n_bones; i++)
    {
      const OssaBone *b = &skel->bones[i];

      snprintf (what, sizeof what, "bone %zu name", i);
      if (!ossa_name_check (b->name, what, err))
        return false;
      if (b->parent < -1 || (b->parent >= 0 && (size_t) b->parent >= skel->n_bones))
        {
          ossa_error_set (err, OSSA_ERROR_INVALID, "bone %zu '%s': parent %d does not exist",
                          i, b->name, (int) b->parent);
          return false;
        }
      if (b->parent >= 0 && (size_t) b->parent >= i)
        {
          ossa_error_set (err, OSSA_ERROR_INVALID, "bone %zu '%s': parent %d comes after it",
                          i, b->name, (int) b->parent);
          return false;
        }
      if (!ossa_transform_is_finite (&b->rest) || !isfinite (b->length) || b->length < 0)
        {
          ossa_error_set (err, OSSA_ERROR_INVALID, "bone %zu '%s': rest transform or length is not a finite number (or length < 0)",
                          i, b->name);
          return false;
        }
    }
  return names_unique (skel, err);
}
