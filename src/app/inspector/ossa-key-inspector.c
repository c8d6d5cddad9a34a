/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-key-inspector"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "ossa-curve-view.h"
#include "ossa-gerror.h"
#include "ossa-key-inspector.h"

/* What the buttons show is the selection's: the first selected key's
 * interpolation and spin when every selected key agrees, none when they differ.
 * The "interp" and "spin" properties hold that ("" when mixed) and back the
 * keys.interp and keys.spin actions, so the toggle buttons follow them; setting
 * one (a button, the action) applies to every selected key as one undo step. */

struct _OssaKeyInspector
{
  GtkWidget        parent_instance;

  /* Template children */
  GtkLabel        *title_label;
  GtkLabel        *subtitle_label;
  GtkFrame        *curve_frame;
  GtkWidget       *spin_box;
  GtkSpinButton   *turns_spin;

  OssaCurveView   *curve_view;
  OssaEditor      *editor;
  char            *interp;   /* the selection's, "" when mixed */
  char            *spin;
  guint            updating;
};

G_DEFINE_FINAL_TYPE (OssaKeyInspector, ossa_key_inspector, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_EDITOR,
  PROP_INTERP,
  PROP_SPIN,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const struct
{
  const char *name;
  OssaInterp  interp;
  OssaCurve   curve;
  gboolean    preset;
} interps[] = {
  { "linear", OSSA_INTERP_LINEAR, { 0, 0, 1, 1 }, FALSE },
  { "stepped", OSSA_INTERP_STEP, { 0, 0, 1, 1 }, FALSE },
  { "bezier", OSSA_INTERP_BEZIER, { 0, 0, 1, 1 }, FALSE },
  { "ease-in", OSSA_INTERP_BEZIER, { 0.42f, 0.0f, 1.0f, 1.0f }, TRUE },
  { "ease-out", OSSA_INTERP_BEZIER, { 0.0f, 0.0f, 0.58f, 1.0f }, TRUE },
  { "ease-in-out", OSSA_INTERP_BEZIER, { 0.42f, 0.0f, 0.58f, 1.0f }, TRUE },
};

static const char *const spin_names[OSSA_N_SPINS] = {
  [OSSA_SPIN_SHORTEST] = "shortest",
  [OSSA_SPIN_CLOCKWISE] = "clockwise",
  [OSSA_SPIN_COUNTERCLOCKWISE] = "counterclockwise",
  [OSSA_SPIN_NUMERIC] = "numeric",
};

/**
 * ossa_key_inspector_parse_interp:
 * @name: "linear", "stepped", "bezier", "ease-in", "ease-out" or "ease-in-out"
 * @curve: (out) (nullable): the preset's control points, %NULL when @name is not
 *   a preset (bezier keys then keep their own)
 */
gboolean
ossa_key_inspector_parse_interp (const char *name, OssaInterp *interp, const OssaCurve **curve)
{
  for (guint i = 0; i < G_N_ELEMENTS (interps); i++)
    if (g_strcmp0 (name, interps[i].name) == 0)
      {
        *interp = interps[i].interp;
        *curve = interps[i].preset ? &interps[i].curve : NULL;
        return TRUE;
      }
  return FALSE;
}

gboolean
ossa_key_inspector_parse_spin (const char *name, OssaSpin *spin)
{
  for (guint i = 0; i < OSSA_N_SPINS; i++)
    if (g_strcmp0 (name, spin_names[i]) == 0)
      {
        *spin = (OssaSpin) i;
        return TRUE;
      }
  return FALSE;
}

static gboolean
get_key (OssaKeyInspector *self, const OssaKeyRef *ref, OssaKey *key)
{
  const OssaDocument *doc = ossa_editor_get_document (self->editor);
  int anim = ossa_editor_get_animation (self->editor);
  const OssaTrack *track;
  ssize_t at;

  if (anim < 0 || (gsize) anim >= doc->n_animations)
    return FALSE;
  track = ossa_animation_find_track (&doc->animations[anim], ref->bone, ref->channel);
  at = track != NULL ? ossa_track_find_key (track, ref->time) : -1;
  if (at < 0)
    return FALSE;
  *key = ossa_track_get_key (track, (size_t) at);
  return TRUE;
}

static void
set_string (OssaKeyInspector *self, char **field, const char *value, GParamSpec *pspec)
{
  if (g_strcmp0 (*field, value) == 0)
    return;
  g_free (*field);
  *field = g_strdup (value);
  g_object_notify_by_pspec (G_OBJECT (self), pspec);
}

static void
update (OssaKeyInspector *self)
{
  const OssaKeyRef *keys;
  gsize n = 0;
  const char *interp = "", *spin = "";
  gboolean any_rotation = FALSE, any_bezier = FALSE, same_interp = TRUE, same_spin = TRUE;
  gboolean have_first = FALSE, have_rotation = FALSE, have_bezier = FALSE;
  OssaKey first = { 0 }, first_rotation = { 0 }, first_bezier = { 0 };
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;

  if (self->editor == NULL)
    return;
  keys = ossa_editor_get_selected_keys (self->editor, &n);
  gtk_widget_set_visible (GTK_WIDGET (self), n > 0);
  if (n == 0)
    return;

  for (gsize i = 0; i < n; i++)
    {
      OssaKey key;

      if (!get_key (self, &keys[i], &key))
        continue;
      if (!have_first)
        {
          first = key;
          have_first = TRUE;
        }
      else if (key.interp != first.interp
               || (key.interp == OSSA_INTERP_BEZIER
                   && memcmp (&key.curve, &first.curve, sizeof key.curve) != 0))
        same_interp = FALSE;
      if (key.interp == OSSA_INTERP_BEZIER && !have_bezier)
        {
          first_bezier = key;
          have_bezier = TRUE;
        }
      any_bezier |= key.interp == OSSA_INTERP_BEZIER;
      if (keys[i].channel == OSSA_CHANNEL_ROTATE)
        {
          if (!have_rotation)
            {
              first_rotation = key;
              have_rotation = TRUE;
            }
          else if (key.spin != first_rotation.spin || key.turns != first_rotation.turns)
            same_spin = FALSE;
          any_rotation = TRUE;
        }
    }

  self->updating++;
  if (have_first && same_interp)
    interp = first.interp == OSSA_INTERP_LINEAR ? "linear"
             : first.interp == OSSA_INTERP_STEP ? "stepped" : "bezier";
  if (have_rotation && same_spin && (guint) first_rotation.spin < OSSA_N_SPINS)
    spin = spin_names[first_rotation.spin];
  set_string (self, &self->interp, interp, properties[PROP_INTERP]);
  set_string (self, &self->spin, spin, properties[PROP_SPIN]);
  gtk_widget_set_visible (self->spin_box, any_rotation);
  if (have_rotation)
    gtk_spin_button_set_value (self->turns_spin, first_rotation.turns);
  gtk_widget_set_sensitive (GTK_WIDGET (self->turns_spin),
                            have_rotation
                            && (first_rotation.spin == OSSA_SPIN_CLOCKWISE
                                || first_rotation.spin == OSSA_SPIN_COUNTERCLOCKWISE));

  /* The box draws what the keys do; a mixed selection with bezier keys shows
   * the first one's curve, whose handles shape them all. */
  ossa_curve_view_set_enabled (self->curve_view, any_bezier);
  if (have_bezier)
    ossa_curve_view_set_curve (self->curve_view, &first_bezier.curve);
  ossa_curve_view_set_interp (self->curve_view,
                              !same_interp && any_bezier ? OSSA_INTERP_BEZIER : first.interp);

  title = g_strdup_printf (ngettext ("%u Key", "%u Keys", (gulong) n), (guint) n);
  if (n == 1)
    {
      const OssaDocument *doc = ossa_editor_get_document (self->editor);
      double fps = ossa_editor_get_frame_rate (self->editor);
      const char *channel = keys[0].channel == OSSA_CHANNEL_ROTATE ? _("rotation")
                            : keys[0].channel == OSSA_CHANNEL_TRANSLATE_X ? _("x")
                            : keys[0].channel == OSSA_CHANNEL_TRANSLATE_Y ? _("y")
                            : keys[0].channel == OSSA_CHANNEL_SCALE_X ? _("scale x")
                                                                      : _("scale y");

      /* Translators: one selected key: bone name, channel, frame number */
      subtitle = g_strdup_printf (_("%s %s at frame %.0f"),
                                  doc->skeleton.bones[keys[0].bone].name, channel,
                                  round (keys[0].time * fps));
    }
  else
    subtitle = g_strdup (_("Changes apply to every selected key"));
  gtk_label_set_text (self->title_label, title);
  gtk_label_set_text (self->subtitle_label, subtitle);
  self->updating--;
}

static void
report (OssaKeyInspector *self, gboolean ok, GError *error)
{
  if (ok)
    return;
  gtk_widget_error_bell (GTK_WIDGET (self));
  g_message ("%s", error != NULL ? error->message : "");
}

static void
apply_interp (OssaKeyInspector *self, const char *name)
{
  g_autoptr(GError) error = NULL;
  const OssaCurve *curve = NULL;
  OssaInterp interp;

  if (self->updating || self->editor == NULL
      || !ossa_key_inspector_parse_interp (name, &interp, &curve)
      || g_strcmp0 (name, self->interp) == 0)
    return;
  report (self, ossa_editor_set_selected_keys_interp (self->editor, interp, curve, &error), error);
  update (self);
}

static void
apply_spin (OssaKeyInspector *self, const char *name, gboolean force)
{
  g_autoptr(GError) error = NULL;
  OssaSpin spin;
  guint turns;

  if (self->updating || self->editor == NULL || !ossa_key_inspector_parse_spin (name, &spin)
      || (!force && g_strcmp0 (name, self->spin) == 0))
    return;
  turns = (guint) gtk_spin_button_get_value_as_int (self->turns_spin);
  report (self, ossa_editor_set_selected_keys_spin (self->editor, spin, turns, &error), error);
  update (self);
}

/* A curve handle was let go: the selected keys take the curve. */
static void
curve_changed_cb (OssaKeyInspector *self)
{
  g_autoptr(GError) error = NULL;
  OssaCurve curve;

  if (self->editor == NULL)
    return;
  ossa_curve_view_get_curve (self->curve_view, &curve);
  report (self, ossa_editor_set_selected_keys_interp (self->editor, OSSA_INTERP_BEZIER, &curve,
                                                      &error),
          error);
  update (self);
}

static void
turns_changed_cb (OssaKeyInspector *self)
{
  if (self->updating || self->spin == NULL || self->spin[0] == '\0')
    return;
  apply_spin (self, self->spin, TRUE);
}

static void
document_changed_cb (OssaKeyInspector *self, guint change)
{
  if (change & (OSSA_CHANGE_ANIMATIONS | OSSA_CHANGE_DOCUMENT))
    update (self);
}

/**
 * ossa_key_inspector_set_editor:
 * @editor: (nullable): the editor whose selected keys the inspector shows
 */
void
ossa_key_inspector_set_editor (OssaKeyInspector *self, OssaEditor *editor)
{
  g_return_if_fail (OSSA_IS_KEY_INSPECTOR (self));
  g_return_if_fail (editor == NULL || OSSA_IS_EDITOR (editor));
  if (self->editor == editor)
    return;
  if (self->editor != NULL)
    g_signal_handlers_disconnect_by_data (self->editor, self);
  g_set_object (&self->editor, editor);
  if (editor != NULL)
    {
      g_signal_connect_swapped (editor, "key-selection-changed", G_CALLBACK (update), self);
      g_signal_connect_swapped (editor, "document-changed", G_CALLBACK (document_changed_cb),
                                self);
      g_signal_connect_swapped (editor, "notify::animation", G_CALLBACK (update), self);
    }
  update (self);
  if (editor == NULL)
    gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_EDITOR]);
}

