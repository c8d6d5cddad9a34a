/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ossa-cli thumbnail [-s SIZE] IN OUT: a document's rest pose as a PNG for file
 * managers (data/io.github.ossa.Ossa.thumbnailer runs it), drawn by the renderer. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli-common.h"
#include "ossa-export.h"
#include "ossa-render.h"

/* The freedesktop thumbnail sizes go up to 1024 (xx-large); four times that leaves
 * room, and anything bigger is a picture for `ossa-cli render`. */
#define THUMBNAIL_MAX_SIZE 4096
#define THUMBNAIL_DEFAULT_SIZE 256

/* The picture's size for bounds: the longer side size, the other by the bounds'
 * aspect, both with margin pixels round the content, so that fitting the bounds
 * into it leaves no empty band on either side. */
static void
thumbnail_size (OssaRenderBounds b, int size, float margin, int *width, int *height)
{
  double bw = b.x1 - b.x0, bh = b.y1 - b.y0, inner = size - 2.0 * margin;
  int other;

  if (bw >= bh)
    other = bw > 0 ? (int) lround (inner * bh / bw + 2.0 * margin) : size;
  else
    other = (int) lround (inner * bw / bh + 2.0 * margin);
  other = CLAMP (other, 1, size);
  *width = bw >= bh ? size : other;
  *height = bw >= bh ? other : size;
}

/* Draws and writes the picture; false after printing why. */
static bool
thumbnail_write (const char *in, const OssaDocument *doc, const char *out, int size,
                 bool json)
{
  OssaRenderView view = { 0 };
  OssaRenderBounds bounds;
  OssaRenderer *renderer;
  OssaDocument bare = { 0 };  /* doc without its art: a view of doc, owning nothing */
  GPtrArray *missing = g_ptr_array_new_with_free_func (g_free);
  OssaError err;
  GError *error = NULL;
  char *base_dir = cli_is_stdio (in) ? NULL : g_path_get_dirname (in);
  uint8_t *pixels = NULL;
  bool ok = false, without_art = false;
  float margin;
  int stride;

  ossa_error_clear (&err);
  renderer = ossa_renderer_new (doc, base_dir, &err);
  if (renderer == NULL)
    {
      cli_error_ossa (&err, cli_input_label (in));
      goto out;
    }
  for (size_t i = 0; i < ossa_renderer_n_missing (renderer); i++)
    g_ptr_array_add (missing, g_strdup (ossa_renderer_missing (renderer, i)));
  /* Not one picture there (GNOME's thumbnailer sandbox holds the document alone):
   * a pile of placeholders says less than the skeleton, so that is drawn. */
  if (doc->n_images > 0 && missing->len == doc->n_images)
    {
      without_art = true;
      bare = *doc;
      bare.images = NULL;
      bare.n_images = 0;
      bare.slots = NULL;
      bare.n_slots = 0;
      ossa_renderer_free (renderer);
      renderer = ossa_renderer_new (&bare, base_dir, &err);
      if (renderer == NULL)
        {
          cli_error_ossa (&err, cli_input_label (in));
          goto out;
        }
    }
  /* A bare skeleton would be a blank picture: its bones are what it shows. With
   * art or a mesh the bones stay off, as a game shows the character. */
  bounds = ossa_renderer_bounds (renderer, NULL, 0, false);
  view.bones = ossa_render_bounds_empty (bounds);
  if (view.bones)
    bounds = ossa_renderer_bounds (renderer, NULL, 0, true);
  if (ossa_render_bounds_empty (bounds))
    {
      cli_error (cli_input_label (in), "nothing to draw: no bones, pictures or meshes");
      goto out;
    }
  /* A little air round the drawing (4 pixels at 256), none in a tiny picture. */
  margin = (float) (size / 64);
  view.background = 0;
  thumbnail_size (bounds, size, margin, &view.width, &view.height);
  ossa_render_view_fit (&view, bounds, margin);
  stride = 4 * view.width;
  pixels = g_try_malloc ((size_t) stride * (size_t) view.height);
  if (pixels == NULL)
    {
      cli_error (cli_input_label (in), "out of memory for a %d×%d picture", view.width,
                 view.height);
      goto out;
    }
  if (!ossa_renderer_draw (renderer, NULL, 0, &view, pixels, stride, &err))
    {
      cli_error_ossa (&err, cli_input_label (in));
      goto out;
    }
  if (!ossa_export_write_png (out, pixels, view.width, view.height, stride, &error))
    {
      /* The export's messages name the file already. */
      cli_error (NULL, "%s", error->message);
      goto out;
    }
  /* A person running it by hand learns why the picture is not the art. */
  for (size_t i = 0; i < missing->len; i++)
    cli_error (cli_input_label (in), "warning: %s%s", (const char *) missing->pdata[i],
               without_art ? "" : " (drawn as a placeholder)");
  if (without_art)
    cli_error (cli_input_label (in), "warning: none of its %u pictures could be read: "
               "its bones are drawn instead", missing->len);
  if (json)
    {
      JsonBuilder *b = json_builder_new ();

      json_builder_begin_object (b);
      cli_json_add_file (b, "input", in);
      cli_json_add_file (b, "output", out);
      cli_json_add_int (b, "width", view.width);
      cli_json_add_int (b, "height", view.height);
      cli_json_add_bool (b, "bones", view.bones);
      cli_json_add_bool (b, "art", !without_art && doc->n_slots > 0);
      json_builder_set_member_name (b, "missing");
      json_builder_begin_array (b);
      for (size_t i = 0; i < missing->len; i++)
        json_builder_add_string_value (b, missing->pdata[i]);
      json_builder_end_array (b);
      json_builder_end_object (b);
      cli_json_print (b);
    }
  ok = true;

out:
  g_ptr_array_free (missing, TRUE);
  g_clear_error (&error);
  g_free (pixels);
  ossa_renderer_free (renderer);
  g_free (base_dir);
  return ok;
}

