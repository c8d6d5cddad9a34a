/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-editor"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "ossa-history.h"
#include "ossa-io.h"
#include "ossa-pose.h"

#include "ossa-editor.h"
#include "ossa-gerror.h"

#define HISTORY_LIMIT 1000
#define SPEED_MIN 0.25
#define SPEED_MAX 2.0
/* What a new animation starts with. */
#define NEW_ANIMATION_DURATION 1.0f
#define NEW_ANIMATION_FPS 30.0f

/* A copied key: its bone and channel, and the key with its time relative to the
 * earliest copied key. */
typedef struct
{
  guint       bone;
  OssaChannel channel;
  OssaKey     key;
} ClipKey;

struct _OssaEditor
{
  GObject        parent_instance;

  OssaDocument  *document;
  OssaHistory   *history;
  GFile         *file;
  gboolean       modified;      /* as last notified */
  gboolean       never_saved;   /* made elsewhere (an import): unsaved until saved */
  guint64        last_merge_id;

  GArray        *selection;     /* guint, ascending */
  int            primary;

  OssaEditMode   mode;
  OssaTool       tool;
  double         time;
  int            animation;

  /* The pose on show, recomputed when stale. */
  OssaTransform *local;
  OssaXform     *world;
  gsize          pose_capacity;
  gboolean       pose_stale;

  /* Names and parents as of the last change, to tell structure edits apart. */
  GPtrArray     *names;
  GArray        *parents;

  /* Keys of the current animation picked in the timeline (OssaKeyRef, sorted by
   * bone, channel and time), and the keys last copied (ClipKey). */
  GArray        *key_selection;
  GArray        *clipboard;

  gboolean       playing;
  double         speed;
  gboolean       auto_key;

  /* Animate mode with auto-key off: the pose edits not keyed yet, shown over the
   * sampled pose until the playhead, the animation or the mode changes. */
  OssaTransform *pending;
  guint8        *pending_set;
  gsize          pending_capacity;
  gsize          n_pending;

  /* > 0 inside a multi-key edit: the change is announced once, at its end. */
  guint          batch;
  guint          batch_change;
};

G_DEFINE_FINAL_TYPE (OssaEditor, ossa_editor, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_MODE,
  PROP_TOOL,
  PROP_TIME,
  PROP_ANIMATION,
  PROP_MODIFIED,
  PROP_FILE,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_PLAYING,
  PROP_SPEED,
  PROP_AUTO_KEY,
  N_PROPS
};

enum
{
  DOCUMENT_CHANGED,
  SELECTION_CHANGED,
  KEY_SELECTION_CHANGED,
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

static int
compare_bones (gconstpointer a, gconstpointer b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;

  return (x > y) - (x < y);
}

/* After a structure edit, the selected bones are found again by name (indices move
 * when bones are removed or reordered); bones that are gone drop out. */
static void
remap_selection (OssaEditor *self)
{
  const OssaSkeleton *skel = &self->document->skeleton;
  g_autoptr (GArray) kept = g_array_new (FALSE, FALSE, sizeof (guint));
  int primary = -1;

  for (guint i = 0; i < self->selection->len; i++)
    {
      guint old = g_array_index (self->selection, guint, i);
      const char *name = old < self->names->len ? g_ptr_array_index (self->names, old) : NULL;
      ssize_t now = name != NULL ? ossa_skeleton_find_bone (skel, name) : -1;

      /* Renamed in place: same bones, same order. */
      if (now < 0 && name != NULL && skel->n_bones == self->names->len)
        now = (ssize_t) old;

      if (now < 0)
        continue;
      g_array_append_val (kept, now);
      if ((int) old == self->primary)
        primary = (int) now;
    }
  g_array_sort (kept, compare_bones);
  g_array_set_size (self->selection, 0);
  g_array_append_vals (self->selection, kept->data, kept->len);
  self->primary = primary;
}

static void
ensure_pose_capacity (OssaEditor *self)
{
  gsize n = self->document->skeleton.n_bones;

  if (n <= self->pose_capacity && self->local != NULL)
    return;
  self->pose_capacity = MAX (n, 16);
  self->local = g_renew (OssaTransform, self->local, self->pose_capacity);
  self->world = g_renew (OssaXform, self->world, self->pose_capacity);
}

static void
update_pose (OssaEditor *self)
{
  const OssaDocument *doc = self->document;

  ensure_pose_capacity (self);
  if (self->mode == OSSA_EDIT_MODE_ANIMATE && self->animation >= 0
      && (gsize) self->animation < doc->n_animations)
    ossa_animation_sample_pose (&doc->animations[self->animation], &doc->skeleton,
                                (float) self->time, self->local);
  else
    for (gsize i = 0; i < doc->skeleton.n_bones; i++)
      self->local[i] = doc->skeleton.bones[i].rest;
  if (self->mode == OSSA_EDIT_MODE_ANIMATE && self->n_pending > 0)
    for (gsize i = 0; i < doc->skeleton.n_bones && i < self->pending_capacity; i++)
      if (self->pending_set[i])
        self->local[i] = self->pending[i];
  ossa_pose_compute_world (&doc->skeleton, self->local, self->world);
  self->pose_stale = FALSE;
}

static void
notify_history (OssaEditor *self)
{
  gboolean modified = self->never_saved || ossa_history_is_modified (self->history);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
  if (modified != self->modified)
    {
      self->modified = modified;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODIFIED]);
    }
}

static int
clamp_animation (OssaEditor *self, int animation)
{
  if (self->document->n_animations == 0)
    return -1;
  return CLAMP (animation, 0, (int) self->document->n_animations - 1);
}

static void clear_pending (OssaEditor *self);
static void prune_key_selection (OssaEditor *self, gboolean clear);

/* Everything a change of the document implies, then the signal. */
static void
document_changed (OssaEditor *self, OssaChange change)
{
  int animation = clamp_animation (self, self->animation);

  if (change & OSSA_CHANGE_DOCUMENT)
    change |= OSSA_CHANGE_ALL;
  else if (structure_changed (self))
    change |= OSSA_CHANGE_STRUCTURE;
  if ((change & OSSA_CHANGE_STRUCTURE) && !(change & OSSA_CHANGE_DOCUMENT))
    {
      remap_selection (self);
      g_signal_emit (self, signals[SELECTION_CHANGED], 0);
    }
  if (change & (OSSA_CHANGE_STRUCTURE | OSSA_CHANGE_DOCUMENT))
    {
      remember_structure (self);
      clear_pending (self);
    }
  self->pose_stale = TRUE;
  if (animation != self->animation)
    {
      self->animation = animation;
      clear_pending (self);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANIMATION]);
    }
  /* Bone indices may have moved, or the keys belong to another animation now. */
  prune_key_selection (self, (change & (OSSA_CHANGE_STRUCTURE | OSSA_CHANGE_DOCUMENT)) != 0);
  notify_history (self);
  g_signal_emit (self, signals[DOCUMENT_CHANGED], 0, (guint) change);
}

