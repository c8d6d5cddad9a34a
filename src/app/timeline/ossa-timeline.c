/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-timeline"

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "ossa-gerror.h"
#include "ossa-timeline-private.h"
#include "ossa-timeline-view-private.h"
#include "ossa-cached-bin.h"

/* The panel keeps its header in step with the editor: the list of animations and
 * which is current, its length and frame rate (edited here, one undo step a
 * change), the playback speed and the play button's icon. Everything else in the
 * header is an action: the window's win.* or the view's timeline.*. */

static const double speeds[] = { 0.25, 0.5, 0.75, 1.0, 1.5, 2.0 };
#define SPEED_NORMAL 3

struct _OssaTimeline
{
  GtkWidget         parent_instance;

  /* Template children */
  GtkWidget        *header;
  GtkDropDown      *animation_dropdown;
  GtkSpinButton    *duration_spin;
  GtkSpinButton    *fps_spin;
  GtkToggleButton  *play_button;
  GtkDropDown      *speed_dropdown;
  GtkSpinButton    *onion_spin;
  OssaTimelineView *view;
  GtkScrollbar     *hscrollbar;
  GtkScrollbar     *vscrollbar;
  GtkPopover       *rename_popover;
  GtkEntry         *rename_entry;
  GtkButton        *rename_button;

  OssaEditor       *editor;
  GtkStringList    *names;
  guint             updating;
};

G_DEFINE_FINAL_TYPE (OssaTimeline, ossa_timeline, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_EDITOR,
  PROP_ONION_FRAMES,
  PROP_SNAP_KEYS_TO_FRAMES,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const OssaAnimation *
current_animation (OssaTimeline *self)
{
  const OssaDocument *doc;
  int index;

  if (self->editor == NULL)
    return NULL;
  doc = ossa_editor_get_document (self->editor);
  index = ossa_editor_get_animation (self->editor);
  return index >= 0 && (gsize) index < doc->n_animations ? &doc->animations[index] : NULL;
}

/* The dropdown's list, replaced only when the names changed. */
static void
update_names (OssaTimeline *self)
{
  const OssaDocument *doc = ossa_editor_get_document (self->editor);
  GListModel *model = G_LIST_MODEL (self->names);
  guint n = g_list_model_get_n_items (model);
  gboolean same = n == MAX (doc->n_animations, 1);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) names = NULL;

  for (gsize i = 0; same && i < doc->n_animations; i++)
    same = g_strcmp0 (gtk_string_list_get_string (self->names, (guint) i),
                      doc->animations[i].name) == 0;
  if (same && doc->n_animations > 0)
    return;
  for (gsize i = 0; i < doc->n_animations; i++)
    g_strv_builder_add (builder, doc->animations[i].name);
  if (doc->n_animations == 0)
    g_strv_builder_add (builder, _("No animation"));
  names = g_strv_builder_end (builder);
  gtk_string_list_splice (self->names, 0, n, (const char * const *) names);
}

/* The dropdown's button shows the current name in at most NAME_CHARS characters,
 * ellipsized in the middle (a take's name often differs only at its end: walk_v1,
 * walk_v2), with the whole name as its tooltip; the list it opens shows names in
 * full up to LIST_NAME_CHARS. A long name would otherwise widen the header past
 * the window's edge, where GTK cuts the last buttons without a word. */
#define NAME_CHARS      18
#define LIST_NAME_CHARS 48

static void
name_setup_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *item,
               gpointer                  max_chars)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_MIDDLE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), GPOINTER_TO_INT (max_chars));
  gtk_list_item_set_child (item, label);
}

static void
name_bind_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *item,
              gpointer                  max_chars)
{
  GtkLabel *label = GTK_LABEL (gtk_list_item_get_child (item));
  const char *name = gtk_string_object_get_string (GTK_STRING_OBJECT (gtk_list_item_get_item (item)));

  gtk_label_set_text (label, name);
  /* Only a name that is cut needs its whole self in a tooltip. */
  gtk_widget_set_tooltip_text (GTK_WIDGET (label),
                               g_utf8_strlen (name, -1) > GPOINTER_TO_INT (max_chars) ? name
                                                                                       : NULL);
}

static GtkListItemFactory *
name_factory_new (int max_chars)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (name_setup_cb), GINT_TO_POINTER (max_chars));
  g_signal_connect (factory, "bind", G_CALLBACK (name_bind_cb), GINT_TO_POINTER (max_chars));
  return factory;
}

