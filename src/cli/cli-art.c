/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What info, validate and sample say about a document's art (cli-common.h):
 * images and whether their files are there, slots and attachments, and the slots
 * at a time (DESIGN.md's "slots" of sample --json). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "cli-common.h"

char *
cli_image_file (const char *doc_path, const OssaImage *image)
{
  char *dir, *file;

  if (image->path == NULL || image->path[0] == '\0' || cli_is_stdio (doc_path))
    return NULL;
  if (g_path_is_absolute (image->path))
    return g_strdup (image->path);
  dir = g_path_get_dirname (doc_path);
  file = g_build_filename (dir, image->path, NULL);
  g_free (dir);
  return file;
}

/* Whether image is a file that is not there (never for an embedded one, nor for a
 * document on standard input, which has no folder). */
static gboolean
image_missing (const char *doc_path, const OssaImage *image, char **file)
{
  *file = cli_image_file (doc_path, image);
  return *file != NULL && !g_file_test (*file, G_FILE_TEST_IS_REGULAR);
}

size_t
cli_art_warn_missing (const char *doc_path, const OssaDocument *doc, JsonBuilder *b)
{
  size_t n = 0;

  for (size_t i = 0; i < doc->n_images; i++)
    {
      char *file;

      if (image_missing (doc_path, &doc->images[i], &file))
        {
          char *shown = cli_display_name (file);
          char *text = g_strdup_printf ("image '%s': its file %s does not exist (looked for %s)",
                                        doc->images[i].name, doc->images[i].path, shown);

          cli_error (cli_input_label (doc_path), "warning: %s", text);
          if (b != NULL)
            json_builder_add_string_value (b, text);
          g_free (text);
          g_free (shown);
          n++;
        }
      g_free (file);
    }
  return n;
}

static void
add_float_value (JsonBuilder *b, float v)
{
  char buf[64];

  ossa_number_format_float (buf, sizeof buf, v);
  json_builder_add_double_value (b, g_ascii_strtod (buf, NULL));
}

static void
add_color (JsonBuilder *b, const char *member, const float rgba[4])
{
  json_builder_set_member_name (b, member);
  json_builder_begin_array (b);
  for (int c = 0; c < 4; c++)
    add_float_value (b, rgba[c]);
  json_builder_end_array (b);
}

void
cli_art_info_json (JsonBuilder *b, const char *doc_path, const OssaDocument *doc)
{
  json_builder_set_member_name (b, "images");
  json_builder_begin_array (b);
  for (size_t i = 0; i < doc->n_images; i++)
    {
      const OssaImage *im = &doc->images[i];
      char *file;
      gboolean missing = image_missing (doc_path, im, &file);

      json_builder_begin_object (b);
      cli_json_add_string (b, "name", im->name);
      cli_json_add_string (b, "path", im->path);
      cli_json_add_int (b, "embedded_bytes", (gint64) im->data_size);
      cli_json_add_int (b, "width", im->width);
      cli_json_add_int (b, "height", im->height);
      json_builder_set_member_name (b, "missing");
      if (im->data_size > 0 || file != NULL)
        json_builder_add_boolean_value (b, missing);
      else
        json_builder_add_null_value (b);   /* on standard input: not known */
      json_builder_end_object (b);
      g_free (file);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "slots");
  json_builder_begin_array (b);
  for (size_t s = 0; s < doc->n_slots; s++)
    {
      const OssaSlot *slot = &doc->slots[s];
      float rgba[4];

      json_builder_begin_object (b);
      cli_json_add_string (b, "name", slot->name);
      cli_json_add_string (b, "bone", doc->skeleton.bones[slot->bone].name);
      ossa_color_unpack (slot->color, rgba);
      add_color (b, "color", rgba);
      cli_json_add_string (b, "attachment",
                           slot->attachment >= 0 ? slot->attachments[slot->attachment].name : NULL);
      json_builder_set_member_name (b, "attachments");
      json_builder_begin_array (b);
      for (size_t a = 0; a < slot->n_attachments; a++)
        {
          const OssaAttachment *att = &slot->attachments[a];

          json_builder_begin_object (b);
          cli_json_add_string (b, "name", att->name);
          cli_json_add_string (b, "image", doc->images[att->image].name);
          json_builder_set_member_name (b, "offset");
          json_builder_begin_object (b);
          cli_json_add_float (b, "x", att->offset.x);
          cli_json_add_float (b, "y", att->offset.y);
          cli_json_add_float (b, "rotation", att->offset.rotation);
          cli_json_add_float (b, "scale_x", att->offset.scale_x);
          cli_json_add_float (b, "scale_y", att->offset.scale_y);
          json_builder_end_object (b);
          cli_json_add_float (b, "width", att->width);
          cli_json_add_float (b, "height", att->height);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

void
cli_art_info_human (const char *doc_path, const OssaDocument *doc)
{
  char w[G_ASCII_DTOSTR_BUF_SIZE], h[G_ASCII_DTOSTR_BUF_SIZE];

  printf ("images: %zu\n", doc->n_images);
  for (size_t i = 0; i < doc->n_images; i++)
    {
      const OssaImage *im = &doc->images[i];
      char *file;
      gboolean missing = image_missing (doc_path, im, &file);

      if (im->data_size > 0)
        printf ("  %s: embedded (%zu bytes), %u × %u pixels\n", im->name, im->data_size,
                im->width, im->height);
      else
        printf ("  %s: %s, %u × %u pixels%s\n", im->name, im->path, im->width, im->height,
                missing ? " (missing)" : "");
      g_free (file);
    }
  printf ("slots: %zu (back to front)\n", doc->n_slots);
  for (size_t s = 0; s < doc->n_slots; s++)
    {
      const OssaSlot *slot = &doc->slots[s];

      printf ("  %s on %s, colour #%08x, shows %s\n", slot->name,
              doc->skeleton.bones[slot->bone].name, slot->color,
              slot->attachment >= 0 ? slot->attachments[slot->attachment].name : "nothing");
      for (size_t a = 0; a < slot->n_attachments; a++)
        {
          const OssaAttachment *att = &slot->attachments[a];

          printf ("    %s: image %s, %s × %s\n", att->name, doc->images[att->image].name,
                  cli_format_float (w, sizeof w, att->width),
                  cli_format_float (h, sizeof h, att->height));
        }
    }
}

/* The slots at t, in draw order, with their quads; NULL on out of memory. */
static OssaQuad *
sample_quads (const OssaDocument *doc, const OssaAnimation *anim, float t, const OssaXform *world,
              OssaSlotPose **pose)
{
  OssaQuad *quads;
  size_t n;

  *pose = ossa_slot_pose_new (doc, NULL);
  if (*pose == NULL)
    return NULL;
  ossa_slot_pose_sample (*pose, doc, anim, t);
  n = ossa_slot_pose_n_visible (*pose);
  quads = g_try_new (OssaQuad, n ? n : 1);
  if (quads != NULL)
    ossa_slot_pose_fill_quads (*pose, world, quads, n);
  return quads;
}

bool
cli_art_sample_json (JsonBuilder *b, const OssaDocument *doc, const OssaAnimation *anim, float t,
                     const OssaXform *world)
{
  OssaSlotPose *pose;
  OssaQuad *quads = sample_quads (doc, anim, t, world, &pose);
  size_t q = 0;

  if (quads == NULL)
    {
      ossa_slot_pose_free (pose);
      return false;
    }
  json_builder_set_member_name (b, "slots");
  json_builder_begin_array (b);
  for (size_t k = 0; k < pose->n_slots; k++)
    {
      uint32_t s = pose->order[k];
      const OssaSlot *slot = &doc->slots[s];
      int32_t a = pose->attachment[s];

      json_builder_begin_object (b);
      cli_json_add_string (b, "name", slot->name);
      cli_json_add_string (b, "bone", doc->skeleton.bones[slot->bone].name);
      cli_json_add_string (b, "attachment", a >= 0 ? slot->attachments[a].name : NULL);
      add_color (b, "color", &pose->color[4 * s]);
      if (a >= 0)
        {
          json_builder_set_member_name (b, "vertices");
          json_builder_begin_array (b);
          for (int c = 0; c < 4; c++)
            {
              json_builder_begin_array (b);
              add_float_value (b, quads[q].xy[2 * c]);
              add_float_value (b, quads[q].xy[2 * c + 1]);
              json_builder_end_array (b);
            }
          json_builder_end_array (b);
          q++;
        }
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  g_free (quads);
  ossa_slot_pose_free (pose);
  return true;
}

bool
cli_art_sample_human (const OssaDocument *doc, const OssaAnimation *anim, float t,
                      const OssaXform *world)
{
  OssaSlotPose *pose;
  OssaQuad *quads;
  size_t q = 0;

  if (doc->n_slots == 0)
    return true;
  quads = sample_quads (doc, anim, t, world, &pose);
  if (quads == NULL)
    {
      ossa_slot_pose_free (pose);
      return false;
    }
  printf ("\nslots, back to front (attachment, colour r g b a, world corners):\n");
  for (size_t k = 0; k < pose->n_slots; k++)
    {
      uint32_t s = pose->order[k];
      const OssaSlot *slot = &doc->slots[s];
      int32_t a = pose->attachment[s];
      const float *c = &pose->color[4 * s];
      char v[4][G_ASCII_DTOSTR_BUF_SIZE];

      printf ("%s on %s: %s, %s %s %s %s", slot->name, doc->skeleton.bones[slot->bone].name,
              a >= 0 ? slot->attachments[a].name : "(none)", cli_format (v[0], sizeof v[0], "%.3f", c[0]),
              cli_format (v[1], sizeof v[1], "%.3f", c[1]), cli_format (v[2], sizeof v[2], "%.3f", c[2]),
              cli_format (v[3], sizeof v[3], "%.3f", c[3]));
      if (a >= 0)
        {
          for (int i = 0; i < 4; i++)
            printf ("%s(%s, %s)", i ? " " : ", ", cli_format (v[0], sizeof v[0], "%.4f", quads[q].xy[2 * i]),
                    cli_format (v[1], sizeof v[1], "%.4f", quads[q].xy[2 * i + 1]));
          q++;
        }
      printf ("\n");
    }
  g_free (quads);
  ossa_slot_pose_free (pose);
  return true;
}
