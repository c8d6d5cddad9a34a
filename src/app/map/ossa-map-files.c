/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The map workspace's files and dialogs: New Map (the size dialog), Open Map and
 * Save Map As (the file chooser), Resize Map, and reading or writing a map file in
 * the article's 0/1 text or MovingAI's form. A map read or made is added to the
 * document through the editor (one undo step) and put on show. */
#define G_LOG_DOMAIN "ossa-map-editor"

#include "config.h"

#include <glib/gi18n.h>

#include "ossa-dialogs.h"
#include "ossa-gerror.h"
#include "ossa-map-editor-private.h"

#define NEW_MAP_SIDE 40

/* The window shows the map workspace (after New Map, Open Map…). */
static void
show_workspace (OssaMapEditor *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "win.workspace", "s", "map");
}

/* Adds @map (the caller keeps it) to the document and shows it. */
static gboolean
add_map (OssaMapEditor *self, const OssaGridMap *map, GError **error)
{
  int index = ossa_editor_add_map (self->editor, map, error);

  if (index < 0)
    return FALSE;
  ossa_map_editor_set_map (self, index);
  ossa_map_view_fit (self->view);
  show_workspace (self);
  return TRUE;
}

gboolean
ossa_map_editor_new_map (OssaMapEditor *self, const char *name, guint width, guint height,
                         GError **error)
{
  OssaGridMap map;
  OssaError err = { 0 };
  gboolean ok;

  g_return_val_if_fail (OSSA_IS_MAP_EDITOR (self), FALSE);
  if (!ossa_grid_map_init (&map, name, width, height, &err))
    {
      ossa_gerror_set_from_core (error, &err);
      return FALSE;
    }
  ok = add_map (self, &map, error);
  ossa_grid_map_clear (&map);
  return ok;
}

/**
 * ossa_map_editor_add_map_file:
 * @file: a map in the article's text form or MovingAI's
 *
 * Reads @file and adds it to the document (one undoable step) as the map on show.
 */
gboolean
ossa_map_editor_add_map_file (OssaMapEditor *self, GFile *file, GError **error)
{
  g_autofree char *path = NULL;
  OssaGridMap map;
  OssaError err = { 0 };
  gboolean ok;

  g_return_val_if_fail (OSSA_IS_MAP_EDITOR (self), FALSE);
  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, _("Only local files can be opened"));
      return FALSE;
    }
  if (!ossa_grid_map_load (&map, path, NULL, &err))
    {
      ossa_gerror_set_from_core (error, &err);
      return FALSE;
    }
  ok = add_map (self, &map, error);
  ossa_grid_map_clear (&map);
  return ok;
}

/**
 * ossa_map_editor_save_map_file:
 * @file: where to write; a name ending in ".map" gets MovingAI's form, any other
 *   the article's 0/1 text
 */
gboolean
ossa_map_editor_save_map_file (OssaMapEditor *self, GFile *file, GError **error)
{
  const OssaGridMap *map;
  g_autofree char *path = NULL;
  OssaError err = { 0 };
  OssaMapFormat format;

  g_return_val_if_fail (OSSA_IS_MAP_EDITOR (self), FALSE);
  map = _ossa_map_editor_current_map (self);
  path = g_file_get_path (file);
  if (map == NULL || path == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   map == NULL ? _("There is no map to save") : _("Only local files can be saved"));
      return FALSE;
    }
  format = g_str_has_suffix (path, ".map") ? OSSA_MAP_FORMAT_MOVINGAI : OSSA_MAP_FORMAT_TEXT;
  if (!ossa_grid_map_save (map, path, format, &err))
    {
      ossa_gerror_set_from_core (error, &err);
      return FALSE;
    }
  return TRUE;
}

static void
add_map_filters (GtkFileChooser *chooser)
{
  static const char *const maps[] = { "txt", "map", NULL };

  ossa_dialogs_add_filter (chooser, _("Grid maps (*.txt, *.map)"), maps);
  ossa_dialogs_add_filter (chooser, _("All files"), NULL);
}

static void
file_response_cb (GtkNativeDialog *dialog, int response, OssaMapEditor *self)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  gboolean saving = gtk_file_chooser_get_action (GTK_FILE_CHOOSER (dialog))
                    == GTK_FILE_CHOOSER_ACTION_SAVE;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
  if (file != NULL)
    {
      if (saving && !ossa_map_editor_save_map_file (self, file, &error))
        _ossa_map_editor_show_error (self, _("Could not save the map"), error);
      else if (!saving && !ossa_map_editor_add_map_file (self, file, &error))
        _ossa_map_editor_show_error (self, _("Could not open the map"), error);
    }
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
  g_object_unref (self);
}

