/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-editor"

#include "config.h"

/* The editor's art: the slots on show, the picked attachment, bringing pictures
 * in, and every slot, attachment and image edit, each through the undo history
 * like the bone edits. Art is setup (where a picture sits on its bone); what
 * Animate mode keys is a slot's colour, its attachment and the draw order. */

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "ossa-editor-private.h"
#include "ossa-gerror.h"
#include "ossa-image-store.h"

enum { ART_SELECTION_CHANGED, N_ART_SIGNALS };
static guint art_signals[N_ART_SIGNALS];

void
_ossa_editor_art_class_init (GObjectClass *klass)
{
  /**
   * OssaEditor::art-selection-changed:
   *
   * The picked slot or attachment changed (picked, or gone with an edit).
   */
  art_signals[ART_SELECTION_CHANGED] = g_signal_new ("art-selection-changed",
                                                     G_TYPE_FROM_CLASS (klass),
                                                     G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                                     G_TYPE_NONE, 0);
}

void
_ossa_editor_art_init (OssaEditor *self)
{
  self->selected_slot = -1;
  self->selected_attachment = -1;
  self->slot_pose = ossa_slot_pose_new (self->document, NULL);
  if (self->slot_pose == NULL)
    g_error ("out of memory");
  self->slot_pose_stale = TRUE;
  self->images = ossa_image_store_new (self);
}

void
_ossa_editor_art_dispose (OssaEditor *self)
{
  g_clear_object (&self->images);
  g_clear_pointer (&self->slot_pose, ossa_slot_pose_free);
}

/* What a pane must rebuild when it changes: the images' and slots' names, the
 * slots' bones and order, their attachments' names. */
guint
_ossa_editor_art_signature (OssaEditor *self)
{
  const OssaDocument *doc = self->document;
  guint h = (guint) doc->n_images * 31u + (guint) doc->n_slots;

  for (gsize i = 0; i < doc->n_images; i++)
    h = h * 33u + g_str_hash (doc->images[i].name);
  for (gsize i = 0; i < doc->n_slots; i++)
    {
      const OssaSlot *slot = &doc->slots[i];

      h = h * 33u + g_str_hash (slot->name) + slot->bone * 7u + (guint) slot->n_attachments;
      for (gsize a = 0; a < slot->n_attachments; a++)
        h = h * 33u + g_str_hash (slot->attachments[a].name) + slot->attachments[a].image;
    }
  return h;
}

/* After any change of the document: the slot pose is taken again, and a picked
 * slot or attachment that is gone is dropped. */
void
_ossa_editor_art_document_changed (OssaEditor *self)
{
  const OssaDocument *doc = self->document;
  gboolean gone = FALSE;

  self->slot_pose_stale = TRUE;
  self->slot_geometry_stale = TRUE;
  if (self->selected_slot >= 0 && (gsize) self->selected_slot >= doc->n_slots)
    {
      self->selected_slot = -1;
      self->selected_attachment = -1;
      gone = TRUE;
    }
  else if (self->selected_slot >= 0 && self->selected_attachment >= 0
           && (gsize) self->selected_attachment
                >= doc->slots[self->selected_slot].n_attachments)
    {
      self->selected_attachment = -1;
      gone = TRUE;
    }
  if (gone)
    g_signal_emit (self, art_signals[ART_SELECTION_CHANGED], 0);
}

/* Bones were picked: the picked attachment is let go. */
void
_ossa_editor_art_clear_selection (OssaEditor *self)
{
  if (self->selected_slot < 0)
    return;
  self->selected_slot = -1;
  self->selected_attachment = -1;
  g_signal_emit (self, art_signals[ART_SELECTION_CHANGED], 0);
}

OssaImageStore *
ossa_editor_get_images (OssaEditor *self)
{
  g_return_val_if_fail (OSSA_IS_EDITOR (self), NULL);
  return self->images;
}

