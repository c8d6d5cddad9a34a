/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-draw-order"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "ossa-draw-order-private.h"
#include "ossa-image-store.h"

/* The rows follow the editor cheaply: there is one row a slot, made or dropped
 * only when the number of slots changes; a row's labels and picture are set
 * again only when they differ, and the rows are sorted by each slot's place in
 * the order on show, so a new order (a playhead crossing a draw-order key) only
 * sorts them again. */

#define THUMB_SIZE 24
#define MESSAGE_SECONDS 6

G_DEFINE_FINAL_TYPE (OssaDrawOrder, ossa_draw_order, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_EDITOR,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void refresh (OssaDrawOrder *self);

/* ---- messages ---- */

static gboolean
message_timeout_cb (gpointer user_data)
{
  OssaDrawOrder *self = user_data;

  self->message_timeout = 0;
  gtk_widget_set_visible (GTK_WIDGET (self->message_label), FALSE);
  return G_SOURCE_REMOVE;
}

void
_ossa_draw_order_show_message (OssaDrawOrder *self, const char *message)
{
  g_clear_handle_id (&self->message_timeout, g_source_remove);
  gtk_label_set_text (self->message_label, message != NULL ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->message_label), message != NULL);
  if (message != NULL)
    self->message_timeout = g_timeout_add_seconds (MESSAGE_SECONDS, message_timeout_cb, self);
}

/* ---- thumbnails ---- */

/* The picture shrunk into a THUMB_SIZE square (its shape kept), by averaging the
 * premultiplied pixels each thumbnail pixel covers: a few hundred samples an
 * image, whatever its size. */
static GdkTexture *
make_thumbnail (const OssaPicture *picture)
{
  guint side = MAX (picture->width, picture->height);
  guint w = MAX (1u, picture->width * THUMB_SIZE / side);
  guint h = MAX (1u, picture->height * THUMB_SIZE / side);
  guint ox = (THUMB_SIZE - w) / 2, oy = (THUMB_SIZE - h) / 2;
  guint8 *out = g_malloc0 (THUMB_SIZE * THUMB_SIZE * 4);
  g_autoptr (GBytes) bytes = NULL;

  for (guint y = 0; y < h; y++)
    for (guint x = 0; x < w; x++)
      {
        /* Up to 4 × 4 samples of the source box. */
        guint x0 = x * picture->width / w, x1 = MAX (x0 + 1, (x + 1) * picture->width / w);
        guint y0 = y * picture->height / h, y1 = MAX (y0 + 1, (y + 1) * picture->height / h);
        guint sx = MAX (1u, (x1 - x0) / 4), sy = MAX (1u, (y1 - y0) / 4);
        guint sum[4] = { 0 }, n = 0;

        for (guint py = y0; py < y1; py += sy)
          for (guint px = x0; px < x1; px += sx)
            {
              const guint8 *p = picture->pixels + ((gsize) py * picture->width + px) * 4;

              for (int c = 0; c < 4; c++)
                sum[c] += p[c];
              n++;
            }
        for (int c = 0; c < 4; c++)
          out[((oy + y) * THUMB_SIZE + ox + x) * 4 + c] = (guint8) (sum[c] / n);
      }
  bytes = g_bytes_new_take (out, THUMB_SIZE * THUMB_SIZE * 4);
  return gdk_memory_texture_new (THUMB_SIZE, THUMB_SIZE, GDK_MEMORY_R8G8B8A8_PREMULTIPLIED, bytes,
                                 THUMB_SIZE * 4);
}

/* The row's picture: a thumbnail of the attachment it shows, an icon while the
 * picture is loading or cannot be had, and a closed eye when it shows none. */
