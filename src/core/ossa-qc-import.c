/* SPDX-License-Identifier: MIT */
/* A whole .qc model into one document, through the SMD import's own pieces
 * (ossa-smd*.c): every SMD the .qc names is looked at first (a missing one is an
 * error at the .qc line naming it, before anything is read), then read once
 * however often it is named, and moved by $origin and $scale as it is read.
 *
 * The skeleton is studiomdl's bone table: the union of every reference mesh's
 * nodes, merged by name in the order the meshes come, each bone's rest from the
 * first mesh that names it; a bone whose parent differs between two meshes, or
 * between the skeleton and a sequence, is refused as studiomdl refuses it
 * ("illegal parent bone replacement"). Unlike studiomdl, bones no vertex uses are
 * kept (a 2D rig wants them all). The merged table is an OssaSmd of one frame, so
 * ossa_smd_to_document() and ossa_smd_add_animation() do the rest as for one
 * file; each mesh is added with its nodes mapped onto it (_ossa_smd_add_mesh()).
 *
 * $origin X Y Z [R] and $scale S move the whole model: every root bone's position
 * p and every vertex v becomes S·Rz(R)(p − (X, Y, Z)), a root's rotation turns by
 * R about Z, other bones' offsets are scaled by S. R is taken as the .qc gives it:
 * studiomdl's own +90° turn of sequences (GoldSrc) is not applied, as the SMD
 * import applies none.
 *
 * Progress counts bytes: each file's size once for reading it and once for each
 * mesh or sequence made from it. */
#include "ossa-qc.h"

#include <errno.h>
#include <stdarg.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ossa-animation.h"
#include "ossa-math.h"
#include "ossa-name-index-private.h"
#include "ossa-smd-project-private.h"

#define NO_FILE SIZE_MAX

/* One SMD the .qc names, however many times and however spelt. */
typedef struct
{
  const char    *path;       /* the first spelling the .qc gave */
  OssaQcPlace    place;      /* the first line naming it */
  OssaSmdFileId  id;
  OssaSmd       *smd;        /* once read (and moved) */
  bool           reference;  /* a body's mesh: kept to the end (the skeleton's names live in it) */
  size_t         uses_left;  /* sequences still to be made from it */
} QcFile;

/* Where a bone of the merged skeleton was first named. */
typedef struct
{
  size_t file;
  size_t node;
} QcSource;

typedef struct
{
  const OssaQc               *qc;
  const OssaSmdImportOptions *options;
  OssaError                  *err;
  QcFile                     *files;
  size_t                      n_files;
  size_t                     *choice_file;    /* per choice of every body, flattened; NO_FILE for blank */
  size_t                     *sequence_file;
  double                      done, total;    /* progress, in bytes */
  double                      shown;          /* the last fraction told */
  OssaSmdImportOptions        read_options;   /* options, progress through report() */

  OssaSmd                     skel;           /* the merged bone table: one frame */
  QcSource                   *source;         /* per skel node */
  size_t                      capacity;       /* nodes skel has room for */
  OssaNameIndex               names;
} QcImport;

static bool
fail (QcImport *imp, OssaErrorCode code, OssaQcPlace place, const char *format, ...)
  __attribute__ ((format (printf, 4, 5)));

static bool
fail (QcImport *imp, OssaErrorCode code, OssaQcPlace place, const char *format, ...)
{
  char message[OSSA_ERROR_MESSAGE_MAX];
  va_list args;

  va_start (args, format);
  vsnprintf (message, sizeof message, format, args);
  va_end (args);
  ossa_error_set (imp->err, code, "%s", message);
  ossa_error_set_location (imp->err, place.file, place.line);
  return false;
}

static bool
no_memory (QcImport *imp)
{
  ossa_error_set (imp->err, OSSA_ERROR_NO_MEMORY, "out of memory");
  return false;
}

