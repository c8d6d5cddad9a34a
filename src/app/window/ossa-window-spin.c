/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "ossa-window-private.h"

/* The spin bar: an in-window notification over the top of the canvas that shows
 * the editor's spin notice (a rotate drag the segment plays the short way round)
 * with its one action, win.turn-dragged-way, and a close button
 * (win.dismiss-spin-notice). It shows and hides with the notice, which the editor
 * drops at the next change of the document or the playhead.
 *
 * OSSA_SPIN_BAR_DUMP=FILE: each time the bar has come or gone, the window writes
 * {"shown": bool, "button": [x, y]} there (the action button's middle in window
 * coordinates), for tests that click it with a real mouse. */

static void
report (OssaWindow *self, GError *error)
{
  gtk_widget_error_bell (GTK_WIDGET (self));
  g_message ("%s", error->message);
}

static void
turn_dragged_way_activated (GSimpleAction *action G_GNUC_UNUSED,
                            GVariant      *parameter G_GNUC_UNUSED,
                            gpointer       user_data)
{
  OssaWindow *self = user_data;
  g_autoptr(GError) error = NULL;

  if (!ossa_editor_apply_spin_notice (self->editor, &error))
    report (self, error);
}

static void
dismiss_activated (GSimpleAction *action G_GNUC_UNUSED,
                   GVariant      *parameter G_GNUC_UNUSED,
                   gpointer       user_data)
{
  OssaWindow *self = user_data;

  ossa_editor_dismiss_spin_notice (self->editor);
}

static void
write_bar_dump (GtkRevealer *bar, GtkWidget *button)
{
  const char *path = g_getenv ("OSSA_SPIN_BAR_DUMP");
  g_autofree char *json = NULL;
  g_autoptr(GError) error = NULL;
  gboolean shown = gtk_revealer_get_child_revealed (bar);
  graphene_rect_t r = GRAPHENE_RECT_INIT (0, 0, 0, 0);

  if (shown && !gtk_widget_compute_bounds (button, GTK_WIDGET (gtk_widget_get_root (button)), &r))
    shown = FALSE;
  json = g_strdup_printf ("{\"shown\": %s, \"button\": [%.1f, %.1f]}\n", shown ? "true" : "false",
                          r.origin.x + r.size.width / 2, r.origin.y + r.size.height / 2);
  if (!g_file_set_contents (path, json, -1, &error))
    g_debug ("OSSA_SPIN_BAR_DUMP: %s", error->message);
}

static void
after_paint_cb (GdkFrameClock *clock, GtkWidget *button)
{
  GtkWidget *bar = gtk_widget_get_ancestor (button, GTK_TYPE_REVEALER);

  g_signal_handlers_disconnect_by_func (clock, after_paint_cb, button);
  if (bar != NULL)
    write_bar_dump (GTK_REVEALER (bar), button);
}

/* child-revealed is notified from the revealer's tick, before that frame's
 * layout: the button's bounds then are still the last frame's, part way up the
 * slide (under load, many pixels above where it ends). So the dump waits for
 * the frame's paint, when the bar is where a person sees it. */
static void
bar_revealed_cb (GtkRevealer *bar, GParamSpec *pspec G_GNUC_UNUSED, GtkWidget *button)
{
  const char *path = g_getenv ("OSSA_SPIN_BAR_DUMP");
  GdkFrameClock *clock = gtk_widget_get_frame_clock (button);

  if (path == NULL || *path == '\0')
    return;
  if (clock == NULL || !gtk_revealer_get_child_revealed (bar))
    {
      write_bar_dump (bar, button);
      return;
    }
  g_signal_handlers_disconnect_by_func (clock, after_paint_cb, button);
  g_signal_connect_object (clock, "after-paint", G_CALLBACK (after_paint_cb), button, 0);
  gtk_widget_queue_draw (button);
}

static const GActionEntry spin_actions[] = {
  { "turn-dragged-way", turn_dragged_way_activated, NULL, NULL, NULL, { 0 } },
  { "dismiss-spin-notice", dismiss_activated, NULL, NULL, NULL, { 0 } },
};

static void
spin_notice_changed_cb (OssaWindow *self)
{
  g_autofree char *text = ossa_editor_dup_spin_notice_text (self->editor);
  gboolean shown = text != NULL;

  if (shown)
    gtk_label_set_text (self->spin_label, text);
  gtk_revealer_set_reveal_child (self->spin_bar, shown);
  for (gsize i = 0; i < G_N_ELEMENTS (spin_actions); i++)
    {
      GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), spin_actions[i].name);

      g_simple_action_set_enabled (G_SIMPLE_ACTION (action), shown);
    }
}

void
_ossa_window_spin_init (OssaWindow *self)
{
  GtkWidget *overlay = gtk_widget_get_parent (GTK_WIDGET (self->canvas));
  GtkWidget *box, *label, *button, *close;

  g_return_if_fail (GTK_IS_OVERLAY (overlay));
  g_action_map_add_action_entries (G_ACTION_MAP (self), spin_actions,
                                   G_N_ELEMENTS (spin_actions), self);

  box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  /* A floating toast below the canvas's mode badge, clear of the top-left. */
  gtk_widget_add_css_class (box, "osd");
  gtk_widget_add_css_class (box, "toolbar");
  label = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_hexpand (label, TRUE);
  button = gtk_button_new_with_mnemonic (_("_Turn the Way I Dragged"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "win.turn-dragged-way");
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  close = gtk_button_new_from_icon_name ("window-close-symbolic");
  gtk_button_set_has_frame (GTK_BUTTON (close), FALSE);
  gtk_widget_set_tooltip_text (close, _("Close"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (close), "win.dismiss-spin-notice");
  gtk_widget_set_valign (close, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), button);
  gtk_box_append (GTK_BOX (box), close);

  self->spin_bar = GTK_REVEALER (gtk_revealer_new ());
  gtk_widget_set_name (GTK_WIDGET (self->spin_bar), "spin-bar");
  gtk_revealer_set_transition_type (self->spin_bar, GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN);
  gtk_revealer_set_child (self->spin_bar, box);
  gtk_widget_set_halign (GTK_WIDGET (self->spin_bar), GTK_ALIGN_CENTER);
  gtk_widget_set_valign (GTK_WIDGET (self->spin_bar), GTK_ALIGN_START);
  gtk_widget_set_margin_top (GTK_WIDGET (self->spin_bar), 40);
  gtk_widget_set_margin_start (GTK_WIDGET (self->spin_bar), 12);
  gtk_widget_set_margin_end (GTK_WIDGET (self->spin_bar), 12);
  gtk_overlay_add_overlay (GTK_OVERLAY (overlay), GTK_WIDGET (self->spin_bar));
  self->spin_label = GTK_LABEL (label);
  g_signal_connect_object (self->spin_bar, "notify::child-revealed",
                           G_CALLBACK (bar_revealed_cb), button, 0);

  g_signal_connect_object (self->editor, "spin-notice-changed",
                           G_CALLBACK (spin_notice_changed_cb), self, G_CONNECT_SWAPPED);
  spin_notice_changed_cb (self);
}