static void
ossa_editor_finalize (GObject *object)
{
  OssaEditor *self = OSSA_EDITOR (object);

  ossa_document_free (self->document);
  ossa_history_free (self->history);
  g_clear_object (&self->file);
  g_array_unref (self->selection);
  g_ptr_array_unref (self->names);
  g_array_unref (self->parents);
  g_array_unref (self->key_selection);
  g_array_unref (self->clipboard);
  g_free (self->local);
  g_free (self->world);
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
  object_class->get_property = ossa_editor_get_property;
  object_class->set_property = ossa_editor_set_property;

  properties[PROP_MODE] = g_param_spec_int ("mode", NULL, NULL, OSSA_EDIT_MODE_SETUP,
                                            OSSA_EDIT_MODE_ANIMATE, OSSA_EDIT_MODE_SETUP, rw);
  properties[PROP_TOOL] = g_param_spec_int ("tool", NULL, NULL, OSSA_TOOL_ROTATE,
                                            OSSA_TOOL_CREATE, OSSA_TOOL_ROTATE, rw);
  properties[PROP_TIME] = g_param_spec_double ("time", NULL, NULL, 0, G_MAXDOUBLE, 0, rw);
  properties[PROP_ANIMATION] = g_param_spec_int ("animation", NULL, NULL, -1, G_MAXINT, -1, rw);
  properties[PROP_MODIFIED] = g_param_spec_boolean ("modified", NULL, NULL, FALSE, ro);
  properties[PROP_FILE] = g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE, ro);
  properties[PROP_CAN_UNDO] = g_param_spec_boolean ("can-undo", NULL, NULL, FALSE, ro);
  properties[PROP_CAN_REDO] = g_param_spec_boolean ("can-redo", NULL, NULL, FALSE, ro);
  properties[PROP_PLAYING] = g_param_spec_boolean ("playing", NULL, NULL, FALSE, rw);
  properties[PROP_SPEED] = g_param_spec_double ("speed", NULL, NULL, SPEED_MIN, SPEED_MAX, 1.0, rw);
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
  self->pose_stale = TRUE;
  self->key_selection = g_array_new (FALSE, FALSE, sizeof (OssaKeyRef));
  self->clipboard = g_array_new (FALSE, FALSE, sizeof (ClipKey));
  self->speed = 1.0;
  self->auto_key = TRUE;
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

static void
replace_document (OssaEditor *self, OssaDocument *doc, GFile *file, gboolean never_saved)
{
  ossa_document_free (self->document);
  self->document = doc;
  ossa_history_clear (self->history);
  ossa_history_mark_saved (self->history);
  self->never_saved = never_saved;
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
  document_changed (self, OSSA_CHANGE_DOCUMENT);
}

void
ossa_editor_new_document (OssaEditor *self)
{
  OssaDocument *doc;

  g_return_if_fail (OSSA_IS_EDITOR (self));
  doc = ossa_document_new ();
  if (doc == NULL)
    g_error ("out of memory");
  replace_document (self, doc, NULL, FALSE);
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
  replace_document (self, document, NULL, TRUE);
}

/**
 * ossa_editor_load:
 *
 * Opens @file. On failure the open document stays as it was and @error holds the
 * core's message, naming the file.
 */
gboolean
ossa_editor_load (OssaEditor *self, GFile *file, GError **error)
{
  g_autofree char *path = NULL;
  OssaDocument *doc;
  OssaError err = { 0 };

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("%s: only local files can be opened"), uri);
      return FALSE;
    }
  doc = ossa_document_load (path, &err);
  if (doc == NULL)
    {
      ossa_gerror_set_from_core (error, &err);
      return FALSE;
    }
  replace_document (self, doc, file, FALSE);
  return TRUE;
}

/**
 * ossa_editor_save:
 *
 * Writes the document to @file atomically. On success @file becomes the document's
 * file and the document counts as saved; on failure nothing changes (the old file on
 * disk included) and @error says why.
 */
gboolean
ossa_editor_save (OssaEditor *self, GFile *file, GError **error)
{
  g_autofree char *path = NULL;
  OssaError err = { 0 };

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("%s: only local files can be saved"), uri);
      return FALSE;
    }
  if (!ossa_document_save (self->document, path, &err))
    {
      ossa_gerror_set_from_core (error, &err);
      return FALSE;
    }
  ossa_history_mark_saved (self->history);
  self->never_saved = FALSE;
  if (self->file == NULL || !g_file_equal (self->file, file))
    {
      g_set_object (&self->file, file);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
    }
  notify_history (self);
  return TRUE;
}

/**
 * ossa_editor_execute:
 * @command: (transfer full): the edit
 *
 * Applies @command through the undo history. On failure the document is unchanged.
 */
gboolean
ossa_editor_execute (OssaEditor *self, OssaCommand *command, GError **error)
{
  OssaError err = { 0 };

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  g_return_val_if_fail (command != NULL, FALSE);
  if (!ossa_history_execute (self->history, self->document, command, &err))
    {
      ossa_gerror_set_from_core (error, &err);
      return FALSE;
    }
  if (self->batch > 0)
    {
      self->batch_change |= OSSA_CHANGE_POSE | OSSA_CHANGE_ANIMATIONS;
      return TRUE;
    }
  document_changed (self, OSSA_CHANGE_POSE | OSSA_CHANGE_ANIMATIONS);
  return TRUE;
}

void
ossa_editor_begin_group (OssaEditor *self, const char *label)
{
  g_return_if_fail (OSSA_IS_EDITOR (self));
  ossa_history_begin_group (self->history, label);
}

void
ossa_editor_end_group (OssaEditor *self)
{
  g_return_if_fail (OSSA_IS_EDITOR (self));
  ossa_history_end_group (self->history);
  notify_history (self);
}

/* A fresh id for one drag: every command of the drag carries it. */
guint64
ossa_editor_new_merge_id (OssaEditor *self)
{
  g_return_val_if_fail (OSSA_IS_EDITOR (self), 0);
  return ++self->last_merge_id;
}

gboolean
ossa_editor_can_undo (OssaEditor *self)
{
  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  return ossa_history_can_undo (self->history);
}

gboolean
ossa_editor_can_redo (OssaEditor *self)
{
  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  return ossa_history_can_redo (self->history);
}

const char *
ossa_editor_get_undo_label (OssaEditor *self)
{
  g_return_val_if_fail (OSSA_IS_EDITOR (self), NULL);
  return ossa_history_undo_label (self->history);
}

const char *
ossa_editor_get_redo_label (OssaEditor *self)
{
  g_return_val_if_fail (OSSA_IS_EDITOR (self), NULL);
  return ossa_history_redo_label (self->history);
}

gboolean
ossa_editor_undo (OssaEditor *self, GError **error)
{
  OssaError err = { 0 };

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  if (!ossa_history_undo (self->history, self->document, &err))
    {
      ossa_gerror_set_from_core (error, &err);
      return FALSE;
    }
  document_changed (self, OSSA_CHANGE_POSE | OSSA_CHANGE_ANIMATIONS);
  return TRUE;
}

gboolean
ossa_editor_redo (OssaEditor *self, GError **error)
{
  OssaError err = { 0 };

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  if (!ossa_history_redo (self->history, self->document, &err))
    {
      ossa_gerror_set_from_core (error, &err);
      return FALSE;
    }
  document_changed (self, OSSA_CHANGE_POSE | OSSA_CHANGE_ANIMATIONS);
  return TRUE;
}

