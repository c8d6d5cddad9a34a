/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-hierarchy"

#include "config.h"

#include "ossa-hierarchy-private.h"

/* Renaming an item of one of the panel's lists in its own row, the one way for
 * the bone rows (ossa-hierarchy-row.c) and the constraint rows
 * (ossa-hierarchy-ik.c): a double-click (counted here) or F2 swaps the row's
 * name for an entry, Enter renames, Escape leaves the name as it was, and
 * leaving the entry keeps a good name. What differs between the lists (whose
 * name, how a name is checked and renamed, which widgets the entry stands in
 * for) comes through OssaListRenameFuncs. */

void
_ossa_list_rename_init (OssaListRename            *list,
                        OssaHierarchy             *self,
                        const OssaListRenameFuncs *funcs,
                        const char                *entry_label)
{
  *list = (OssaListRename) { .funcs = funcs, .self = self, .entry_label = entry_label,
                             .item = -1, .press = -1, .rows = g_hash_table_new (NULL, NULL) };
}

void
_ossa_list_rename_dispose (OssaListRename *list)
{
  g_clear_handle_id (&list->idle, g_source_remove);
  list->row = NULL;
}

void
_ossa_list_rename_finalize (OssaListRename *list)
{
  g_hash_table_unref (list->rows);
}

gboolean
_ossa_row_rename_is_editing (const OssaRowRename *r)
{
  return r->list->row == r;
}

static gboolean
focus_is_in (GtkWidget *widget)
{
  GtkRoot *root = gtk_widget_get_root (widget);
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  return focus != NULL && (focus == widget || gtk_widget_is_ancestor (focus, widget));
}

/* The reason (NULL: none) shows right under the entry, across the whole row so
 * that it reads in a narrow panel at any depth, and as the entry's tooltip and
 * accessible description. Rows without a reason label say it under the list. */
