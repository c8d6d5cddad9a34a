/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-smd-export"

#include "config.h"

#include <glib/gi18n.h>

#include "ossa-dialogs.h"
#include "ossa-gerror.h"
#include "ossa-smd-export.h"
#include "ossa-smd.h"

/* How long the note that an export went well stays up. */
#define EXPORTED_NOTE_SECONDS 6

static gboolean
exported_note_timeout_cb (gpointer user_data)
{
  GtkWidget *note = user_data;

  gtk_popover_popdown (GTK_POPOVER (note));
  return G_SOURCE_REMOVE;
}

static void
exported_note_closed_cb (GtkPopover *note,
                         gpointer    user_data)
{
  GtkWidget *parent = gtk_widget_get_parent (GTK_WIDGET (note));
  GtkRoot *root = parent != NULL ? gtk_widget_get_root (parent) : NULL;

  if (root != NULL && g_object_get_data (G_OBJECT (root), "ossa-smd-exported-note") == note)
    g_object_set_data (G_OBJECT (root), "ossa-smd-exported-note", NULL);
  if (parent != NULL)
    gtk_widget_unparent (GTK_WIDGET (note));
}

/* "Exported “walk” to walk.smd", non-modally: a popover (no autohide, so the
 * window goes on taking clicks and keys) at the foot of @parent's content, the
 * full path in its tooltip, gone after EXPORTED_NOTE_SECONDS or when the next
 * export's note replaces it. While it shows it is data "ossa-smd-exported-note"
 * of @parent; it is parented to @parent's child and unparented once closed. */
static void
show_exported_note (GtkWindow  *parent,
                    const char *animation,
                    GFile      *file)
{
  GtkWidget *content = gtk_window_get_child (parent);
  GtkWidget *note, *label;
  GtkPopover *previous;
  g_autofree char *name = ossa_dialogs_dup_display_name (file);
  g_autofree char *where = g_file_get_parse_name (file);
  g_autofree char *text = NULL;
  int width, height;

  if (content == NULL)
    return;
  previous = g_object_get_data (G_OBJECT (parent), "ossa-smd-exported-note");
  if (previous != NULL)
    gtk_popover_popdown (previous);

  /* Translators: after File > Export SMD…; the first %s is an animation, the second a file name */
  text = g_strdup_printf (_("Exported “%s” to %s"), animation, name);
  note = gtk_popover_new ();
  gtk_widget_set_name (note, "smd-exported");
  gtk_popover_set_autohide (GTK_POPOVER (note), FALSE);
  gtk_popover_set_has_arrow (GTK_POPOVER (note), FALSE);
  gtk_popover_set_position (GTK_POPOVER (note), GTK_POS_TOP);
  label = gtk_label_new (text);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 60);
  gtk_widget_set_tooltip_text (label, where);
  gtk_widget_set_margin_start (label, 6);
  gtk_widget_set_margin_end (label, 6);
  gtk_popover_set_child (GTK_POPOVER (note), label);
  gtk_widget_set_parent (note, content);
  width = gtk_widget_get_width (content);
  height = gtk_widget_get_height (content);
  gtk_popover_set_pointing_to (GTK_POPOVER (note),
                               &(GdkRectangle) { width / 2, MAX (height - 48, 0), 1, 1 });
  g_signal_connect (note, "closed", G_CALLBACK (exported_note_closed_cb), NULL);
  g_object_set_data (G_OBJECT (parent), "ossa-smd-exported-note", note);
  g_timeout_add_seconds_full (G_PRIORITY_DEFAULT, EXPORTED_NOTE_SECONDS,
                              exported_note_timeout_cb, g_object_ref (note), g_object_unref);
  gtk_popover_popup (GTK_POPOVER (note));
}