static bool
cancelled (QcImport *imp)
{
  const atomic_bool *cancel = imp->options->callbacks.cancel;

  if (cancel == NULL || !atomic_load (cancel))
    return false;
  ossa_error_set (imp->err, OSSA_ERROR_CANCELLED, "cancelled");
  ossa_error_set_location (imp->err, imp->qc->n_files > 0 ? imp->qc->files[0] : NULL, 0);
  return true;
}

/* Every fraction told goes through here: a file's last step and the count that
 * follows it may differ in the last bit, and progress never goes back. */
static void
report (double fraction, void *user_data)
{
  QcImport *imp = user_data;

  imp->shown = fmax (imp->shown, fmin (fraction, 1.0));
  imp->options->callbacks.progress (imp->shown, imp->options->callbacks.user_data);
}

static void
pass_notice (const char *path, int line, const char *message, void *user_data)
{
  QcImport *imp = user_data;

  imp->options->callbacks.notice (path, line, message, imp->options->callbacks.user_data);
}

static void
advance (QcImport *imp, double bytes)
{
  imp->done += bytes;
  if (imp->options->callbacks.progress != NULL)
    report (imp->done / imp->total, imp);
}

static double
weight (const QcFile *f)
{
  return (double) f->id.size + 1;
}

/* ---- the files ---- */

/* The index of the file path names (a new entry the first time), looked at now:
 * one that cannot be is an error at the .qc line naming it; one named before is
 * said in a notice at this line (it is read once). */
static bool
find_file (QcImport *imp, const char *path, OssaQcPlace place, size_t *index)
{
  OssaSmdFileId id;

  if (!_ossa_smd_file_id (path, &id))
    {
      int e = errno;

      fail (imp, OSSA_ERROR_IO, place, "cannot read '%s': %s", path, strerror (e));
      if (imp->err != NULL)
        imp->err->errno_value = e;
      return false;
    }
  for (size_t i = 0; i < imp->n_files; i++)
    if (_ossa_smd_same_file (&imp->files[i].id, &id))
      {
        const QcFile *first = &imp->files[i];

        if (strcmp (first->path, path) == 0)
          _ossa_smd_notify (imp->options, place.file, place.line, "'%s' is named again (first at %s:%d): read once",
                            path, first->place.file, first->place.line);
        else
          _ossa_smd_notify (imp->options, place.file, place.line, "'%s' is the same file as '%s' (%s:%d): read once",
                            path, first->path, first->place.file, first->place.line);
        *index = i;
        return true;
      }
  *index = imp->n_files++;
  imp->files[*index] = (QcFile) { path, place, id, NULL, false, 0 };
  imp->total += weight (&imp->files[*index]);
  return true;
}

static size_t
n_choices (const OssaQc *qc)
{
  size_t n = 0;

  for (size_t b = 0; b < qc->n_bodies; b++)
    n += qc->bodies[b].n_choices;
  return n;
}

/* Every SMD named, each looked at once; the progress total. */
static bool
collect_files (QcImport *imp)
{
  const OssaQc *qc = imp->qc;
  size_t n = n_choices (qc), c = 0, refs = 0;

  imp->files = calloc (n + qc->n_sequences + 1, sizeof *imp->files);
  imp->choice_file = calloc (n + 1, sizeof *imp->choice_file);
  imp->sequence_file = calloc (qc->n_sequences + 1, sizeof *imp->sequence_file);
  if (imp->files == NULL || imp->choice_file == NULL || imp->sequence_file == NULL)
    return no_memory (imp);
  for (size_t b = 0; b < qc->n_bodies; b++)
    for (size_t k = 0; k < qc->bodies[b].n_choices; k++, c++)
      {
        const OssaQcChoice *choice = &qc->bodies[b].choices[k];

        imp->choice_file[c] = NO_FILE;
        if (choice->smd == NULL)
          continue;
        if (!find_file (imp, choice->smd, choice->place, &imp->choice_file[c]))
          return false;
        imp->files[imp->choice_file[c]].reference = true;
        imp->total += weight (&imp->files[imp->choice_file[c]]);
        refs++;
      }
  for (size_t s = 0; s < qc->n_sequences; s++)
    {
      const OssaQcSequence *seq = &qc->sequences[s];

      if (seq->smd == NULL)
        return fail (imp, OSSA_ERROR_INVALID, seq->place, "sequence '%s' names no animation file", seq->name);
      if (!find_file (imp, seq->smd, seq->place, &imp->sequence_file[s]))
        return false;
      imp->files[imp->sequence_file[s]].uses_left++;
      imp->total += weight (&imp->files[imp->sequence_file[s]]);
    }
  if (refs == 0)
    {
      OssaQcPlace where = { qc->n_files > 0 ? qc->files[0] : NULL, 0 };

      return fail (imp, OSSA_ERROR_INVALID, where,
                   "no reference mesh: the model needs a $body, $model or $bodygroup with a studio file");
    }
  return true;
}