const OssaSlotPose *
ossa_editor_get_slot_pose (OssaEditor *self)
{
  const OssaDocument *doc;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), NULL);
  doc = self->document;
  /* The bone pose is taken again after everything the slots follow too (the
   * document, the mode, the animation, the playhead), and says so. */
  ossa_editor_get_world (self);
  if (self->slot_geometry_stale)
    {
      if (!ossa_slot_pose_reset (self->slot_pose, doc, NULL))
        g_error ("out of memory");
      self->slot_geometry_stale = FALSE;
      self->slot_pose_stale = TRUE;
    }
  if (!self->slot_pose_stale)
    return self->slot_pose;
  ossa_slot_pose_sample (self->slot_pose, doc,
                         self->mode == OSSA_EDIT_MODE_ANIMATE ? _ossa_editor_current_animation (self)
                                                              : NULL,
                         (float) self->time);
  self->slot_pose_stale = FALSE;
  return self->slot_pose;
}

const guint32 *
ossa_editor_get_draw_order (OssaEditor *self)
{
  g_return_val_if_fail (OSSA_IS_EDITOR (self), NULL);
  return ossa_editor_get_slot_pose (self)->order;
}

int
ossa_editor_get_selected_slot (OssaEditor *self)
{
  g_return_val_if_fail (OSSA_IS_EDITOR (self), -1);
  return self->selected_slot;
}

int
ossa_editor_get_selected_attachment (OssaEditor *self)
{
  g_return_val_if_fail (OSSA_IS_EDITOR (self), -1);
  return self->selected_attachment;
}

/**
 * ossa_editor_select_slot:
 * @slot: a slot, or -1 for none
 * @attachment: one of its attachments, or -1 for the slot alone
 *
 * Out-of-range indices pick nothing.
 */
void
ossa_editor_select_slot (OssaEditor *self, int slot, int attachment)
{
  const OssaDocument *doc;

  g_return_if_fail (OSSA_IS_EDITOR (self));
  doc = self->document;
  if (slot < 0 || (gsize) slot >= doc->n_slots)
    slot = attachment = -1;
  else if (attachment < -1 || (attachment >= 0 && (gsize) attachment >= doc->slots[slot].n_attachments))
    attachment = -1;
  if (slot >= 0)
    ossa_editor_clear_selection (self);
  if (slot == self->selected_slot && attachment == self->selected_attachment)
    return;
  self->selected_slot = slot;
  self->selected_attachment = attachment;
  g_signal_emit (self, art_signals[ART_SELECTION_CHANGED], 0);
}

static double
distance_to_segment (double px, double py, double ax, double ay, double bx, double by)
{
  double dx = bx - ax, dy = by - ay;
  double len2 = dx * dx + dy * dy;
  double t = len2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / len2 : 0;

  t = CLAMP (t, 0.0, 1.0);
  return hypot (px - (ax + t * dx), py - (ay + t * dy));
}

int
ossa_editor_nearest_bone (OssaEditor *self, double x, double y)
{
  const OssaSkeleton *skel;
  const OssaXform *world;
  double best = INFINITY;
  int nearest = -1;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), -1);
  skel = &self->document->skeleton;
  world = ossa_editor_get_world (self);
  for (gsize i = 0; i < skel->n_bones; i++)
    {
      const OssaXform *m = &world[i];
      OssaVec2 tip = ossa_xform_apply (m, (OssaVec2) { skel->bones[i].length, 0 });
      double d = distance_to_segment (x, y, m->tx, m->ty, tip.x, tip.y);

      if (d < best)
        {
          best = d;
          nearest = (int) i;
        }
    }
  return nearest;
}

/* name, or name-2, name-3 …, the first that taken() does not know. */
static char *
unique_name (const char *base, gboolean (*taken) (OssaEditor *, GPtrArray *, const char *),
             OssaEditor *self, GPtrArray *also)
{
  char *name = g_strdup (base != NULL && *base != '\0' ? base : "picture");

  for (guint n = 2; taken (self, also, name); n++)
    {
      g_free (name);
      name = g_strdup_printf ("%s-%u", base != NULL && *base != '\0' ? base : "picture", n);
    }
  return name;
}

