/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What import-smd and import-qc share: notices, options, writing, the report. */
#include "config.h"

#include "cli-import-common.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

void
cli_import_notices_init (CliImportNotices *notices, gboolean json, gboolean held)
{
  notices->json = json;
  notices->held = held;
  notices->lines = g_ptr_array_new_with_free_func (g_free);
}

void
cli_import_notices_clear (CliImportNotices *notices)
{
  g_clear_pointer (&notices->lines, g_ptr_array_unref);
}

void
cli_import_notice (const char *path, int line, const char *message, void *user_data)
{
  CliImportNotices *notices = user_data;
  char *text;

  if (line > 0)
    text = g_strdup_printf ("%s:%d: %s", path ? path : "", line, message);
  else
    text = g_strdup_printf ("%s: %s", path ? path : "", message);
  if (notices->json || notices->held)
    g_ptr_array_add (notices->lines, text);
  else
    {
      fprintf (stderr, "ossa-cli: %s\n", text);
      g_free (text);
    }
}

void
cli_import_notices_release (CliImportNotices *notices)
{
  if (!notices->held)
    return;
  notices->held = FALSE;
  if (notices->json)
    return;
  for (guint i = 0; i < notices->lines->len; i++)
    fprintf (stderr, "ossa-cli: %s\n", (const char *) g_ptr_array_index (notices->lines, i));
  g_ptr_array_set_size (notices->lines, 0);
}

bool
cli_import_parse_options (const char *command, const char *out, gboolean json,
                          const char *plane, const char *simplify,
                          OssaSmdImportOptions *options)
{
  double v;

  if (out == NULL)
    {
      cli_usage_error (command, "missing -o OUT.ossa");
      return false;
    }
  if (cli_is_stdio (out) && (json || isatty (STDOUT_FILENO)))
    {
      cli_usage_error (command, json ? "--json and -o - both write to standard output: pick one"
                       : "an .ossa document is binary: not writing it to a terminal (redirect "
                         "standard output)");
      return false;
    }
  if (plane != NULL && !ossa_smd_plane_from_string (plane, &options->plane))
    {
      cli_usage_error (command, "--plane '%s' is not xz, xy or yz", plane);
      return false;
    }
  if (simplify != NULL)
    {
      if (!cli_parse_double (simplify, &v) || v < 0 || !isfinite ((float) v))
        {
          cli_usage_error (command, "--simplify '%s' is not a number >= 0", simplify);
          return false;
        }
      options->simplify = (float) v;
    }
  return true;
}

bool
cli_import_write (const OssaDocument *doc, const char *out)
{
  uint8_t *data = NULL;
  size_t size = 0;
  OssaError err;
  bool ok;

  ossa_error_clear (&err);
  ok = ossa_document_to_bytes (doc, &data, &size, &err) && cli_write_output (out, data, size, &err);
  free (data);
  if (!ok)
    cli_error_ossa (&err, cli_output_label (out));
  return ok;
}

void
cli_import_json_files (JsonBuilder *b, const char *member, char *const *paths, size_t n)
{
  json_builder_set_member_name (b, member);
  json_builder_begin_array (b);
  for (size_t i = 0; i < n; i++)
    {
      char *name = cli_display_name (paths[i]);

      json_builder_add_string_value (b, name);
      g_free (name);
    }
  json_builder_end_array (b);
}

void
cli_import_json_document (JsonBuilder *b, const OssaDocument *doc,
                          const CliImportNotices *notices)
{
  cli_json_add_int (b, "bones", (gint64) doc->skeleton.n_bones);
  json_builder_set_member_name (b, "animations");
  json_builder_begin_array (b);
  for (size_t i = 0; i < doc->n_animations; i++)
    {
      const OssaAnimation *anim = &doc->animations[i];

      json_builder_begin_object (b);
      cli_json_add_string (b, "name", anim->name);
      cli_json_add_float (b, "duration", anim->duration);
      cli_json_add_float (b, "fps", anim->fps);
      cli_json_add_bool (b, "loop", anim->loop);
      cli_json_add_int (b, "tracks", (gint64) anim->n_tracks);
      cli_json_add_int (b, "keys", (gint64) ossa_animation_n_keys (anim));
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "meshes");
  json_builder_begin_array (b);
  for (size_t i = 0; i < doc->n_meshes; i++)
    {
      json_builder_begin_object (b);
      cli_json_add_string (b, "name", doc->meshes[i].name);
      cli_json_add_int (b, "vertices", (gint64) doc->meshes[i].n_vertices);
      cli_json_add_int (b, "triangles", (gint64) doc->meshes[i].n_triangles);
      cli_json_add_int (b, "materials", (gint64) doc->meshes[i].n_materials);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "notices");
  json_builder_begin_array (b);
  for (guint i = 0; i < notices->lines->len; i++)
    json_builder_add_string_value (b, g_ptr_array_index (notices->lines, i));
  json_builder_end_array (b);
}

void
cli_import_print_document (const char *input, const char *out, const OssaDocument *doc,
                           OssaSmdPlane plane)
{
  printf ("%s → %s: %zu %s", input, out, doc->skeleton.n_bones,
          doc->skeleton.n_bones == 1 ? "bone" : "bones");
  for (size_t i = 0; i < doc->n_meshes; i++)
    printf (", mesh '%s' (%zu triangles)", doc->meshes[i].name, doc->meshes[i].n_triangles);
  printf (", %zu %s (plane %s)\n", doc->n_animations,
          doc->n_animations == 1 ? "animation" : "animations", ossa_smd_plane_name (plane));
  for (size_t i = 0; i < doc->n_animations; i++)
    {
      const OssaAnimation *anim = &doc->animations[i];
      char d[G_ASCII_DTOSTR_BUF_SIZE], f[G_ASCII_DTOSTR_BUF_SIZE];

      printf ("  %s: %s s at %s fps%s, %zu %s, %zu keys\n", anim->name,
              cli_format_float (d, sizeof d, anim->duration),
              cli_format_float (f, sizeof f, anim->fps), anim->loop ? ", looping" : "",
              anim->n_tracks, anim->n_tracks == 1 ? "track" : "tracks",
              ossa_animation_n_keys (anim));
    }
}