/* $origin and $scale applied to smd in place (see the top of the file). */
static void
move_smd (OssaSmd *smd, const OssaQc *qc)
{
  double s = qc->scale, turn = qc->origin_rotation * (OSSA_PI / 180);
  double c = cos (turn), sn = sin (turn);
  const double *o = qc->origin;

  if (s == 1 && turn == 0 && o[0] == 0 && o[1] == 0 && o[2] == 0)
    return;
  for (size_t f = 0; f < smd->n_frames; f++)
    for (size_t i = 0; i < smd->n_nodes; i++)
      {
        OssaSmdPose *p = &smd->poses[f * smd->n_nodes + i];

        if (smd->nodes[i].parent < 0)
          {
            double x = p->pos[0] - o[0], y = p->pos[1] - o[1], z = p->pos[2] - o[2];

            p->pos[0] = s * (c * x - sn * y);
            p->pos[1] = s * (sn * x + c * y);
            p->pos[2] = s * z;
            p->rot[2] += turn;
          }
        else
          for (int k = 0; k < 3; k++)
            p->pos[k] *= s;
      }
  for (size_t v = 0; v < 3 * smd->n_triangles; v++)
    {
      OssaSmdVertex *vx = &smd->vertices[v];
      double x = vx->pos[0] - o[0], y = vx->pos[1] - o[1], z = vx->pos[2] - o[2];
      double nx = vx->normal[0], ny = vx->normal[1];

      vx->pos[0] = (float) (s * (c * x - sn * y));
      vx->pos[1] = (float) (s * (sn * x + c * y));
      vx->pos[2] = (float) (s * z);
      vx->normal[0] = (float) (c * nx - sn * ny);
      vx->normal[1] = (float) (sn * nx + c * ny);
    }
}

/* files[i] read (once) and moved. */
static bool
read_file (QcImport *imp, size_t i)
{
  QcFile *f = &imp->files[i];
  double span = weight (f) / imp->total;

  if (f->smd != NULL)
    return true;
  if (cancelled (imp))
    return false;
  f->smd = _ossa_smd_read_part (f->path, &imp->read_options, imp->done / imp->total, span, imp->err);
  if (f->smd == NULL)
    return false;
  move_smd (f->smd, imp->qc);
  advance (imp, weight (f));
  return true;
}

/* ---- the merged skeleton ---- */

static OssaNameArray
skel_names (const QcImport *imp)
{
  return (OssaNameArray) { imp->skel.nodes, sizeof *imp->skel.nodes, offsetof (OssaSmdNode, name) };
}

static ssize_t
skel_find (const QcImport *imp, const char *name)
{
  return _ossa_name_index_find (&imp->names, skel_names (imp), name);
}

