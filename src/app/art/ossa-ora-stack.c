/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-ora"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "ossa-ora.h"

/* How far one <stack> or <layer> may be offset, in pixels: far beyond any canvas,
 * and small enough that OSSA_ORA_MAX_DEPTH of them add up inside an int. */
#define MAX_OFFSET (1 << 24)

/* A <stack> being read: what it passes on to what is in it. */
typedef struct
{
  char    *path;      /* the group path of its children */
  gint64   x;         /* its offset, its parents' added */
  gint64   y;
  gboolean visible;
  double   opacity;
} Group;

typedef struct
{
  const OssaArtLimits *limits;
  OssaOra             *ora;
  GArray              *groups;   /* of Group, innermost last */
  GPtrArray           *layers;   /* OssaOraLayer, as stack.xml lists them: top first */
  guint                depth;    /* open elements */
  guint                skip;     /* open elements inside one this reader does not know */
  gboolean             seen_image;
} Reader;

/* The attributes of <stack> and <layer> this reader uses. */
typedef struct
{
  const char *name;
  const char *src;
  double      x;
  double      y;
  gboolean    visible;
  double      opacity;
  const char *composite_op;
} Attributes;

static void
layer_free (gpointer data)
{
  OssaOraLayer *layer = data;

  g_free (layer->name);
  g_free (layer->group);
  g_free (layer->src);
  g_free (layer->composite_op);
  g_clear_pointer (&layer->png, g_bytes_unref);
  g_clear_object (&layer->texture);
  g_free (layer);
}

static void
group_clear (gpointer data)
{
  Group *group = data;

  g_free (group->path);
}

/**
 * ossa_ora_free:
 * @ora: (nullable) (transfer full): a read .ora
 *
 * Frees @ora, its layers and their bytes.
 */
void
ossa_ora_free (OssaOra *ora)
{
  if (ora == NULL)
    return;
  g_clear_pointer (&ora->layers, g_ptr_array_unref);
  g_free (ora);
}

/* The element's name as a person reads it in a message: the layer's or group's
 * name, else "<element>". */
static const char *
what (const char *element,
      const char *name)
{
  return name != NULL && name[0] != '\0' ? name : element;
}

/* Parses text as a number the way stack.xml writes them (C locale, surrounding
 * spaces allowed); NaN and infinity are not numbers. */
static gboolean
parse_number (const char *text,
              double     *value)
{
  char *end = NULL;
  double v;

  while (g_ascii_isspace (*text))
    text++;
  if (*text == '\0')
    return FALSE;
  v = g_ascii_strtod (text, &end);
  while (g_ascii_isspace (*end))
    end++;
  if (*end != '\0' || !isfinite (v))
    return FALSE;
  *value = v;
  return TRUE;
}

/* Reads the attributes of a <stack> or <layer>; unknown ones (Krita's
 * "selected", other writers' own) are skipped, as the specification asks. */
static gboolean
read_attributes (const char   *element,
                 const char  **names,
                 const char  **values,
                 Attributes   *out,
                 GError      **error)
{
  *out = (Attributes) { .visible = TRUE, .opacity = 1.0, .composite_op = "svg:src-over" };
  for (guint i = 0; names[i] != NULL; i++)
    {
      if (strcmp (names[i], "name") == 0)
        out->name = values[i];
      else if (strcmp (names[i], "src") == 0)
        out->src = values[i];
      else if (strcmp (names[i], "composite-op") == 0)
        out->composite_op = values[i];
    }
  for (guint i = 0; names[i] != NULL; i++)
    {
      gboolean offset = strcmp (names[i], "x") == 0 || strcmp (names[i], "y") == 0;
      double v;

      if (offset || strcmp (names[i], "opacity") == 0)
        {
          if (!parse_number (values[i], &v))
            {
              g_set_error (error, OSSA_ART_ERROR, OSSA_ART_ERROR_XML,
                           _("“%s”: %s “%s” is not a number"),
                           what (element, out->name), names[i], values[i]);
              return FALSE;
            }
          if (offset && fabs (v) > MAX_OFFSET)
            {
              g_set_error (error, OSSA_ART_ERROR, OSSA_ART_ERROR_XML,
                           _("“%s”: %s “%s” is more than %d pixels away"),
                           what (element, out->name), names[i], values[i], MAX_OFFSET);
              return FALSE;
            }
          if (!offset)
            out->opacity = CLAMP (v, 0.0, 1.0);
          else if (names[i][0] == 'x')
            out->x = v;
          else
            out->y = v;
        }
      else if (strcmp (names[i], "visibility") == 0)
        {
          if (strcmp (values[i], "visible") == 0)
            out->visible = TRUE;
          else if (strcmp (values[i], "hidden") == 0)
            out->visible = FALSE;
          else
            {
              g_set_error (error, OSSA_ART_ERROR, OSSA_ART_ERROR_XML,
                           _("“%s”: visibility “%s” is neither “visible” nor “hidden”"),
                           what (element, out->name), values[i]);
              return FALSE;
            }
        }
    }
  return TRUE;
}

