/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ossa-cli info FILE: what a document holds. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "cli-common.h"

/* Bone names listed in the human output before "… and N more". */
#define INFO_MAX_NAMES 32

typedef struct
{
  size_t roots;
  size_t depth;   /* bones on the longest root-to-leaf chain; 0 for no bones */
} SkeletonShape;

static bool
skeleton_shape (const OssaSkeleton *skel, SkeletonShape *shape)
{
  size_t *depth = g_try_new (size_t, skel->n_bones ? skel->n_bones : 1);

  if (depth == NULL)
    return false;
  shape->roots = 0;
  shape->depth = 0;
  /* Parents come before children, so one forward pass finds every depth. */
  for (size_t i = 0; i < skel->n_bones; i++)
    {
      int32_t parent = skel->bones[i].parent;

      if (parent < 0)
        {
          depth[i] = 1;
          shape->roots++;
        }
      else
        depth[i] = depth[parent] + 1;
      if (depth[i] > shape->depth)
        shape->depth = depth[i];
    }
  g_free (depth);
  return true;
}

static void
print_json (const char *path, CliFileKind kind, const OssaDocument *doc, const SkeletonShape *shape)
{
  JsonBuilder *b = json_builder_new ();

  json_builder_begin_object (b);
  cli_json_add_file (b, "file", path);
  cli_json_add_string (b, "type", kind == CLI_FILE_MAP ? "map" : "ossa");
  if (kind == CLI_FILE_OSSA)
    cli_json_add_int (b, "format_version", OSSA_FORMAT_VERSION);
  cli_json_add_string (b, "generator", doc->generator);
  cli_json_add_int (b, "bones", (gint64) doc->skeleton.n_bones);
  cli_json_add_int (b, "roots", (gint64) shape->roots);
  cli_json_add_int (b, "depth", (gint64) shape->depth);
  json_builder_set_member_name (b, "bone_names");
  json_builder_begin_array (b);
  for (size_t i = 0; i < doc->skeleton.n_bones; i++)
    json_builder_add_string_value (b, doc->skeleton.bones[i].name);
  json_builder_end_array (b);

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
      cli_json_add_int (b, "slot_tracks", (gint64) anim->n_slot_tracks);
      cli_json_add_int (b, "draw_order_keys", (gint64) anim->n_draw_order);
      cli_ik_animation_json (b, doc, anim);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "meshes");
  json_builder_begin_array (b);
  for (size_t i = 0; i < doc->n_meshes; i++)
    {
      const OssaMesh *mesh = &doc->meshes[i];

      json_builder_begin_object (b);
      cli_json_add_string (b, "name", mesh->name);
      cli_json_add_int (b, "vertices", (gint64) mesh->n_vertices);
      cli_json_add_int (b, "triangles", (gint64) mesh->n_triangles);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "maps");
  json_builder_begin_array (b);
  for (size_t i = 0; i < doc->n_maps; i++)
    {
      const OssaGridMap *map = &doc->maps[i];

      json_builder_begin_object (b);
      cli_json_add_string (b, "name", map->name);
      cli_json_add_int (b, "width", map->width);
      cli_json_add_int (b, "height", map->height);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  cli_art_info_json (b, path, doc);
  cli_ik_info_json (b, doc);
  json_builder_end_object (b);
  cli_json_print (b);
}