/* Animate mode: a key at the playhead for each channel the edit changes. */
static gboolean
key_bone_local (OssaEditor *self, guint bone, const OssaTransform *local, guint64 merge_id,
                GError **error)
{
  const OssaAnimation *anim;
  const OssaTransform *shown = &ossa_editor_get_local (self)[bone];
  OssaCommand *commands[OSSA_N_CHANNELS];
  gsize n = 0;
  gboolean ok = TRUE;

  if (self->animation < 0)
    {
      g_set_error_literal (error, OSSA_CORE_ERROR, OSSA_ERROR_INVALID,
                           _("There is no animation to key: create one first"));
      return FALSE;
    }
  anim = &self->document->animations[self->animation];
  for (int c = 0; c < OSSA_N_CHANNELS; c++)
    {
      float value = ossa_transform_get_channel (local, (OssaChannel) c);
      const OssaTrack *track;
      OssaKey key;
      ssize_t at;
      OssaError err = { 0 };

      if (value == ossa_transform_get_channel (shown, (OssaChannel) c))
        continue;
      track = ossa_animation_find_track (anim, bone, (OssaChannel) c);
      at = track != NULL ? ossa_track_find_key (track, (float) self->time) : -1;
      key = at >= 0 ? ossa_track_get_key (track, (size_t) at)
                    : ossa_key_make ((float) self->time, value);
      key.value = value;
      commands[n] = ossa_command_set_key (self->document, (size_t) self->animation, bone,
                                          (OssaChannel) c, &key, &err);
      if (commands[n] == NULL)
        {
          ossa_gerror_set_from_core (error, &err);
          for (gsize i = 0; i < n; i++)
            ossa_command_free (commands[i]);
          return FALSE;
        }
      ossa_command_set_merge_id (commands[n], merge_id);
      n++;
    }
  /* Keys of different channels are independent, so each is built against the
   * document as it is and applied in turn. */
  if (n > 1)
    ossa_editor_begin_group (self, _("Key Bone"));
  for (gsize i = 0; i < n; i++)
    if (ok)
      ok = ossa_editor_execute (self, commands[i], error);
    else
      ossa_command_free (commands[i]);
  if (n > 1)
    ossa_editor_end_group (self);
  return ok;
}

/* Auto-key off: the edit shows, unkeyed, until K keys it or the playhead moves. */
static void
set_pending (OssaEditor *self, guint bone, const OssaTransform *local)
{
  gsize n = self->document->skeleton.n_bones;

  if (n > self->pending_capacity)
    {
      gsize old = self->pending_capacity;

      self->pending_capacity = MAX (n, 16);
      self->pending = g_renew (OssaTransform, self->pending, self->pending_capacity);
      self->pending_set = g_renew (guint8, self->pending_set, self->pending_capacity);
      memset (self->pending_set + old, 0, self->pending_capacity - old);
    }
  if (!self->pending_set[bone])
    self->n_pending++;
  self->pending_set[bone] = TRUE;
  self->pending[bone] = *local;
  self->pose_stale = TRUE;
  g_signal_emit (self, signals[DOCUMENT_CHANGED], 0, (guint) OSSA_CHANGE_POSE);
}

static void
clear_pending (OssaEditor *self)
{
  if (self->n_pending == 0)
    return;
  memset (self->pending_set, 0, self->pending_capacity);
  self->n_pending = 0;
  self->pose_stale = TRUE;
}

gboolean
ossa_editor_set_bone_local (OssaEditor *self, guint bone, const OssaTransform *local,
                            guint64 merge_id, GError **error)
{
  OssaCommand *command;
  OssaError err = { 0 };

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  g_return_val_if_fail (local != NULL, FALSE);
  if (bone >= self->document->skeleton.n_bones)
    {
      g_set_error (error, OSSA_CORE_ERROR, OSSA_ERROR_INVALID, _("There is no bone %u"), bone);
      return FALSE;
    }
  if (self->mode == OSSA_EDIT_MODE_ANIMATE && !self->auto_key)
    {
      set_pending (self, bone, local);
      return TRUE;
    }
  if (self->mode == OSSA_EDIT_MODE_ANIMATE)
    return key_bone_local (self, bone, local, merge_id, error);
  command = ossa_command_set_bone_rest (self->document, bone, local, &err);
  if (command == NULL)
    {
      ossa_gerror_set_from_core (error, &err);
      return FALSE;
    }
  ossa_command_set_merge_id (command, merge_id);
  return ossa_editor_execute (self, command, error);
}

/**
 * ossa_editor_get_selection:
 *
 * Returns: (array length=n_selected): the selected bones, ascending
 */
const guint *
ossa_editor_get_selection (OssaEditor *self, gsize *n_selected)
{
  g_return_val_if_fail (OSSA_IS_EDITOR (self), NULL);
  *n_selected = self->selection->len;
  return (const guint *) self->selection->data;
}

static int
find_selected (OssaEditor *self, guint bone)
{
  guint lo = 0, hi = self->selection->len;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      guint at = g_array_index (self->selection, guint, mid);

      if (at == bone)
        return (int) mid;
      if (at < bone)
        lo = mid + 1;
      else
        hi = mid;
    }
  return -(int) lo - 1;
}

gboolean
ossa_editor_is_selected (OssaEditor *self, guint bone)
{
  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  return find_selected (self, bone) >= 0;
}

int
ossa_editor_get_primary (OssaEditor *self)
{
  g_return_val_if_fail (OSSA_IS_EDITOR (self), -1);
  return self->primary;
}

static gboolean
add_selected (OssaEditor *self, guint bone)
{
  int at = find_selected (self, bone);

  if (bone >= self->document->skeleton.n_bones)
    return FALSE;
  self->primary = (int) bone;
  if (at < 0)
    g_array_insert_val (self->selection, (guint) (-at - 1), bone);
  return TRUE;
}

/**
 * ossa_editor_select:
 * @bones: (array length=n_bones): bones to select; the last becomes the primary one
 * @extend: add to the selection instead of replacing it
 */
void
ossa_editor_select (OssaEditor *self, const guint *bones, gsize n_bones, gboolean extend)
{
  g_return_if_fail (OSSA_IS_EDITOR (self));
  if (!extend)
    {
      g_array_set_size (self->selection, 0);
      self->primary = -1;
    }
  for (gsize i = 0; i < n_bones; i++)
    add_selected (self, bones[i]);
  g_signal_emit (self, signals[SELECTION_CHANGED], 0);
}

void
ossa_editor_toggle_selected (OssaEditor *self, guint bone)
{
  int at;

  g_return_if_fail (OSSA_IS_EDITOR (self));
  at = find_selected (self, bone);
  if (at >= 0)
    {
      g_array_remove_index (self->selection, (guint) at);
      if (self->primary == (int) bone)
        self->primary = self->selection->len > 0
                          ? (int) g_array_index (self->selection, guint, self->selection->len - 1)
                          : -1;
    }
  else if (!add_selected (self, bone))
    return;
  g_signal_emit (self, signals[SELECTION_CHANGED], 0);
}