static void
update_thumb (OssaDrawOrderRow *r, const OssaDocument *doc, int shown)
{
  OssaImageStore *store = ossa_editor_get_images (r->self->editor);
  const OssaSlot *slot = &doc->slots[r->slot];
  OssaPicture picture = { 0 };
  int image = -1;

  if (shown >= 0 && (gsize) shown < slot->n_attachments)
    image = (int) slot->attachments[shown].image;
  if (image >= 0 && store != NULL && ossa_image_store_get_picture (store, (guint) image, &picture)
      && picture.state == OSSA_PICTURE_READY && picture.pixels != NULL && picture.width > 0
      && picture.height > 0)
    {
      g_autoptr (GdkTexture) texture = NULL;

      if (r->thumb_image == image && r->thumb_serial == picture.serial)
        return;
      texture = make_thumbnail (&picture);
      gtk_image_set_from_paintable (r->thumb, GDK_PAINTABLE (texture));
      r->thumb_image = image;
      r->thumb_serial = picture.serial;
      return;
    }
  r->thumb_image = -1;
  r->thumb_serial = 0;
  if (image < 0)
    gtk_image_set_from_icon_name (r->thumb, "view-conceal-symbolic");
  else if (picture.state == OSSA_PICTURE_MISSING || picture.state == OSSA_PICTURE_BROKEN)
    gtk_image_set_from_icon_name (r->thumb, "image-missing-symbolic");
  else
    gtk_image_set_from_icon_name (r->thumb, "image-x-generic-symbolic");
}

/* ---- rows ---- */

static void
set_label (GtkLabel *label, const char *text)
{
  if (g_strcmp0 (gtk_label_get_text (label), text) != 0)
    gtk_label_set_text (label, text);
}

static void
update_row (OssaDrawOrderRow *r, const OssaDocument *doc, const OssaSlotPose *pose,
            gboolean pictures_changed)
{
  const OssaSlot *slot = &doc->slots[r->slot];
  const OssaSkeleton *skel = &doc->skeleton;
  int shown = r->slot < pose->n_slots ? pose->attachment[r->slot] : -1;

  set_label (r->name, slot->name);
  set_label (r->bone, slot->bone < skel->n_bones ? skel->bones[slot->bone].name : "");
  if (shown != r->shown || pictures_changed)
    {
      g_autofree char *tooltip = NULL;

      if (shown >= 0 && (gsize) shown < slot->n_attachments)
        /* Translators: a Draw Order row's tooltip; %s is the attachment's name */
        tooltip = g_strdup_printf (_("Shows “%s”"), slot->attachments[shown].name);
      else
        tooltip = g_strdup (_("Shows no attachment"));
      gtk_widget_set_tooltip_text (r->row, tooltip);
      if (shown >= 0)
        gtk_widget_remove_css_class (r->row, "hidden-slot");
      else
        gtk_widget_add_css_class (r->row, "hidden-slot");
      r->shown = shown;
      update_thumb (r, doc, shown);
    }
}

static OssaDrawOrderRow *
row_new (OssaDrawOrder *self, guint slot)
{
  OssaDrawOrderRow *r = g_new0 (OssaDrawOrderRow, 1);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

  r->self = self;
  r->slot = slot;
  r->shown = -2;
  r->thumb_image = -1;
  r->thumb = GTK_IMAGE (gtk_image_new ());
  gtk_image_set_pixel_size (r->thumb, THUMB_SIZE);
  gtk_widget_add_css_class (GTK_WIDGET (r->thumb), "slot-thumb");
  r->name = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (r->name, 0);
  gtk_label_set_ellipsize (r->name, PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (GTK_WIDGET (r->name), TRUE);
  r->bone = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (r->bone, 1);
  gtk_label_set_ellipsize (r->bone, PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (r->bone, 10);
  gtk_widget_add_css_class (GTK_WIDGET (r->bone), "dim-label");
  gtk_widget_add_css_class (GTK_WIDGET (r->bone), "caption");
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (r->thumb));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (r->name));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (r->bone));
  r->row = gtk_list_box_row_new ();
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (r->row), box);
  g_object_set_data (G_OBJECT (r->row), "ossa-draw-order-row", r);
  _ossa_draw_order_add_drag_source (r);
  gtk_list_box_append (self->list, r->row);
  return r;
}

