/* SPDX-License-Identifier: MIT */
/* Commands on IK constraints and their keys: one constraint's fields (KIND_IK),
 * the list of constraints with the keys that follow them when it is added to,
 * removed from or reordered (KIND_IK_LIST), and one constraint's keys in one
 * animation (KIND_IK_TRACK). Each is checked by ossa_ik_constraints_validate()'s
 * rules on what the document would become before anything changes. */
#include "ossa-command.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ossa-command-private.h"
#include "ossa-ik-private.h"
#include "ossa-text.h"

/* ---- applying and reverting ---- */

bool
_ossa_command_swap_ik (OssaCommand *cmd, OssaDocument *doc, OssaError *err)
{
  OssaIkConstraint tmp;

  if (cmd->ik.index >= doc->n_ik)
    {
      ossa_error_set (err, OSSA_ERROR_NOT_FOUND, "IK constraint %zu no longer exists", cmd->ik.index);
      return false;
    }
  tmp = doc->ik[cmd->ik.index];
  doc->ik[cmd->ik.index] = cmd->ik.other;
  cmd->ik.other = tmp;
  return true;
}

bool
_ossa_command_swap_ik_list (OssaCommand *cmd, OssaDocument *doc, OssaError *err)
{
  OssaIkConstraint *ik = doc->ik;
  size_t n_ik = doc->n_ik;

  if (cmd->ik_list.with_tracks && cmd->ik_list.n_animations != doc->n_animations)
    {
      ossa_error_set (err, OSSA_ERROR_NOT_FOUND, "the document has %zu animations, not the %zu this edit was made for",
                      doc->n_animations, cmd->ik_list.n_animations);
      return false;
    }
  doc->ik = cmd->ik_list.ik;
  doc->n_ik = cmd->ik_list.n_ik;
  cmd->ik_list.ik = ik;
  cmd->ik_list.n_ik = n_ik;
  for (size_t a = 0; cmd->ik_list.with_tracks && a < doc->n_animations; a++)
    {
      OssaAnimation *anim = &doc->animations[a];
      OssaIkTrack *tracks = anim->ik_tracks;
      size_t n = anim->n_ik_tracks;

      anim->ik_tracks = cmd->ik_list.tracks[a];
      anim->n_ik_tracks = cmd->ik_list.n_tracks[a];
      cmd->ik_list.tracks[a] = tracks;
      cmd->ik_list.n_tracks[a] = n;
    }
  return true;
}

/* Index of constraint c's track in anim, or -1 with *at where it would go (tracks
 * are sorted by constraint). */
static ssize_t
find_track (const OssaAnimation *anim, uint32_t c, size_t *at)
{
  size_t lo = 0, hi = anim->n_ik_tracks;

  while (lo < hi)
    {
      size_t mid = lo + (hi - lo) / 2;

      if (anim->ik_tracks[mid].constraint < c)
        lo = mid + 1;
      else
        hi = mid;
    }
  *at = lo;
  return lo < anim->n_ik_tracks && anim->ik_tracks[lo].constraint == c ? (ssize_t) lo : -1;
}

bool
_ossa_command_swap_ik_track (OssaCommand *cmd, OssaDocument *doc, OssaError *err)
{
  OssaAnimation *anim;
  OssaIkTrack mine;
  ssize_t index;
  size_t at;

  if (cmd->ik_track.anim >= doc->n_animations)
    {
      ossa_error_set (err, OSSA_ERROR_NOT_FOUND, "animation %zu no longer exists", cmd->ik_track.anim);
      return false;
    }
  anim = &doc->animations[cmd->ik_track.anim];
  index = find_track (anim, cmd->ik_track.constraint, &at);
  if (index >= 0)
    mine = anim->ik_tracks[index];
  else
    ossa_ik_track_init (&mine, cmd->ik_track.constraint);
  if (cmd->ik_track.present && index >= 0)
    anim->ik_tracks[index] = cmd->ik_track.other;
  else if (cmd->ik_track.present)
    {
      /* The one step that allocates: a track that was not there comes (back). */
      OssaIkTrack *tracks = realloc (anim->ik_tracks, (anim->n_ik_tracks + 1) * sizeof *tracks);

      if (tracks == NULL)
        {
          ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
          return false;
        }
      memmove (&tracks[at + 1], &tracks[at], (anim->n_ik_tracks - at) * sizeof *tracks);
      tracks[at] = cmd->ik_track.other;
      anim->ik_tracks = tracks;
      anim->n_ik_tracks++;
    }
  else if (index >= 0)
    {
      /* The columns now belong to the command. */
      memmove (&anim->ik_tracks[index], &anim->ik_tracks[index + 1],
               (anim->n_ik_tracks - (size_t) index - 1) * sizeof *anim->ik_tracks);
      if (--anim->n_ik_tracks == 0)
        {
          free (anim->ik_tracks);
          anim->ik_tracks = NULL;
        }
    }
  cmd->ik_track.present = index >= 0;
  cmd->ik_track.other = mine;
  return true;
}

