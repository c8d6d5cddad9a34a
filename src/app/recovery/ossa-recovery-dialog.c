/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-recovery"

#include "config.h"

/* The recovery list: one row a copy, built from the scan's items. */

#include <glib/gi18n.h>

#include "ossa-recovery-dialog.h"

struct _OssaRecoveryDialog
{
  GtkWindow   parent_instance;

  /* Template children */
  GtkListBox *list;
  GtkLabel   *aside_label;
  GtkButton  *later_button;

  GPtrArray  *items;     /* OssaRecoveryItem, in the rows' order */
};

G_DEFINE_FINAL_TYPE (OssaRecoveryDialog, ossa_recovery_dialog, GTK_TYPE_WINDOW)

enum
{
  RECOVER,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* "Autosaved today at 22:31", or on another day with its date. */
static char *
dup_when (gint64 time)
{
  g_autoptr(GDateTime) when = g_date_time_new_from_unix_local (time);
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *clock = NULL;
  g_autofree char *date = NULL;

  if (when == NULL)
    return g_strdup ("");
  clock = g_date_time_format (when, "%H:%M");
  if (g_date_time_get_year (when) == g_date_time_get_year (now)
      && g_date_time_get_day_of_year (when) == g_date_time_get_day_of_year (now))
    /* Translators: %s is a time of day, e.g. 22:31 */
    return g_strdup_printf (_("Autosaved today at %s"), clock);
  date = g_date_time_format (when, "%x");
  /* Translators: the first %s is a date, the second a time of day */
  return g_strdup_printf (_("Autosaved on %s at %s"), date, clock);
}

static char *
dup_where (const OssaRecoveryItem *item)
{
  g_autoptr(GFile) file = NULL;

  if (item->index == NULL || item->index->original == NULL)
    return g_strdup (_("Never saved"));
  file = g_file_new_for_path (item->index->original);
  return g_file_get_parse_name (file);
}

static GtkWidget *
label_new (const char *text, const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_MIDDLE);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

static void recover_clicked_cb (GtkButton *button, OssaRecoveryDialog *self);
static void discard_clicked_cb (GtkButton *button, OssaRecoveryDialog *self);

static GtkWidget *
row_new (OssaRecoveryDialog *self, OssaRecoveryItem *item)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *text = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *title = label_new (ossa_recovery_item_get_title (item), "heading");
  g_autofree char *where = dup_where (item);

  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 8);
  gtk_widget_set_margin_bottom (box, 8);
  gtk_widget_set_hexpand (text, TRUE);
  gtk_widget_set_valign (text, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (text), title);
  gtk_box_append (GTK_BOX (box), text);

  if (item->problem == NULL)
    {
      g_autofree char *when = dup_when (item->index->time);
      g_autofree char *changes = g_strdup_printf (ngettext ("%u unsaved change",
                                                            "%u unsaved changes",
                                                            item->index->changes),
                                                  item->index->changes);
      /* Translators: when a copy was made, then how many changes it holds */
      g_autofree char *details = g_strdup_printf (_("%s · %s"), when, changes);
      GtkWidget *discard = gtk_button_new_with_mnemonic (_("_Discard"));
      GtkWidget *recover = gtk_button_new_with_mnemonic (_("_Recover"));
      GtkWidget *where_label = label_new (where, "dim-label");

      gtk_label_set_ellipsize (GTK_LABEL (where_label), PANGO_ELLIPSIZE_START);
      gtk_widget_set_tooltip_text (where_label, where);
      gtk_box_append (GTK_BOX (text), where_label);
      gtk_box_append (GTK_BOX (text), label_new (details, "dim-label"));
      gtk_widget_set_valign (discard, GTK_ALIGN_CENTER);
      gtk_widget_set_valign (recover, GTK_ALIGN_CENTER);
      gtk_widget_set_tooltip_text (discard, _("Delete this recovery copy"));
      gtk_widget_set_tooltip_text (recover, _("Open the copy as an unsaved document"));
      gtk_widget_add_css_class (discard, "destructive-action");
      gtk_widget_add_css_class (recover, "suggested-action");
      g_signal_connect (discard, "clicked", G_CALLBACK (discard_clicked_cb), self);
      g_signal_connect (recover, "clicked", G_CALLBACK (recover_clicked_cb), self);
      gtk_box_append (GTK_BOX (box), discard);
      gtk_box_append (GTK_BOX (box), recover);
    }
  else
    {
      GtkWidget *problem = label_new (item->problem, NULL);

      /* One line (a scrolled list measures wrapped rows short); all of it in the
       * tooltip. */
      gtk_label_set_ellipsize (GTK_LABEL (problem), PANGO_ELLIPSIZE_END);
      gtk_widget_set_tooltip_text (row, item->problem);
      gtk_box_append (GTK_BOX (text), problem);
      /* Greyed: nothing to do with it here (the note under the list says where
       * it went). */
      gtk_widget_set_sensitive (text, FALSE);
    }
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  return row;
}

