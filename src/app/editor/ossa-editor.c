/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-editor"

#include "config.h"

/* OssaEditor itself: the GObject (properties, signals, finalize), the document it
 * owns and replacing it (loading and saving are in ossa-editor-io.c), the mode and
 * the tool, and what every change of the document implies. The other parts are in
 * the ossa-editor-*.c beside it. */

#include <string.h>

#include <glib/gi18n.h>

#include "ossa-editor-private.h"

#define HISTORY_LIMIT 1000

G_DEFINE_FINAL_TYPE (OssaEditor, ossa_editor, G_TYPE_OBJECT)

enum
{
  DOCUMENT_CHANGED,
  SELECTION_CHANGED,
  KEY_SELECTION_CHANGED,
  SPIN_NOTICE_CHANGED,
  SAVED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
remember_structure (OssaEditor *self)
{
  const OssaSkeleton *skel = &self->document->skeleton;

  g_ptr_array_set_size (self->names, 0);
  g_array_set_size (self->parents, 0);
  for (gsize i = 0; i < skel->n_bones; i++)
    {
      g_ptr_array_add (self->names, g_strdup (skel->bones[i].name));
      g_array_append_val (self->parents, skel->bones[i].parent);
    }
}

static gboolean
structure_changed (OssaEditor *self)
{
  const OssaSkeleton *skel = &self->document->skeleton;

  if (skel->n_bones != self->names->len)
    return TRUE;
  for (gsize i = 0; i < skel->n_bones; i++)
    if (skel->bones[i].parent != g_array_index (self->parents, int32_t, i)
        || g_strcmp0 (skel->bones[i].name, g_ptr_array_index (self->names, i)) != 0)
      return TRUE;
  return FALSE;
}

void
_ossa_editor_notify (OssaEditor *self, OssaEditorProp prop)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

void
_ossa_editor_pose_changed (OssaEditor *self)
{
  g_signal_emit (self, signals[DOCUMENT_CHANGED], 0, (guint) OSSA_CHANGE_POSE);
}

void
_ossa_editor_selection_changed (OssaEditor *self)
{
  /* The canvas edits bones or an attachment, never both. */
  if (self->selection->len > 0)
    _ossa_editor_art_clear_selection (self);
  g_signal_emit (self, signals[SELECTION_CHANGED], 0);
}

void
_ossa_editor_key_selection_changed (OssaEditor *self)
{
  g_signal_emit (self, signals[KEY_SELECTION_CHANGED], 0);
}

void
_ossa_editor_spin_notice_changed (OssaEditor *self)
{
  g_signal_emit (self, signals[SPIN_NOTICE_CHANGED], 0);
}

void
_ossa_editor_saved (OssaEditor *self,
                    guint64     n_edits)
{
  g_signal_emit (self, signals[SAVED], 0, n_edits);
}

/* Everything a change of the document implies, then the signal. */
void
_ossa_editor_document_changed (OssaEditor *self, OssaChange change)
{
  int animation = _ossa_editor_clamp_animation (self, self->animation);

  if (change & OSSA_CHANGE_DOCUMENT)
    change |= OSSA_CHANGE_ALL;
  else if (structure_changed (self))
    change |= OSSA_CHANGE_STRUCTURE;
  {
    guint art_signature = _ossa_editor_art_signature (self);

    if (art_signature != self->art_signature)
      {
        self->art_signature = art_signature;
        change |= OSSA_CHANGE_ART;
      }
  }
  _ossa_editor_art_document_changed (self);
  if (_ossa_editor_ik_document_changed (self))
    change |= OSSA_CHANGE_IK;
  _ossa_editor_pins_document_changed (self);
  _ossa_editor_ik_drag_document_changed (self);
  if ((change & OSSA_CHANGE_STRUCTURE) && !(change & OSSA_CHANGE_DOCUMENT))
    {
      _ossa_editor_remap_selection (self);
      g_signal_emit (self, signals[SELECTION_CHANGED], 0);
    }
  if (change & (OSSA_CHANGE_STRUCTURE | OSSA_CHANGE_DOCUMENT))
    {
      remember_structure (self);
      _ossa_editor_clear_pending (self);
    }
  self->pose_stale = TRUE;
  if (animation != self->animation)
    {
      self->animation = animation;
      _ossa_editor_clear_pending (self);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANIMATION]);
    }
  /* Bone indices may have moved, or the keys belong to another animation now. */
  _ossa_editor_prune_key_selection (self,
                                    (change & (OSSA_CHANGE_STRUCTURE | OSSA_CHANGE_DOCUMENT)) != 0);
  _ossa_editor_notify_history (self);
  _ossa_editor_drop_spin_notice (self);
  g_signal_emit (self, signals[DOCUMENT_CHANGED], 0, (guint) change);
}