static gboolean
in_list (GPtrArray *list, const char *name)
{
  for (guint i = 0; list != NULL && i < list->len; i++)
    if (g_strcmp0 (g_ptr_array_index (list, i), name) == 0)
      return TRUE;
  return FALSE;
}

static gboolean
image_name_taken (OssaEditor *self, GPtrArray *also, const char *name)
{
  const OssaDocument *doc = self->document;

  for (gsize i = 0; i < doc->n_images; i++)
    if (strcmp (doc->images[i].name, name) == 0)
      return TRUE;
  return in_list (also, name);
}

static gboolean
slot_name_taken (OssaEditor *self, GPtrArray *also, const char *name)
{
  const OssaDocument *doc = self->document;

  for (gsize i = 0; i < doc->n_slots; i++)
    if (strcmp (doc->slots[i].name, name) == 0)
      return TRUE;
  return in_list (also, name);
}

/* Where a picture placed at (x, y), turned by rotation in the world, sits in its
 * bone's space: the offset that puts it there at one world unit a pixel. */
static OssaTransform
picture_offset (OssaEditor *self, guint bone, const OssaPictureImport *picture)
{
  OssaTransform placed = { (float) picture->x, (float) picture->y, (float) picture->rotation,
                           1.0f, 1.0f };
  OssaXform in_world = ossa_xform_from_transform (&placed);
  OssaXform inverse, local;

  if (!ossa_xform_invert (&ossa_editor_get_world (self)[bone], &inverse))
    return placed;
  local = ossa_xform_multiply (&inverse, &in_world);
  return ossa_xform_decompose (&local);
}

static gboolean
check_picture (OssaEditor *self, const OssaPictureImport *picture, gsize n_bones, GError **error)
{
  const char *what = picture->path != NULL ? picture->path : picture->name;

  if (picture->path == NULL && (picture->data == NULL || picture->data_size == 0))
    {
      g_set_error (error, OSSA_CORE_ERROR, OSSA_ERROR_INVALID,
                   _("%s: neither a file nor its bytes"), what != NULL ? what : "?");
      return FALSE;
    }
  if (picture->path != NULL && !g_path_is_absolute (picture->path))
    {
      g_set_error (error, OSSA_CORE_ERROR, OSSA_ERROR_INVALID,
                   _("%s: not an absolute path"), picture->path);
      return FALSE;
    }
  if (picture->width == 0 || picture->height == 0 || !isfinite (picture->x)
      || !isfinite (picture->y) || !isfinite (picture->rotation))
    {
      g_set_error (error, OSSA_CORE_ERROR, OSSA_ERROR_INVALID,
                   _("%s: a picture needs a size and a place"), what != NULL ? what : "?");
      return FALSE;
    }
  if (picture->bone >= 0 && (gsize) picture->bone >= n_bones)
    {
      g_set_error (error, OSSA_CORE_ERROR, OSSA_ERROR_INVALID, _("There is no bone %d"),
                   picture->bone);
      return FALSE;
    }
  if (picture->bone < 0 && n_bones == 0)
    {
      g_set_error_literal (error, OSSA_CORE_ERROR, OSSA_ERROR_INVALID,
                           _("Pictures go on bones: add a bone first"));
      return FALSE;
    }
  return TRUE;
}

