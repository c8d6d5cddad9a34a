/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The map view's context menu (secondary click on a cell): set the start or the
 * goal there, clear both, place the cat or add or remove a mouse there, each item
 * a "map" action with the cell as its target. The popover is the workspace's
 * (parented to the view, unparented at dispose). */
#define G_LOG_DOMAIN "ossa-map-editor"

#include "config.h"

#include <glib/gi18n.h>

#include "ossa-map-editor-private.h"

static void
context_menu_cb (OssaMapView *view, double x, double y, double wx, double wy,
                 OssaMapEditor *self)
{
  g_autoptr(GMenu) menu = g_menu_new ();
  g_autoptr(GMenu) section = g_menu_new ();
  g_autoptr(GMenu) agents = g_menu_new ();
  g_autoptr(GMenuItem) item = NULL;
  int cx, cy;
  struct { const char *label, *action; GMenu *in; } items[] = {
    { N_("Set _Start Here"), "map.set-start", section },
    { N_("Set _Goal Here"), "map.set-goal", section },
    { N_("Place the _Cat Here"), "map.place-cat", agents },
    { N_("Add or Remove a _Mouse Here"), "map.add-mouse", agents },
  };

  if (!_ossa_map_editor_cell_of (self, x, y, &cx, &cy))
    return;
  for (guint i = 0; i < G_N_ELEMENTS (items); i++)
    {
      g_clear_object (&item);
      item = g_menu_item_new (_(items[i].label), NULL);
      g_menu_item_set_action_and_target_value (item, items[i].action,
                                               g_variant_new ("(uu)", (guint32) cx, (guint32) cy));
      g_menu_append_item (items[i].in, item);
    }
  g_menu_append (section, _("Clear Start and Goal"), "map.clear-ends");
  g_menu_append_section (menu, NULL, G_MENU_MODEL (section));
  g_menu_append_section (menu, NULL, G_MENU_MODEL (agents));
  gtk_popover_menu_set_menu_model (GTK_POPOVER_MENU (self->context_menu), G_MENU_MODEL (menu));
  gtk_popover_set_pointing_to (GTK_POPOVER (self->context_menu),
                               &(GdkRectangle) { (int) wx, (int) wy, 1, 1 });
  gtk_popover_popup (GTK_POPOVER (self->context_menu));
}

void
_ossa_map_editor_init_menu (OssaMapEditor *self)
{
  self->context_menu = gtk_popover_menu_new_from_model (NULL);
  gtk_popover_set_has_arrow (GTK_POPOVER (self->context_menu), FALSE);
  gtk_widget_set_halign (self->context_menu, GTK_ALIGN_START);
  gtk_widget_set_parent (self->context_menu, GTK_WIDGET (self->view));
  g_signal_connect (self->view, "context-menu", G_CALLBACK (context_menu_cb), self);
}
