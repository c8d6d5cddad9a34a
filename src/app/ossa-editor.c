/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-editor"

#include "config.h"

#include <glib/gi18n.h>

#include "ossa-history.h"
#include "ossa-io.h"
#include "ossa-pose.h"

#include "ossa-editor.h"
#include "ossa-gerror.h"

#define HISTORY_LIMIT 1000

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
  N_PROPS
};

enum
{
  DOCUMENT_CHANGED,
  SELECTION_CHANGED,
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
    remember_structure (self);
  self->pose_stale = TRUE;
  if (animation != self->animation)
    {
      self->animation = animation;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANIMATION]);
    }
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
  g_free (self->local);
  g_free (self->world);
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
  self->pose_stale = TRUE;
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
