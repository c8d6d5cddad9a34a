/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-inspector"

/* STUB: stands in for the real panel (another branch) so that the window can be
 * built and tested; it has the real one's API and shows a label. Replaced at merge. */

#include "config.h"

#include <glib/gi18n.h>

#include "ossa-inspector.h"

struct _OssaInspector
{
  GtkWidget   parent_instance;

  GtkWidget  *label;
  OssaEditor *editor;
};

G_DEFINE_FINAL_TYPE (OssaInspector, ossa_inspector, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_EDITOR,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
ossa_inspector_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  OssaInspector *self = OSSA_INSPECTOR (object);

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
ossa_inspector_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  OssaInspector *self = OSSA_INSPECTOR (object);

  switch (prop_id)
    {
    case PROP_EDITOR:
      ossa_inspector_set_editor (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ossa_inspector_dispose (GObject *object)
{
  OssaInspector *self = OSSA_INSPECTOR (object);

  g_clear_pointer (&self->label, gtk_widget_unparent);
  g_clear_object (&self->editor);

  G_OBJECT_CLASS (ossa_inspector_parent_class)->dispose (object);
}

static void
ossa_inspector_class_init (OssaInspectorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = ossa_inspector_get_property;
  object_class->set_property = ossa_inspector_set_property;
  object_class->dispose = ossa_inspector_dispose;

  properties[PROP_EDITOR] =
    g_param_spec_object ("editor", NULL, NULL, OSSA_TYPE_EDITOR,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "inspector");
}

static void
ossa_inspector_init (OssaInspector *self)
{
  self->label = gtk_label_new (_("Inspector"));
  gtk_widget_add_css_class (self->label, "dim-label");
  gtk_widget_set_parent (self->label, GTK_WIDGET (self));
}

GtkWidget *
ossa_inspector_new (void)
{
  return g_object_new (OSSA_TYPE_INSPECTOR, NULL);
}

void
ossa_inspector_set_editor (OssaInspector *self,
                        OssaEditor *editor)
{
  g_return_if_fail (OSSA_IS_INSPECTOR (self));
  g_return_if_fail (editor == NULL || OSSA_IS_EDITOR (editor));

  if (g_set_object (&self->editor, editor))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_EDITOR]);
}