static void
ossa_editor_finalize (GObject *object)
{
  OssaEditor *self = OSSA_EDITOR (object);

  _ossa_editor_art_dispose (self);
  _ossa_editor_ik_finalize (self);
  _ossa_editor_pins_finalize (self);
  _ossa_editor_ik_drag_free (self);
  _ossa_editor_wait_for_snapshot (self);
  ossa_document_free (self->document);
  ossa_history_free (self->history);
  g_clear_object (&self->file);
  g_array_unref (self->selection);
  g_ptr_array_unref (self->names);
  g_array_unref (self->parents);
  g_array_unref (self->key_selection);
  g_array_unref (self->clipboard);
  ossa_pose_free (self->pose);
  ossa_pose_free (self->ik_pose);
  g_free (self->pending);
  g_free (self->pending_set);
  G_OBJECT_CLASS (ossa_editor_parent_class)->finalize (object);
}

static void
ossa_editor_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  OssaEditor *self = OSSA_EDITOR (object);

  switch (prop_id)
    {
    case PROP_MODE:
      g_value_set_int (value, self->mode);
      break;
    case PROP_TOOL:
      g_value_set_int (value, self->tool);
      break;
    case PROP_TIME:
      g_value_set_double (value, self->time);
      break;
    case PROP_ANIMATION:
      g_value_set_int (value, self->animation);
      break;
    case PROP_MODIFIED:
      g_value_set_boolean (value, self->modified);
      break;
    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, ossa_editor_can_undo (self));
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, ossa_editor_can_redo (self));
      break;
    case PROP_PLAYING:
      g_value_set_boolean (value, self->playing);
      break;
    case PROP_SPEED:
      g_value_set_double (value, self->speed);
      break;
    case PROP_AUTO_KEY:
      g_value_set_boolean (value, self->auto_key);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ossa_editor_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  OssaEditor *self = OSSA_EDITOR (object);

  switch (prop_id)
    {
    case PROP_MODE:
      ossa_editor_set_mode (self, (OssaEditMode) g_value_get_int (value));
      break;
    case PROP_TOOL:
      ossa_editor_set_tool (self, (OssaTool) g_value_get_int (value));
      break;
    case PROP_TIME:
      ossa_editor_set_time (self, g_value_get_double (value));
      break;
    case PROP_ANIMATION:
      ossa_editor_set_animation (self, g_value_get_int (value));
      break;
    case PROP_PLAYING:
      ossa_editor_set_playing (self, g_value_get_boolean (value));
      break;
    case PROP_SPEED:
      ossa_editor_set_speed (self, g_value_get_double (value));
      break;
    case PROP_AUTO_KEY:
      ossa_editor_set_auto_key (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ossa_editor_class_init (OssaEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->finalize = ossa_editor_finalize;
  _ossa_editor_art_class_init (object_class);
  _ossa_editor_ik_class_init (object_class);
  _ossa_editor_pins_class_init (object_class);
  object_class->get_property = ossa_editor_get_property;
  object_class->set_property = ossa_editor_set_property;

  properties[PROP_MODE] = g_param_spec_int ("mode", NULL, NULL, OSSA_EDIT_MODE_SETUP,
                                            OSSA_EDIT_MODE_ANIMATE, OSSA_EDIT_MODE_SETUP, rw);
  properties[PROP_TOOL] = g_param_spec_int ("tool", NULL, NULL, OSSA_TOOL_ROTATE,
                                            OSSA_TOOL_IK, OSSA_TOOL_ROTATE, rw);
  properties[PROP_TIME] = g_param_spec_double ("time", NULL, NULL, 0, G_MAXDOUBLE, 0, rw);
  properties[PROP_ANIMATION] = g_param_spec_int ("animation", NULL, NULL, -1, G_MAXINT, -1, rw);
  properties[PROP_MODIFIED] = g_param_spec_boolean ("modified", NULL, NULL, FALSE, ro);
  properties[PROP_FILE] = g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE, ro);
  properties[PROP_CAN_UNDO] = g_param_spec_boolean ("can-undo", NULL, NULL, FALSE, ro);
  properties[PROP_CAN_REDO] = g_param_spec_boolean ("can-redo", NULL, NULL, FALSE, ro);
  properties[PROP_PLAYING] = g_param_spec_boolean ("playing", NULL, NULL, FALSE, rw);
  properties[PROP_SPEED] = g_param_spec_double ("speed", NULL, NULL, OSSA_EDITOR_SPEED_MIN,
                                                OSSA_EDITOR_SPEED_MAX, 1.0, rw);
  properties[PROP_AUTO_KEY] = g_param_spec_boolean ("auto-key", NULL, NULL, TRUE, rw);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * OssaEditor::document-changed:
   * @change: the #OssaChange flags of what changed
   */
  signals[DOCUMENT_CHANGED] = g_signal_new ("document-changed", G_TYPE_FROM_CLASS (klass),
                                            G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                            G_TYPE_NONE, 1, G_TYPE_UINT);
  signals[SELECTION_CHANGED] = g_signal_new ("selection-changed", G_TYPE_FROM_CLASS (klass),
                                             G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                             G_TYPE_NONE, 0);
  /**
   * OssaEditor::key-selection-changed:
   *
   * The selected keys changed (picked, moved, or gone with an edit).
   */
  signals[KEY_SELECTION_CHANGED] = g_signal_new ("key-selection-changed",
                                                 G_TYPE_FROM_CLASS (klass),
                                                 G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                                 G_TYPE_NONE, 0);
  /**
   * OssaEditor::spin-notice-changed:
   *
   * A spin notice came or went: see ossa_editor_get_spin_notice().
   */
  signals[SPIN_NOTICE_CHANGED] = g_signal_new ("spin-notice-changed", G_TYPE_FROM_CLASS (klass),
                                               G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                               G_TYPE_NONE, 0);
  /**
   * OssaEditor::saved:
   * @n_edits: ossa_editor_get_n_edits() when the document written was taken
   *
   * A save wrote the document to its file (after modified and can-undo were
   * notified). Edits made while it wrote, if any, are changes since.
   */
  signals[SAVED] = g_signal_new ("saved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                 NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT64);
}

static void
ossa_editor_init (OssaEditor *self)
{
  self->document = ossa_document_new ();
  self->history = ossa_history_new (HISTORY_LIMIT);
  if (self->document == NULL || self->history == NULL)
    g_error ("out of memory");
  self->selection = g_array_new (FALSE, FALSE, sizeof (guint));
  self->names = g_ptr_array_new_with_free_func (g_free);
  self->parents = g_array_new (FALSE, FALSE, sizeof (int32_t));
  self->primary = -1;
  self->animation = -1;
  self->pose = ossa_pose_new (&self->document->skeleton, NULL);
  if (self->pose == NULL)
    g_error ("out of memory");
  self->pose_stale = TRUE;
  self->key_selection = g_array_new (FALSE, FALSE, sizeof (OssaKeyRef));
  self->clipboard = g_array_new (FALSE, FALSE, sizeof (OssaClipKey));
  self->speed = 1.0;
  self->auto_key = TRUE;
  _ossa_editor_art_init (self);
  _ossa_editor_ik_init (self);
  _ossa_editor_pins_init (self);
}

OssaEditor *
ossa_editor_new (void)
{
  return g_object_new (OSSA_TYPE_EDITOR, NULL);
}

const OssaDocument *
ossa_editor_get_document (OssaEditor *self)
{
  g_return_val_if_fail (OSSA_IS_EDITOR (self), NULL);
  return self->document;
}

/**
 * ossa_editor_get_file:
 *
 * Returns: (transfer none) (nullable): where the document was loaded from or last
 * saved to; %NULL for a new document
 */
GFile *
ossa_editor_get_file (OssaEditor *self)
{
  g_return_val_if_fail (OSSA_IS_EDITOR (self), NULL);
  return self->file;
}

gboolean
ossa_editor_get_modified (OssaEditor *self)
{
  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  return self->modified;
}

/**
 * ossa_editor_dup_display_name:
 *
 * Returns: (transfer full): the name for the title: "humanoid" for humanoid.ossa,
 * "Untitled" for a new document
 */
char *
ossa_editor_dup_display_name (OssaEditor *self)
{
  g_autofree char *basename = NULL;
  char *display;
  gsize len;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), NULL);
  if (self->file == NULL)
    return g_strdup (_("Untitled"));
  basename = g_file_get_basename (self->file);
  display = g_filename_display_name (basename);
  len = strlen (display);
  if (len > 5 && g_ascii_strcasecmp (display + len - 5, ".ossa") == 0)
    display[len - 5] = '\0';
  return display;
}

