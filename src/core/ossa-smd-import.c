/* SPDX-License-Identifier: MIT */
/* The whole SMD import as the CLI and the editor run it: files read one after the
 * other with their progress mapped into one run, the first made the document
 * (ossa-smd-project.c), the others added as animations, each file read once
 * however many names it is given. The .qc import (ossa-qc-import.c) reads its
 * files through the same helpers. */
#include "ossa-smd-project.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ossa-smd-project-private.h"

void
ossa_smd_stem (const char *path, char *buf, size_t size)
{
  const char *base = strrchr (path, '/');
  const char *dot;
  size_t len;

  if (size == 0)
    return;
  base = base != NULL ? base + 1 : path;
  dot = strrchr (base, '.');
  len = dot != NULL && dot != base ? (size_t) (dot - base) : strlen (base);
  if (len >= size)
    len = size - 1;
  memcpy (buf, base, len);
  buf[len] = '\0';
}

bool
_ossa_smd_file_id (const char *path, OssaSmdFileId *id)
{
  struct stat st;

  memset (id, 0, sizeof *id);
  if (path == NULL || stat (path, &st) != 0)
    return false;
  id->known = true;
  id->dev = st.st_dev;
  id->ino = st.st_ino;
  id->size = st.st_size > 0 ? (uint64_t) st.st_size : 0;
  return true;
}

bool
_ossa_smd_same_file (const OssaSmdFileId *a, const OssaSmdFileId *b)
{
  return a->known && b->known && a->dev == b->dev && a->ino == b->ino;
}

/* Maps one file's progress (0..1) into the whole import's; notices pass through. */
static void
map_progress (double fraction, void *user_data)
{
  OssaSmdProgressMap *map = user_data;

  map->outer->progress (map->base + map->span * fraction, map->outer->user_data);
}

static void
map_notice (const char *path, int line, const char *message, void *user_data)
{
  OssaSmdProgressMap *map = user_data;

  map->outer->notice (path, line, message, map->outer->user_data);
}

/* The callbacks one file is read with: options' own, its progress mapped. */
static OssaSmdCallbacks
part_callbacks (const OssaSmdImportOptions *options, OssaSmdProgressMap *map)
{
  return (OssaSmdCallbacks) {
    options->callbacks.progress ? map_progress : NULL,
    options->callbacks.notice ? map_notice : NULL,
    map,
    options->callbacks.cancel,
  };
}

OssaSmd *
_ossa_smd_read_part (const char *path, const OssaSmdImportOptions *options, double base,
                     double span, OssaError *err)
{
  OssaSmdProgressMap map = { &options->callbacks, base, span };
  OssaSmdCallbacks cb = part_callbacks (options, &map);

  return ossa_smd_read (path, &cb, err);
}

/* paths[i] when it is the same file as an earlier path: the first such index
 * (0 the reference), or i when it is new. */
static size_t
earlier_same (const OssaSmdFileId *ids, size_t i)
{
  for (size_t j = 0; j < i; j++)
    if (_ossa_smd_same_file (&ids[j], &ids[i]))
      return j;
  return i;
}

/* paths[i] (i > 0) names the same file as paths[same]: used once, never read
 * again. The reference becomes an animation from what was read, unless it is one
 * already (*ref_anim: its animation's index, or -1: a one-frame reference that
 * ossa_smd_to_document() kept as the rest pose only). */
static bool
add_again (OssaDocument *doc, const OssaSmd *ref, const char *const *paths, size_t i,
           size_t same, ssize_t *ref_anim, const OssaSmdImportOptions *options, OssaError *err)
{
  char name[OSSA_MAX_NAME_BYTES + 1];

  if (same == 0 && *ref_anim < 0)
    {
      ossa_smd_stem (paths[i], name, sizeof name);
      _ossa_smd_notify (options, paths[i], 0,
                        "the same file as the reference '%s': read once, its frames are animation '%s'",
                        paths[0], name);
      *ref_anim = ossa_smd_add_animation (doc, ref, ref, name, options, err);
      return *ref_anim >= 0;
    }
  if (same == 0)
    snprintf (name, sizeof name, "%s", doc->animations[*ref_anim].name);
  else
    ossa_smd_stem (paths[same], name, sizeof name);
  _ossa_smd_notify (options, paths[i], 0, "the same file as %s'%s': imported once (animation '%s')",
                    same == 0 ? "the reference " : "", paths[same], name);
  return true;
}