GtkWidget *
_ossa_key_inspector_get_curve_editor (OssaKeyInspector *self)
{
  g_return_val_if_fail (OSSA_IS_KEY_INSPECTOR (self), NULL);
  return GTK_WIDGET (self->curve_view);
}

void
_ossa_key_inspector_curve_drag (OssaKeyInspector *self, double x0, double y0, double x1,
                                double y1)
{
  g_return_if_fail (OSSA_IS_KEY_INSPECTOR (self));
  _ossa_curve_view_drag (self->curve_view, x0, y0, x1, y1);
}

GtkWidget *
ossa_key_inspector_new (void)
{
  return g_object_new (OSSA_TYPE_KEY_INSPECTOR, NULL);
}

static void
ossa_key_inspector_dispose (GObject *object)
{
  GtkWidget *child;
  OssaKeyInspector *self = OSSA_KEY_INSPECTOR (object);

  if (self->editor != NULL)
    g_signal_handlers_disconnect_by_data (self->editor, self);
  g_clear_object (&self->editor);
  gtk_widget_dispose_template (GTK_WIDGET (self), OSSA_TYPE_KEY_INSPECTOR);
  /* dispose_template() unparents only the children bound to fields. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (ossa_key_inspector_parent_class)->dispose (object);
}

static void
ossa_key_inspector_finalize (GObject *object)
{
  OssaKeyInspector *self = OSSA_KEY_INSPECTOR (object);

  g_free (self->interp);
  g_free (self->spin);
  G_OBJECT_CLASS (ossa_key_inspector_parent_class)->finalize (object);
}

static void
ossa_key_inspector_get_property (GObject *object, guint prop_id, GValue *value,
                                 GParamSpec *pspec)
{
  OssaKeyInspector *self = OSSA_KEY_INSPECTOR (object);

  switch (prop_id)
    {
    case PROP_EDITOR:
      g_value_set_object (value, self->editor);
      break;
    case PROP_INTERP:
      g_value_set_string (value, self->interp != NULL ? self->interp : "");
      break;
    case PROP_SPIN:
      g_value_set_string (value, self->spin != NULL ? self->spin : "");
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ossa_key_inspector_set_property (GObject *object, guint prop_id, const GValue *value,
                                 GParamSpec *pspec)
{
  OssaKeyInspector *self = OSSA_KEY_INSPECTOR (object);

  switch (prop_id)
    {
    case PROP_EDITOR:
      ossa_key_inspector_set_editor (self, g_value_get_object (value));
      break;
    case PROP_INTERP:
      apply_interp (self, g_value_get_string (value));
      break;
    case PROP_SPIN:
      apply_spin (self, g_value_get_string (value), FALSE);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ossa_key_inspector_class_init (OssaKeyInspectorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = ossa_key_inspector_dispose;
  object_class->finalize = ossa_key_inspector_finalize;
  object_class->get_property = ossa_key_inspector_get_property;
  object_class->set_property = ossa_key_inspector_set_property;

  properties[PROP_EDITOR] = g_param_spec_object ("editor", NULL, NULL, OSSA_TYPE_EDITOR, rw);
  properties[PROP_INTERP] = g_param_spec_string ("interp", NULL, NULL, "", rw);
  properties[PROP_SPIN] = g_param_spec_string ("spin", NULL, NULL, "", rw);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_install_property_action (widget_class, "keys.interp", "interp");
  gtk_widget_class_install_property_action (widget_class, "keys.spin", "spin");

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/ossa-key-inspector.ui");
  gtk_widget_class_bind_template_child (widget_class, OssaKeyInspector, title_label);
  gtk_widget_class_bind_template_child (widget_class, OssaKeyInspector, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, OssaKeyInspector, curve_frame);
  gtk_widget_class_bind_template_child (widget_class, OssaKeyInspector, spin_box);
  gtk_widget_class_bind_template_child (widget_class, OssaKeyInspector, turns_spin);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "ossakeyinspector");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
ossa_key_inspector_init (OssaKeyInspector *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_orientable_set_orientation (
    GTK_ORIENTABLE (gtk_widget_get_layout_manager (GTK_WIDGET (self))), GTK_ORIENTATION_VERTICAL);
  self->interp = g_strdup ("");
  self->spin = g_strdup ("");
  self->curve_view = OSSA_CURVE_VIEW (ossa_curve_view_new ());
  g_signal_connect_object (self->curve_view, "changed", G_CALLBACK (curve_changed_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_frame_set_child (self->curve_frame, GTK_WIDGET (self->curve_view));
  g_signal_connect_swapped (self->turns_spin, "value-changed", G_CALLBACK (turns_changed_cb),
                            self);
  for (GtkWidget *part = gtk_widget_get_first_child (GTK_WIDGET (self->turns_spin)); part != NULL;
       part = gtk_widget_get_next_sibling (part))
    if (GTK_IS_BUTTON (part))
      gtk_widget_set_visible (part, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}