static gboolean
start_image (Reader       *reader,
             const char  **names,
             const char  **values,
             GError      **error)
{
  const char *w = NULL;
  const char *h = NULL;
  double width, height;

  for (guint i = 0; names[i] != NULL; i++)
    {
      if (strcmp (names[i], "w") == 0)
        w = values[i];
      else if (strcmp (names[i], "h") == 0)
        h = values[i];
    }
  if (w == NULL || h == NULL)
    {
      g_set_error_literal (error, OSSA_ART_ERROR, OSSA_ART_ERROR_XML,
                           _("<image> does not say its size (w and h)"));
      return FALSE;
    }
  if (!parse_number (w, &width) || !parse_number (h, &height)
      || round (width) < 1 || round (height) < 1)
    {
      g_set_error (error, OSSA_ART_ERROR, OSSA_ART_ERROR_XML,
                   _("<image> has the size “%s” × “%s”, which is not a size in pixels"), w, h);
      return FALSE;
    }
  if (round (width) > reader->limits->max_side || round (height) > reader->limits->max_side)
    {
      /* As written: "%.0f" of 1e308 is a number of 309 digits. */
      g_set_error (error, OSSA_ART_ERROR, OSSA_ART_ERROR_LIMIT,
                   _("the image is “%s” × “%s” pixels, over the limit of %u pixels a side"),
                   w, h, reader->limits->max_side);
      return FALSE;
    }
  reader->ora->width = (guint) round (width);
  reader->ora->height = (guint) round (height);
  reader->seen_image = TRUE;
  return TRUE;
}

static gboolean
start_stack (Reader       *reader,
             const char  **names,
             const char  **values,
             GError      **error)
{
  const Group *parent = &g_array_index (reader->groups, Group, reader->groups->len - 1);
  Attributes a;
  Group group;

  if (reader->groups->len > reader->limits->max_depth)
    {
      g_set_error (error, OSSA_ART_ERROR, OSSA_ART_ERROR_LIMIT,
                   _("groups nested more than %u deep, the limit"), reader->limits->max_depth);
      return FALSE;
    }
  if (!read_attributes ("<stack>", names, values, &a, error))
    return FALSE;
  group = (Group) {
    .x = parent->x + (gint64) round (a.x),
    .y = parent->y + (gint64) round (a.y),
    .visible = parent->visible && a.visible,
    .opacity = parent->opacity * a.opacity,
  };
  /* The first stack is the image itself: no group of its own in the path. */
  if (reader->groups->len == 1)
    group.path = g_strdup ("");
  else if (parent->path[0] == '\0')
    group.path = g_strdup (what ("group", a.name));
  else
    group.path = g_strconcat (parent->path, "/", what ("group", a.name), NULL);
  g_array_append_val (reader->groups, group);
  return TRUE;
}