/* One picture's three commands: its image, its slot, its attachment. */
static gboolean
import_one (OssaEditor *self, const OssaPictureImport *picture, GPtrArray *image_names,
            GPtrArray *slot_names, GError **error)
{
  g_autofree char *image_name = unique_name (picture->name, image_name_taken, self, image_names);
  g_autofree char *slot_name = unique_name (picture->name, slot_name_taken, self, slot_names);
  guint bone = picture->bone >= 0 ? (guint) picture->bone
                                  : (guint) ossa_editor_nearest_bone (self, picture->x, picture->y);
  OssaTransform offset = picture_offset (self, bone, picture);
  const OssaDocument *doc = self->document;
  guint image = (guint) doc->n_images;
  gsize slot = doc->n_slots;
  OssaError err = { 0 };
  OssaCommand *command;

  command = ossa_command_add_image (doc, image_name, picture->path,
                                    picture->path == NULL ? picture->data : NULL,
                                    picture->path == NULL ? picture->data_size : 0,
                                    picture->width, picture->height, &err);
  if (!_ossa_editor_run (self, command, &err, 0, error))
    return FALSE;
  command = ossa_command_add_slot (self->document, slot_name, bone, 0xffffffffu, &err);
  if (!_ossa_editor_run (self, command, &err, 0, error))
    return FALSE;
  command = ossa_command_add_attachment (self->document, slot, slot_name, image, &offset,
                                         (float) picture->width, (float) picture->height, &err);
  if (!_ossa_editor_run (self, command, &err, 0, error))
    return FALSE;
  g_ptr_array_add (image_names, g_steal_pointer (&image_name));
  g_ptr_array_add (slot_names, g_steal_pointer (&slot_name));
  return TRUE;
}

int
ossa_editor_import_pictures (OssaEditor *self, const OssaPictureImport *pictures, gsize n_pictures,
                             const char *label, GError **error)
{
  g_autoptr (GPtrArray) image_names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) slot_names = g_ptr_array_new_with_free_func (g_free);
  int first;
  gboolean ok = TRUE;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), -1);
  /* Everything is checked before anything changes. */
  for (gsize i = 0; i < n_pictures; i++)
    if (!check_picture (self, &pictures[i], self->document->skeleton.n_bones, error))
      return -1;
  if (n_pictures == 0)
    {
      g_set_error_literal (error, OSSA_CORE_ERROR, OSSA_ERROR_INVALID, _("No pictures to import"));
      return -1;
    }
  first = (int) self->document->n_slots;
  _ossa_editor_batch_begin (self, label != NULL ? label : _("Import Pictures"));
  for (gsize i = 0; ok && i < n_pictures; i++)
    ok = import_one (self, &pictures[i], image_names, slot_names, error);
  _ossa_editor_batch_end (self);
  if (!ok)
    {
      /* Only running out of memory gets here: what went in comes out again. */
      if ((int) self->document->n_slots != first || image_names->len > 0)
        ossa_editor_undo (self, NULL);
      return -1;
    }
  ossa_editor_select_slot (self, (int) self->document->n_slots - 1, 0);
  return first;
}

/* Each new slot's colour and shown attachment as looks say. */
static gboolean
apply_looks (OssaEditor *self, gsize first, const OssaPictureLook *looks, gsize n,
             GError **error)
{
  for (gsize i = 0; looks != NULL && i < n; i++)
    {
      OssaError err = { 0 };

      if (looks[i].tint != 0xffffffffu
          && !_ossa_editor_run (self,
                                ossa_command_set_slot_color (self->document, first + i,
                                                             looks[i].tint, &err),
                                &err, 0, error))
        return FALSE;
      if (looks[i].hidden
          && !_ossa_editor_run (self,
                                ossa_command_set_slot_attachment (self->document, first + i, -1,
                                                                  &err),
                                &err, 0, error))
        return FALSE;
    }
  return TRUE;
}