static void
row_free (gpointer data)
{
  g_free (data);
}

/* Front (the last drawn) at the top. */
static int
sort_rows_cb (GtkListBoxRow *a, GtkListBoxRow *b, gpointer user_data)
{
  OssaDrawOrder *self = user_data;
  OssaDrawOrderRow *ra = g_object_get_data (G_OBJECT (a), "ossa-draw-order-row");
  OssaDrawOrderRow *rb = g_object_get_data (G_OBJECT (b), "ossa-draw-order-row");
  guint ka = ra != NULL && ra->slot < self->n_order ? self->rank[ra->slot] : 0;
  guint kb = rb != NULL && rb->slot < self->n_order ? self->rank[rb->slot] : 0;

  return ka > kb ? -1 : ka < kb;
}

static void
sync_selection (OssaDrawOrder *self)
{
  int slot = self->editor != NULL ? ossa_editor_get_selected_slot (self->editor) : -1;
  GtkListBoxRow *selected = gtk_list_box_get_selected_row (self->list);
  gboolean can_move = slot >= 0 && (gsize) slot < self->n_order && self->n_order > 1;

  self->updating++;
  if (slot >= 0 && (guint) slot < self->rows->len)
    {
      OssaDrawOrderRow *r = g_ptr_array_index (self->rows, slot);

      if (selected != GTK_LIST_BOX_ROW (r->row))
        gtk_list_box_select_row (self->list, GTK_LIST_BOX_ROW (r->row));
    }
  else if (selected != NULL)
    gtk_list_box_unselect_all (self->list);
  self->updating--;
  gtk_widget_set_sensitive (GTK_WIDGET (self->forward_button),
                            can_move && self->rank[slot] + 1 < self->n_order);
  gtk_widget_set_sensitive (GTK_WIDGET (self->backward_button),
                            can_move && self->rank[slot] > 0);
}

static void
update_mode (OssaDrawOrder *self)
{
  gboolean animate = self->editor != NULL
                     && ossa_editor_get_mode (self->editor) == OSSA_EDIT_MODE_ANIMATE;

  if (animate)
    {
      set_label (self->mode_label, _("Keyed at the playhead"));
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->mode_label),
                                   _("A new order is keyed at the playhead of the current "
                                     "animation"));
      gtk_widget_add_css_class (GTK_WIDGET (self->mode_label), "animate-mode");
      gtk_widget_remove_css_class (GTK_WIDGET (self->mode_label), "dim-label");
    }
  else
    {
      set_label (self->mode_label, _("Sets the rest order"));
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->mode_label),
                                   _("A new order becomes the order the slots are drawn in at "
                                     "rest"));
      gtk_widget_remove_css_class (GTK_WIDGET (self->mode_label), "animate-mode");
      gtk_widget_add_css_class (GTK_WIDGET (self->mode_label), "dim-label");
    }
}

/* The rows from the editor: made or dropped to one a slot, their labels and
 * pictures set where they differ, sorted again when the order changed. */
