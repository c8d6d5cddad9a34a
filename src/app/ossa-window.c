/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-window"

#include "config.h"

#include <glib/gi18n.h>

#include "ossa-io.h"

#include "ossa-bone-object.h"
#include "ossa-dialogs.h"
#include "ossa-gerror.h"
#include "ossa-window.h"

#define INDENT_PER_LEVEL 16
#define INDENT_LEVELS_MAX 24

struct _OssaWindow
{
  GtkApplicationWindow  parent_instance;

  /* Template children */
  GtkStack             *stack;
  GtkListView          *bones_view;
  GtkWidget            *status_bar;
  GtkLabel             *status_label;

  /* The open document (NULL when empty) and where it came from. The next step
   * moves these into an editor object shared by the window's panes. */
  OssaDocument         *document;
  GFile                *file;

  /* OssaBoneObject rows in tree order (parents before their subtrees). */
  GListStore           *bones;
  GCancellable         *cancellable;
};

G_DEFINE_FINAL_TYPE (OssaWindow, ossa_window, GTK_TYPE_APPLICATION_WINDOW)

static GSettings *
get_settings (OssaWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  if (!OSSA_IS_APPLICATION (app))
    return NULL;
  return ossa_application_get_settings (OSSA_APPLICATION (app));
}

/* "humanoid.ossa" -> "humanoid", for the title; other names stay whole. */
static char *
dup_document_name (GFile *file)
{
  g_autofree char *basename = g_file_get_basename (file);
  g_autofree char *display = g_filename_display_name (basename);
  gsize len = strlen (display);

  if (len > 5 && g_ascii_strcasecmp (display + len - 5, ".ossa") == 0)
    display[len - 5] = '\0';
  return g_steal_pointer (&display);
}

static char *
dup_display_basename (GFile *file)
{
  g_autofree char *basename = g_file_get_basename (file);

  return g_filename_display_name (basename);
}

/* Rows for every bone in depth-first order, siblings by index, without recursion
 * (DESIGN: no limit on depth). Bones are parent-before-child, so a bone's depth is
 * known once its parent's is. */
static GPtrArray *
make_bone_rows (const OssaSkeleton *skel)
{
  gsize n = skel->n_bones;
  g_autofree gssize *parent = g_new (gssize, n);
  g_autofree gssize *first_child = g_new (gssize, n);
  g_autofree gssize *next_sibling = g_new (gssize, n);
  g_autofree guint *depth = g_new (guint, n);
  GPtrArray *rows = g_ptr_array_new_full (n, g_object_unref);
  gssize first_root = -1;
  gssize node;

  for (gsize i = 0; i < n; i++)
    {
      int32_t p = skel->bones[i].parent;

      /* A loaded document is validated; treat anything odd as a root anyway. */
      parent[i] = (p >= 0 && (gsize) p < i) ? p : -1;
      depth[i] = parent[i] < 0 ? 0 : depth[parent[i]] + 1;
      first_child[i] = -1;
    }

  /* Built backwards so that each sibling list is in index order. */
  for (gsize k = n; k > 0; k--)
    {
      gsize i = k - 1;

      if (parent[i] < 0)
        {
          next_sibling[i] = first_root;
          first_root = (gssize) i;
        }
      else
        {
          next_sibling[i] = first_child[parent[i]];
          first_child[parent[i]] = (gssize) i;
        }
    }

  node = first_root;
  while (node >= 0)
    {
      g_ptr_array_add (rows, ossa_bone_object_new ((guint) node,
                                                   skel->bones[node].name,
                                                   depth[node],
                                                   skel->bones[node].color));
      if (first_child[node] >= 0)
        {
          node = first_child[node];
          continue;
        }
      while (node >= 0 && next_sibling[node] < 0)
        node = parent[node];
      if (node >= 0)
        node = next_sibling[node];
    }

  return rows;
}