int
ossa_editor_import_pictures_rooted (OssaEditor *self, const OssaPictureImport *pictures,
                                    const OssaPictureLook *looks, gsize n_pictures,
                                    const char *label, const char *root_name, GError **error)
{
  OssaTransform rest = { 0, 0, 0, 1, 1 };
  gboolean rooted = FALSE;
  int first = 0;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), -1);
  /* Checked as if the root were there, so that a refusal changes nothing. */
  for (gsize i = 0; i < n_pictures; i++)
    if (!check_picture (self, &pictures[i], MAX (self->document->skeleton.n_bones, 1), error))
      return -1;
  _ossa_editor_batch_begin (self, label != NULL ? label : _("Import Pictures"));
  if (self->document->skeleton.n_bones == 0)
    {
      first = ossa_editor_add_bone (self, root_name != NULL ? root_name : "root", -1, &rest,
                                    100.0f, 0, error);
      rooted = first >= 0;
    }
  if (first >= 0)
    first = ossa_editor_import_pictures (self, pictures, n_pictures, label, error);
  if (first >= 0 && !apply_looks (self, (gsize) first, looks, n_pictures, error))
    first = -2;
  _ossa_editor_batch_end (self);
  /* Only running out of memory gets here with something done: it comes out again. */
  if (first == -2 || (first < 0 && rooted))
    ossa_editor_undo (self, NULL);
  return first < 0 ? -1 : first;
}

gboolean
ossa_editor_remove_slot (OssaEditor *self, guint slot, GError **error)
{
  OssaError err = { 0 };

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  return _ossa_editor_run (self, ossa_command_remove_slot (self->document, slot, &err), &err, 0,
                           error);
}

gboolean
ossa_editor_rename_slot (OssaEditor *self, guint slot, const char *name, GError **error)
{
  OssaError err = { 0 };

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  return _ossa_editor_run (self, ossa_command_rename_slot (self->document, slot, name, &err), &err,
                           0, error);
}

gboolean
ossa_editor_set_slot_bone (OssaEditor *self, guint slot, guint bone, GError **error)
{
  OssaError err = { 0 };

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  return _ossa_editor_run (self, ossa_command_set_slot_bone (self->document, slot, bone, &err),
                           &err, 0, error);
}

static gboolean
check_order (OssaEditor *self, const guint *order, gsize n_order, GError **error)
{
  gsize n = self->document->n_slots;
  g_autofree gboolean *seen = g_new0 (gboolean, n + 1);

  for (gsize i = 0; i < n_order && n_order == n; i++)
    {
      if (order[i] >= n || seen[order[i]])
        break;
      seen[order[i]] = TRUE;
      if (i + 1 == n)
        return TRUE;
    }
  if (n == 0 && n_order == 0)
    return TRUE;
  g_set_error (error, OSSA_CORE_ERROR, OSSA_ERROR_INVALID,
               _("A draw order must list each of the %zu slots once"), n);
  return FALSE;
}

/* Setup mode: the slots move into order one by one (each move keeps the keys with
 * their slot), as one undo step. */
static gboolean
set_rest_order (OssaEditor *self, const guint *order, gsize n_order, GError **error)
{
  g_autofree char **names = g_new0 (char *, n_order + 1);
  gboolean ok = TRUE;

  for (gsize i = 0; i < n_order; i++)
    names[i] = self->document->slots[order[i]].name;
  /* The names stay valid: slots keep their strings when they move. */
  _ossa_editor_batch_begin (self, _("Reorder Slots"));
  for (gsize i = 0; ok && i < n_order; i++)
    {
      gsize at = i;
      OssaError err = { 0 };

      while (at < self->document->n_slots && strcmp (self->document->slots[at].name, names[i]) != 0)
        at++;
      if (at == i)
        continue;
      ok = _ossa_editor_run (self, ossa_command_reorder_slot (self->document, at, i, &err), &err, 0,
                             error);
    }
  _ossa_editor_batch_end (self);
  return ok;
}

gboolean
ossa_editor_set_draw_order (OssaEditor *self, const guint *order, gsize n_order, GError **error)
{
  g_autofree guint32 *order32 = NULL;
  OssaError err = { 0 };
  gboolean ok;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  if (!check_order (self, order, n_order, error))
    return FALSE;
  if (self->mode == OSSA_EDIT_MODE_SETUP)
    return set_rest_order (self, order, n_order, error);
  order32 = g_new (guint32, n_order + 1);
  for (gsize i = 0; i < n_order; i++)
    order32[i] = order[i];
  _ossa_editor_batch_begin (self, _("Key Draw Order"));
  ok = _ossa_editor_ensure_animation (self, error);
  if (ok)
    ok = _ossa_editor_run (self,
                           ossa_command_set_draw_order_key (self->document, (gsize) self->animation,
                                                            (float) self->time, order32, n_order,
                                                            &err),
                           &err, 0, error);
  if (ok)
    ok = _ossa_editor_extend_duration (self, self->time, error);
  _ossa_editor_batch_end (self);
  return ok;
}

