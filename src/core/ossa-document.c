/* SPDX-License-Identifier: MIT */
#include "ossa-document.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ossa-types.h"
#include "ossa-document-private.h"
#include "ossa-name-index-private.h"
#include "ossa-art-private.h"
#include "ossa-ik-private.h"

OssaDocument *
ossa_document_new (void)
{
  OssaDocument *doc = calloc (1, sizeof *doc);

  if (doc != NULL)
    ossa_skeleton_init (&doc->skeleton);
  return doc;
}

void
ossa_document_free (OssaDocument *doc)
{
  if (doc == NULL)
    return;
  for (size_t i = 0; i < doc->n_animations; i++)
    ossa_animation_clear (&doc->animations[i]);
  for (size_t i = 0; i < doc->n_maps; i++)
    ossa_grid_map_clear (&doc->maps[i]);
  for (size_t i = 0; i < doc->n_meshes; i++)
    ossa_mesh_clear (&doc->meshes[i]);
  for (size_t i = 0; i < doc->n_images; i++)
    ossa_image_clear (&doc->images[i]);
  for (size_t i = 0; i < doc->n_slots; i++)
    ossa_slot_clear (&doc->slots[i]);
  free (doc->images);
  free (doc->slots);
  free (doc->animations);
  free (doc->maps);
  free (doc->meshes);
  _ossa_ik_constraints_free (doc->ik, doc->n_ik);
  ossa_skeleton_clear (&doc->skeleton);
  free (doc->generator);
  free (doc);
}

/* The skeleton, IK constraints, slots, animations and meshes of src into doc,
 * which holds none yet. On failure doc holds what was copied so far, for
 * ossa_document_free(). */
static bool
copy_structure (OssaDocument *doc, const OssaDocument *src)
{
  if (!ossa_skeleton_copy (&doc->skeleton, &src->skeleton)
      || !_ossa_ik_constraints_copy (&doc->ik, src->ik, src->n_ik))
    return false;
  doc->n_ik = src->n_ik;
  if (src->n_slots > 0)
    {
      doc->slots = calloc (src->n_slots, sizeof *doc->slots);
      if (doc->slots == NULL)
        return false;
      for (size_t i = 0; i < src->n_slots; i++)
        {
          if (!ossa_slot_copy (&doc->slots[i], &src->slots[i]))
            return false;
          doc->n_slots = i + 1;
        }
    }
  if (src->n_animations > 0)
    {
      doc->animations = calloc (src->n_animations, sizeof *doc->animations);
      if (doc->animations == NULL)
        return false;
      for (size_t i = 0; i < src->n_animations; i++)
        {
          if (!ossa_animation_copy (&doc->animations[i], &src->animations[i]))
            return false;
          doc->n_animations = i + 1;
        }
    }
  if (src->n_meshes > 0)
    {
      doc->meshes = calloc (src->n_meshes, sizeof *doc->meshes);
      if (doc->meshes == NULL)
        return false;
      for (size_t i = 0; i < src->n_meshes; i++)
        {
          if (!ossa_mesh_copy (&doc->meshes[i], &src->meshes[i]))
            return false;
          doc->n_meshes = i + 1;
        }
    }
  return true;
}

static bool
copy_images (OssaDocument *doc, const OssaDocument *src)
{
  if (src->n_images == 0)
    return true;
  doc->images = calloc (src->n_images, sizeof *doc->images);
  if (doc->images == NULL)
    return false;
  for (size_t i = 0; i < src->n_images; i++)
    {
      if (!ossa_image_copy (&doc->images[i], &src->images[i]))
        return false;
      doc->n_images = i + 1;
    }
  return true;
}

static bool
copy_maps (OssaDocument *doc, const OssaDocument *src)
{
  if (src->n_maps == 0)
    return true;
  doc->maps = calloc (src->n_maps, sizeof *doc->maps);
  if (doc->maps == NULL)
    return false;
  for (size_t i = 0; i < src->n_maps; i++)
    {
      if (!ossa_grid_map_copy (&doc->maps[i], &src->maps[i]))
        return false;
      doc->n_maps = i + 1;
    }
  return true;
}

OssaDocument *
ossa_document_copy (const OssaDocument *src)
{
  OssaDocument *doc = ossa_document_new ();

  if (doc == NULL)
    return NULL;
  if ((src->generator && !(doc->generator = strdup (src->generator)))
      || !copy_structure (doc, src) || !copy_maps (doc, src) || !copy_images (doc, src))
    {
      ossa_document_free (doc);
      return NULL;
    }
  return doc;
}

