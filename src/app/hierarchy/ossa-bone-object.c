/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-bone-object"

#include "config.h"

#include "ossa-bone-object.h"

/* One row of a bone list: a bone of the window's document by index, with the name,
 * tree depth and colour (RGBA, R in the high byte) it had when the row was made.
 * Only the name changes (a rename keeps the tree's shape, so the bone tree updates
 * its rows in place); any other change of the skeleton gets new rows. */
struct _OssaBoneObject
{
  GObject parent_instance;

  guint   index;
  char   *name;
  guint   depth;
  guint32 color;
};

G_DEFINE_FINAL_TYPE (OssaBoneObject, ossa_bone_object, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_INDEX,
  PROP_NAME,
  PROP_DEPTH,
  PROP_COLOR,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
ossa_bone_object_finalize (GObject *object)
{
  OssaBoneObject *self = OSSA_BONE_OBJECT (object);

  g_clear_pointer (&self->name, g_free);

  G_OBJECT_CLASS (ossa_bone_object_parent_class)->finalize (object);
}

static void
ossa_bone_object_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  OssaBoneObject *self = OSSA_BONE_OBJECT (object);

  switch (prop_id)
    {
    case PROP_INDEX:
      g_value_set_uint (value, self->index);
      break;

    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;

    case PROP_DEPTH:
      g_value_set_uint (value, self->depth);
      break;

    case PROP_COLOR:
      g_value_set_uint (value, self->color);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ossa_bone_object_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  OssaBoneObject *self = OSSA_BONE_OBJECT (object);

  switch (prop_id)
    {
    case PROP_INDEX:
      self->index = g_value_get_uint (value);
      break;

    case PROP_NAME:
      ossa_bone_object_set_name (self, g_value_get_string (value));
      break;

    case PROP_DEPTH:
      self->depth = g_value_get_uint (value);
      break;

    case PROP_COLOR:
      self->color = g_value_get_uint (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ossa_bone_object_class_init (OssaBoneObjectClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = ossa_bone_object_finalize;
  object_class->get_property = ossa_bone_object_get_property;
  object_class->set_property = ossa_bone_object_set_property;

  properties[PROP_INDEX] =
    g_param_spec_uint ("index", NULL, NULL,
                       0, G_MAXUINT, 0,
                       G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL,
                         NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_EXPLICIT_NOTIFY |
                         G_PARAM_STATIC_STRINGS);
  properties[PROP_DEPTH] =
    g_param_spec_uint ("depth", NULL, NULL,
                       0, G_MAXUINT, 0,
                       G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_COLOR] =
    g_param_spec_uint ("color", NULL, NULL,
                       0, G_MAXUINT32, 0xffffffff,
                       G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
ossa_bone_object_init (OssaBoneObject *self)
{
}

/**
 * ossa_bone_object_new:
 * @index: the bone's index in its skeleton
 * @name: the bone's name
 * @depth: 0 for a root, 1 for its children, and so on
 * @color: the bone's colour, RGBA with R in the high byte
 *
 * Returns: (transfer full): a new row object
 */
OssaBoneObject *
ossa_bone_object_new (guint       index,
                      const char *name,
                      guint       depth,
                      guint32     color)
{
  /* The fields set directly: the bone tree makes one a bone each time it is
   * rebuilt, and setting four properties by name costs more than the rest. */
  OssaBoneObject *self = g_object_new (OSSA_TYPE_BONE_OBJECT, NULL);

  self->index = index;
  self->name = g_strdup (name);
  self->depth = depth;
  self->color = color;
  return self;
}

guint
ossa_bone_object_get_index (OssaBoneObject *self)
{
  g_return_val_if_fail (OSSA_IS_BONE_OBJECT (self), 0);

  return self->index;
}

const char *
ossa_bone_object_get_name (OssaBoneObject *self)
{
  g_return_val_if_fail (OSSA_IS_BONE_OBJECT (self), NULL);

  return self->name;
}

/**
 * ossa_bone_object_set_name:
 * @name: the bone's new name
 *
 * For a bone renamed in place; notifies #OssaBoneObject:name when it changes.
 */
void
ossa_bone_object_set_name (OssaBoneObject *self,
                           const char     *name)
{
  g_return_if_fail (OSSA_IS_BONE_OBJECT (self));

  if (g_strcmp0 (self->name, name) == 0)
    return;
  g_free (self->name);
  self->name = g_strdup (name);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NAME]);
}

guint
ossa_bone_object_get_depth (OssaBoneObject *self)
{
  g_return_val_if_fail (OSSA_IS_BONE_OBJECT (self), 0);

  return self->depth;
}

guint32
ossa_bone_object_get_color (OssaBoneObject *self)
{
  g_return_val_if_fail (OSSA_IS_BONE_OBJECT (self), 0);

  return self->color;
}