/* Room for every node of every reference, so the arrays never move. */
static bool
skel_init (QcImport *imp)
{
  size_t n = 0;

  for (size_t i = 0; i < imp->n_files; i++)
    if (imp->files[i].reference)
      n += imp->files[i].smd->n_nodes;
  imp->capacity = n;
  imp->skel.nodes = calloc (n + 1, sizeof *imp->skel.nodes);
  imp->skel.poses = calloc (n + 1, sizeof *imp->skel.poses);
  imp->skel.posed = calloc (n + 1, sizeof *imp->skel.posed);
  imp->skel.frame_numbers = calloc (1, sizeof *imp->skel.frame_numbers);
  imp->skel.frame_lines = calloc (1, sizeof *imp->skel.frame_lines);
  imp->source = calloc (n + 1, sizeof *imp->source);
  if (!imp->skel.nodes || !imp->skel.poses || !imp->skel.posed || !imp->skel.frame_numbers
      || !imp->skel.frame_lines || !imp->source)
    return no_memory (imp);
  imp->skel.n_frames = 1;
  return true;
}

static void
skel_free (QcImport *imp)
{
  free (imp->skel.nodes);
  free (imp->skel.poses);
  free (imp->skel.posed);
  free (imp->skel.frame_numbers);
  free (imp->skel.frame_lines);
  free (imp->source);
  _ossa_name_index_free (&imp->names);
}

/* "parent 'NAME'", or "no parent" for a root (name NULL). */
static void
describe_parent (char *buf, size_t size, const char *name)
{
  if (name != NULL)
    snprintf (buf, size, "parent '%s'", name);
  else
    snprintf (buf, size, "no parent");
}

/* Node k of files[i] is the skeleton's bone b: their parents must agree. */
static bool
check_parent (QcImport *imp, size_t i, size_t k, size_t b)
{
  const OssaSmd *smd = imp->files[i].smd;
  const OssaSmd *first = imp->files[imp->source[b].file].smd;
  int32_t sp = smd->nodes[k].parent, bp = imp->skel.nodes[b].parent;
  const char *here_name = sp >= 0 ? smd->nodes[sp].name : NULL;
  const char *there_name = bp >= 0 ? imp->skel.nodes[bp].name : NULL;
  char here[OSSA_MAX_NAME_BYTES + 16], there[OSSA_MAX_NAME_BYTES + 16];
  OssaQcPlace place = { smd->path, smd->nodes[k].line };

  if ((here_name == NULL && there_name == NULL)
      || (here_name != NULL && there_name != NULL && strcmp (here_name, there_name) == 0))
    return true;
  describe_parent (here, sizeof here, here_name);
  describe_parent (there, sizeof there, there_name);
  return fail (imp, OSSA_ERROR_INVALID, place,
               "bone '%s' has %s here but %s in the reference (%s:%d): refused, as studiomdl "
               "refuses it (illegal parent bone replacement)",
               smd->nodes[k].name, here, there, first->path, first->nodes[imp->source[b].node].line);
}

/* files[i]'s nodes merged into the skeleton: new names added with their rest,
 * known ones checked. A bone the mesh never poses rests at zero, as the SMD
 * import places it, said once here with the mesh's own file and line. */
static bool
merge_nodes (QcImport *imp, size_t i)
{
  const OssaSmd *smd = imp->files[i].smd;

  for (size_t k = 0; k < smd->n_nodes; k++)
    {
      ssize_t b = skel_find (imp, smd->nodes[k].name);
      size_t n = imp->skel.n_nodes;
      int32_t parent = smd->nodes[k].parent;

      if (b >= 0)
        {
          if (!check_parent (imp, i, k, (size_t) b))
            return false;
          continue;
        }
      /* Parents come first in smd, so a new bone's parent is in already. */
      imp->skel.nodes[n] = (OssaSmdNode) {
        smd->nodes[k].name,
        parent >= 0 ? (int32_t) skel_find (imp, smd->nodes[parent].name) : -1,
        (int32_t) n,
        smd->nodes[k].line,
      };
      if (smd->n_frames > 0)
        imp->skel.poses[n] = smd->poses[k];
      imp->skel.posed[n] = true;
      if (!smd->posed[k])
        _ossa_smd_notify (imp->options, smd->path, smd->nodes[k].line,
                          "bone '%s' has no pose in the skeleton block: placed at its parent's joint (a root at the origin)",
                          smd->nodes[k].name);
      imp->source[n] = (QcSource) { i, k };
      if (!_ossa_name_index_add (&imp->names, skel_names (imp), smd->nodes[k].name, n))
        return no_memory (imp);
      imp->skel.n_nodes = n + 1;
    }
  return true;
}