/* A slot key at the playhead, keeping the interpolation of a key already there. */
static gboolean
key_slot_channel (OssaEditor *self, guint slot, OssaSlotChannel channel, int attachment,
                  guint32 color, guint64 merge_id, GError **error)
{
  const OssaAnimation *anim = _ossa_editor_current_animation (self);
  float t = (float) self->time;
  OssaSlotKey key = { .time = t, .attachment = attachment, .color = color,
                      .interp = OSSA_INTERP_LINEAR };
  OssaError err = { 0 };

  for (gsize i = 0; anim != NULL && i < anim->n_slot_tracks; i++)
    {
      const OssaSlotTrack *track = &anim->slot_tracks[i];
      ssize_t at;

      if (track->slot != slot || track->channel != channel)
        continue;
      at = ossa_slot_track_find_key (track, t);
      if (at >= 0 && track->interp != NULL)
        key.interp = (OssaInterp) track->interp[at];
      if (at >= 0 && track->curves != NULL)
        key.curve = track->curves[at];
    }
  return _ossa_editor_run (self,
                           ossa_command_set_slot_key (self->document, (gsize) self->animation, slot,
                                                      channel, &key, &err),
                           &err, merge_id, error);
}

static gboolean
check_slot (OssaEditor *self, guint slot, GError **error)
{
  if (slot < self->document->n_slots)
    return TRUE;
  g_set_error (error, OSSA_CORE_ERROR, OSSA_ERROR_INVALID, _("There is no slot %u"), slot);
  return FALSE;
}

gboolean
ossa_editor_set_slot_color (OssaEditor *self, guint slot, guint32 color, guint64 merge_id,
                            GError **error)
{
  OssaError err = { 0 };
  gboolean ok;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  if (!check_slot (self, slot, error))
    return FALSE;
  if (self->mode == OSSA_EDIT_MODE_SETUP)
    return _ossa_editor_run (self, ossa_command_set_slot_color (self->document, slot, color, &err),
                             &err, merge_id, error);
  if (_ossa_editor_current_animation (self) != NULL && merge_id != 0)
    return key_slot_channel (self, slot, OSSA_SLOT_CHANNEL_COLOR, -1, color, merge_id, error);
  _ossa_editor_batch_begin (self, _("Key Slot Colour"));
  ok = _ossa_editor_ensure_animation (self, error)
       && key_slot_channel (self, slot, OSSA_SLOT_CHANNEL_COLOR, -1, color, 0, error)
       && _ossa_editor_extend_duration (self, self->time, error);
  _ossa_editor_batch_end (self);
  return ok;
}

gboolean
ossa_editor_set_slot_attachment (OssaEditor *self, guint slot, int attachment, GError **error)
{
  OssaError err = { 0 };
  gboolean ok;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  if (!check_slot (self, slot, error))
    return FALSE;
  if (self->mode == OSSA_EDIT_MODE_SETUP)
    return _ossa_editor_run (self,
                             ossa_command_set_slot_attachment (self->document, slot, attachment,
                                                               &err),
                             &err, 0, error);
  if (attachment < -1 || (attachment >= 0
                          && (gsize) attachment >= self->document->slots[slot].n_attachments))
    {
      g_set_error (error, OSSA_CORE_ERROR, OSSA_ERROR_INVALID,
                   _("Slot “%s” has no attachment %d"), self->document->slots[slot].name,
                   attachment);
      return FALSE;
    }
  _ossa_editor_batch_begin (self, _("Key Attachment"));
  ok = _ossa_editor_ensure_animation (self, error)
       && key_slot_channel (self, slot, OSSA_SLOT_CHANNEL_ATTACHMENT, attachment, 0, 0, error)
       && _ossa_editor_extend_duration (self, self->time, error);
  _ossa_editor_batch_end (self);
  return ok;
}