static void
update_view (OssaWindow *self)
{
  g_autoptr(GPtrArray) rows = NULL;
  g_autofree char *title = NULL;
  g_autofree char *status = NULL;
  g_autofree char *tooltip = NULL;

  if (self->document == NULL)
    {
      g_list_store_remove_all (self->bones);
      gtk_window_set_title (GTK_WINDOW (self), "Ossa");
      gtk_label_set_text (self->status_label, "");
      gtk_widget_set_visible (self->status_bar, FALSE);
      gtk_stack_set_visible_child_name (self->stack, "empty");
      return;
    }

  rows = make_bone_rows (&self->document->skeleton);
  g_list_store_splice (self->bones, 0, g_list_model_get_n_items (G_LIST_MODEL (self->bones)),
                       rows->pdata, rows->len);

  {
    g_autofree char *name = dup_document_name (self->file);
    g_autofree char *basename = dup_display_basename (self->file);
    g_autofree char *bones = NULL;
    g_autofree char *animations = NULL;
    guint n_bones = (guint) self->document->skeleton.n_bones;
    guint n_animations = (guint) self->document->n_animations;

    /* Translators: the window title: a document's name, then the program's */
    title = g_strdup_printf (_("%s — Ossa"), name);
    bones = g_strdup_printf (ngettext ("%u bone", "%u bones", n_bones), n_bones);
    animations = g_strdup_printf (ngettext ("%u animation", "%u animations", n_animations),
                                  n_animations);
    /* Translators: the status line, e.g. "12 bones, 2 animations — humanoid.ossa" */
    status = g_strdup_printf (_("%s, %s — %s"), bones, animations, basename);
    tooltip = g_file_get_parse_name (self->file);
  }

  gtk_window_set_title (GTK_WINDOW (self), title);
  gtk_label_set_text (self->status_label, status);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->status_label), tooltip);
  gtk_widget_set_visible (self->status_bar, TRUE);
  gtk_stack_set_visible_child_name (self->stack, "document");
}

static OssaDocument *
load_document (GFile   *file,
               GError **error)
{
  g_autofree char *path = g_file_get_path (file);
  OssaDocument *document;
  OssaError err;

  if (path == NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("%s: only local files can be opened"), uri);
      return NULL;
    }

  ossa_error_clear (&err);
  document = ossa_document_load (path, &err);
  if (document == NULL)
    ossa_gerror_set_from_core (error, &err);

  return document;
}

/**
 * ossa_window_open_file:
 * @self: an #OssaWindow
 * @file: a .ossa document
 * @error: return location for a #GError
 *
 * Loads @file and shows it in @self. When it cannot be loaded, shows an error
 * message over the window with the core's reason, leaves the window as it was,
 * sets @error and returns %FALSE.
 *
 * Returns: whether @file is now the window's document
 */
gboolean
ossa_window_open_file (OssaWindow  *self,
                       GFile       *file,
                       GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  OssaDocument *document;
  GtkApplication *app;

  g_return_val_if_fail (OSSA_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  document = load_document (file, &local_error);
  if (document == NULL)
    {
      g_autofree char *name = dup_display_basename (file);
      g_autofree char *primary = NULL;

      /* Translators: %s is a file name */
      primary = g_strdup_printf (_("Could not open “%s”"), name);
      ossa_dialogs_show_error (GTK_WINDOW (self), primary, local_error->message);
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }

  g_clear_pointer (&self->document, ossa_document_free);
  self->document = document;
  g_set_object (&self->file, file);
  update_view (self);

  app = gtk_window_get_application (GTK_WINDOW (self));
  if (OSSA_IS_APPLICATION (app))
    ossa_application_add_recent_file (OSSA_APPLICATION (app), file);

  return TRUE;
}

static void
document_chosen_cb (GObject      *source,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  OssaWindow *self = OSSA_WINDOW (source);
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;

  file = ossa_dialogs_choose_document_finish (result, &error);
  if (file == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        ossa_dialogs_show_error (GTK_WINDOW (self), _("Could not choose a file"),
                                 error->message);
      return;
    }

  ossa_window_open_file (self, file, NULL);
}

static void
open_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  OssaWindow *self = OSSA_WINDOW (widget);
  g_autoptr(GFile) folder = NULL;

  if (self->file != NULL)
    folder = g_file_get_parent (self->file);

  ossa_dialogs_choose_document (GTK_WINDOW (self), folder, self->cancellable,
                                document_chosen_cb, NULL);
}