void
ossa_editor_clear_selection (OssaEditor *self)
{
  g_return_if_fail (OSSA_IS_EDITOR (self));
  if (self->selection->len == 0)
    return;
  g_array_set_size (self->selection, 0);
  self->primary = -1;
  g_signal_emit (self, signals[SELECTION_CHANGED], 0);
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
  clear_pending (self);
  self->pose_stale = TRUE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODE]);
  g_signal_emit (self, signals[DOCUMENT_CHANGED], 0, (guint) OSSA_CHANGE_POSE);
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

double
ossa_editor_get_time (OssaEditor *self)
{
  g_return_val_if_fail (OSSA_IS_EDITOR (self), 0);
  return self->time;
}

void
ossa_editor_set_time (OssaEditor *self, double time)
{
  g_return_if_fail (OSSA_IS_EDITOR (self));
  if (!(time >= 0))
    time = 0;
  if (self->time == time)
    return;
  self->time = time;
  clear_pending (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TIME]);
  if (self->mode == OSSA_EDIT_MODE_ANIMATE)
    {
      self->pose_stale = TRUE;
      g_signal_emit (self, signals[DOCUMENT_CHANGED], 0, (guint) OSSA_CHANGE_POSE);
    }
}

int
ossa_editor_get_animation (OssaEditor *self)
{
  g_return_val_if_fail (OSSA_IS_EDITOR (self), -1);
  return self->animation;
}

void
ossa_editor_set_animation (OssaEditor *self, int animation)
{
  g_return_if_fail (OSSA_IS_EDITOR (self));
  animation = clamp_animation (self, animation);
  if (self->animation == animation)
    return;
  self->animation = animation;
  clear_pending (self);
  self->pose_stale = TRUE;
  prune_key_selection (self, TRUE);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANIMATION]);
  g_signal_emit (self, signals[DOCUMENT_CHANGED], 0, (guint) OSSA_CHANGE_POSE);
}

const OssaTransform *
ossa_editor_get_local (OssaEditor *self)
{
  g_return_val_if_fail (OSSA_IS_EDITOR (self), NULL);
  if (self->pose_stale)
    update_pose (self);
  return self->local;
}

const OssaXform *
ossa_editor_get_world (OssaEditor *self)
{
  g_return_val_if_fail (OSSA_IS_EDITOR (self), NULL);
  if (self->pose_stale)
    update_pose (self);
  return self->world;
}

/* ---- playback ---- */

gboolean
ossa_editor_get_playing (OssaEditor *self)
{
  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  return self->playing;
}

/**
 * ossa_editor_set_playing:
 *
 * Starts or stops playback. The editor only holds the state: the timeline moves
 * the playhead with its frame clock while it is set.
 */
void
ossa_editor_set_playing (OssaEditor *self, gboolean playing)
{
  g_return_if_fail (OSSA_IS_EDITOR (self));
  playing = !!playing;
  if (self->playing == playing)
    return;
  self->playing = playing;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLAYING]);
}

double
ossa_editor_get_speed (OssaEditor *self)
{
  g_return_val_if_fail (OSSA_IS_EDITOR (self), 1.0);
  return self->speed;
}

/**
 * ossa_editor_set_speed:
 * @speed: playback speed, 1.0 = real time; clamped to 0.25–2
 */
void
ossa_editor_set_speed (OssaEditor *self, double speed)
{
  g_return_if_fail (OSSA_IS_EDITOR (self));
  if (!isfinite (speed))
    speed = 1.0;
  speed = CLAMP (speed, SPEED_MIN, SPEED_MAX);
  if (self->speed == speed)
    return;
  self->speed = speed;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SPEED]);
}

gboolean
ossa_editor_get_auto_key (OssaEditor *self)
{
  g_return_val_if_fail (OSSA_IS_EDITOR (self), TRUE);
  return self->auto_key;
}

/**
 * ossa_editor_set_auto_key:
 *
 * With auto-key on (the default), a pose edit in Animate mode keys the channels it
 * changes at the playhead. Off, the edit is only shown until
 * ossa_editor_key_bones() keys it or the playhead moves.
 */
void
ossa_editor_set_auto_key (OssaEditor *self, gboolean auto_key)
{
  g_return_if_fail (OSSA_IS_EDITOR (self));
  auto_key = !!auto_key;
  if (self->auto_key == auto_key)
    return;
  self->auto_key = auto_key;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_AUTO_KEY]);
}

/* ---- the current animation and the playhead ---- */

static const OssaAnimation *
current_animation (OssaEditor *self)
{
  if (self->animation < 0 || (gsize) self->animation >= self->document->n_animations)
    return NULL;
  return &self->document->animations[self->animation];
}

/**
 * ossa_editor_get_frame_rate:
 *
 * Returns: the current animation's frame rate, or 30 when there is none
 */
double
ossa_editor_get_frame_rate (OssaEditor *self)
{
  const OssaAnimation *anim;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), NEW_ANIMATION_FPS);
  anim = current_animation (self);
  return anim != NULL && anim->fps > 0 ? anim->fps : NEW_ANIMATION_FPS;
}

/**
 * ossa_editor_get_end_time:
 *
 * Returns: where the current animation ends, seconds: its duration, or its last
 *   key when the duration is 0; 0 without an animation
 */
double
ossa_editor_get_end_time (OssaEditor *self)
{
  const OssaAnimation *anim;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), 0);
  anim = current_animation (self);
  if (anim == NULL)
    return 0;
  if (anim->duration > 0)
    return anim->duration;
  return ossa_animation_last_key_time (anim);
}

/* A time on the current animation's frame grid. */
static double
snap_time (OssaEditor *self, double t)
{
  double fps = ossa_editor_get_frame_rate (self);

  return round (t * fps) / fps;
}

/**
 * ossa_editor_step_frames:
 * @frames: how many frames to move the playhead, negative for backwards
 *
 * Puts the playhead @frames frames from the frame it is on (or nearest to),
 * never before 0.
 */
void
ossa_editor_step_frames (OssaEditor *self, int frames)
{
  double fps;
  double frame;

  g_return_if_fail (OSSA_IS_EDITOR (self));
  fps = ossa_editor_get_frame_rate (self);
  frame = round (self->time * fps) + frames;
  ossa_editor_set_time (self, MAX (frame, 0) / fps);
}

/**
 * ossa_editor_seek_key:
 * @direction: > 0 for the next key, < 0 for the previous one
 *
 * Moves the playhead to the nearest key after (or before) it among the selected
 * bones' keys, or all keys of the current animation when no bone is selected.
 *
 * Returns: whether there was such a key
 */
gboolean
ossa_editor_seek_key (OssaEditor *self, int direction)
{
  const OssaAnimation *anim;
  const double eps = 1e-6;
  double best = direction > 0 ? INFINITY : -INFINITY;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  anim = current_animation (self);
  if (anim == NULL || direction == 0)
    return FALSE;
  for (gsize i = 0; i < anim->n_tracks; i++)
    {
      const OssaTrack *track = &anim->tracks[i];
      ssize_t k;

      if (track->n_keys == 0
          || (self->selection->len > 0 && !ossa_editor_is_selected (self, track->bone)))
        continue;
      if (direction > 0)
        {
          k = ossa_track_key_before (track, (float) (self->time + eps)) + 1;
          if ((gsize) k < track->n_keys && track->times[k] > self->time + eps)
            best = MIN (best, track->times[k]);
        }
      else
        {
          k = ossa_track_key_before (track, (float) (self->time - eps));
          while (k >= 0 && track->times[k] >= self->time - eps)
            k--;
          if (k >= 0)
            best = MAX (best, track->times[k]);
        }
    }
  if (!isfinite (best))
    return FALSE;
  ossa_editor_set_time (self, best);
  return TRUE;
}