static void
update_rows (OssaDrawOrder *self, gboolean pictures_changed)
{
  const OssaDocument *doc;
  const OssaSlotPose *pose;
  const guint32 *order;
  gsize n;

  if (self->editor == NULL)
    {
      while (self->rows->len > 0)
        {
          OssaDrawOrderRow *r = g_ptr_array_index (self->rows, self->rows->len - 1);

          gtk_list_box_remove (self->list, r->row);
          g_ptr_array_remove_index (self->rows, self->rows->len - 1);
        }
      self->n_order = 0;
      return;
    }
  doc = ossa_editor_get_document (self->editor);
  pose = ossa_editor_get_slot_pose (self->editor);
  order = ossa_editor_get_draw_order (self->editor);
  n = doc->n_slots;

  self->updating++;
  while (self->rows->len > n)
    {
      OssaDrawOrderRow *r = g_ptr_array_index (self->rows, self->rows->len - 1);

      if (self->drop_row == r)
        self->drop_row = NULL;
      gtk_list_box_remove (self->list, r->row);
      g_ptr_array_remove_index (self->rows, self->rows->len - 1);
    }
  if (n != self->n_order || (n > 0 && memcmp (order, self->order, n * sizeof *order) != 0))
    {
      self->order = g_renew (guint32, self->order, n + 1);
      self->rank = g_renew (guint, self->rank, n + 1);
      if (n > 0)
        memcpy (self->order, order, n * sizeof *order);
      for (gsize i = 0; i < n; i++)
        self->rank[order[i] < n ? order[i] : 0] = (guint) i;
      self->n_order = n;
      while (self->rows->len < n)
        g_ptr_array_add (self->rows, row_new (self, self->rows->len));
      gtk_list_box_invalidate_sort (self->list);
    }
  for (guint i = 0; i < self->rows->len; i++)
    update_row (g_ptr_array_index (self->rows, i), doc, pose, pictures_changed);
  self->updating--;
  sync_selection (self);
}

static void
refresh (OssaDrawOrder *self)
{
  update_mode (self);
  update_rows (self, FALSE);
}

/* ---- moving ---- */

gboolean
_ossa_draw_order_move_slot (OssaDrawOrder *self, guint slot, guint place)
{
  g_autofree guint *order = NULL;
  g_autoptr (GError) error = NULL;
  gsize n = self->n_order, at = 0;

  if (self->editor == NULL || slot >= n || place >= n)
    return FALSE;
  order = g_new (guint, n);
  /* Without the slot, then put back at its place. */
  for (gsize i = 0; i < n; i++)
    if (self->order[i] != slot)
      order[at++] = self->order[i];
  memmove (order + place + 1, order + place, (n - 1 - place) * sizeof *order);
  order[place] = slot;
  if (memcmp (order, self->order, n * sizeof *order) == 0)
    return TRUE;
  if (!ossa_editor_set_draw_order (self->editor, order, n, &error))
    {
      _ossa_draw_order_show_message (self, error->message);
      return FALSE;
    }
  _ossa_draw_order_show_message (self, NULL);
  return TRUE;
}

/* By steps of one: +1 towards the front. The slot picked stays picked (in Setup
 * mode it moves to another index). */
static void
move_selected (OssaDrawOrder *self, int step)
{
  int slot = self->editor != NULL ? ossa_editor_get_selected_slot (self->editor) : -1;
  char *name;
  long place;

  if (slot < 0 || (gsize) slot >= self->n_order)
    return;
  place = (long) self->rank[slot] + step;
  if (place < 0 || place >= (long) self->n_order)
    return;
  name = g_strdup (ossa_editor_get_document (self->editor)->slots[slot].name);
  if (_ossa_draw_order_move_slot (self, (guint) slot, (guint) place))
    {
      const OssaDocument *doc = ossa_editor_get_document (self->editor);

      for (gsize i = 0; i < doc->n_slots; i++)
        if (strcmp (doc->slots[i].name, name) == 0)
          ossa_editor_select_slot (self->editor, (int) i,
                                   ossa_editor_get_selected_attachment (self->editor));
    }
  g_free (name);
}

static void
forward_clicked_cb (GtkButton *button, OssaDrawOrder *self)
{
  move_selected (self, 1);
}

static void
backward_clicked_cb (GtkButton *button, OssaDrawOrder *self)
{
  move_selected (self, -1);
}

static gboolean
forward_shortcut_cb (GtkWidget *widget, GVariant *args, gpointer user_data)
{
  move_selected (user_data, 1);
  return TRUE;
}