/* A sequence's bones the skeleton has must hang where the skeleton hangs them. */
static bool
check_sequence (QcImport *imp, size_t i)
{
  const OssaSmd *smd = imp->files[i].smd;

  for (size_t k = 0; k < smd->n_nodes; k++)
    {
      ssize_t b = skel_find (imp, smd->nodes[k].name);

      if (b >= 0 && !check_parent (imp, i, k, (size_t) b))
        return false;
    }
  return true;
}

/* ---- meshes and sequences ---- */

/* An error from making one mesh or sequence that has no line of its own is told
 * at the .qc line that asked for it. */
static void
place_error (QcImport *imp, const char *what, const char *name, OssaQcPlace place)
{
  char message[OSSA_ERROR_MESSAGE_MAX];

  if (imp->err == NULL || imp->err->line > 0 || imp->err->code == OSSA_ERROR_CANCELLED)
    return;
  snprintf (message, sizeof message, "%s", imp->err->message);
  ossa_error_set (imp->err, imp->err->code, "%s '%s': %s", what, name, message);
  ossa_error_set_location (imp->err, place.file, place.line);
}

static bool
add_mesh (QcImport *imp, OssaDocument *doc, const OssaQcBodygroup *body, const OssaQcChoice *choice,
          size_t i)
{
  const OssaSmd *smd = imp->files[i].smd;
  char name[OSSA_MAX_NAME_BYTES + 1];
  uint32_t *map;
  bool ok;

  if (body->n_choices == 1)
    snprintf (name, sizeof name, "%s", body->name);
  else
    snprintf (name, sizeof name, "%s/%s", body->name, choice->name);
  if (smd->n_triangles == 0)
    {
      _ossa_smd_notify (imp->options, choice->place.file, choice->place.line,
                        "'%s' has no triangles: no mesh '%s'", smd->path, name);
      advance (imp, weight (&imp->files[i]));
      return true;
    }
  map = malloc ((smd->n_nodes ? smd->n_nodes : 1) * sizeof *map);
  if (map == NULL)
    return no_memory (imp);
  for (size_t k = 0; k < smd->n_nodes; k++)
    map[k] = (uint32_t) skel_find (imp, smd->nodes[k].name);
  ok = _ossa_smd_add_mesh (doc, &imp->skel, smd, map, name, imp->options, imp->err);
  free (map);
  if (!ok)
    place_error (imp, "mesh", name, choice->place);
  else
    advance (imp, weight (&imp->files[i]));
  return ok;
}

static bool
add_meshes (QcImport *imp, OssaDocument *doc)
{
  size_t c = 0;

  for (size_t b = 0; b < imp->qc->n_bodies; b++)
    for (size_t k = 0; k < imp->qc->bodies[b].n_choices; k++, c++)
      if (imp->choice_file[c] != NO_FILE
          && !add_mesh (imp, doc, &imp->qc->bodies[b], &imp->qc->bodies[b].choices[k], imp->choice_file[c]))
        return false;
  return true;
}