static void
free_tracks (OssaIkTrack *tracks, size_t n)
{
  for (size_t t = 0; t < n; t++)
    ossa_ik_track_clear (&tracks[t]);
  free (tracks);
}

void
_ossa_command_free_ik (OssaCommand *cmd)
{
  switch (cmd->kind)
    {
    case KIND_IK:
      ossa_ik_constraint_clear (&cmd->ik.other);
      break;
    case KIND_IK_LIST:
      _ossa_ik_constraints_free (cmd->ik_list.ik, cmd->ik_list.n_ik);
      for (size_t a = 0; cmd->ik_list.tracks != NULL && a < cmd->ik_list.n_animations; a++)
        free_tracks (cmd->ik_list.tracks[a], cmd->ik_list.n_tracks[a]);
      free (cmd->ik_list.tracks);
      free (cmd->ik_list.n_tracks);
      break;
    case KIND_IK_TRACK:
      ossa_ik_track_clear (&cmd->ik_track.other);
      break;
    default:
      break;
    }
}

/* ---- building ---- */

static bool
check_constraint (const OssaDocument *doc, size_t c, OssaError *err)
{
  if (c < doc->n_ik)
    return true;
  ossa_error_set (err, OSSA_ERROR_NOT_FOUND, "IK constraint %zu does not exist (the document has %zu)",
                  c, doc->n_ik);
  return false;
}

static bool
check_animation (const OssaDocument *doc, size_t anim, OssaError *err)
{
  if (anim < doc->n_animations)
    return true;
  ossa_error_set (err, OSSA_ERROR_NOT_FOUND, "animation %zu does not exist (the document has %zu)",
                  anim, doc->n_animations);
  return false;
}

/* The constraint the caller describes, sharing name; false when bones cannot be
 * read (the counts themselves are left to the validator, which words them). */
static bool
describe (OssaIkConstraint *c, const char *name, const uint32_t *bones, uint32_t n_bones,
          uint32_t target, bool bend_positive, float mix, OssaError *err)
{
  memset (c, 0, sizeof *c);
  if (bones == NULL && n_bones > 0)
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "IK constraint \"%s\": no bones given", name ? name : "");
      return false;
    }
  c->name = (char *) name;
  for (uint32_t k = 0; k < n_bones && k < 2; k++)
    c->bones[k] = bones[k];
  c->n_bones = n_bones;
  c->target = target;
  c->bend_positive = bend_positive;
  c->mix = mix;
  return true;
}

/* A list command holding a copy of doc's constraints and, with_tracks, of every
 * animation's IK tracks, for the caller to change into what the document becomes. */
static OssaCommand *
list_command (const OssaDocument *doc, const char *label, bool with_tracks, OssaError *err)
{
  OssaCommand *cmd = _ossa_command_new (KIND_IK_LIST, label, err);
  size_t n = doc->n_animations;

  if (cmd == NULL)
    return NULL;
  if (!_ossa_ik_constraints_copy (&cmd->ik_list.ik, doc->ik, doc->n_ik))
    goto no_memory;
  cmd->ik_list.n_ik = doc->n_ik;
  if (!with_tracks)
    return cmd;
  cmd->ik_list.with_tracks = true;
  cmd->ik_list.tracks = calloc (n ? n : 1, sizeof *cmd->ik_list.tracks);
  cmd->ik_list.n_tracks = calloc (n ? n : 1, sizeof *cmd->ik_list.n_tracks);
  if (cmd->ik_list.tracks == NULL || cmd->ik_list.n_tracks == NULL)
    goto no_memory;
  cmd->ik_list.n_animations = n;
  for (size_t a = 0; a < n; a++)
    {
      OssaAnimation copy = { 0 };

      if (!_ossa_animation_copy_ik (&copy, &doc->animations[a]))
        {
          free_tracks (copy.ik_tracks, copy.n_ik_tracks);
          goto no_memory;
        }
      cmd->ik_list.tracks[a] = copy.ik_tracks;
      cmd->ik_list.n_tracks[a] = copy.n_ik_tracks;
    }
  return cmd;
no_memory:
  ossa_command_free (cmd);
  ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
  return NULL;
}