/* ---- multi-key edits ---- */

/* A multi-key edit: one undo step, and one change announced at its end. */
static void
batch_begin (OssaEditor *self, const char *label)
{
  if (self->batch++ == 0)
    {
      self->batch_change = 0;
      ossa_history_begin_group (self->history, label);
    }
}

static void
batch_end (OssaEditor *self)
{
  g_return_if_fail (self->batch > 0);
  if (--self->batch > 0)
    return;
  ossa_history_end_group (self->history);
  if (self->batch_change != 0)
    document_changed (self, (OssaChange) self->batch_change);
  else
    notify_history (self);
}

/* Builds and executes one command; on failure sets error. */
static gboolean
run (OssaEditor *self, OssaCommand *command, const OssaError *err, GError **error)
{
  if (command == NULL)
    {
      ossa_gerror_set_from_core (error, err);
      return FALSE;
    }
  return ossa_editor_execute (self, command, error);
}

/* Makes the current animation last at least until t. */
static gboolean
extend_duration (OssaEditor *self, double t, GError **error)
{
  const OssaAnimation *anim = current_animation (self);
  OssaError err = { 0 };

  if (anim == NULL || anim->duration >= t)
    return TRUE;
  return run (self,
              ossa_command_set_animation_props (self->document, (gsize) self->animation,
                                                anim->name, (float) t, anim->fps, anim->loop,
                                                &err),
              &err, error);
}

static int
compare_key_refs (gconstpointer a, gconstpointer b)
{
  const OssaKeyRef *x = a, *y = b;

  if (x->bone != y->bone)
    return x->bone < y->bone ? -1 : 1;
  if (x->channel != y->channel)
    return x->channel < y->channel ? -1 : 1;
  return (x->time > y->time) - (x->time < y->time);
}

static void
sort_key_selection (OssaEditor *self)
{
  OssaKeyRef *keys = (OssaKeyRef *) (gpointer) self->key_selection->data;
  guint n = self->key_selection->len, kept = 0;

  g_array_sort (self->key_selection, compare_key_refs);
  for (guint i = 0; i < n; i++)
    if (kept == 0 || compare_key_refs (&keys[kept - 1], &keys[i]) != 0)
      keys[kept++] = keys[i];
  g_array_set_size (self->key_selection, kept);
}

/* Track of (bone, channel) in anim through a table built once: find_track is a
 * linear search, and selections can hold tens of thousands of keys. */
static gssize *
track_table (const OssaAnimation *anim, gsize n_bones)
{
  gssize *table = g_new (gssize, MAX (n_bones, 1) * OSSA_N_CHANNELS);

  for (gsize i = 0; i < n_bones * OSSA_N_CHANNELS; i++)
    table[i] = -1;
  for (gsize i = 0; i < anim->n_tracks; i++)
    if (anim->tracks[i].bone < n_bones && (guint) anim->tracks[i].channel < OSSA_N_CHANNELS)
      table[anim->tracks[i].bone * OSSA_N_CHANNELS + anim->tracks[i].channel] = (gssize) i;
  return table;
}

/* Drops the selected keys that no longer exist (all of them when clear); returns
 * whether any went. */
static gboolean
drop_missing_keys (OssaEditor *self, gboolean clear)
{
  const OssaAnimation *anim = current_animation (self);
  gsize n_bones = self->document->skeleton.n_bones;
  OssaKeyRef *keys = (OssaKeyRef *) (gpointer) self->key_selection->data;
  guint n = self->key_selection->len, kept = 0;
  g_autofree gssize *table = NULL;

  if (n == 0)
    return FALSE;
  if (!clear && anim != NULL)
    {
      table = track_table (anim, n_bones);
      for (guint i = 0; i < n; i++)
        {
          gssize t = keys[i].bone < n_bones && (guint) keys[i].channel < OSSA_N_CHANNELS
                       ? table[keys[i].bone * OSSA_N_CHANNELS + keys[i].channel] : -1;

          if (t >= 0 && ossa_track_find_key (&anim->tracks[t], keys[i].time) >= 0)
            keys[kept++] = keys[i];
        }
    }
  if (kept == n)
    return FALSE;
  g_array_set_size (self->key_selection, kept);
  return TRUE;
}

static void
prune_key_selection (OssaEditor *self, gboolean clear)
{
  if (drop_missing_keys (self, clear))
    g_signal_emit (self, signals[KEY_SELECTION_CHANGED], 0);
}

/**
 * ossa_editor_get_selected_keys:
 *
 * Returns: (array length=n_keys): the selected keys of the current animation,
 *   sorted by bone, channel and time; valid until the next change
 */
const OssaKeyRef *
ossa_editor_get_selected_keys (OssaEditor *self, gsize *n_keys)
{
  g_return_val_if_fail (OSSA_IS_EDITOR (self), NULL);
  *n_keys = self->key_selection->len;
  return (const OssaKeyRef *) (gconstpointer) self->key_selection->data;
}

gboolean
ossa_editor_is_key_selected (OssaEditor *self, guint bone, OssaChannel channel, float time)
{
  OssaKeyRef key = { bone, channel, time };

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  return self->key_selection->len > 0
         && bsearch (&key, self->key_selection->data, self->key_selection->len,
                     sizeof (OssaKeyRef), compare_key_refs) != NULL;
}

/**
 * ossa_editor_select_keys:
 * @keys: (array length=n_keys): keys of the current animation
 * @extend: add to the selected keys instead of replacing them
 *
 * Keys that do not exist are left out.
 */
void
ossa_editor_select_keys (OssaEditor *self, const OssaKeyRef *keys, gsize n_keys,
                         gboolean extend)
{
  g_return_if_fail (OSSA_IS_EDITOR (self));
  if (!extend)
    g_array_set_size (self->key_selection, 0);
  g_array_append_vals (self->key_selection, keys, (guint) n_keys);
  sort_key_selection (self);
  drop_missing_keys (self, FALSE);
  g_signal_emit (self, signals[KEY_SELECTION_CHANGED], 0);
}

/**
 * ossa_editor_toggle_key_selected:
 *
 * Selects @key, or unselects it when it is selected (Ctrl+click).
 */
void
ossa_editor_toggle_key_selected (OssaEditor *self, const OssaKeyRef *key)
{
  OssaKeyRef *found;

  g_return_if_fail (OSSA_IS_EDITOR (self));
  found = self->key_selection->len > 0
            ? bsearch (key, self->key_selection->data, self->key_selection->len,
                       sizeof (OssaKeyRef), compare_key_refs)
            : NULL;
  if (found == NULL)
    {
      ossa_editor_select_keys (self, key, 1, TRUE);
      return;
    }
  g_array_remove_index (self->key_selection,
                        (guint) (found - (OssaKeyRef *) (gpointer) self->key_selection->data));
  g_signal_emit (self, signals[KEY_SELECTION_CHANGED], 0);
}