static void
print_human (const char *path, CliFileKind kind, const OssaDocument *doc, const SkeletonShape *shape)
{
  char a[G_ASCII_DTOSTR_BUF_SIZE], f[G_ASCII_DTOSTR_BUF_SIZE];
  size_t n_names = MIN (doc->skeleton.n_bones, (size_t) INFO_MAX_NAMES);

  path = cli_input_label (path);
  if (kind == CLI_FILE_MAP)
    printf ("%s: grid map", path);
  else
    printf ("%s: Ossa document, format %u", path, OSSA_FORMAT_VERSION);
  if (doc->generator != NULL && doc->generator[0] != '\0')
    printf (", written by %s", doc->generator);
  printf ("\n");

  printf ("bones: %zu (%zu %s, depth %zu)\n", doc->skeleton.n_bones, shape->roots,
          shape->roots == 1 ? "root" : "roots", shape->depth);
  if (n_names > 0)
    {
      printf ("  ");
      for (size_t i = 0; i < n_names; i++)
        printf ("%s%s", i > 0 ? ", " : "", doc->skeleton.bones[i].name);
      if (doc->skeleton.n_bones > n_names)
        printf (" … and %zu more", doc->skeleton.n_bones - n_names);
      printf ("\n");
    }

  printf ("animations: %zu\n", doc->n_animations);
  for (size_t i = 0; i < doc->n_animations; i++)
    {
      const OssaAnimation *anim = &doc->animations[i];

      printf ("  %s: %s s at %s fps%s, %zu %s, %zu keys", anim->name,
              cli_format_float (a, sizeof a, anim->duration),
              cli_format_float (f, sizeof f, anim->fps),
              anim->loop ? ", looping" : "", anim->n_tracks,
              anim->n_tracks == 1 ? "track" : "tracks", ossa_animation_n_keys (anim));
      if (anim->n_slot_tracks > 0 || anim->n_draw_order > 0)
        printf (", %zu slot %s, %zu draw-order %s", anim->n_slot_tracks,
                anim->n_slot_tracks == 1 ? "track" : "tracks", anim->n_draw_order,
                anim->n_draw_order == 1 ? "key" : "keys");
      if (anim->n_ik_tracks > 0)
        printf (", %zu IK %s", anim->n_ik_tracks, anim->n_ik_tracks == 1 ? "track" : "tracks");
      printf ("\n");
      cli_ik_animation_human (doc, anim);
    }

  printf ("meshes: %zu\n", doc->n_meshes);
  for (size_t i = 0; i < doc->n_meshes; i++)
    printf ("  %s: %zu %s, %zu %s\n", doc->meshes[i].name, doc->meshes[i].n_vertices,
            doc->meshes[i].n_vertices == 1 ? "vertex" : "vertices", doc->meshes[i].n_triangles,
            doc->meshes[i].n_triangles == 1 ? "triangle" : "triangles");

  printf ("maps: %zu\n", doc->n_maps);
  for (size_t i = 0; i < doc->n_maps; i++)
    printf ("  %s: %u × %u cells\n", doc->maps[i].name, doc->maps[i].width, doc->maps[i].height);
  cli_art_info_human (path, doc);
  cli_ik_info_human (doc);
}

/* An .ossa document, or a map file read as a document holding that one map. */
static int
info_document (const char *path, CliFileKind kind, gboolean json)
{
  OssaDocument *doc = cli_load_document (path);
  SkeletonShape shape;

  if (doc == NULL)
    return CLI_EXIT_INPUT;
  if (!skeleton_shape (&doc->skeleton, &shape))
    {
      cli_error (cli_input_label (path), "out of memory");
      ossa_document_free (doc);
      return CLI_EXIT_INPUT;
    }
  if (json)
    print_json (path, kind, doc, &shape);
  else
    print_human (path, kind, doc, &shape);
  ossa_document_free (doc);
  return CLI_EXIT_OK;
}

static int
info_smd (const char *path, gboolean json)
{
  OssaError err;
  OssaSmd *smd;
  uint8_t *data;
  size_t size, roots = 0;

  if (!cli_read_input (path, OSSA_SMD_MAX_FILE_SIZE, &data, &size, &err))
    {
      cli_error_ossa (&err, cli_input_label (path));
      return CLI_EXIT_INPUT;
    }
  smd = ossa_smd_read_bytes ((const char *) data, size, cli_input_label (path), NULL, &err);
  free (data);
  if (smd == NULL)
    {
      cli_error_ossa (&err, cli_input_label (path));
      return CLI_EXIT_INPUT;
    }
  for (size_t i = 0; i < smd->n_nodes; i++)
    roots += smd->nodes[i].parent < 0;
  if (json)
    {
      JsonBuilder *b = json_builder_new ();

      json_builder_begin_object (b);
      cli_json_add_file (b, "file", path);
      cli_json_add_string (b, "type", "smd");
      cli_json_add_int (b, "bones", (gint64) smd->n_nodes);
      cli_json_add_int (b, "roots", (gint64) roots);
      json_builder_set_member_name (b, "bone_names");
      json_builder_begin_array (b);
      for (size_t i = 0; i < smd->n_nodes; i++)
        json_builder_add_string_value (b, smd->nodes[i].name);
      json_builder_end_array (b);
      cli_json_add_int (b, "frames", (gint64) smd->n_frames);
      if (smd->n_frames > 0)
        {
          cli_json_add_int (b, "first_frame", smd->frame_numbers[0]);
          cli_json_add_int (b, "last_frame", smd->frame_numbers[smd->n_frames - 1]);
        }
      cli_json_add_int (b, "triangles", (gint64) smd->n_triangles);
      cli_json_add_int (b, "materials", (gint64) smd->n_materials);
      cli_json_add_int (b, "shapes", (gint64) smd->n_shapes);
      json_builder_end_object (b);
      cli_json_print (b);
    }
  else
    {
      size_t n_names = MIN (smd->n_nodes, (size_t) INFO_MAX_NAMES);

      printf ("%s: SMD\n", cli_input_label (path));
      printf ("bones: %zu (%zu %s)\n", smd->n_nodes, roots, roots == 1 ? "root" : "roots");
      if (n_names > 0)
        {
          printf ("  ");
          for (size_t i = 0; i < n_names; i++)
            printf ("%s%s", i > 0 ? ", " : "", smd->nodes[i].name);
          if (smd->n_nodes > n_names)
            printf (" … and %zu more", smd->n_nodes - n_names);
          printf ("\n");
        }
      if (smd->n_frames > 0)
        printf ("frames: %zu (time %d to %d)\n", smd->n_frames, (int) smd->frame_numbers[0],
                (int) smd->frame_numbers[smd->n_frames - 1]);
      else
        printf ("frames: 0\n");
      printf ("triangles: %zu (%zu %s)\n", smd->n_triangles, smd->n_materials,
              smd->n_materials == 1 ? "material" : "materials");
      if (smd->n_shapes > 0)
        printf ("vertex animation: %zu shapes (not imported)\n", smd->n_shapes);
    }
  ossa_smd_free (smd);
  return CLI_EXIT_OK;
}