OssaDocument *
_ossa_document_copy_structure (const OssaDocument *src, OssaError *err)
{
  OssaDocument *doc = ossa_document_new ();

  if (doc == NULL || !copy_structure (doc, src))
    {
      ossa_document_free (doc);
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
      return NULL;
    }
  return doc;
}

ssize_t
ossa_document_find_animation (const OssaDocument *doc, const char *name)
{
  for (size_t i = 0; i < doc->n_animations; i++)
    if (strcmp (doc->animations[i].name, name) == 0)
      return (ssize_t) i;
  return -1;
}

ssize_t
ossa_document_take_animation (OssaDocument *doc, OssaAnimation *anim, OssaError *err)
{
  OssaAnimation *anims;

  if (!ossa_name_check (anim->name, "animation name", err))
    return -1;
  if (ossa_document_find_animation (doc, anim->name) >= 0)
    {
      ossa_error_set (err, OSSA_ERROR_CONFLICT, "an animation called '%s' already exists", anim->name);
      return -1;
    }
  if (doc->n_animations >= OSSA_MAX_ANIMATIONS)
    {
      ossa_error_set (err, OSSA_ERROR_LIMIT, "a document holds at most %u animations", OSSA_MAX_ANIMATIONS);
      return -1;
    }
  anims = realloc (doc->animations, (doc->n_animations + 1) * sizeof *anims);
  if (anims == NULL)
    {
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
      return -1;
    }
  doc->animations = anims;
  anims[doc->n_animations] = *anim;
  memset (anim, 0, sizeof *anim);
  return (ssize_t) doc->n_animations++;
}

ssize_t
ossa_document_add_animation (OssaDocument *doc, const OssaAnimation *anim, OssaError *err)
{
  OssaAnimation copy;
  ssize_t index;

  if (!ossa_animation_copy (&copy, anim))
    {
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
      return -1;
    }
  index = ossa_document_take_animation (doc, &copy, err);
  if (index < 0)
    ossa_animation_clear (&copy);
  return index;
}

bool
ossa_document_remove_animation (OssaDocument *doc, size_t index, OssaError *err)
{
  if (index >= doc->n_animations)
    {
      ossa_error_set (err, OSSA_ERROR_NOT_FOUND, "animation %zu does not exist", index);
      return false;
    }
  ossa_animation_clear (&doc->animations[index]);
  memmove (&doc->animations[index], &doc->animations[index + 1],
           (doc->n_animations - index - 1) * sizeof *doc->animations);
  doc->n_animations--;
  return true;
}

ssize_t
ossa_document_take_map (OssaDocument *doc, OssaGridMap *map, OssaError *err)
{
  OssaGridMap *maps;

  if (doc->n_maps >= OSSA_MAX_MAPS)
    {
      ossa_error_set (err, OSSA_ERROR_LIMIT, "a document holds at most %u maps", OSSA_MAX_MAPS);
      return -1;
    }
  maps = realloc (doc->maps, (doc->n_maps + 1) * sizeof *maps);
  if (maps == NULL)
    {
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
      return -1;
    }
  doc->maps = maps;
  maps[doc->n_maps] = *map;
  memset (map, 0, sizeof *map);
  return (ssize_t) doc->n_maps++;
}

ssize_t
ossa_document_take_mesh (OssaDocument *doc, OssaMesh *mesh, OssaError *err)
{
  OssaMesh *meshes;

  if (doc->n_meshes >= OSSA_MAX_MESHES)
    {
      ossa_error_set (err, OSSA_ERROR_LIMIT, "a document holds at most %u meshes", OSSA_MAX_MESHES);
      return -1;
    }
  meshes = realloc (doc->meshes, (doc->n_meshes + 1) * sizeof *meshes);
  if (meshes == NULL)
    {
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
      return -1;
    }
  doc->meshes = meshes;
  meshes[doc->n_meshes] = *mesh;
  memset (mesh, 0, sizeof *mesh);
  return (ssize_t) doc->n_meshes++;
}

/* Tracks and meshes follow their bones. Meshes are remapped first: the only step
 * that can fail (out of memory), and it leaves a mesh as it was when it does. */
static bool
remap_bones (OssaDocument *doc, const ssize_t *remap, size_t n_old, OssaError *err)
{
  if (!_ossa_art_remap_bones (doc, remap, n_old, err))
    return false;
  for (size_t i = 0; i < doc->n_meshes; i++)
    if (!ossa_mesh_remap_bones (&doc->meshes[i], remap, n_old))
      {
        ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
        return false;
      }
  for (size_t i = 0; i < doc->n_animations; i++)
    ossa_animation_remap_bones (&doc->animations[i], remap, n_old);
  return true;
}