void
ossa_editor_clear_key_selection (OssaEditor *self)
{
  g_return_if_fail (OSSA_IS_EDITOR (self));
  if (self->key_selection->len == 0)
    return;
  g_array_set_size (self->key_selection, 0);
  g_signal_emit (self, signals[KEY_SELECTION_CHANGED], 0);
}

/* Animate mode with an animation to key; makes one when there is none. Inside a
 * batch. */
static gboolean
ensure_animation (OssaEditor *self, GError **error)
{
  ossa_editor_set_mode (self, OSSA_EDIT_MODE_ANIMATE);
  if (current_animation (self) != NULL)
    return TRUE;
  return ossa_editor_add_animation (self, NULL, error) >= 0;
}

/**
 * ossa_editor_key_bones:
 * @bones: (array length=n_bones): bones to key
 *
 * K: keys every channel of @bones at the playhead with the pose on show (pending
 * unkeyed edits included), as one undo step. Switches to Animate mode first, and
 * makes an animation when there is none; the animation grows to the playhead
 * when it ends before it. A key already at the playhead keeps its interpolation
 * and spin.
 */
gboolean
ossa_editor_key_bones (OssaEditor *self, const guint *bones, gsize n_bones, GError **error)
{
  g_autofree OssaTransform *values = NULL;
  gboolean ok;
  float t;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  for (gsize i = 0; i < n_bones; i++)
    if (bones[i] >= self->document->skeleton.n_bones)
      {
        g_set_error (error, OSSA_CORE_ERROR, OSSA_ERROR_INVALID, _("There is no bone %u"),
                     bones[i]);
        return FALSE;
      }
  if (n_bones == 0)
    return TRUE;

  /* The pose on show, before the mode changes and the keys replace it. */
  values = g_new (OssaTransform, n_bones);
  for (gsize i = 0; i < n_bones; i++)
    values[i] = ossa_editor_get_local (self)[bones[i]];

  batch_begin (self, n_bones > 1 ? _("Key Bones") : _("Key Bone"));
  ok = ensure_animation (self, error);
  t = (float) self->time;
  for (gsize i = 0; ok && i < n_bones; i++)
    for (int c = 0; ok && c < OSSA_N_CHANNELS; c++)
      {
        const OssaTrack *track = ossa_animation_find_track (current_animation (self), bones[i],
                                                            (OssaChannel) c);
        ssize_t at = track != NULL ? ossa_track_find_key (track, t) : -1;
        float value = ossa_transform_get_channel (&values[i], (OssaChannel) c);
        OssaKey key = at >= 0 ? ossa_track_get_key (track, (size_t) at) : ossa_key_make (t, value);
        OssaError err = { 0 };

        key.value = value;
        ok = run (self, ossa_command_set_key (self->document, (gsize) self->animation, bones[i],
                                              (OssaChannel) c, &key, &err),
                  &err, error);
      }
  if (ok)
    ok = extend_duration (self, t, error);
  batch_end (self);
  if (ok)
    {
      for (gsize i = 0; i < n_bones && self->n_pending > 0; i++)
        if (bones[i] < self->pending_capacity && self->pending_set[bones[i]])
          {
            self->pending_set[bones[i]] = FALSE;
            self->n_pending--;
          }
      self->pose_stale = TRUE;
    }
  return ok;
}

/**
 * ossa_editor_delete_selected_keys:
 *
 * Removes the selected keys, as one undo step.
 */
gboolean
ossa_editor_delete_selected_keys (OssaEditor *self, GError **error)
{
  g_autoptr(GArray) keys = NULL;
  gboolean ok = TRUE;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  if (self->key_selection->len == 0 || current_animation (self) == NULL)
    return TRUE;
  keys = g_array_copy (self->key_selection);
  batch_begin (self, keys->len > 1 ? _("Delete Keys") : _("Delete Key"));
  for (guint i = 0; ok && i < keys->len; i++)
    {
      const OssaKeyRef *k = &g_array_index (keys, OssaKeyRef, i);
      OssaError err = { 0 };

      ok = run (self, ossa_command_remove_key (self->document, (gsize) self->animation, k->bone,
                                               k->channel, k->time, &err),
                &err, error);
    }
  batch_end (self);
  return ok;
}

/* Where a selected key lands when the selection moves by delta. */
static float
moved_time (OssaEditor *self, float time, double delta, gboolean snap)
{
  double t = time + delta;

  if (snap)
    t = snap_time (self, t);
  return (float) MAX (t, 0);
}

/**
 * ossa_editor_move_selected_keys:
 * @delta: seconds to move by
 * @snap: put each key on the nearest frame
 *
 * Moves the selected keys in time as one undo step; the selection follows them.
 * Refuses (changing nothing) when a key would land on a key that stays, or two
 * would land on one frame.
 */
gboolean
ossa_editor_move_selected_keys (OssaEditor *self, double delta, gboolean snap, GError **error)
{
  const OssaAnimation *anim;
  g_autoptr(GArray) keys = NULL;
  g_autofree float *to = NULL;
  gboolean ok = TRUE, moves = FALSE;
  float latest = 0;
  guint n;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  anim = current_animation (self);
  n = self->key_selection->len;
  if (n == 0 || anim == NULL || !isfinite (delta))
    return TRUE;
  keys = g_array_copy (self->key_selection);
  to = g_new (float, n);

  /* Check first: nothing changes unless every key can go. */
  for (guint i = 0; i < n; i++)
    {
      const OssaKeyRef *k = &g_array_index (keys, OssaKeyRef, i);
      const OssaKeyRef *prev = i > 0 ? &g_array_index (keys, OssaKeyRef, i - 1) : NULL;
      const OssaTrack *track = ossa_animation_find_track (anim, k->bone, k->channel);

      to[i] = moved_time (self, k->time, delta, snap);
      moves |= to[i] != k->time;
      latest = MAX (latest, to[i]);
      if (prev != NULL && prev->bone == k->bone && prev->channel == k->channel
          && to[i - 1] >= to[i])
        ok = FALSE;
      else if (track != NULL && ossa_track_find_key (track, to[i]) >= 0
               && !ossa_editor_is_key_selected (self, k->bone, k->channel, to[i]))
        ok = FALSE;
      if (!ok)
        {
          g_set_error (error, OSSA_CORE_ERROR, OSSA_ERROR_CONFLICT,
                       _("A key of “%s” is already at %.3g s"),
                       self->document->skeleton.bones[k->bone].name, (double) to[i]);
          return FALSE;
        }
    }
  if (!moves)
    return TRUE;

  batch_begin (self, n > 1 ? _("Move Keys") : _("Move Key"));
  /* Keys going later move latest first, keys going earlier earliest first, so
   * none lands on a selected key that has not moved yet. */
  for (guint j = 0; ok && j < n; j++)
    {
      guint i = delta > 0 ? n - 1 - j : j;
      const OssaKeyRef *k = &g_array_index (keys, OssaKeyRef, i);
      OssaError err = { 0 };

      if (to[i] == k->time)
        continue;
      ok = run (self, ossa_command_move_key (self->document, (gsize) self->animation, k->bone,
                                             k->channel, k->time, to[i], &err),
                &err, error);
    }
  if (ok)
    ok = extend_duration (self, latest, error);
  if (ok)
    {
      for (guint i = 0; i < n; i++)
        g_array_index (keys, OssaKeyRef, i).time = to[i];
      g_array_set_size (self->key_selection, 0);
      g_array_append_vals (self->key_selection, keys->data, keys->len);
      sort_key_selection (self);
    }
  batch_end (self);
  g_signal_emit (self, signals[KEY_SELECTION_CHANGED], 0);
  return ok;
}