/* The bone's colour as the canvas will draw it: a disc with a faint rim, so that
 * light colours still show on a light list. */
static void
draw_swatch (GtkDrawingArea *area,
             cairo_t        *cr,
             int             width,
             int             height,
             gpointer        user_data)
{
  guint32 rgba = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (area), "ossa-color"));
  double radius = MIN (width, height) / 2.0 - 1.0;

  cairo_arc (cr, width / 2.0, height / 2.0, radius, 0, 2 * G_PI);
  cairo_set_source_rgba (cr,
                         ((rgba >> 24) & 0xff) / 255.0,
                         ((rgba >> 16) & 0xff) / 255.0,
                         ((rgba >> 8) & 0xff) / 255.0,
                         MAX ((rgba & 0xff) / 255.0, 0.25));
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.3);
  cairo_set_line_width (cr, 1.0);
  cairo_stroke (cr);
}

static void
bone_row_setup_cb (GtkSignalListItemFactory *factory,
                   GtkListItem              *item,
                   gpointer                  user_data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *swatch = gtk_drawing_area_new ();
  GtkWidget *label = gtk_label_new (NULL);

  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (swatch), 12);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (swatch), 12);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (swatch), draw_swatch, NULL, NULL);
  gtk_widget_set_valign (swatch, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (swatch, "bone-swatch");

  gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_add_css_class (label, "bone-name");

  gtk_box_append (GTK_BOX (box), swatch);
  gtk_box_append (GTK_BOX (box), label);
  gtk_list_item_set_child (item, box);
}

static void
bone_row_bind_cb (GtkSignalListItemFactory *factory,
                  GtkListItem              *item,
                  gpointer                  user_data)
{
  OssaBoneObject *bone = gtk_list_item_get_item (item);
  GtkWidget *box = gtk_list_item_get_child (item);
  GtkWidget *swatch = gtk_widget_get_first_child (box);
  GtkWidget *label = gtk_widget_get_next_sibling (swatch);
  guint depth = ossa_bone_object_get_depth (bone);

  gtk_widget_set_margin_start (box, (int) MIN (depth, INDENT_LEVELS_MAX) * INDENT_PER_LEVEL);
  g_object_set_data (G_OBJECT (swatch), "ossa-color",
                     GUINT_TO_POINTER (ossa_bone_object_get_color (bone)));
  gtk_widget_queue_draw (swatch);
  gtk_label_set_text (GTK_LABEL (label), ossa_bone_object_get_name (bone));
}

static void
restore_size (OssaWindow *self)
{
  GSettings *settings = get_settings (self);
  int width, height;

  if (settings == NULL)
    return;

  width = g_settings_get_int (settings, "window-width");
  height = g_settings_get_int (settings, "window-height");
  if (width >= 360 && height >= 240)
    gtk_window_set_default_size (GTK_WINDOW (self), width, height);
  if (g_settings_get_boolean (settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
}

static void
save_size (OssaWindow *self)
{
  GSettings *settings = get_settings (self);
  gboolean maximized;
  int width, height;

  if (settings == NULL)
    return;

  maximized = gtk_window_is_maximized (GTK_WINDOW (self));
  g_settings_set_boolean (settings, "window-maximized", maximized);
  /* The default size follows the window as it is resized, but not while it is
   * maximized: then it still holds the size to go back to. */
  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  if (width > 0 && height > 0)
    {
      g_settings_set_int (settings, "window-width", width);
      g_settings_set_int (settings, "window-height", height);
    }
}

static gboolean
ossa_window_close_request (GtkWindow *window)
{
  save_size (OSSA_WINDOW (window));

  return GTK_WINDOW_CLASS (ossa_window_parent_class)->close_request (window);
}

static void
ossa_window_constructed (GObject *object)
{
  G_OBJECT_CLASS (ossa_window_parent_class)->constructed (object);

  /* Not in the template: show-menubar is a construct property, so its default
   * (FALSE) is applied after the template and would undo it. */
  gtk_application_window_set_show_menubar (GTK_APPLICATION_WINDOW (object), TRUE);
}

static void
ossa_window_dispose (GObject *object)
{
  OssaWindow *self = OSSA_WINDOW (object);

  g_cancellable_cancel (self->cancellable);
  gtk_widget_dispose_template (GTK_WIDGET (self), OSSA_TYPE_WINDOW);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->bones);
  g_clear_object (&self->file);

  G_OBJECT_CLASS (ossa_window_parent_class)->dispose (object);
}

static void
ossa_window_finalize (GObject *object)
{
  OssaWindow *self = OSSA_WINDOW (object);

  g_clear_pointer (&self->document, ossa_document_free);

  G_OBJECT_CLASS (ossa_window_parent_class)->finalize (object);
}

static void
ossa_window_class_init (OssaWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->constructed = ossa_window_constructed;
  object_class->dispose = ossa_window_dispose;
  object_class->finalize = ossa_window_finalize;

  window_class->close_request = ossa_window_close_request;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/ossa-window.ui");
  gtk_widget_class_bind_template_child (widget_class, OssaWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, OssaWindow, bones_view);
  gtk_widget_class_bind_template_child (widget_class, OssaWindow, status_bar);
  gtk_widget_class_bind_template_child (widget_class, OssaWindow, status_label);

  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_action);
}