/* The list command's tracks renumbered by remap (n_old entries, -1 drops). */
static void
remap_list_tracks (OssaCommand *cmd, const ssize_t *remap, size_t n_old)
{
  for (size_t a = 0; a < cmd->ik_list.n_animations; a++)
    _ossa_ik_tracks_remap (cmd->ik_list.tracks[a], &cmd->ik_list.n_tracks[a], remap, n_old);
}

OssaCommand *
ossa_command_add_ik (const OssaDocument *doc, const char *name, const uint32_t *bones, uint32_t n_bones,
                     uint32_t target, bool bend_positive, float mix, OssaError *err)
{
  OssaIkConstraint c, *grown;
  OssaCommand *cmd;

  if (!describe (&c, name, bones, n_bones, target, bend_positive, mix, err))
    return NULL;
  if (doc->n_ik >= OSSA_MAX_IK_CONSTRAINTS)
    {
      ossa_error_set (err, OSSA_ERROR_LIMIT, "a document holds at most %u IK constraints", OSSA_MAX_IK_CONSTRAINTS);
      return NULL;
    }
  cmd = list_command (doc, OSSA_N_ ("Add IK Constraint"), false, err);
  if (cmd == NULL)
    return NULL;
  grown = realloc (cmd->ik_list.ik, (cmd->ik_list.n_ik + 1) * sizeof *grown);
  if (grown == NULL)
    goto no_memory;
  cmd->ik_list.ik = grown;
  grown[cmd->ik_list.n_ik] = c;
  grown[cmd->ik_list.n_ik].name = NULL;
  /* Counted first: a zeroed name is safe to free if strdup fails. */
  cmd->ik_list.n_ik++;
  if (name != NULL && (grown[cmd->ik_list.n_ik - 1].name = strdup (name)) == NULL)
    goto no_memory;
  /* The command holds what the document would become: check that, whole. */
  if (!ossa_ik_constraints_validate (cmd->ik_list.ik, cmd->ik_list.n_ik, &doc->skeleton, err))
    {
      ossa_command_free (cmd);
      return NULL;
    }
  return cmd;
no_memory:
  ossa_command_free (cmd);
  ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
  return NULL;
}

OssaCommand *
ossa_command_remove_ik (const OssaDocument *doc, size_t c, OssaError *err)
{
  OssaCommand *cmd;
  ssize_t *remap;

  if (!check_constraint (doc, c, err))
    return NULL;
  remap = malloc (doc->n_ik * sizeof *remap);
  cmd = remap ? list_command (doc, OSSA_N_ ("Delete IK Constraint"), true, err) : NULL;
  if (cmd == NULL)
    {
      if (remap == NULL)
        ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
      free (remap);
      return NULL;
    }
  for (size_t i = 0; i < doc->n_ik; i++)
    remap[i] = i < c ? (ssize_t) i : i == c ? -1 : (ssize_t) i - 1;
  ossa_ik_constraint_clear (&cmd->ik_list.ik[c]);
  memmove (&cmd->ik_list.ik[c], &cmd->ik_list.ik[c + 1], (doc->n_ik - c - 1) * sizeof *cmd->ik_list.ik);
  cmd->ik_list.n_ik--;
  remap_list_tracks (cmd, remap, doc->n_ik);
  free (remap);
  return cmd;
}

OssaCommand *
ossa_command_set_ik (const OssaDocument *doc, size_t c, const char *name, const uint32_t *bones,
                     uint32_t n_bones, uint32_t target, bool bend_positive, float mix, OssaError *err)
{
  OssaIkConstraint after, *candidate;
  OssaCommand *cmd;
  bool ok;

  if (!check_constraint (doc, c, err)
      || !describe (&after, name, bones, n_bones, target, bend_positive, mix, err))
    return NULL;
  /* The document's list with c replaced, sharing every string: only read. */
  candidate = malloc (doc->n_ik * sizeof *candidate);
  if (candidate == NULL)
    {
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
      return NULL;
    }
  memcpy (candidate, doc->ik, doc->n_ik * sizeof *candidate);
  candidate[c] = after;
  ok = ossa_ik_constraints_validate (candidate, doc->n_ik, &doc->skeleton, err);
  free (candidate);
  if (!ok || (cmd = _ossa_command_new (KIND_IK, OSSA_N_ ("Edit IK Constraint"), err)) == NULL)
    return NULL;
  cmd->ik.index = c;
  if (!ossa_ik_constraint_copy (&cmd->ik.other, &after))
    {
      ossa_command_free (cmd);
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
      return NULL;
    }
  return cmd;
}