/* The chooser's answer. It holds the editor (data "ossa-editor") until here. */
static void
export_response_cb (GtkNativeDialog *native,
                    int              response,
                    GtkWindow       *parent)
{
  g_autoptr(OssaEditor) editor = g_object_steal_data (G_OBJECT (native), "ossa-editor");
  const OssaDocument *doc = ossa_editor_get_document (editor);
  g_autoptr(GFile) chosen = NULL;
  g_autoptr(GFile) file = NULL;
  g_autofree char *path = NULL;
  const char *choice;
  gsize animation = 0;
  OssaError err;

  g_signal_handlers_disconnect_by_func (native, export_response_cb, parent);
  if (response == GTK_RESPONSE_ACCEPT)
    chosen = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
  choice = gtk_file_chooser_get_choice (GTK_FILE_CHOOSER (native), "animation");
  if (choice != NULL)
    animation = (gsize) g_ascii_strtoull (choice, NULL, 10);
  gtk_native_dialog_destroy (native);
  g_object_unref (native);
  if (chosen == NULL || gtk_widget_in_destruction (GTK_WIDGET (parent)))
    return;

  file = ossa_dialogs_with_suffix (chosen, "smd");
  path = g_file_get_path (file);
  ossa_error_clear (&err);
  if (animation >= doc->n_animations)
    ossa_error_set (&err, OSSA_ERROR_NOT_FOUND, "the animation is gone");
  else if (path == NULL)
    ossa_error_set (&err, OSSA_ERROR_IO, "only local files can be written");
  else
    ossa_smd_save_animation (doc, animation, path, &err);
  if (err.code == OSSA_ERROR_NONE)
    show_exported_note (parent, doc->animations[animation].name, file);
  else
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *name = ossa_dialogs_dup_display_name (file);

      if (err.path[0] == '\0' && path != NULL)
        ossa_error_set_location (&err, path, 0);
      ossa_gerror_set_from_core (&error, &err);
      /* Translators: %s is a file name */
      ossa_dialogs_show_failure (parent, error, _("Could not export “%s”"), name);
    }
}

/* The suggested name follows the animation chosen: "walk.smd" while the choice
 * says walk, "run.smd" once it says run, until the person types a name of their
 * own. GtkFileChooser has no signal for a choice, so this watches the drop-down
 * of GTK's own chooser (the one GtkFileChooserNative shows without a portal; a
 * portal's dialog keeps its own name). */
typedef struct
{
  GtkFileChooser  *chooser;       /* the dialog shown, not a reference */
  char           **names;         /* the name suggested for each item of the choice */
  char            *suggested;     /* the name this last suggested */
} NameFollower;

static void
name_follower_free (gpointer data)
{
  NameFollower *follower = data;

  g_strfreev (follower->names);
  g_free (follower->suggested);
  g_free (follower);
}

static char *
dup_suggested_name (const char *animation)
{
  char *name = g_strconcat (animation, ".smd", NULL);

  return g_strdelimit (name, "/\\", '_');
}

static void
choice_selected_cb (GtkDropDown  *dropdown,
                    GParamSpec   *pspec,
                    NameFollower *follower)
{
  guint selected = gtk_drop_down_get_selected (dropdown);
  g_autofree char *current = gtk_file_chooser_get_current_name (follower->chooser);

  /* A name the person typed stays theirs. */
  if (selected >= g_strv_length (follower->names)
      || g_strcmp0 (current, follower->suggested) != 0)
    return;
  g_free (follower->suggested);
  follower->suggested = g_strdup (follower->names[selected]);
  gtk_file_chooser_set_current_name (follower->chooser, follower->suggested);
}

/* The drop-down under root whose items are labels, in that order. */
static GtkDropDown *
find_choice_dropdown (GtkWidget *root,
                      GPtrArray *labels)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkDropDown *found;

      if (GTK_IS_DROP_DOWN (child))
        {
          GListModel *model = gtk_drop_down_get_model (GTK_DROP_DOWN (child));
          gboolean same = GTK_IS_STRING_LIST (model)
                          && g_list_model_get_n_items (model) + 1 == labels->len;

          for (guint i = 0; same && i + 1 < labels->len; i++)
            same = g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (model), i),
                              g_ptr_array_index (labels, i)) == 0;
          if (same)
            return GTK_DROP_DOWN (child);
        }
      found = find_choice_dropdown (child, labels);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* GTK's own chooser that a native chooser shows for parent, once shown; NULL
 * when a portal shows one of its own. */
static GtkFileChooser *
find_shown_chooser (GtkWindow *parent)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) toplevel = g_list_model_get_item (toplevels, i);

      if (GTK_IS_FILE_CHOOSER_DIALOG (toplevel)
          && gtk_window_get_transient_for (toplevel) == parent
          && gtk_widget_get_visible (GTK_WIDGET (toplevel))
          && g_object_get_data (G_OBJECT (toplevel), "ossa-export-follower") == NULL)
        return GTK_FILE_CHOOSER (toplevel);
    }
  return NULL;
}