int
cli_thumbnail (int argc, char **argv)
{
  gboolean json = FALSE;
  char *size_text = NULL;
  GOptionEntry entries[] = {
    { "size", 's', 0, G_OPTION_ARG_STRING, &size_text,
      "The longer side in pixels (default 256)", "SIZE" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print one JSON object", NULL },
    G_OPTION_ENTRY_NULL
  };
  GOptionContext *context;
  OssaDocument *doc = NULL;
  guint64 size = THUMBNAIL_DEFAULT_SIZE;
  char *in = NULL;
  int status = CLI_EXIT_USAGE;

  context = cli_option_context_new ("IN OUT",
    "Draw a document's rest pose as a PNG thumbnail.",
    "What file managers show for a .ossa file: the installed\n"
    "io.github.ossa.Ossa.thumbnailer runs 'ossa-cli thumbnail -s %s %i %o' (IN\n"
    "may also be a file:// URI, for hosts that pass %u).\n"
    "The picture's longer side is SIZE pixels (1 to 4096), the other follows the\n"
    "drawing's shape; the background is transparent. Pictures and meshes are drawn\n"
    "as 'ossa-cli render' draws them, the pictures' relative paths starting at IN's\n"
    "folder (a missing one is a placeholder, and a warning). A skeleton with no\n"
    "pictures and no mesh, or none of whose pictures can be read (GNOME's sandbox\n"
    "shows the thumbnailer the document alone), is drawn as its bones. OUT is\n"
    "written atomically.\n"
    "\n"
    "JSON: {\"input\", \"output\", \"width\", \"height\", \"bones\", \"art\", \"missing\"}\n"
    "\n"
    "Exit status: 0 success, 1 unreadable document, nothing to draw or OUT not\n"
    "writable (no OUT is left then), 2 bad usage.");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!cli_parse_options (context, "thumbnail", &argc, &argv)
      || !cli_check_positionals ("thumbnail", argc, argv, 2, 2, "IN OUT"))
    goto out;
  if (size_text != NULL && !cli_parse_uint (size_text, 1, THUMBNAIL_MAX_SIZE, &size))
    {
      cli_usage_error ("thumbnail", "--size '%s' is not a whole number from 1 to %d",
                       size_text, THUMBNAIL_MAX_SIZE);
      goto out;
    }
  if (cli_is_stdio (argv[2]))
    {
      cli_usage_error ("thumbnail", "OUT is a file, not standard output");
      goto out;
    }
  /* Some thumbnail hosts hand over %u, the file's URI, rather than its path. */
  if (g_str_has_prefix (argv[1], "file://"))
    {
      char *host = NULL;

      in = g_filename_from_uri (argv[1], &host, NULL);
      if (host != NULL && g_ascii_strcasecmp (host, "localhost") != 0)
        g_clear_pointer (&in, g_free);
      g_free (host);
    }
  else
    in = g_strdup (argv[1]);
  if (in == NULL)
    {
      cli_usage_error ("thumbnail", "'%s' is not a local file's URI", argv[1]);
      goto out;
    }
  /* Only the same-file check: a thumbnail's name is the file manager's choice. */
  if (!cli_check_output ("thumbnail", argv[2], &in, 1, CLI_FILE_OSSA, TRUE))
    goto out;
  status = CLI_EXIT_INPUT;
  doc = cli_load_document (in);
  if (doc != NULL && thumbnail_write (in, doc, argv[2], (int) size, json))
    status = CLI_EXIT_OK;

out:
  ossa_document_free (doc);
  g_free (in);
  g_free (size_text);
  g_option_context_free (context);
  return status;
}