void
_ossa_map_editor_choose_file (OssaMapEditor *self, gboolean save)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkFileChooserNative *native;

  native = gtk_file_chooser_native_new (save ? _("Save Map As") : _("Open Map"),
                                        GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                        save ? GTK_FILE_CHOOSER_ACTION_SAVE
                                             : GTK_FILE_CHOOSER_ACTION_OPEN,
                                        save ? _("_Save") : _("_Open"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  add_map_filters (GTK_FILE_CHOOSER (native));
  if (save)
    {
      const OssaGridMap *map = _ossa_map_editor_current_map (self);
      g_autofree char *name = g_strdup_printf ("%s.txt", map != NULL ? map->name : "map");

      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), name);
    }
  g_signal_connect (native, "response", G_CALLBACK (file_response_cb), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

typedef struct
{
  OssaMapEditor  *self;
  gboolean        resize;
  GtkEntry       *name;
  GtkSpinButton  *width, *height;
} SizeDialog;

static void
size_dialog_free (gpointer data)
{
  SizeDialog *d = data;

  g_object_unref (d->self);
  g_free (d);
}

static void
size_response_cb (GtkDialog *dialog, int response, SizeDialog *d)
{
  g_autoptr(GError) error = NULL;
  guint width = (guint) gtk_spin_button_get_value_as_int (d->width);
  guint height = (guint) gtk_spin_button_get_value_as_int (d->height);

  if (response == GTK_RESPONSE_OK && d->resize)
    {
      if (!ossa_editor_resize_map (d->self->editor, (guint) d->self->map, width, height, &error))
        _ossa_map_editor_show_error (d->self, _("Could not resize the map"), error);
    }
  else if (response == GTK_RESPONSE_OK
           && !ossa_map_editor_new_map (d->self, gtk_editable_get_text (GTK_EDITABLE (d->name)),
                                        width, height, &error))
    _ossa_map_editor_show_error (d->self, _("Could not make the map"), error);
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static GtkSpinButton *
size_spin (GtkGrid *grid, int row, const char *label, guint value)
{
  GtkWidget *title = gtk_label_new_with_mnemonic (label);
  GtkWidget *spin = gtk_spin_button_new_with_range (1, OSSA_MAX_MAP_SIDE, 1);

  gtk_widget_set_halign (title, GTK_ALIGN_END);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), value);
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
  g_object_set (gtk_editable_get_delegate (GTK_EDITABLE (spin)), "activates-default", TRUE, NULL);
  gtk_label_set_mnemonic_widget (GTK_LABEL (title), spin);
  gtk_grid_attach (grid, title, 0, row, 1, 1);
  gtk_grid_attach (grid, spin, 1, row, 1, 1);
  return GTK_SPIN_BUTTON (spin);
}

void
_ossa_map_editor_show_size_dialog (OssaMapEditor *self, gboolean resize)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  const OssaGridMap *map = _ossa_map_editor_current_map (self);
  SizeDialog *d = g_new0 (SizeDialog, 1);
  GtkWidget *dialog, *grid;

  d->self = g_object_ref (self);
  d->resize = resize;
  dialog = gtk_dialog_new_with_buttons (resize ? _("Resize Map") : _("New Map"),
                                        GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                        GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                        _("_Cancel"), GTK_RESPONSE_CANCEL,
                                        resize ? _("_Resize") : _("C_reate"), GTK_RESPONSE_OK,
                                        NULL);
  /* Create (Resize) is the default, and looks it: Enter in any field presses it
   * (the fields activate the default), and after the spin buttons have taken
   * what was typed. */
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_OK);
  gtk_widget_add_css_class (gtk_dialog_get_widget_for_response (GTK_DIALOG (dialog),
                                                                GTK_RESPONSE_OK),
                            "suggested-action");
  grid = gtk_grid_new ();
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  gtk_widget_set_margin_start (grid, 18);
  gtk_widget_set_margin_end (grid, 18);
  gtk_widget_set_margin_top (grid, 18);
  gtk_widget_set_margin_bottom (grid, 18);
  if (!resize)
    {
      GtkWidget *title = gtk_label_new_with_mnemonic (_("_Name"));
      g_autofree char *name = ossa_editor_unique_map_name (self->editor, _("map"));

      d->name = GTK_ENTRY (gtk_entry_new ());
      gtk_editable_set_text (GTK_EDITABLE (d->name), name);
      gtk_entry_set_activates_default (d->name, TRUE);
      gtk_widget_set_halign (title, GTK_ALIGN_END);
      gtk_label_set_mnemonic_widget (GTK_LABEL (title), GTK_WIDGET (d->name));
      gtk_grid_attach (GTK_GRID (grid), title, 0, 0, 1, 1);
      gtk_grid_attach (GTK_GRID (grid), GTK_WIDGET (d->name), 1, 0, 1, 1);
    }
  d->width = size_spin (GTK_GRID (grid), 1, _("_Width"), map != NULL ? map->width : NEW_MAP_SIDE);
  d->height = size_spin (GTK_GRID (grid), 2, _("_Height"),
                         map != NULL ? map->height : NEW_MAP_SIDE);
  gtk_box_append (GTK_BOX (gtk_dialog_get_content_area (GTK_DIALOG (dialog))), grid);
  g_signal_connect_data (dialog, "response", G_CALLBACK (size_response_cb), d,
                         (GClosureNotify) (void (*) (void)) size_dialog_free, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}