/* labels: the choice's items, NULL-terminated; suggested: the name shown now. */
static void
follow_choice (GtkWindow  *parent,
               GPtrArray  *labels,
               const char *suggested)
{
  GtkFileChooser *chooser = find_shown_chooser (parent);
  NameFollower *follower;
  GtkDropDown *dropdown;

  if (chooser == NULL)
    return;
  dropdown = find_choice_dropdown (GTK_WIDGET (chooser), labels);
  if (dropdown == NULL)
    return;
  follower = g_new0 (NameFollower, 1);
  follower->chooser = chooser;
  follower->names = g_new0 (char *, labels->len);
  for (guint i = 0; i + 1 < labels->len; i++)
    follower->names[i] = dup_suggested_name (g_ptr_array_index (labels, i));
  follower->suggested = g_strdup (suggested);
  /* It goes with the dialog. */
  g_object_set_data_full (G_OBJECT (chooser), "ossa-export-follower", follower,
                          name_follower_free);
  g_signal_connect (dropdown, "notify::selected", G_CALLBACK (choice_selected_cb), follower);
}

static void
export_cancelled_cb (GCancellable    *cancellable,
                     GtkNativeDialog *native)
{
  gtk_native_dialog_hide (native);
  g_signal_emit_by_name (native, "response", GTK_RESPONSE_CANCEL);
}

/**
 * ossa_smd_export_start:
 * @parent: the window the export is for
 * @editor: the editor whose document is exported
 * @cancellable: (nullable): dismisses the chooser when cancelled
 *
 * Does nothing when the document has no animation.
 */
void
ossa_smd_export_start (GtkWindow    *parent,
                       OssaEditor   *editor,
                       GCancellable *cancellable)
{
  const OssaDocument *doc;
  GtkFileChooserNative *native;
  GtkFileFilter *filter;
  g_autoptr(GPtrArray) ids = NULL;
  g_autoptr(GPtrArray) labels = NULL;
  g_autofree char *current = NULL;
  g_autofree char *suggested = NULL;
  GFile *doc_file;
  int animation;

  g_return_if_fail (GTK_IS_WINDOW (parent));
  g_return_if_fail (OSSA_IS_EDITOR (editor));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  doc = ossa_editor_get_document (editor);
  if (doc->n_animations == 0)
    return;
  animation = CLAMP (ossa_editor_get_animation (editor), 0, (int) doc->n_animations - 1);

  native = gtk_file_chooser_native_new (_("Export SMD Animation"),
                                        parent,
                                        GTK_FILE_CHOOSER_ACTION_SAVE,
                                        _("_Export"),
                                        _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);

  filter = gtk_file_filter_new ();
  gtk_file_filter_set_name (filter, _("SMD files (*.smd)"));
  gtk_file_filter_add_suffix (filter, "smd");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), filter);
  gtk_file_chooser_set_filter (GTK_FILE_CHOOSER (native), filter);
  g_object_unref (filter);

  /* Which animation: a choice in the chooser itself (the portal has them too). */
  ids = g_ptr_array_new_with_free_func (g_free);
  labels = g_ptr_array_new ();
  /* The current animation first: GTK 4.8's own chooser (no portal) ignores
   * gtk_file_chooser_set_choice() and shows the first option, which must be the
   * animation the suggested name is of. The ids stay the animations' indices. */
  g_ptr_array_add (ids, g_strdup_printf ("%d", animation));
  g_ptr_array_add (labels, doc->animations[animation].name);
  for (gsize i = 0; i < doc->n_animations; i++)
    if (i != (gsize) animation)
      {
        g_ptr_array_add (ids, g_strdup_printf ("%" G_GSIZE_FORMAT, i));
        g_ptr_array_add (labels, doc->animations[i].name);
      }
  g_ptr_array_add (ids, NULL);
  g_ptr_array_add (labels, NULL);
  gtk_file_chooser_add_choice (GTK_FILE_CHOOSER (native), "animation", _("Animation"),
                               (const char **) ids->pdata, (const char **) labels->pdata);
  current = g_strdup_printf ("%d", animation);
  gtk_file_chooser_set_choice (GTK_FILE_CHOOSER (native), "animation", current);

  doc_file = ossa_editor_get_file (editor);
  if (doc_file != NULL)
    {
      g_autoptr(GFile) folder = g_file_get_parent (doc_file);

      if (folder != NULL)
        gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (native), folder, NULL);
    }
  suggested = dup_suggested_name (doc->animations[animation].name);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), suggested);

  /* The handler owns the chooser until it answers. */
  g_object_set_data_full (G_OBJECT (native), "ossa-editor", g_object_ref (editor),
                          g_object_unref);
  g_signal_connect_object (native, "response", G_CALLBACK (export_response_cb), parent, 0);
  if (cancellable != NULL)
    g_signal_connect_object (cancellable, "cancelled", G_CALLBACK (export_cancelled_cb),
                             native, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
  follow_choice (parent, labels, suggested);
}