OssaCommand *
ossa_command_reorder_ik (const OssaDocument *doc, size_t c, size_t new_index, OssaError *err)
{
  OssaCommand *cmd;
  OssaIkConstraint moved;
  ssize_t *remap;
  size_t n = doc->n_ik;

  if (!check_constraint (doc, c, err) || !check_constraint (doc, new_index, err))
    return NULL;
  remap = malloc (n * sizeof *remap);
  cmd = remap ? list_command (doc, OSSA_N_ ("Reorder IK Constraints"), true, err) : NULL;
  if (cmd == NULL)
    {
      if (remap == NULL)
        ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
      free (remap);
      return NULL;
    }
  /* c goes to new_index; those between shift one place towards where c was. */
  for (size_t i = 0; i < n; i++)
    if (i == c)
      remap[i] = (ssize_t) new_index;
    else if (c < new_index && i > c && i <= new_index)
      remap[i] = (ssize_t) i - 1;
    else if (new_index < c && i >= new_index && i < c)
      remap[i] = (ssize_t) i + 1;
    else
      remap[i] = (ssize_t) i;
  moved = cmd->ik_list.ik[c];
  if (c < new_index)
    memmove (&cmd->ik_list.ik[c], &cmd->ik_list.ik[c + 1], (new_index - c) * sizeof moved);
  else
    memmove (&cmd->ik_list.ik[new_index + 1], &cmd->ik_list.ik[new_index], (c - new_index) * sizeof moved);
  cmd->ik_list.ik[new_index] = moved;
  remap_list_tracks (cmd, remap, n);
  free (remap);
  return cmd;
}

/* A track command whose other state is `after`, taken (present or not). */
static OssaCommand *
track_command (size_t anim, uint32_t c, OssaIkTrack *after, bool present, const char *label,
               OssaError *err)
{
  OssaCommand *cmd = _ossa_command_new (KIND_IK_TRACK, label, err);

  if (cmd == NULL)
    {
      ossa_ik_track_clear (after);
      return NULL;
    }
  cmd->ik_track.anim = anim;
  cmd->ik_track.constraint = c;
  cmd->ik_track.present = present;
  cmd->ik_track.other = *after;
  return cmd;
}

/* A copy of constraint c's track in anim, or an empty one; false on out of memory. */
static bool
copy_track (const OssaDocument *doc, size_t anim, uint32_t c, OssaIkTrack *copy, OssaError *err)
{
  size_t at;
  ssize_t index = find_track (&doc->animations[anim], c, &at);

  if (index < 0)
    {
      ossa_ik_track_init (copy, c);
      return true;
    }
  if (ossa_ik_track_copy (copy, &doc->animations[anim].ik_tracks[index]))
    return true;
  ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
  return false;
}

OssaCommand *
ossa_command_set_ik_key (const OssaDocument *doc, size_t anim, size_t c, const OssaIkKey *key,
                         OssaError *err)
{
  OssaIkTrack after;

  if (!check_animation (doc, anim, err) || !check_constraint (doc, c, err))
    return NULL;
  if (key == NULL)
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "no key given");
      return NULL;
    }
  if (!copy_track (doc, anim, (uint32_t) c, &after, err))
    return NULL;
  if (ossa_ik_track_set_key (&after, key, err) < 0)
    {
      ossa_ik_track_clear (&after);
      return NULL;
    }
  return track_command (anim, (uint32_t) c, &after, true, OSSA_N_ ("Key IK Constraint"), err);
}

OssaCommand *
ossa_command_remove_ik_key (const OssaDocument *doc, size_t anim, size_t c, float time, OssaError *err)
{
  OssaIkTrack after;
  ssize_t key;

  if (!check_animation (doc, anim, err) || !check_constraint (doc, c, err)
      || !copy_track (doc, anim, (uint32_t) c, &after, err))
    return NULL;
  key = ossa_ik_track_find_key (&after, time);
  if (key < 0)
    {
      ossa_error_set (err, OSSA_ERROR_NOT_FOUND, "animation '%s' has no key of IK constraint \"%s\" at %g s",
                      doc->animations[anim].name, doc->ik[c].name, (double) time);
      ossa_ik_track_clear (&after);
      return NULL;
    }
  if (!ossa_ik_track_remove_key (&after, (size_t) key, err))
    {
      ossa_ik_track_clear (&after);
      return NULL;
    }
  /* The track goes with its last key ("no track" holds no columns). */
  if (after.n_keys == 0)
    ossa_ik_track_clear (&after);
  return track_command (anim, (uint32_t) c, &after, after.n_keys > 0, OSSA_N_ ("Delete IK Key"), err);
}