static gboolean
start_layer (Reader       *reader,
             const char  **names,
             const char  **values,
             GError      **error)
{
  const Group *group = &g_array_index (reader->groups, Group, reader->groups->len - 1);
  OssaOraLayer *layer;
  Attributes a;

  if (reader->layers->len >= reader->limits->max_layers)
    {
      g_set_error (error, OSSA_ART_ERROR, OSSA_ART_ERROR_LIMIT,
                   _("more than %u layers, the limit for one file"), reader->limits->max_layers);
      return FALSE;
    }
  if (!read_attributes ("<layer>", names, values, &a, error))
    return FALSE;
  if (a.src == NULL || a.src[0] == '\0')
    {
      g_set_error (error, OSSA_ART_ERROR, OSSA_ART_ERROR_XML,
                   _("layer “%s” does not say which file holds its picture (src)"),
                   what ("<layer>", a.name));
      return FALSE;
    }
  layer = g_new0 (OssaOraLayer, 1);
  if (a.name != NULL && a.name[0] != '\0')
    layer->name = g_strdup (a.name);
  else
    {
      const char *base = strrchr (a.src, '/') != NULL ? strrchr (a.src, '/') + 1 : a.src;
      const char *dot = strrchr (base, '.');

      layer->name = dot != NULL && dot != base ? g_strndup (base, (gsize) (dot - base))
                                               : g_strdup (base);
    }
  layer->group = g_strdup (group->path);
  layer->src = g_strdup (a.src);
  layer->x = (int) (group->x + (gint64) round (a.x));
  layer->y = (int) (group->y + (gint64) round (a.y));
  layer->visible = group->visible && a.visible;
  layer->opacity = group->opacity * a.opacity;
  layer->composite_op = g_strdup (a.composite_op);
  g_ptr_array_add (reader->layers, layer);
  return TRUE;
}

static void
start_element (GMarkupParseContext  *context,
               const char           *element,
               const char          **names,
               const char          **values,
               gpointer              user_data,
               GError              **error)
{
  Reader *reader = user_data;
  gboolean in_image = reader->depth >= 1;

  reader->depth++;
  if (reader->skip > 0)
    {
      reader->skip++;
      return;
    }
  if (!in_image)
    {
      if (strcmp (element, "image") != 0)
        g_set_error (error, OSSA_ART_ERROR, OSSA_ART_ERROR_XML,
                     _("the document is a <%s>, not an OpenRaster <image>"), element);
      else if (reader->seen_image)
        g_set_error_literal (error, OSSA_ART_ERROR, OSSA_ART_ERROR_XML,
                             _("more than one <image>"));
      else
        start_image (reader, names, values, error);
      return;
    }
  if (strcmp (element, "stack") == 0)
    {
      if (start_stack (reader, names, values, error))
        return;
    }
  else if (strcmp (element, "layer") == 0)
    {
      if (start_layer (reader, names, values, error))
        reader->skip = 1;  /* a layer holds nothing this reader reads */
    }
  else
    reader->skip = 1;  /* <text>, <filter>, a later version's elements: skipped */
}

static void
end_element (GMarkupParseContext  *context,
             const char           *element,
             gpointer              user_data,
             GError              **error)
{
  Reader *reader = user_data;

  reader->depth--;
  if (reader->skip > 0)
    reader->skip--;
  else if (strcmp (element, "stack") == 0 && reader->groups->len > 1)
    g_array_set_size (reader->groups, reader->groups->len - 1);
}

static const GMarkupParser parser = {
  .start_element = start_element,
  .end_element = end_element,
};

/**
 * ossa_ora_parse_stack:
 * @xml: the bytes of an .ora's stack.xml (need not end in a NUL)
 * @size: how many
 * @limits: (nullable): the limits, or NULL for ossa_art_limits_default()
 * @error: return location for a #GError
 *
 * Parses stack.xml alone: the image's size and its layers flattened out of their
 * groups, back to front (stack.xml lists the topmost first), each group's offset
 * added to what it holds and its visibility and opacity multiplied in; the
 * layers' @png, @width and @height are left empty. Elements and attributes it
 * does not know are skipped. Any input gives a result or an error, never a crash
 * (the entry point for a fuzzer); a NUL byte anywhere is refused. The error is
 * %OSSA_ART_ERROR "stack.xml:LINE: message" (%OSSA_ART_ERROR_XML, or
 * %OSSA_ART_ERROR_LIMIT for too many layers, groups too deep, an image too
 * large or @size over the limit).
 *
 * Returns: (transfer full) (nullable): the stack, or NULL with @error set
 */