bool
ossa_document_remove_bone_ik (OssaDocument *doc, size_t bone, OssaIkRemoval how, OssaError *err)
{
  size_t n_old = doc->skeleton.n_bones;
  ssize_t *remap;
  bool ok;

  if (how != OSSA_IK_REMOVAL_REPAIR && how != OSSA_IK_REMOVAL_DELETE)
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "unknown way %d of removing IK constraints", (int) how);
      return false;
    }
  remap = malloc ((n_old ? n_old : 1) * sizeof *remap);
  if (remap == NULL)
    {
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
      return false;
    }
  ok = ossa_skeleton_remove_bone (&doc->skeleton, bone, remap, err)
       && remap_bones (doc, remap, n_old, err);
  /* Last, as it cannot fail: the constraints follow only once everything else did. */
  if (ok)
    _ossa_ik_remap_bones (doc, remap, n_old, how);
  free (remap);
  return ok;
}

bool
ossa_document_remove_bone (OssaDocument *doc, size_t bone, OssaError *err)
{
  return ossa_document_remove_bone_ik (doc, bone, OSSA_IK_REMOVAL_REPAIR, err);
}

bool
ossa_document_reparent_bone (OssaDocument *doc, size_t bone, int32_t new_parent, OssaError *err)
{
  size_t n_old = doc->skeleton.n_bones;
  ssize_t *remap = malloc ((n_old ? n_old : 1) * sizeof *remap);
  bool ok;

  if (remap == NULL)
    {
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
      return false;
    }
  ok = _ossa_ik_check_reparent (doc, bone, new_parent, err)
       && ossa_skeleton_reparent_bone (&doc->skeleton, bone, new_parent, remap, err)
       && remap_bones (doc, remap, n_old, err);
  if (ok)
    _ossa_ik_remap_bones (doc, remap, n_old, OSSA_IK_REMOVAL_REPAIR);
  free (remap);
  return ok;
}

static OssaNameArray
animation_names (const OssaDocument *doc)
{
  return (OssaNameArray) { doc->animations, sizeof (OssaAnimation), offsetof (OssaAnimation, name) };
}

bool
_ossa_document_validate_animation_name (const OssaDocument *doc, size_t index,
                                        OssaNameIndex *seen, OssaError *err)
{
  const char *name = doc->animations[index].name;
  ssize_t other = -1;

  if (seen != NULL)
    other = _ossa_name_index_find (seen, animation_names (doc), name);
  else
    for (size_t j = 0; j < index && other < 0; j++)
      if (strcmp (doc->animations[j].name, name) == 0)
        other = (ssize_t) j;
  if (other >= 0)
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "animation %zu '%s': the name is already used by animation %zd",
                      index, name, other);
      return false;
    }
  if (seen != NULL && !_ossa_name_index_add (seen, animation_names (doc), name, index))
    {
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
      return false;
    }
  return true;
}

ssize_t
ossa_document_find_slot (const OssaDocument *doc, const char *name)
{
  for (size_t i = 0; i < doc->n_slots; i++)
    if (strcmp (doc->slots[i].name, name) == 0)
      return (ssize_t) i;
  return -1;
}

ssize_t
ossa_document_find_image (const OssaDocument *doc, const char *name)
{
  for (size_t i = 0; i < doc->n_images; i++)
    if (strcmp (doc->images[i].name, name) == 0)
      return (ssize_t) i;
  return -1;
}

bool
ossa_document_validate (const OssaDocument *doc, OssaError *err)
{
  OssaNameIndex seen;

  if (!ossa_skeleton_validate (&doc->skeleton, err)
      || !_ossa_art_validate_images (doc, err)
      || !_ossa_art_validate_slots (doc, doc->n_images, err)
      || !ossa_ik_constraints_validate (doc->ik, doc->n_ik, &doc->skeleton, err))
    return false;
  /* Names are checked through an index: a document may hold 10,000 animations. */
  _ossa_name_index_init (&seen);
  for (size_t i = 0; i < doc->n_animations; i++)
    if (!ossa_animation_validate (&doc->animations[i], doc->skeleton.n_bones, err)
        || !_ossa_art_validate_animation (doc, &doc->animations[i], err)
        || !_ossa_ik_validate_animation (doc, &doc->animations[i], err)
        || !_ossa_document_validate_animation_name (doc, i, &seen, err))
      {
        _ossa_name_index_free (&seen);
        return false;
      }
  _ossa_name_index_free (&seen);
  for (size_t i = 0; i < doc->n_maps; i++)
    if (!ossa_grid_map_validate (&doc->maps[i], err))
      return false;
  for (size_t i = 0; i < doc->n_meshes; i++)
    if (!ossa_mesh_validate (&doc->meshes[i], doc->skeleton.n_bones, err))
      return false;
  return true;
}