static gboolean
backward_shortcut_cb (GtkWidget *widget, GVariant *args, gpointer user_data)
{
  move_selected (user_data, -1);
  return TRUE;
}

/* ---- picking ---- */

static void
row_selected_cb (GtkListBox *list, GtkListBoxRow *row, OssaDrawOrder *self)
{
  OssaDrawOrderRow *r;

  if (self->updating > 0 || self->editor == NULL || row == NULL)
    return;
  r = g_object_get_data (G_OBJECT (row), "ossa-draw-order-row");
  if (r == NULL)
    return;
  /* The slot with what it shows, so the canvas outlines and moves that picture. */
  ossa_editor_select_slot (self->editor, (int) r->slot, r->shown >= 0 ? r->shown : -1);
}

/* ---- the editor ---- */

static void
document_changed_cb (OssaEditor *editor, guint change, OssaDrawOrder *self)
{
  if (change & (OSSA_CHANGE_ART | OSSA_CHANGE_ANIMATIONS | OSSA_CHANGE_POSE | OSSA_CHANGE_DOCUMENT
                | OSSA_CHANGE_STRUCTURE))
    refresh (self);
}

static void
art_selection_changed_cb (OssaEditor *editor, OssaDrawOrder *self)
{
  sync_selection (self);
}

static void
mode_changed_cb (OssaEditor *editor, GParamSpec *pspec, OssaDrawOrder *self)
{
  refresh (self);
}

static void
pictures_changed_cb (OssaImageStore *store, OssaDrawOrder *self)
{
  update_rows (self, TRUE);
}

void
ossa_draw_order_set_editor (OssaDrawOrder *self, OssaEditor *editor)
{
  g_return_if_fail (OSSA_IS_DRAW_ORDER (self));
  g_return_if_fail (editor == NULL || OSSA_IS_EDITOR (editor));

  if (self->editor == editor)
    return;
  if (self->editor != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->editor, self);
      g_signal_handlers_disconnect_by_data (ossa_editor_get_images (self->editor), self);
    }
  g_set_object (&self->editor, editor);
  if (editor != NULL)
    {
      g_signal_connect (editor, "document-changed", G_CALLBACK (document_changed_cb), self);
      g_signal_connect (editor, "art-selection-changed", G_CALLBACK (art_selection_changed_cb),
                        self);
      g_signal_connect (editor, "notify::mode", G_CALLBACK (mode_changed_cb), self);
      g_signal_connect (ossa_editor_get_images (editor), "pictures-changed",
                        G_CALLBACK (pictures_changed_cb), self);
    }
  refresh (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_EDITOR]);
}

GtkWidget *
ossa_draw_order_new (void)
{
  return g_object_new (OSSA_TYPE_DRAW_ORDER, NULL);
}

static void
ossa_draw_order_dispose (GObject *object)
{
  OssaDrawOrder *self = OSSA_DRAW_ORDER (object);
  GtkWidget *child;

  _ossa_draw_order_dispose_drop (self);
  g_clear_handle_id (&self->message_timeout, g_source_remove);
  if (self->editor != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->editor, self);
      g_signal_handlers_disconnect_by_data (ossa_editor_get_images (self->editor), self);
    }
  g_clear_object (&self->editor);
  gtk_widget_dispose_template (GTK_WIDGET (self), OSSA_TYPE_DRAW_ORDER);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  /* The rows went with the list. */
  if (self->rows != NULL)
    g_ptr_array_set_size (self->rows, 0);

  G_OBJECT_CLASS (ossa_draw_order_parent_class)->dispose (object);
}

static void
ossa_draw_order_finalize (GObject *object)
{
  OssaDrawOrder *self = OSSA_DRAW_ORDER (object);

  g_clear_pointer (&self->rows, g_ptr_array_unref);
  g_free (self->order);
  g_free (self->rank);

  G_OBJECT_CLASS (ossa_draw_order_parent_class)->finalize (object);
}