int
cli_info (int argc, char **argv)
{
  gboolean json = FALSE;
  GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print one JSON object", NULL },
    G_OPTION_ENTRY_NULL
  };
  GOptionContext *context;
  CliFileKind kind;
  int status;

  context = cli_option_context_new ("FILE",
    "Describe what a file holds.",
    "For an Ossa document (.ossa): the bones (count, roots, depth = bones on the\n"
    "longest root-to-leaf chain, names), each animation (name, duration in seconds,\n"
    "frame rate, loop flag, tracks, keys, slot tracks, draw-order keys), each mesh\n"
    "(name, vertices, triangles), each grid map (name, width × height), each image\n"
    "(its path relative to the document, or embedded; its size in pixels; whether\n"
    "its file is missing, looked for beside the document) and each slot, back to\n"
    "front (its bone, colour, the attachment it shows, its attachments), each IK\n"
    "constraint in the order they are applied (its bones and target by name, mix,\n"
    "bend) and each animation's IK keys.\n"
    "For an SMD: bones, frames, triangles and materials, vertex-animation shapes\n"
    "(JSON: {\"file\", \"type\": \"smd\", \"bones\", \"roots\", \"bone_names\", \"frames\",\n"
    "\"first_frame\", \"last_frame\", \"triangles\", \"materials\", \"shapes\"}).\n"
    "The kind of file is told by its content, not its name. FILE '-' reads standard\n"
    "input (a pipe gives what the same file would).\n"
    "\n"
    "JSON: {\"file\", \"type\", \"format_version\", \"generator\", \"bones\", \"roots\",\n"
    "\"depth\", \"bone_names\": [...], \"animations\": [{\"name\", \"duration\", \"fps\",\n"
    "\"loop\", \"tracks\", \"keys\", \"slot_tracks\", \"draw_order_keys\", \"ik_tracks\":\n"
    "[{\"constraint\", \"keys\", \"bend_keys\"}]}], \"meshes\": [{\"name\", \"vertices\", \"triangles\"}],\n"
    "\"maps\": [{\"name\", \"width\", \"height\"}], \"images\": [{\"name\", \"path\" or null,\n"
    "\"embedded_bytes\", \"width\", \"height\", \"missing\" (null on standard input)}],\n"
    "\"slots\": [{\"name\", \"bone\", \"color\": [r, g, b, a], \"attachment\" or null,\n"
    "\"attachments\": [{\"name\", \"image\", \"offset\": {\"x\", \"y\", \"rotation\",\n"
    "\"scale_x\", \"scale_y\"}, \"width\", \"height\"}]}], \"ik_constraints\": [{\"name\",\n"
    "\"bones\": [names], \"target\", \"mix\", \"bend_positive\"}]}\n"
    "\n"
    "Exit status: 0 success, 1 unreadable or invalid file, 2 bad usage.");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!cli_parse_options (context, "info", &argc, &argv)
      || !cli_check_positionals ("info", argc, argv, 1, 1, "FILE"))
    {
      g_option_context_free (context);
      return CLI_EXIT_USAGE;
    }
  g_option_context_free (context);

  if (!cli_sniff_file (argv[1], &kind))
    return CLI_EXIT_INPUT;
  /* One reader per kind of file. */
  switch (kind)
    {
    case CLI_FILE_OSSA:
      status = info_document (argv[1], kind, json);
      break;
    case CLI_FILE_SMD:
      status = info_smd (argv[1], json);
      break;
    case CLI_FILE_MAP:
      status = info_document (argv[1], kind, json);
      break;
    default:
      cli_error (cli_input_label (argv[1]), "unsupported file type (%s files are not supported yet)",
                 cli_file_kind_name (kind));
      status = CLI_EXIT_INPUT;
      break;
    }
  return status;
}