void
_ossa_editor_replace_document (OssaEditor *self, OssaDocument *doc, GFile *file,
                               gboolean never_saved)
{
  /* A big document takes a while to free: not on the main thread (and not
   * while a save copies it). */
  _ossa_editor_wait_for_snapshot (self);
  _ossa_editor_free_document_later (g_steal_pointer (&self->document));
  self->document = doc;
  ossa_history_clear (self->history);
  ossa_history_mark_saved (self->history);
  self->never_saved = never_saved;
  /* A save still running wrote the document before this one: it no longer
   * says anything about this one. */
  self->generation++;
  self->saving_modified = FALSE;
  self->save_point_lost = FALSE;
  self->stamp.known = FALSE;
  g_set_object (&self->file, file);
  g_array_set_size (self->selection, 0);
  self->primary = -1;
  self->time = 0;
  self->animation = doc->n_animations > 0 ? 0 : -1;
  ossa_editor_set_playing (self, FALSE);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TIME]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANIMATION]);
  g_signal_emit (self, signals[SELECTION_CHANGED], 0);
  _ossa_editor_document_changed (self, OSSA_CHANGE_DOCUMENT);
}

void
ossa_editor_new_document (OssaEditor *self)
{
  OssaDocument *doc;

  g_return_if_fail (OSSA_IS_EDITOR (self));
  doc = ossa_document_new ();
  if (doc == NULL)
    g_error ("out of memory");
  _ossa_editor_replace_document (self, doc, NULL, FALSE);
}