static void
ossa_window_init (OssaWindow *self)
{
  g_autoptr(GtkListItemFactory) factory = NULL;
  g_autoptr(GtkSingleSelection) selection = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->cancellable = g_cancellable_new ();
  self->bones = g_list_store_new (OSSA_TYPE_BONE_OBJECT);

  selection = gtk_single_selection_new (g_object_ref (G_LIST_MODEL (self->bones)));
  gtk_single_selection_set_autoselect (selection, FALSE);
  gtk_single_selection_set_can_unselect (selection, TRUE);
  gtk_list_view_set_model (self->bones_view, GTK_SELECTION_MODEL (selection));

  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (bone_row_setup_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bone_row_bind_cb), NULL);
  gtk_list_view_set_factory (self->bones_view, factory);

  update_view (self);
}

/**
 * ossa_window_new:
 * @application: the application the window belongs to
 *
 * Makes an empty editor window with the size remembered in the settings.
 *
 * Returns: (transfer full): a new, empty editor window
 */
OssaWindow *
ossa_window_new (OssaApplication *application)
{
  OssaWindow *self;

  g_return_val_if_fail (OSSA_IS_APPLICATION (application), NULL);

  self = g_object_new (OSSA_TYPE_WINDOW,
                       "application", application,
                       NULL);
  /* Here rather than in constructed(): "application" is not a construct
   * property, so the settings are reachable only once g_object_new() is done. */
  restore_size (self);

  return self;
}

/**
 * ossa_window_get_file:
 * @self: an #OssaWindow
 *
 * Returns: (transfer none) (nullable): the open document's file
 */
GFile *
ossa_window_get_file (OssaWindow *self)
{
  g_return_val_if_fail (OSSA_IS_WINDOW (self), NULL);

  return self->file;
}

/**
 * ossa_window_get_document:
 * @self: an #OssaWindow
 *
 * Returns: (transfer none) (nullable): the open document
 */
const OssaDocument *
ossa_window_get_document (OssaWindow *self)
{
  g_return_val_if_fail (OSSA_IS_WINDOW (self), NULL);

  return self->document;
}

/**
 * ossa_window_get_bones:
 * @self: an #OssaWindow
 *
 * The rows the bone list shows: #OssaBoneObject items, each parent followed by
 * its subtree. Empty when no document is open.
 *
 * Returns: (transfer none): a #GListModel of #OssaBoneObject
 */
GListModel *
ossa_window_get_bones (OssaWindow *self)
{
  g_return_val_if_fail (OSSA_IS_WINDOW (self), NULL);

  return G_LIST_MODEL (self->bones);
}

/**
 * ossa_window_get_status_text:
 * @self: an #OssaWindow
 *
 * Returns: (transfer none): the status line ("" when no document is open)
 */
const char *
ossa_window_get_status_text (OssaWindow *self)
{
  g_return_val_if_fail (OSSA_IS_WINDOW (self), NULL);

  return gtk_label_get_text (self->status_label);
}