static void
ossa_draw_order_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  OssaDrawOrder *self = OSSA_DRAW_ORDER (object);

  switch (prop_id)
    {
    case PROP_EDITOR:
      g_value_set_object (value, self->editor);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ossa_draw_order_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  OssaDrawOrder *self = OSSA_DRAW_ORDER (object);

  switch (prop_id)
    {
    case PROP_EDITOR:
      ossa_draw_order_set_editor (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ossa_draw_order_class_init (OssaDrawOrderClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ossa_draw_order_dispose;
  object_class->finalize = ossa_draw_order_finalize;
  object_class->get_property = ossa_draw_order_get_property;
  object_class->set_property = ossa_draw_order_set_property;

  properties[PROP_EDITOR] =
    g_param_spec_object ("editor", NULL, NULL, OSSA_TYPE_EDITOR,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/ossa-draw-order.ui");
  gtk_widget_class_bind_template_child (widget_class, OssaDrawOrder, list);
  gtk_widget_class_bind_template_child (widget_class, OssaDrawOrder, mode_label);
  gtk_widget_class_bind_template_child (widget_class, OssaDrawOrder, forward_button);
  gtk_widget_class_bind_template_child (widget_class, OssaDrawOrder, backward_button);
  gtk_widget_class_bind_template_child (widget_class, OssaDrawOrder, message_label);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "ossadraworder");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
ossa_draw_order_init (OssaDrawOrder *self)
{
  GtkWidget *empty;
  GtkEventController *shortcuts;

  self->drag_slot = -1;
  self->drop_slot = -1;
  self->rows = g_ptr_array_new_with_free_func (row_free);
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_orientable_set_orientation (GTK_ORIENTABLE (gtk_widget_get_layout_manager (GTK_WIDGET (self))),
                                  GTK_ORIENTATION_VERTICAL);

  empty = gtk_label_new (_("No slots: import pictures to draw"));
  gtk_label_set_wrap (GTK_LABEL (empty), TRUE);
  gtk_label_set_justify (GTK_LABEL (empty), GTK_JUSTIFY_CENTER);
  gtk_widget_set_margin_top (empty, 12);
  gtk_widget_set_margin_bottom (empty, 12);
  gtk_widget_set_margin_start (empty, 12);
  gtk_widget_set_margin_end (empty, 12);
  gtk_widget_add_css_class (empty, "dim-label");
  gtk_list_box_set_placeholder (self->list, empty);
  self->empty_label = GTK_LABEL (empty);

  gtk_list_box_set_sort_func (self->list, sort_rows_cb, self, NULL);
  g_signal_connect (self->list, "row-selected", G_CALLBACK (row_selected_cb), self);
  g_signal_connect (self->forward_button, "clicked", G_CALLBACK (forward_clicked_cb), self);
  g_signal_connect (self->backward_button, "clicked", G_CALLBACK (backward_clicked_cb), self);
  /* Ctrl+Up and Ctrl+Down move the picked slot while the panel has the focus:
   * taken before the list, whose own Ctrl+arrows only move its cursor. */
  shortcuts = gtk_shortcut_controller_new ();
  gtk_event_controller_set_propagation_phase (shortcuts, GTK_PHASE_CAPTURE);
  gtk_shortcut_controller_add_shortcut (
    GTK_SHORTCUT_CONTROLLER (shortcuts),
    gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Up, GDK_CONTROL_MASK),
                      gtk_callback_action_new (forward_shortcut_cb, self, NULL)));
  gtk_shortcut_controller_add_shortcut (
    GTK_SHORTCUT_CONTROLLER (shortcuts),
    gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Down, GDK_CONTROL_MASK),
                      gtk_callback_action_new (backward_shortcut_cb, self, NULL)));
  gtk_widget_add_controller (GTK_WIDGET (self), shortcuts);
  _ossa_draw_order_init_drop (self);
  refresh (self);
}
