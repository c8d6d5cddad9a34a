/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>

#include "ossa-cached-bin.h"

struct _OssaCachedBin
{
  GtkWidget  parent_instance;

  GtkWidget *child;
  guint      renders;
};

G_DEFINE_FINAL_TYPE (OssaCachedBin, ossa_cached_bin, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_CHILD,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The rectangle of bounds, grown out to whole device pixels. */
static graphene_rect_t
device_pixel_rect (const graphene_rect_t *bounds, int scale)
{
  double x0 = floor (bounds->origin.x * scale) / scale;
  double y0 = floor (bounds->origin.y * scale) / scale;
  double x1 = ceil ((bounds->origin.x + bounds->size.width) * scale) / scale;
  double y1 = ceil ((bounds->origin.y + bounds->size.height) * scale) / scale;

  return GRAPHENE_RECT_INIT ((float) x0, (float) y0, (float) (x1 - x0), (float) (y1 - y0));
}

/* node drawn by renderer into a texture of rect (widget coordinates) at scale. */
static GdkTexture *
render_to_texture (GskRenderer *renderer, GskRenderNode *node, const graphene_rect_t *rect,
                   int scale)
{
  GtkSnapshot *scaled = gtk_snapshot_new ();
  GskRenderNode *root;
  GdkTexture *texture;

  gtk_snapshot_scale (scaled, (float) scale, (float) scale);
  gtk_snapshot_translate (scaled, &GRAPHENE_POINT_INIT (-rect->origin.x, -rect->origin.y));
  gtk_snapshot_append_node (scaled, node);
  root = gtk_snapshot_free_to_node (scaled);
  texture = gsk_renderer_render_texture (renderer, root,
                                         &GRAPHENE_RECT_INIT (0, 0,
                                                              roundf (rect->size.width * scale),
                                                              roundf (rect->size.height * scale)));
  gsk_render_node_unref (root);
  return texture;
}

GdkTexture *
ossa_widget_render_node (GtkWidget *widget, GskRenderNode *node, graphene_rect_t *rect)
{
  GtkNative *native = gtk_widget_get_native (widget);
  GskRenderer *renderer = native != NULL ? gtk_native_get_renderer (native) : NULL;
  int scale = gtk_widget_get_scale_factor (widget);

  *rect = device_pixel_rect (rect, scale);
  if (renderer == NULL || rect->size.width < 1 || rect->size.height < 1)
    return NULL;
  return render_to_texture (renderer, node, rect, scale);
}

static void
ossa_cached_bin_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  OssaCachedBin *self = OSSA_CACHED_BIN (widget);
  GtkSnapshot *inner;
  GskRenderNode *node;
  graphene_rect_t rect;
  GdkTexture *texture;

  if (self->child == NULL)
    return;
  inner = gtk_snapshot_new ();
  gtk_widget_snapshot_child (widget, self->child, inner);
  node = gtk_snapshot_free_to_node (inner);
  if (node == NULL)
    return;
  gsk_render_node_get_bounds (node, &rect);
  texture = ossa_widget_render_node (widget, node, &rect);
  if (texture == NULL)
    {
      /* No renderer yet, or nothing to draw: the nodes as they are. */
      gtk_snapshot_append_node (snapshot, node);
      gsk_render_node_unref (node);
      return;
    }
  gsk_render_node_unref (node);
  self->renders++;
  gtk_snapshot_append_texture (snapshot, texture, &rect);
  g_object_unref (texture);
}

static void
ossa_cached_bin_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                         int *minimum, int *natural, int *minimum_baseline,
                         int *natural_baseline)
{
  OssaCachedBin *self = OSSA_CACHED_BIN (widget);

  if (self->child != NULL && gtk_widget_should_layout (self->child))
    gtk_widget_measure (self->child, orientation, for_size, minimum, natural,
                        minimum_baseline, natural_baseline);
}

static void
ossa_cached_bin_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  OssaCachedBin *self = OSSA_CACHED_BIN (widget);

  if (self->child != NULL && gtk_widget_should_layout (self->child))
    gtk_widget_allocate (self->child, width, height, baseline, NULL);
}

static GtkSizeRequestMode
ossa_cached_bin_get_request_mode (GtkWidget *widget)
{
  OssaCachedBin *self = OSSA_CACHED_BIN (widget);

  return self->child != NULL ? gtk_widget_get_request_mode (self->child)
                             : GTK_SIZE_REQUEST_CONSTANT_SIZE;
}

static void
ossa_cached_bin_compute_expand (GtkWidget *widget, gboolean *hexpand, gboolean *vexpand)
{
  OssaCachedBin *self = OSSA_CACHED_BIN (widget);

  *hexpand = self->child != NULL
             && gtk_widget_compute_expand (self->child, GTK_ORIENTATION_HORIZONTAL);
  *vexpand = self->child != NULL
             && gtk_widget_compute_expand (self->child, GTK_ORIENTATION_VERTICAL);
}

GtkWidget *
ossa_cached_bin_new (void)
{
  return g_object_new (OSSA_TYPE_CACHED_BIN, NULL);
}

void
ossa_cached_bin_set_child (OssaCachedBin *self, GtkWidget *child)
{
  g_return_if_fail (OSSA_IS_CACHED_BIN (self));
  g_return_if_fail (child == NULL || GTK_IS_WIDGET (child));
  if (self->child == child)
    return;
  g_clear_pointer (&self->child, gtk_widget_unparent);
  if (child != NULL)
    {
      self->child = child;
      gtk_widget_set_parent (child, GTK_WIDGET (self));
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CHILD]);
}

GtkWidget *
ossa_cached_bin_get_child (OssaCachedBin *self)
{
  g_return_val_if_fail (OSSA_IS_CACHED_BIN (self), NULL);
  return self->child;
}

guint
ossa_cached_bin_get_renders (OssaCachedBin *self)
{
  g_return_val_if_fail (OSSA_IS_CACHED_BIN (self), 0);
  return self->renders;
}

static void
ossa_cached_bin_dispose (GObject *object)
{
  OssaCachedBin *self = OSSA_CACHED_BIN (object);

  g_clear_pointer (&self->child, gtk_widget_unparent);
  G_OBJECT_CLASS (ossa_cached_bin_parent_class)->dispose (object);
}

static void
ossa_cached_bin_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  OssaCachedBin *self = OSSA_CACHED_BIN (object);

  switch (prop_id)
    {
    case PROP_CHILD:
      g_value_set_object (value, self->child);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ossa_cached_bin_set_property (GObject *object, guint prop_id, const GValue *value,
                              GParamSpec *pspec)
{
  OssaCachedBin *self = OSSA_CACHED_BIN (object);

  switch (prop_id)
    {
    case PROP_CHILD:
      ossa_cached_bin_set_child (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ossa_cached_bin_class_init (OssaCachedBinClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ossa_cached_bin_dispose;
  object_class->get_property = ossa_cached_bin_get_property;
  object_class->set_property = ossa_cached_bin_set_property;
  widget_class->snapshot = ossa_cached_bin_snapshot;
  widget_class->measure = ossa_cached_bin_measure;
  widget_class->size_allocate = ossa_cached_bin_size_allocate;
  widget_class->get_request_mode = ossa_cached_bin_get_request_mode;
  widget_class->compute_expand = ossa_cached_bin_compute_expand;

  properties[PROP_CHILD] = g_param_spec_object ("child", NULL, NULL, GTK_TYPE_WIDGET,
                                                G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS
                                                | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  gtk_widget_class_set_css_name (widget_class, "ossa-cached-bin");
}

static void
ossa_cached_bin_init (OssaCachedBin *self)
{
}