static void
update_header (OssaTimeline *self)
{
  const OssaAnimation *anim;
  int index;

  if (self->editor == NULL)
    return;
  self->updating++;
  update_names (self);
  anim = current_animation (self);
  index = ossa_editor_get_animation (self->editor);
  gtk_drop_down_set_selected (self->animation_dropdown, index >= 0 ? (guint) index : 0);
  gtk_widget_set_sensitive (GTK_WIDGET (self->animation_dropdown), anim != NULL);
  gtk_widget_set_sensitive (GTK_WIDGET (self->duration_spin), anim != NULL);
  gtk_widget_set_sensitive (GTK_WIDGET (self->fps_spin), anim != NULL);
  if (anim != NULL)
    {
      gtk_spin_button_set_value (self->duration_spin, anim->duration);
      gtk_spin_button_set_value (self->fps_spin, anim->fps);
    }
  self->updating--;
}

static void
update_playing (OssaTimeline *self)
{
  gboolean playing = self->editor != NULL && ossa_editor_get_playing (self->editor);

  gtk_button_set_icon_name (GTK_BUTTON (self->play_button),
                            playing ? "media-playback-pause-symbolic"
                                    : "media-playback-start-symbolic");
}

static void
update_speed (OssaTimeline *self)
{
  double speed = self->editor != NULL ? ossa_editor_get_speed (self->editor) : 1.0;
  guint best = SPEED_NORMAL;

  for (guint i = 0; i < G_N_ELEMENTS (speeds); i++)
    if (fabs (speeds[i] - speed) < fabs (speeds[best] - speed))
      best = i;
  self->updating++;
  gtk_drop_down_set_selected (self->speed_dropdown, best);
  self->updating--;
}

static void
show_error (OssaTimeline *self, GError *error)
{
  gtk_widget_error_bell (GTK_WIDGET (self));
  g_message ("%s", error->message);
}

static void
animation_selected_cb (OssaTimeline *self)
{
  guint selected = gtk_drop_down_get_selected (self->animation_dropdown);

  if (self->updating || self->editor == NULL || selected == GTK_INVALID_LIST_POSITION)
    return;
  if (selected < ossa_editor_get_document (self->editor)->n_animations)
    ossa_editor_set_animation (self->editor, (int) selected);
}

static void
props_changed_cb (OssaTimeline *self)
{
  const OssaAnimation *anim = current_animation (self);
  g_autoptr(GError) error = NULL;

  if (self->updating || anim == NULL)
    return;
  if (!ossa_editor_set_animation_props (self->editor, ossa_editor_get_animation (self->editor),
                                        anim->name,
                                        gtk_spin_button_get_value (self->duration_spin),
                                        gtk_spin_button_get_value (self->fps_spin), anim->loop,
                                        &error))
    {
      show_error (self, error);
      update_header (self);
    }
}

static void
speed_selected_cb (OssaTimeline *self)
{
  guint selected = gtk_drop_down_get_selected (self->speed_dropdown);

  if (self->updating || self->editor == NULL || selected >= G_N_ELEMENTS (speeds))
    return;
  ossa_editor_set_speed (self->editor, speeds[selected]);
}

static void
onion_changed_cb (OssaTimeline *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ONION_FRAMES]);
}

static void
rename_commit_cb (OssaTimeline *self)
{
  const OssaAnimation *anim = current_animation (self);
  g_autoptr(GError) error = NULL;

  if (anim == NULL)
    return;
  if (!ossa_editor_set_animation_props (self->editor, ossa_editor_get_animation (self->editor),
                                        gtk_editable_get_text (GTK_EDITABLE (self->rename_entry)),
                                        anim->duration, anim->fps, anim->loop, &error))
    {
      /* The field stays open and says why. */
      gtk_widget_add_css_class (GTK_WIDGET (self->rename_entry), "error");
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->rename_entry), error->message);
      gtk_widget_error_bell (GTK_WIDGET (self));
      return;
    }
  gtk_popover_popdown (self->rename_popover);
}

static void
rename_changed_cb (OssaTimeline *self)
{
  gtk_widget_remove_css_class (GTK_WIDGET (self->rename_entry), "error");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->rename_entry), NULL);
}

/**
 * ossa_timeline_start_rename:
 *
 * Opens a field over the animation list to rename the current animation.
 */
void
ossa_timeline_start_rename (OssaTimeline *self)
{
  const OssaAnimation *anim;

  g_return_if_fail (OSSA_IS_TIMELINE (self));
  anim = current_animation (self);
  if (anim == NULL)
    return;
  gtk_editable_set_text (GTK_EDITABLE (self->rename_entry), anim->name);
  rename_changed_cb (self);
  gtk_popover_popup (self->rename_popover);
}