typedef enum
{
  KEY_PROP_INTERP = 1 << 0,
  KEY_PROP_SPIN   = 1 << 1,
} KeyProps;

static gboolean
set_selected_keys (OssaEditor *self, KeyProps props, const OssaKey *proto, const char *label,
                   GError **error)
{
  const OssaAnimation *anim = current_animation (self);
  g_autoptr(GArray) keys = NULL;
  gboolean ok = TRUE;

  if (self->key_selection->len == 0 || anim == NULL)
    return TRUE;
  keys = g_array_copy (self->key_selection);
  batch_begin (self, label);
  for (guint i = 0; ok && i < keys->len; i++)
    {
      const OssaKeyRef *k = &g_array_index (keys, OssaKeyRef, i);
      const OssaTrack *track = ossa_animation_find_track (current_animation (self), k->bone,
                                                          k->channel);
      ssize_t at = track != NULL ? ossa_track_find_key (track, k->time) : -1;
      OssaError err = { 0 };
      OssaKey key;

      if (at < 0 || ((props & KEY_PROP_SPIN) && k->channel != OSSA_CHANNEL_ROTATE))
        continue;
      key = ossa_track_get_key (track, (size_t) at);
      if (props & KEY_PROP_INTERP)
        {
          key.interp = proto->interp;
          if (proto->interp == OSSA_INTERP_BEZIER)
            key.curve = proto->curve;
        }
      if (props & KEY_PROP_SPIN)
        {
          key.spin = proto->spin;
          key.turns = proto->turns;
        }
      ok = run (self, ossa_command_set_key (self->document, (gsize) self->animation, k->bone,
                                            k->channel, &key, &err),
                &err, error);
    }
  batch_end (self);
  return ok;
}

/**
 * ossa_editor_set_selected_keys_interp:
 * @curve: (nullable): the control points for %OSSA_INTERP_BEZIER; %NULL keeps
 *   each key's own
 *
 * Sets how the segments starting at the selected keys interpolate, as one undo
 * step.
 */
gboolean
ossa_editor_set_selected_keys_interp (OssaEditor *self, OssaInterp interp,
                                      const OssaCurve *curve, GError **error)
{
  OssaKey proto = ossa_key_make (0, 0);

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  g_return_val_if_fail ((guint) interp < OSSA_N_INTERPS, FALSE);
  proto.interp = interp;
  if (curve != NULL)
    proto.curve = *curve;
  else if (interp == OSSA_INTERP_BEZIER)
    {
      /* Each key keeps its own curve: set them one by one. */
      const OssaAnimation *anim = current_animation (self);
      g_autoptr(GArray) keys = NULL;
      gboolean ok = TRUE;

      if (self->key_selection->len == 0 || anim == NULL)
        return TRUE;
      keys = g_array_copy (self->key_selection);
      batch_begin (self, _("Change Interpolation"));
      for (guint i = 0; ok && i < keys->len; i++)
        {
          const OssaKeyRef *k = &g_array_index (keys, OssaKeyRef, i);
          const OssaTrack *track = ossa_animation_find_track (current_animation (self),
                                                              k->bone, k->channel);
          ssize_t at = track != NULL ? ossa_track_find_key (track, k->time) : -1;
          OssaError err = { 0 };
          OssaKey key;

          if (at < 0)
            continue;
          key = ossa_track_get_key (track, (size_t) at);
          key.interp = OSSA_INTERP_BEZIER;
          ok = run (self, ossa_command_set_key (self->document, (gsize) self->animation,
                                                k->bone, k->channel, &key, &err),
                    &err, error);
        }
      batch_end (self);
      return ok;
    }
  return set_selected_keys (self, KEY_PROP_INTERP, &proto, _("Change Interpolation"), error);
}

/**
 * ossa_editor_set_selected_keys_spin:
 * @turns: extra full turns (clockwise and counter-clockwise spins)
 *
 * Sets which way the rotation segments starting at the selected rotation keys
 * turn, as one undo step; other selected keys are left alone.
 */
gboolean
ossa_editor_set_selected_keys_spin (OssaEditor *self, OssaSpin spin, guint turns,
                                    GError **error)
{
  OssaKey proto = ossa_key_make (0, 0);

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  g_return_val_if_fail ((guint) spin < OSSA_N_SPINS, FALSE);
  proto.spin = spin;
  proto.turns = spin == OSSA_SPIN_CLOCKWISE || spin == OSSA_SPIN_COUNTERCLOCKWISE ? turns : 0;
  return set_selected_keys (self, KEY_PROP_SPIN, &proto, _("Change Spin"), error);
}

/**
 * ossa_editor_copy_selected_keys:
 *
 * Copies the selected keys for ossa_editor_paste_keys().
 *
 * Returns: whether there was anything to copy
 */
gboolean
ossa_editor_copy_selected_keys (OssaEditor *self)
{
  const OssaAnimation *anim;
  float earliest = INFINITY;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  anim = current_animation (self);
  if (anim == NULL || self->key_selection->len == 0)
    return FALSE;
  g_array_set_size (self->clipboard, 0);
  for (guint i = 0; i < self->key_selection->len; i++)
    {
      const OssaKeyRef *k = &g_array_index (self->key_selection, OssaKeyRef, i);
      const OssaTrack *track = ossa_animation_find_track (anim, k->bone, k->channel);
      ssize_t at = track != NULL ? ossa_track_find_key (track, k->time) : -1;
      ClipKey clip;

      if (at < 0)
        continue;
      clip.bone = k->bone;
      clip.channel = k->channel;
      clip.key = ossa_track_get_key (track, (size_t) at);
      earliest = MIN (earliest, clip.key.time);
      g_array_append_val (self->clipboard, clip);
    }
  for (guint i = 0; i < self->clipboard->len; i++)
    g_array_index (self->clipboard, ClipKey, i).key.time -= earliest;
  return self->clipboard->len > 0;
}

gboolean
ossa_editor_can_paste_keys (OssaEditor *self)
{
  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  return self->clipboard->len > 0;
}

/* The copied bones, ascending and distinct. */
static GArray *
clipboard_bones (OssaEditor *self)
{
  GArray *bones = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint i = 0; i < self->clipboard->len; i++)
    {
      guint bone = g_array_index (self->clipboard, ClipKey, i).bone;
      gboolean seen = FALSE;

      for (guint j = 0; j < bones->len && !seen; j++)
        seen = g_array_index (bones, guint, j) == bone;
      if (!seen)
        g_array_append_val (bones, bone);
    }
  g_array_sort (bones, compare_bones);
  return bones;
}

/**
 * ossa_editor_paste_keys:
 *
 * Pastes the copied keys at the playhead (the earliest one on it, the others as
 * far after it as they were), as one undo step, and selects them. They go onto
 * the bones they were copied from, unless other bones are selected: then keys of
 * one bone go onto each selected bone, and keys of several bones onto as many
 * selected bones, in order. Keys of bones that no longer exist are left out.
 */