OssaDocument *
ossa_smd_import_files (const char *const *paths, size_t n_paths,
                       const OssaSmdImportOptions *options, OssaError *err)
{
  OssaSmdImportOptions defaults;
  const OssaSmdCallbacks *cb;
  OssaDocument *doc = NULL;
  OssaSmdFileId *ids;
  OssaSmd *ref;
  char name[OSSA_MAX_NAME_BYTES + 1];
  ssize_t ref_anim;
  double step;

  if (options == NULL)
    {
      ossa_smd_import_options_init (&defaults);
      options = &defaults;
    }
  cb = &options->callbacks;
  if (n_paths == 0)
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "no SMD file to import");
      return NULL;
    }
  /* Which names are one file (device and inode: any spelling, any link). A path
   * that cannot be looked at is taken as a file of its own: reading it says why. */
  ids = calloc (n_paths, sizeof *ids);
  if (ids == NULL)
    {
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
      return NULL;
    }
  for (size_t i = 0; i < n_paths; i++)
    _ossa_smd_file_id (paths[i], &ids[i]);
  step = 1.0 / (double) n_paths;
  ref = _ossa_smd_read_part (paths[0], options, 0, step, err);
  if (ref == NULL)
    {
      free (ids);
      return NULL;
    }
  ossa_smd_stem (paths[0], name, sizeof name);
  doc = ossa_smd_to_document (ref, name, options, err);
  ref_anim = doc != NULL && doc->n_animations > 0 ? 0 : -1;
  for (size_t i = 1; doc != NULL && i < n_paths; i++)
    {
      size_t same = earlier_same (ids, i);
      OssaSmd *anim;
      bool ok;

      if (cb->progress != NULL)
        cb->progress (step * (double) i, cb->user_data);
      if (same < i)
        ok = add_again (doc, ref, paths, i, same, &ref_anim, options, err);
      else
        {
          anim = _ossa_smd_read_part (paths[i], options, step * (double) i, step, err);
          ossa_smd_stem (paths[i], name, sizeof name);
          ok = anim != NULL && ossa_smd_add_animation (doc, ref, anim, name, options, err) >= 0;
          ossa_smd_free (anim);
        }
      if (!ok)
        {
          ossa_document_free (doc);
          doc = NULL;
        }
    }
  ossa_smd_free (ref);
  free (ids);
  if (doc != NULL && cb->progress != NULL)
    cb->progress (1.0, cb->user_data);
  return doc;
}

OssaDocument *
ossa_smd_import_bytes (const char *data, size_t size, const char *path,
                       const OssaSmdImportOptions *options, OssaError *err)
{
  OssaSmdImportOptions defaults;
  OssaSmdProgressMap map;
  OssaSmdCallbacks cb;
  OssaDocument *doc;
  OssaSmd *ref;
  char name[OSSA_MAX_NAME_BYTES + 1];

  if (options == NULL)
    {
      ossa_smd_import_options_init (&defaults);
      options = &defaults;
    }
  /* As ossa_smd_import_files() reads its one file: the same callbacks, the same
   * name, the same last progress call. */
  map = (OssaSmdProgressMap) { &options->callbacks, 0, 1 };
  cb = part_callbacks (options, &map);
  ref = ossa_smd_read_bytes (data, size, path, &cb, err);
  if (ref == NULL)
    return NULL;
  ossa_smd_stem (path, name, sizeof name);
  doc = ossa_smd_to_document (ref, name, options, err);
  ossa_smd_free (ref);
  if (doc != NULL && options->callbacks.progress != NULL)
    options->callbacks.progress (1.0, options->callbacks.user_data);
  return doc;
}