/* Once the field shows, it has the focus and its text is selected. */
static void
rename_mapped_cb (OssaTimeline *self)
{
  gtk_widget_grab_focus (GTK_WIDGET (self->rename_entry));
  gtk_editable_select_region (GTK_EDITABLE (self->rename_entry), 0, -1);
}

static void
document_changed_cb (OssaTimeline *self, guint change)
{
  if (change & (OSSA_CHANGE_ANIMATIONS | OSSA_CHANGE_DOCUMENT | OSSA_CHANGE_STRUCTURE))
    update_header (self);
}

/**
 * ossa_timeline_set_editor:
 * @editor: (nullable): the editor whose animations the panel shows
 */
void
ossa_timeline_set_editor (OssaTimeline *self, OssaEditor *editor)
{
  g_return_if_fail (OSSA_IS_TIMELINE (self));
  g_return_if_fail (editor == NULL || OSSA_IS_EDITOR (editor));
  if (self->editor == editor)
    return;
  if (self->editor != NULL)
    g_signal_handlers_disconnect_by_data (self->editor, self);
  g_set_object (&self->editor, editor);
  ossa_timeline_view_set_editor (self->view, editor);
  if (editor != NULL)
    {
      g_signal_connect_swapped (editor, "document-changed", G_CALLBACK (document_changed_cb),
                                self);
      g_signal_connect_swapped (editor, "notify::animation", G_CALLBACK (update_header), self);
      g_signal_connect_swapped (editor, "notify::playing", G_CALLBACK (update_playing), self);
      g_signal_connect_swapped (editor, "notify::speed", G_CALLBACK (update_speed), self);
      update_header (self);
      update_playing (self);
      update_speed (self);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_EDITOR]);
}

OssaEditor *
ossa_timeline_get_editor (OssaTimeline *self)
{
  g_return_val_if_fail (OSSA_IS_TIMELINE (self), NULL);
  return self->editor;
}

OssaTimelineView *
_ossa_timeline_get_view (OssaTimeline *self)
{
  g_return_val_if_fail (OSSA_IS_TIMELINE (self), NULL);
  return self->view;
}

GtkWidget *
ossa_timeline_new (void)
{
  return g_object_new (OSSA_TYPE_TIMELINE, NULL);
}