gboolean
ossa_editor_paste_keys (OssaEditor *self, GError **error)
{
  g_autoptr(GArray) from = NULL;
  g_autoptr(GArray) pasted = g_array_new (FALSE, FALSE, sizeof (OssaKeyRef));
  const guint *selected;
  gsize n_selected = 0;
  gboolean ok, same;
  float latest = 0;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  if (self->clipboard->len == 0)
    return TRUE;
  from = clipboard_bones (self);
  selected = ossa_editor_get_selection (self, &n_selected);
  same = n_selected == 0
         || (n_selected == from->len
             && memcmp (selected, from->data, n_selected * sizeof (guint)) == 0)
         || (from->len > 1 && n_selected != from->len);

  batch_begin (self, self->clipboard->len > 1 ? _("Paste Keys") : _("Paste Key"));
  ok = ensure_animation (self, error);
  for (guint i = 0; ok && i < self->clipboard->len; i++)
    {
      const ClipKey *clip = &g_array_index (self->clipboard, ClipKey, i);
      guint rank = 0;

      for (guint j = 0; j < from->len; j++)
        if (g_array_index (from, guint, j) == clip->bone)
          rank = j;
      for (gsize s = 0; ok && s < (same ? 1 : n_selected); s++)
        {
          guint bone;
          OssaKey key = clip->key;
          OssaError err = { 0 };
          OssaKeyRef ref;

          if (same)
            bone = clip->bone;
          else if (from->len == 1)
            bone = selected[s];
          else if (s == rank)
            bone = selected[s];
          else
            continue;
          if (bone >= self->document->skeleton.n_bones)
            continue;
          key.time = (float) (self->time + clip->key.time);
          latest = MAX (latest, key.time);
          ok = run (self, ossa_command_set_key (self->document, (gsize) self->animation, bone,
                                                clip->channel, &key, &err),
                    &err, error);
          ref.bone = bone;
          ref.channel = clip->channel;
          ref.time = key.time;
          g_array_append_val (pasted, ref);
        }
    }
  if (ok)
    ok = extend_duration (self, latest, error);
  batch_end (self);
  if (ok)
    ossa_editor_select_keys (self, (const OssaKeyRef *) (gconstpointer) pasted->data,
                             pasted->len, FALSE);
  return ok;
}

/* ---- animations ---- */

/**
 * ossa_editor_dup_unique_animation_name:
 * @base: (nullable): the name wanted, "animation" when %NULL
 *
 * Returns: (transfer full): @base, or "@base 2", "@base 3"… whichever is free
 */
char *
ossa_editor_dup_unique_animation_name (OssaEditor *self, const char *base)
{
  g_return_val_if_fail (OSSA_IS_EDITOR (self), NULL);
  /* Names are the document's data, not interface text: not translated. */
  if (base == NULL || base[0] == '\0')
    base = "animation";
  if (ossa_document_find_animation (self->document, base) < 0)
    return g_strdup (base);
  for (guint k = 2;; k++)
    {
      char *name = g_strdup_printf ("%s %u", base, k);

      if (ossa_document_find_animation (self->document, name) < 0)
        return name;
      g_free (name);
    }
}

/**
 * ossa_editor_add_animation:
 * @name: (nullable): its name; %NULL for a free one ("animation", "animation 2"…)
 *
 * Adds an empty animation (1 s, 30 frames a second, looping) as one undo step and
 * makes it the current one.
 *
 * Returns: its index, or -1 with @error set
 */
int
ossa_editor_add_animation (OssaEditor *self, const char *name, GError **error)
{
  g_autofree char *unique = NULL;
  OssaError err = { 0 };

  g_return_val_if_fail (OSSA_IS_EDITOR (self), -1);
  if (name == NULL)
    name = unique = ossa_editor_dup_unique_animation_name (self, NULL);
  if (!run (self,
            ossa_command_add_animation (self->document, name, NEW_ANIMATION_DURATION,
                                        NEW_ANIMATION_FPS, TRUE, &err),
            &err, error))
    return -1;
  ossa_editor_set_animation (self, (int) self->document->n_animations - 1);
  return self->animation;
}

/**
 * ossa_editor_duplicate_animation:
 *
 * Adds a copy of @animation called "NAME copy" (or "NAME copy 2"…) as one undo
 * step and makes it the current one.
 *
 * Returns: the copy's index, or -1 with @error set
 */
int
ossa_editor_duplicate_animation (OssaEditor *self, int animation, GError **error)
{
  g_autofree char *base = NULL;
  g_autofree char *name = NULL;
  OssaError err = { 0 };

  g_return_val_if_fail (OSSA_IS_EDITOR (self), -1);
  if (animation < 0 || (gsize) animation >= self->document->n_animations)
    {
      g_set_error (error, OSSA_CORE_ERROR, OSSA_ERROR_NOT_FOUND, _("There is no animation %d"),
                   animation);
      return -1;
    }
  /* Translators: the name of a copy of an animation; %s is the original's name */
  base = g_strdup_printf (C_("animation name", "%s copy"),
                          self->document->animations[animation].name);
  name = ossa_editor_dup_unique_animation_name (self, base);
  if (!run (self,
            ossa_command_duplicate_animation (self->document, (gsize) animation, name, &err),
            &err, error))
    return -1;
  ossa_editor_set_animation (self, (int) self->document->n_animations - 1);
  return self->animation;
}

/**
 * ossa_editor_remove_animation:
 *
 * Deletes @animation as one undo step; the current animation becomes the one
 * before it (or the first).
 */
gboolean
ossa_editor_remove_animation (OssaEditor *self, int animation, GError **error)
{
  OssaError err = { 0 };
  int current;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  if (animation < 0 || (gsize) animation >= self->document->n_animations)
    {
      g_set_error (error, OSSA_CORE_ERROR, OSSA_ERROR_NOT_FOUND, _("There is no animation %d"),
                   animation);
      return FALSE;
    }
  current = self->animation;
  if (!run (self, ossa_command_remove_animation (self->document, (gsize) animation, &err), &err,
            error))
    return FALSE;
  if (current >= animation)
    ossa_editor_set_animation (self, MAX (current - 1, 0));
  return TRUE;
}

/**
 * ossa_editor_set_animation_props:
 *
 * Renames @animation and sets its duration (seconds), frame rate and loop flag, as
 * one undo step. Refuses a name another animation has.
 */
gboolean
ossa_editor_set_animation_props (OssaEditor *self, int animation, const char *name,
                                 double duration, double fps, gboolean loop, GError **error)
{
  const OssaAnimation *anim;
  OssaError err = { 0 };

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);
  if (animation < 0 || (gsize) animation >= self->document->n_animations)
    {
      g_set_error (error, OSSA_CORE_ERROR, OSSA_ERROR_NOT_FOUND, _("There is no animation %d"),
                   animation);
      return FALSE;
    }
  anim = &self->document->animations[animation];
  if (g_strcmp0 (anim->name, name) == 0 && anim->duration == (float) duration
      && anim->fps == (float) fps && anim->loop == !!loop)
    return TRUE;
  return run (self,
              ossa_command_set_animation_props (self->document, (gsize) animation, name,
                                                (float) duration, (float) fps, !!loop, &err),
              &err, error);
}