/**
 * ossa_editor_key_slots:
 *
 * K on slots: their colour and attachment as shown now, keyed at the playhead.
 */
gboolean
ossa_editor_key_slots (OssaEditor *self, const guint *slots, gsize n_slots, GError **error)
{
  g_autofree guint32 *colors = NULL;
  g_autofree int *attachments = NULL;
  const OssaSlotPose *pose;
  gboolean ok;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  for (gsize i = 0; i < n_slots; i++)
    if (!check_slot (self, slots[i], error))
      return FALSE;
  if (n_slots == 0)
    return TRUE;
  /* What is on show, before the mode changes. */
  pose = ossa_editor_get_slot_pose (self);
  colors = g_new (guint32, n_slots);
  attachments = g_new (int, n_slots);
  for (gsize i = 0; i < n_slots; i++)
    {
      colors[i] = ossa_color_pack (&pose->color[slots[i] * 4]);
      attachments[i] = pose->attachment[slots[i]];
    }
  _ossa_editor_batch_begin (self, n_slots > 1 ? _("Key Slots") : _("Key Slot"));
  ok = _ossa_editor_ensure_animation (self, error);
  for (gsize i = 0; ok && i < n_slots; i++)
    ok = key_slot_channel (self, slots[i], OSSA_SLOT_CHANNEL_COLOR, -1, colors[i], 0, error)
         && key_slot_channel (self, slots[i], OSSA_SLOT_CHANNEL_ATTACHMENT, attachments[i], 0, 0,
                              error);
  if (ok)
    ok = _ossa_editor_extend_duration (self, self->time, error);
  _ossa_editor_batch_end (self);
  return ok;
}

static gboolean
refuse_in_animate (OssaEditor *self, GError **error)
{
  if (self->mode != OSSA_EDIT_MODE_ANIMATE)
    return FALSE;
  g_set_error_literal (error, OSSA_CORE_ERROR, OSSA_ERROR_INVALID,
                       _("Where a picture sits on its bone is part of the setup: switch to "
                         "Setup mode to move it"));
  return TRUE;
}

gboolean
ossa_editor_set_attachment_offset (OssaEditor *self, guint slot, guint attachment,
                                   const OssaTransform *offset, guint64 merge_id, GError **error)
{
  OssaError err = { 0 };

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  if (refuse_in_animate (self, error))
    return FALSE;
  return _ossa_editor_run (self,
                           ossa_command_set_attachment_offset (self->document, slot, attachment,
                                                               offset, &err),
                           &err, merge_id, error);
}

gboolean
ossa_editor_set_attachment_size (OssaEditor *self, guint slot, guint attachment, double width,
                                 double height, guint64 merge_id, GError **error)
{
  OssaError err = { 0 };

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  if (refuse_in_animate (self, error))
    return FALSE;
  return _ossa_editor_run (self,
                           ossa_command_set_attachment_size (self->document, slot, attachment,
                                                             (float) width, (float) height, &err),
                           &err, merge_id, error);
}

gboolean
ossa_editor_remove_attachment (OssaEditor *self, guint slot, guint attachment, GError **error)
{
  OssaError err = { 0 };

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  return _ossa_editor_run (self,
                           ossa_command_remove_attachment (self->document, slot, attachment, &err),
                           &err, 0, error);
}

gboolean
ossa_editor_remove_image (OssaEditor *self, guint image, gboolean remove_attachments,
                          GError **error)
{
  OssaError err = { 0 };

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  return _ossa_editor_run (self,
                           ossa_command_remove_image (self->document, image, remove_attachments,
                                                      &err),
                           &err, 0, error);
}