OssaOra *
ossa_ora_parse_stack (const char           *xml,
                      gsize                 size,
                      const OssaArtLimits  *limits,
                      GError              **error)
{
  g_autoptr (OssaOra) ora = g_new0 (OssaOra, 1);
  g_autoptr (GMarkupParseContext) context = NULL;
  g_autoptr (GError) local = NULL;
  Group top = { .visible = TRUE, .opacity = 1.0 };
  Reader reader = { 0 };
  const char *nul;
  gboolean ok;

  g_return_val_if_fail (xml != NULL || size == 0, NULL);

  if (limits == NULL)
    limits = ossa_art_limits_default ();
  if (size > limits->max_stack_bytes)
    {
      g_autofree char *most = g_format_size_full (limits->max_stack_bytes, G_FORMAT_SIZE_IEC_UNITS);

      g_set_error (error, OSSA_ART_ERROR, OSSA_ART_ERROR_LIMIT,
                   _("stack.xml: over %s, the limit for it"), most);
      return NULL;
    }
  /* XML has no NUL character, and GMarkup would cut an attribute short at one
   * (src="a\0.png" read as "a"), so that a layer would name another file. */
  nul = xml != NULL ? memchr (xml, '\0', size) : NULL;
  if (nul != NULL)
    {
      guint line = 1;

      for (const char *c = xml; c < nul; c++)
        line += *c == '\n';
      g_set_error (error, OSSA_ART_ERROR, OSSA_ART_ERROR_XML,
                   _("stack.xml:%u: a NUL byte, which XML does not allow"), line);
      return NULL;
    }
  ora->layers = g_ptr_array_new_with_free_func (layer_free);
  reader.limits = limits;
  reader.ora = ora;
  reader.groups = g_array_new (FALSE, FALSE, sizeof (Group));
  g_array_set_clear_func (reader.groups, group_clear);
  top.path = g_strdup ("");
  g_array_append_val (reader.groups, top);
  reader.layers = g_ptr_array_new_with_free_func (layer_free);

  context = g_markup_parse_context_new (&parser, 0, &reader, NULL);
  ok = g_markup_parse_context_parse (context, xml != NULL ? xml : "", (gssize) size, &local)
       && g_markup_parse_context_end_parse (context, &local);
  /* GMarkup takes a document of a comment or a <!DOCTYPE> alone (which may
   * swallow an <image> written inside it). */
  if (ok && !reader.seen_image)
    {
      g_set_error_literal (&local, OSSA_ART_ERROR, OSSA_ART_ERROR_XML,
                           _("the document has no OpenRaster <image>"));
      ok = FALSE;
    }
  if (ok)
    {
      /* stack.xml lists the topmost first; the editor wants back to front. */
      for (guint i = reader.layers->len; i > 0; i--)
        g_ptr_array_add (ora->layers, g_ptr_array_steal_index (reader.layers, i - 1));
    }
  g_array_unref (reader.groups);
  g_ptr_array_unref (reader.layers);
  if (!ok)
    {
      int line = 0;
      int column = 0;

      /* GMarkup stands just past what it read last; at the start of a line, that
       * ended on the line before (a tag and its newline). */
      g_markup_parse_context_get_position (context, &line, &column);
      if (column <= 1 && line > 1)
        line--;
      if (local->domain != OSSA_ART_ERROR)
        {
          local->domain = OSSA_ART_ERROR;
          local->code = OSSA_ART_ERROR_XML;
        }
      g_propagate_prefixed_error (error, g_steal_pointer (&local), "stack.xml:%d: ", line);
      return NULL;
    }
  return g_steal_pointer (&ora);
}