static gboolean
has_recoverable (OssaRecoveryDialog *self)
{
  for (guint i = 0; i < self->items->len; i++)
    if (((OssaRecoveryItem *) self->items->pdata[i])->problem == NULL)
      return TRUE;
  return FALSE;
}

/* After a row went: nothing left to decide closes the list (set-aside ones stay
 * for reading, with Close). */
static void
update_after_row (OssaRecoveryDialog *self)
{
  if (self->items->len == 0)
    {
      gtk_window_destroy (GTK_WINDOW (self));
      return;
    }
  if (!has_recoverable (self))
    {
      gtk_button_set_label (self->later_button, _("_Close"));
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->later_button), NULL);
    }
  gtk_window_present (GTK_WINDOW (self));
}

/* The Recover button of the first recoverable row: Enter's, and the focus. */
static void
focus_first_recover (OssaRecoveryDialog *self)
{
  GtkWidget *recover = NULL;

  for (guint i = 0; i < self->items->len && recover == NULL; i++)
    if (((OssaRecoveryItem *) self->items->pdata[i])->problem == NULL)
      {
        GtkListBoxRow *row = gtk_list_box_get_row_at_index (self->list, (int) i);

        recover = gtk_widget_get_last_child (gtk_list_box_row_get_child (row));
      }
  gtk_window_set_default_widget (GTK_WINDOW (self), recover);
  gtk_window_set_focus (GTK_WINDOW (self), recover != NULL ? recover
                                                          : GTK_WIDGET (self->later_button));
}

static void
remove_at (OssaRecoveryDialog *self, guint position)
{
  GtkListBoxRow *row = gtk_list_box_get_row_at_index (self->list, (int) position);

  /* GTK 4.8 keeps a default widget that went with its row. */
  gtk_window_set_default_widget (GTK_WINDOW (self), NULL);
  gtk_list_box_remove (self->list, GTK_WIDGET (row));
  g_ptr_array_remove_index (self->items, position);
  focus_first_recover (self);
}

static int
position_of (OssaRecoveryDialog *self, GtkButton *button)
{
  GtkWidget *row = gtk_widget_get_ancestor (GTK_WIDGET (button), GTK_TYPE_LIST_BOX_ROW);

  return row != NULL ? gtk_list_box_row_get_index (GTK_LIST_BOX_ROW (row)) : -1;
}

static void
recover_clicked_cb (GtkButton *button, OssaRecoveryDialog *self)
{
  int position = position_of (self, button);

  if (position >= 0)
    ossa_recovery_dialog_recover (self, (guint) position);
}

static void
discard_clicked_cb (GtkButton *button, OssaRecoveryDialog *self)
{
  int position = position_of (self, button);

  if (position >= 0)
    ossa_recovery_dialog_discard (self, (guint) position);
}

static void
later_clicked_cb (OssaRecoveryDialog *self)
{
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
ossa_recovery_dialog_dispose (GObject *object)
{
  OssaRecoveryDialog *self = OSSA_RECOVERY_DIALOG (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), OSSA_TYPE_RECOVERY_DIALOG);
  g_clear_pointer (&self->items, g_ptr_array_unref);
  G_OBJECT_CLASS (ossa_recovery_dialog_parent_class)->dispose (object);
}