static void
set_entry_error (OssaRowRename *r, const char *message)
{
  if (r->error_label == NULL)
    return;
  if (message != NULL)
    {
      gtk_widget_add_css_class (r->entry, "error");
      gtk_label_set_text (GTK_LABEL (r->error_label), message);
      gtk_widget_set_visible (r->error_label, TRUE);
      gtk_accessible_update_property (GTK_ACCESSIBLE (r->entry),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, message, -1);
    }
  else
    {
      gtk_widget_remove_css_class (r->entry, "error");
      gtk_widget_set_visible (r->error_label, FALSE);
      gtk_label_set_text (GTK_LABEL (r->error_label), "");
      gtk_accessible_reset_property (GTK_ACCESSIBLE (r->entry),
                                     GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
    }
  gtk_widget_set_tooltip_text (r->entry, message);
}

/* The name typed so far, checked as Enter would: NULL when it would do. */
static char *
dup_entry_error (OssaRowRename *r)
{
  OssaListRename *list = r->list;
  const char *name = gtk_editable_get_text (GTK_EDITABLE (r->entry));
  const char *old = list->funcs->get_name (list->self, list->item);
  g_autoptr (GError) error = NULL;

  if (old == NULL || g_strcmp0 (name, old) == 0
      || list->funcs->check_name (list->self, list->item, name, &error))
    return NULL;
  return ossa_editor_dup_name_refusal (name, error);
}

/* Back to the row's name; the keyboard focus goes back to the row. */
static void
end_edit (OssaRowRename *r)
{
  GtkWidget *item = gtk_widget_get_parent (r->child);

  if (r->list->row == r)
    r->list->row = NULL;
  if (r->entry == NULL)
    return;
  if (focus_is_in (r->entry) && item != NULL)
    gtk_widget_grab_focus (item);
  gtk_widget_set_visible (r->entry, FALSE);
  r->list->funcs->show_entry (r->row, FALSE);
  set_entry_error (r, NULL);
}

void
_ossa_list_rename_end (OssaListRename *list)
{
  list->item = -1;
  if (list->row != NULL)
    end_edit (list->row);
}

/* Enter: the new name, or the reason why not (under the entry when the list
 * checks names, else under the list). */
static gboolean
commit_edit (OssaRowRename *r)
{
  OssaListRename *list = r->list;
  int item = list->item;
  const char *old = _ossa_row_rename_is_editing (r) ? list->funcs->get_name (list->self, item)
                                                    : NULL;
  g_autofree char *name = NULL;
  g_autoptr (GError) error = NULL;

  if (old == NULL)
    return FALSE;
  name = g_strdup (gtk_editable_get_text (GTK_EDITABLE (r->entry)));
  if (g_strcmp0 (name, old) == 0)
    {
      _ossa_list_rename_end (list);
      return TRUE;
    }
  if (list->funcs->check_name != NULL
      && !list->funcs->check_name (list->self, item, name, &error))
    {
      g_autofree char *message = ossa_editor_dup_name_refusal (name, error);

      set_entry_error (r, message);
      return FALSE;
    }
  /* The rename lists the rows again (this one included): leave editing first. */
  _ossa_list_rename_end (list);
  if (!list->funcs->rename (list->self, item, name, &error))
    {
      _ossa_hierarchy_show_message (list->self, error->message);
      return FALSE;
    }
  return TRUE;
}

static void
entry_activate_cb (GtkEntry *entry, OssaRowRename *r)
{
  commit_edit (r);
}

/* Once a name has been refused, the reason follows the typing: it changes with
 * the text and goes away as soon as the text would do. */
static void
entry_changed_cb (GtkEditable *editable, OssaRowRename *r)
{
  g_autofree char *message = NULL;

  if (!gtk_widget_get_visible (r->error_label))
    return;
  message = _ossa_row_rename_is_editing (r) ? dup_entry_error (r) : NULL;
  set_entry_error (r, message);
}

static gboolean
entry_key_pressed_cb (GtkEventControllerKey *controller,
                      guint                  keyval,
                      guint                  keycode,
                      GdkModifierType        state,
                      OssaRowRename         *r)
{
  if (keyval != GDK_KEY_Escape || !_ossa_row_rename_is_editing (r))
    return FALSE;
  _ossa_list_rename_end (r->list);
  return TRUE;
}

/* Clicking elsewhere keeps a good name and drops a refused one. The window
 * going inactive keeps its focus widget and changes nothing. */
static void
entry_focus_leave_cb (GtkEventControllerFocus *controller, OssaRowRename *r)
{
  if (focus_is_in (r->entry) || !_ossa_row_rename_is_editing (r))
    return;
  if (!commit_edit (r) && _ossa_row_rename_is_editing (r))
    _ossa_list_rename_end (r->list);
}

/* The label under the entry saying why a name is refused, across the row's
 * child. */
static void
add_error_label (OssaRowRename *r)
{
  r->error_label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (r->error_label), 0.0f);
  gtk_label_set_wrap (GTK_LABEL (r->error_label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (r->error_label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (r->error_label), 40);
  gtk_widget_set_margin_start (r->error_label, OSSA_HIERARCHY_ROW_SIDE_MARGIN);
  gtk_widget_set_margin_end (r->error_label, OSSA_HIERARCHY_ROW_SIDE_MARGIN);
  gtk_widget_set_margin_bottom (r->error_label, OSSA_HIERARCHY_ROW_MARGIN);
  gtk_widget_add_css_class (r->error_label, "error");
  gtk_widget_add_css_class (r->error_label, "caption");
  /* style.css: white on red, readable on a selected row too. */
  gtk_widget_add_css_class (r->error_label, "rename-error");
  gtk_widget_set_visible (r->error_label, FALSE);
  gtk_box_append (GTK_BOX (r->child), r->error_label);
}

/* The entry (and, for a list that checks names, the label under it): made the
 * first time the row is renamed, not with every row (a GtkEntry is most of a
 * row's cost, and a new document makes a screenful of rows at once). */
static void
ensure_entry (OssaRowRename *r)
{
  GtkEventController *controller;

  if (r->entry != NULL)
    return;
  r->entry = gtk_entry_new ();
  gtk_widget_set_hexpand (r->entry, TRUE);
  gtk_widget_set_visible (r->entry, FALSE);
  gtk_editable_set_width_chars (GTK_EDITABLE (r->entry), 6);
  gtk_accessible_update_property (GTK_ACCESSIBLE (r->entry), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  r->list->entry_label, -1);
  gtk_box_append (GTK_BOX (r->entry_box), r->entry);
  if (r->list->funcs->check_name != NULL)
    {
      add_error_label (r);
      g_signal_connect (r->entry, "changed", G_CALLBACK (entry_changed_cb), r);
    }

  g_signal_connect (r->entry, "activate", G_CALLBACK (entry_activate_cb), r);
  controller = gtk_event_controller_key_new ();
  g_signal_connect (controller, "key-pressed", G_CALLBACK (entry_key_pressed_cb), r);
  gtk_widget_add_controller (r->entry, controller);
  controller = gtk_event_controller_focus_new ();
  g_signal_connect (controller, "leave", G_CALLBACK (entry_focus_leave_cb), r);
  gtk_widget_add_controller (r->entry, controller);
}

static void
begin_edit (OssaRowRename *r)
{
  const char *name = r->list->funcs->get_name (r->list->self, r->list->item);

  if (name == NULL)
    return;
  ensure_entry (r);
  r->list->row = r;
  set_entry_error (r, NULL);
  gtk_editable_set_text (GTK_EDITABLE (r->entry), name);
  r->list->funcs->show_entry (r->row, TRUE);
  gtk_widget_set_visible (r->entry, TRUE);
  gtk_widget_grab_focus (r->entry);
  gtk_editable_select_region (GTK_EDITABLE (r->entry), 0, -1);
}

gboolean
_ossa_list_rename_begin (OssaListRename *list, guint item)
{
  GHashTableIter iter;
  gpointer key;

  _ossa_list_rename_end (list);
  list->item = (int) item;
  g_hash_table_iter_init (&iter, list->rows);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (*((OssaRowRename *) key)->item == (int) item)
      {
        begin_edit (key);
        return TRUE;
      }
  return FALSE;
}

void
_ossa_row_rename_bind (OssaRowRename *r)
{
  OssaListRename *list = r->list;

  g_hash_table_add (list->rows, r);
  if (*r->item >= 0 && *r->item == list->item && list->row == NULL)
    begin_edit (r);
}

void
_ossa_row_rename_unbind (OssaRowRename *r)
{
  OssaListRename *list = r->list;

  /* Scrolled away while renaming: the rename waits for the row to come back. */
  if (_ossa_row_rename_is_editing (r))
    end_edit (r);
  g_hash_table_remove (list->rows, r);
}

static gboolean
rename_idle_cb (gpointer user_data)
{
  OssaListRename *list = user_data;

  list->idle = 0;
  if (list->press >= 0)
    list->funcs->start (list->self, (guint) list->press);
  list->press = -1;
  return G_SOURCE_REMOVE;
}

/* Two presses on one row within the double-click time rename its item. Counted
 * here: the list row claims each click for selecting, which resets the count of
 * a click gesture on its contents. The rename starts once the press is handled,
 * since the row takes the keyboard focus for itself on a press. */
void
_ossa_row_rename_pressed (OssaRowRename *r, GtkGesture *gesture)
{
  OssaListRename *list = r->list;
  guint32 time = gtk_event_controller_get_current_event_time (GTK_EVENT_CONTROLLER (gesture));
  int double_click_time = 400;

  g_object_get (gtk_widget_get_settings (r->child), "gtk-double-click-time",
                &double_click_time, NULL);
  if (*r->item >= 0 && !_ossa_row_rename_is_editing (r) && *r->item == list->press
      && time - list->press_time <= (guint32) double_click_time)
    {
      if (list->idle == 0)
        list->idle = g_idle_add (rename_idle_cb, list);
      return;
    }
  list->press = *r->item;
  list->press_time = time;
}
