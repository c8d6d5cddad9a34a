/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-smd-import"

#include "config.h"

#include <glib/gi18n.h>

#include "ossa-smd-notices.h"

/* At most this many notices are listed; the rest are counted. */
#define NOTICES_SHOWN 200

static void
notices_response_cb (GtkDialog *dialog,
                     int        response,
                     gpointer   user_data)
{
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/**
 * ossa_smd_show_notices:
 * @parent: (nullable): the window the import went into
 * @notices: the notices, as ossa_smd_import_finish() gives them
 *
 * Returns: (transfer none): the message window
 */
GtkWindow *
ossa_smd_show_notices (GtkWindow          *parent,
                       const char * const *notices)
{
  guint n = notices != NULL ? g_strv_length ((char **) notices) : 0;
  g_autoptr(GString) text = g_string_new (NULL);
  GtkWidget *dialog, *area, *scroller, *label;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);

  for (guint i = 0; i < n && i < NOTICES_SHOWN; i++)
    g_string_append_printf (text, "%s%s", i > 0 ? "\n" : "", notices[i]);
  if (n > NOTICES_SHOWN)
    {
      g_string_append_c (text, '\n');
      /* Translators: after the first notices of an import, how many more there are */
      g_string_append_printf (text, ngettext ("… and %u more", "… and %u more",
                                              n - NOTICES_SHOWN),
                              n - NOTICES_SHOWN);
    }

  dialog = gtk_message_dialog_new (parent,
                                   GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_INFO,
                                   GTK_BUTTONS_CLOSE,
                                   ngettext ("Imported, with %u note", "Imported, with %u notes",
                                             n),
                                   n);
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s",
                                            _("Parts of the imported files that Ossa "
                                              "does not use were left out:"));
  area = gtk_message_dialog_get_message_area (GTK_MESSAGE_DIALOG (dialog));
  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller), 240);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_has_frame (GTK_SCROLLED_WINDOW (scroller), TRUE);
  label = gtk_label_new (text->str);
  gtk_widget_set_name (label, "notices");
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_yalign (GTK_LABEL (label), 0);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 70);
  gtk_widget_set_margin_start (label, 6);
  gtk_widget_set_margin_end (label, 6);
  gtk_widget_set_margin_top (label, 6);
  gtk_widget_set_margin_bottom (label, 6);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), label);
  gtk_box_append (GTK_BOX (area), scroller);

  g_signal_connect (dialog, "response", G_CALLBACK (notices_response_cb), NULL);
  gtk_window_present (GTK_WINDOW (dialog));
  return GTK_WINDOW (dialog);
}