static bool
add_sequence (QcImport *imp, OssaDocument *doc, const OssaQcSequence *seq, size_t i)
{
  OssaSmdImportOptions options = *imp->options;
  QcFile *f = &imp->files[i];
  ssize_t index;

  if (!read_file (imp, i) || !check_sequence (imp, i))
    return false;
  options.fps = seq->fps;
  index = ossa_smd_add_animation (doc, &imp->skel, f->smd, seq->name, &options, imp->err);
  if (index < 0)
    {
      place_error (imp, "sequence", seq->name, seq->place);
      return false;
    }
  doc->animations[index].loop = seq->loop;
  /* A sequence-only file is not needed once its last sequence is made. */
  if (--f->uses_left == 0 && !f->reference)
    {
      ossa_smd_free (f->smd);
      f->smd = NULL;
    }
  advance (imp, weight (f));
  return true;
}

static OssaDocument *
build (QcImport *imp)
{
  OssaDocument *doc = NULL;

  if (!collect_files (imp))
    return NULL;
  for (size_t i = 0; i < imp->n_files; i++)
    if (imp->files[i].reference && !read_file (imp, i))
      return NULL;
  if (!skel_init (imp))
    return NULL;
  for (size_t c = 0, n = n_choices (imp->qc); c < n; c++)
    if (imp->choice_file[c] != NO_FILE && !merge_nodes (imp, imp->choice_file[c]))
      return NULL;
  doc = ossa_smd_to_document (&imp->skel, "skeleton", imp->options, imp->err);
  if (doc == NULL)
    {
      if (imp->err != NULL && imp->err->path[0] == '\0')
        ossa_error_set_location (imp->err, imp->qc->files[0], 0);
      return NULL;
    }
  if (!add_meshes (imp, doc))
    {
      ossa_document_free (doc);
      return NULL;
    }
  for (size_t s = 0; s < imp->qc->n_sequences; s++)
    if (!add_sequence (imp, doc, &imp->qc->sequences[s], imp->sequence_file[s]))
      {
        ossa_document_free (doc);
        return NULL;
      }
  return doc;
}

OssaDocument *
ossa_qc_import (const OssaQc *qc, const OssaSmdImportOptions *options, OssaError *err)
{
  OssaSmdImportOptions defaults;
  QcImport imp;
  OssaDocument *doc;

  if (options == NULL)
    {
      ossa_smd_import_options_init (&defaults);
      options = &defaults;
    }
  memset (&imp, 0, sizeof imp);
  imp.qc = qc;
  imp.options = options;
  imp.err = err;
  _ossa_name_index_init (&imp.names);
  imp.read_options = *options;
  imp.read_options.callbacks.progress = options->callbacks.progress ? report : NULL;
  imp.read_options.callbacks.notice = options->callbacks.notice ? pass_notice : NULL;
  imp.read_options.callbacks.user_data = &imp;
  if (!isfinite (qc->scale) || qc->scale == 0 || !isfinite (qc->origin_rotation)
      || !isfinite (qc->origin[0]) || !isfinite (qc->origin[1]) || !isfinite (qc->origin[2]))
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "$scale must be a finite number other than 0 and "
                      "$origin finite numbers");
      ossa_error_set_location (err, qc->n_files > 0 ? qc->files[0] : NULL, 0);
      return NULL;
    }
  doc = build (&imp);
  for (size_t i = 0; i < imp.n_files; i++)
    ossa_smd_free (imp.files[i].smd);
  free (imp.files);
  free (imp.choice_file);
  free (imp.sequence_file);
  skel_free (&imp);
  if (doc != NULL && options->callbacks.progress != NULL)
    options->callbacks.progress (1.0, options->callbacks.user_data);
  return doc;
}

OssaDocument *
ossa_qc_import_file (const char *path, const OssaSmdImportOptions *options, OssaError *err)
{
  OssaQc *qc = ossa_qc_read (path, options != NULL ? &options->callbacks : NULL, err);
  OssaDocument *doc;

  if (qc == NULL)
    return NULL;
  doc = ossa_qc_import (qc, options, err);
  ossa_qc_free (qc);
  return doc;
}