/**
 * ossa_editor_take_document:
 * @document: (transfer full): a valid document made elsewhere (an import)
 *
 * Replaces the document with @document, untitled and with an empty history. As it
 * exists nowhere on disk, it counts as modified until it is saved.
 */
void
ossa_editor_take_document (OssaEditor *self, OssaDocument *document)
{
  g_return_if_fail (OSSA_IS_EDITOR (self));
  g_return_if_fail (document != NULL);
  _ossa_editor_replace_document (self, document, NULL, TRUE);
}

void
ossa_editor_take_copy (OssaEditor *self, OssaDocument *document, GFile *folder)
{
  g_return_if_fail (OSSA_IS_EDITOR (self));
  g_return_if_fail (document != NULL);
  _ossa_editor_absolute_image_paths (document, folder);
  _ossa_editor_replace_document (self, document, NULL, TRUE);
}

OssaEditMode
ossa_editor_get_mode (OssaEditor *self)
{
  g_return_val_if_fail (OSSA_IS_EDITOR (self), OSSA_EDIT_MODE_SETUP);
  return self->mode;
}

void
ossa_editor_set_mode (OssaEditor *self, OssaEditMode mode)
{
  g_return_if_fail (OSSA_IS_EDITOR (self));
  if (self->mode == mode)
    return;
  self->mode = mode;
  _ossa_editor_clear_pending (self);
  _ossa_editor_drop_spin_notice (self);
  self->pose_stale = TRUE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODE]);
  _ossa_editor_pose_changed (self);
}

OssaTool
ossa_editor_get_tool (OssaEditor *self)
{
  g_return_val_if_fail (OSSA_IS_EDITOR (self), OSSA_TOOL_ROTATE);
  return self->tool;
}

void
ossa_editor_set_tool (OssaEditor *self, OssaTool tool)
{
  g_return_if_fail (OSSA_IS_EDITOR (self));
  if (self->tool == tool)
    return;
  self->tool = tool;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TOOL]);
}