static void
ossa_timeline_dispose (GObject *object)
{
  GtkWidget *child;
  OssaTimeline *self = OSSA_TIMELINE (object);

  if (self->editor != NULL)
    g_signal_handlers_disconnect_by_data (self->editor, self);
  if (self->rename_popover != NULL)
    gtk_widget_unparent (GTK_WIDGET (self->rename_popover));
  gtk_widget_dispose_template (GTK_WIDGET (self), OSSA_TYPE_TIMELINE);
  /* dispose_template() unparents only the children bound to fields. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->editor);
  g_clear_object (&self->names);
  G_OBJECT_CLASS (ossa_timeline_parent_class)->dispose (object);
}

static void
ossa_timeline_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  OssaTimeline *self = OSSA_TIMELINE (object);

  switch (prop_id)
    {
    case PROP_EDITOR:
      g_value_set_object (value, self->editor);
      break;
    case PROP_ONION_FRAMES:
      g_value_set_int (value, gtk_spin_button_get_value_as_int (self->onion_spin));
      break;
    case PROP_SNAP_KEYS_TO_FRAMES:
      g_value_set_boolean (value, self->view->snap_keys);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ossa_timeline_set_property (GObject *object, guint prop_id, const GValue *value,
                            GParamSpec *pspec)
{
  OssaTimeline *self = OSSA_TIMELINE (object);

  switch (prop_id)
    {
    case PROP_EDITOR:
      ossa_timeline_set_editor (self, g_value_get_object (value));
      break;
    case PROP_ONION_FRAMES:
      gtk_spin_button_set_value (self->onion_spin, g_value_get_int (value));
      break;
    case PROP_SNAP_KEYS_TO_FRAMES:
      if (self->view->snap_keys != g_value_get_boolean (value))
        {
          self->view->snap_keys = g_value_get_boolean (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ossa_timeline_class_init (OssaTimelineClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = ossa_timeline_dispose;
  object_class->get_property = ossa_timeline_get_property;
  object_class->set_property = ossa_timeline_set_property;

  properties[PROP_EDITOR] = g_param_spec_object ("editor", NULL, NULL, OSSA_TYPE_EDITOR, rw);
  properties[PROP_ONION_FRAMES] = g_param_spec_int ("onion-frames", NULL, NULL, 1, 30, 3, rw);
  properties[PROP_SNAP_KEYS_TO_FRAMES] = g_param_spec_boolean ("snap-keys-to-frames", NULL, NULL,
                                                               TRUE, rw);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (OSSA_TYPE_CACHED_BIN);
  g_type_ensure (OSSA_TYPE_TIMELINE_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/ossa-timeline.ui");
  gtk_widget_class_bind_template_child (widget_class, OssaTimeline, header);
  gtk_widget_class_bind_template_child (widget_class, OssaTimeline, animation_dropdown);
  gtk_widget_class_bind_template_child (widget_class, OssaTimeline, duration_spin);
  gtk_widget_class_bind_template_child (widget_class, OssaTimeline, fps_spin);
  gtk_widget_class_bind_template_child (widget_class, OssaTimeline, play_button);
  gtk_widget_class_bind_template_child (widget_class, OssaTimeline, speed_dropdown);
  gtk_widget_class_bind_template_child (widget_class, OssaTimeline, onion_spin);
  gtk_widget_class_bind_template_child (widget_class, OssaTimeline, view);
  gtk_widget_class_bind_template_child (widget_class, OssaTimeline, hscrollbar);
  gtk_widget_class_bind_template_child (widget_class, OssaTimeline, vscrollbar);
  gtk_widget_class_bind_template_child (widget_class, OssaTimeline, rename_popover);
  gtk_widget_class_bind_template_child (widget_class, OssaTimeline, rename_entry);
  gtk_widget_class_bind_template_child (widget_class, OssaTimeline, rename_button);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "ossatimeline");
}

static void
ossa_timeline_init (OssaTimeline *self)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) labels = NULL;
  g_autoptr(GtkStringList) speed_list = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_orientable_set_orientation (
    GTK_ORIENTABLE (gtk_widget_get_layout_manager (GTK_WIDGET (self))), GTK_ORIENTATION_VERTICAL);

  self->names = gtk_string_list_new (NULL);
  gtk_drop_down_set_model (self->animation_dropdown, G_LIST_MODEL (self->names));
  {
    g_autoptr(GtkListItemFactory) button_factory = name_factory_new (NAME_CHARS);
    g_autoptr(GtkListItemFactory) list_factory = name_factory_new (LIST_NAME_CHARS);

    gtk_drop_down_set_factory (self->animation_dropdown, button_factory);
    gtk_drop_down_set_list_factory (self->animation_dropdown, list_factory);
  }
  for (guint i = 0; i < G_N_ELEMENTS (speeds); i++)
    {
      /* Translators: a playback speed, e.g. "0.5×" */
      g_autofree char *label = g_strdup_printf (_("%g×"), speeds[i]);

      g_strv_builder_add (builder, label);
    }
  labels = g_strv_builder_end (builder);
  speed_list = gtk_string_list_new ((const char * const *) labels);
  gtk_drop_down_set_model (self->speed_dropdown, G_LIST_MODEL (speed_list));
  gtk_drop_down_set_selected (self->speed_dropdown, SPEED_NORMAL);

  gtk_scrollbar_set_adjustment (self->hscrollbar, ossa_timeline_view_get_hadjustment (self->view));
  gtk_scrollbar_set_adjustment (self->vscrollbar, ossa_timeline_view_get_vadjustment (self->view));

  gtk_widget_set_parent (GTK_WIDGET (self->rename_popover), GTK_WIDGET (self->animation_dropdown));

  g_signal_connect_swapped (self->animation_dropdown, "notify::selected",
                            G_CALLBACK (animation_selected_cb), self);
  g_signal_connect_swapped (self->duration_spin, "value-changed", G_CALLBACK (props_changed_cb),
                            self);
  g_signal_connect_swapped (self->fps_spin, "value-changed", G_CALLBACK (props_changed_cb),
                            self);
  g_signal_connect_swapped (self->speed_dropdown, "notify::selected",
                            G_CALLBACK (speed_selected_cb), self);
  g_signal_connect_swapped (self->onion_spin, "value-changed", G_CALLBACK (onion_changed_cb),
                            self);
  g_signal_connect_swapped (self->rename_entry, "activate", G_CALLBACK (rename_commit_cb), self);
  g_signal_connect_swapped (self->rename_popover, "map", G_CALLBACK (rename_mapped_cb), self);
  g_signal_connect_swapped (self->rename_button, "clicked", G_CALLBACK (rename_commit_cb), self);
  g_signal_connect_swapped (self->rename_entry, "changed", G_CALLBACK (rename_changed_cb), self);
}