static void
ossa_recovery_dialog_class_init (OssaRecoveryDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ossa_recovery_dialog_dispose;

  /**
   * OssaRecoveryDialog::recover:
   * @item: (type gpointer): the OssaRecoveryItem; the handler takes its document
   *
   * The person chose Recover for @item. Its row goes once the handlers ran.
   */
  signals[RECOVER] = g_signal_new ("recover", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                   NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/ossa-recovery-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, OssaRecoveryDialog, list);
  gtk_widget_class_bind_template_child (widget_class, OssaRecoveryDialog, aside_label);
  gtk_widget_class_bind_template_child (widget_class, OssaRecoveryDialog, later_button);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
ossa_recovery_dialog_init (OssaRecoveryDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect_swapped (self->later_button, "clicked", G_CALLBACK (later_clicked_cb), self);
}

OssaRecoveryDialog *
ossa_recovery_dialog_new (GtkWindow *parent,
                          GPtrArray *items)
{
  OssaRecoveryDialog *self;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (items != NULL, NULL);

  self = g_object_new (OSSA_TYPE_RECOVERY_DIALOG, "transient-for", parent, NULL);
  if (parent != NULL)
    gtk_window_set_application (GTK_WINDOW (self), gtk_window_get_application (parent));
  self->items = items;
  for (guint i = 0; i < items->len; i++)
    {
      OssaRecoveryItem *item = items->pdata[i];

      gtk_list_box_append (self->list, row_new (self, item));
      if (item->problem != NULL && !gtk_widget_get_visible (GTK_WIDGET (self->aside_label)))
        {
          g_autofree char *aside = g_build_filename (item->folder, OSSA_RECOVERY_SET_ASIDE, NULL);
          /* Translators: %s is a folder */
          g_autofree char *note = g_strdup_printf (_("Copies that cannot be recovered were "
                                                     "moved to %s."), aside);

          gtk_label_set_text (self->aside_label, note);
          gtk_widget_set_visible (GTK_WIDGET (self->aside_label), TRUE);
        }
    }
  if (!has_recoverable (self))
    gtk_button_set_label (self->later_button, _("_Close"));
  /* Enter recovers the newest copy. */
  focus_first_recover (self);
  return self;
}

guint
ossa_recovery_dialog_get_n_items (OssaRecoveryDialog *self)
{
  g_return_val_if_fail (OSSA_IS_RECOVERY_DIALOG (self), 0);
  return self->items->len;
}

OssaRecoveryItem *
ossa_recovery_dialog_get_item (OssaRecoveryDialog *self,
                               guint               position)
{
  g_return_val_if_fail (OSSA_IS_RECOVERY_DIALOG (self), NULL);
  if (position >= self->items->len)
    return NULL;
  return self->items->pdata[position];
}

void
ossa_recovery_dialog_recover (OssaRecoveryDialog *self,
                              guint               position)
{
  OssaRecoveryItem *item = ossa_recovery_dialog_get_item (self, position);

  g_return_if_fail (item != NULL && item->problem == NULL);

  g_object_ref (self);
  g_signal_emit (self, signals[RECOVER], 0, item);
  remove_at (self, position);
  update_after_row (self);
  g_object_unref (self);
}

void
ossa_recovery_dialog_discard (OssaRecoveryDialog *self,
                              guint               position)
{
  OssaRecoveryItem *item = ossa_recovery_dialog_get_item (self, position);

  g_return_if_fail (item != NULL && item->problem == NULL);

  ossa_recovery_item_discard (item);
  remove_at (self, position);
  update_after_row (self);
}

/* The scan's answer: the list over the active window, when there is anything. */
typedef struct
{
  GtkApplication  *app;
  OssaRecoverFunc  recover_cb;
  gpointer         user_data;
} Offer;

static void
offer_recover_cb (OssaRecoveryDialog *dialog,
                  OssaRecoveryItem   *item,
                  Offer              *offer)
{
  offer->recover_cb (item, offer->user_data);
}

static void
offer_free (gpointer data, GClosure *closure)
{
  Offer *offer = data;

  g_object_unref (offer->app);
  g_free (offer);
}

static void
scanned_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  Offer *offer = user_data;
  GPtrArray *items = ossa_recovery_scan_finish (result, NULL);
  GtkWindow *parent = gtk_application_get_active_window (offer->app);
  GList *windows = gtk_application_get_windows (offer->app);
  OssaRecoveryDialog *dialog;

  if (parent == NULL && windows != NULL)
    parent = windows->data;
  if (items == NULL || items->len == 0 || parent == NULL)
    {
      g_clear_pointer (&items, g_ptr_array_unref);
      offer_free (offer, NULL);
      return;
    }
  dialog = ossa_recovery_dialog_new (parent, items);
  g_signal_connect_data (dialog, "recover", G_CALLBACK (offer_recover_cb), offer, offer_free, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
ossa_recovery_offer (GtkApplication  *app,
                     const char      *folder,
                     OssaRecoverFunc  recover_cb,
                     gpointer         user_data)
{
  g_autofree char *default_folder = NULL;
  Offer *offer;

  g_return_if_fail (GTK_IS_APPLICATION (app));
  g_return_if_fail (recover_cb != NULL);

  if (folder == NULL)
    folder = default_folder = ossa_recovery_dup_folder ();
  offer = g_new0 (Offer, 1);
  offer->app = g_object_ref (app);
  offer->recover_cb = recover_cb;
  offer->user_data = user_data;
  ossa_recovery_scan_async (folder, NULL, scanned_cb, offer);
}
