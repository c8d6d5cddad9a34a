/* SPDX-License-Identifier: GPL-3.0-or-later */
/* SMD import and export. The expected 2D joints come from a reader and a 3D
 * pose written here independently of the importer: GLib's line splitting and
 * g_ascii_strtod, rotation MATRICES Rz·Ry·Rx (the importer uses quaternions), and
 * the plane's two coordinates taken directly. The document side is sampled with
 * the core's ordinary sampling, as `ossa-cli sample` does. */
#include <locale.h>
#include <stdatomic.h>

#include <glib/gstdio.h>

#include "ossa.h"
#include "ossa.pb-c.h"
#include "test-helpers.h"

#include "test-smd-reference.h"
#include "test-smd-support.h"

static OssaDocument *
import (const char *ref, const char *anim, OssaSmdPlane plane, float simplify)
{
  OssaSmdImportOptions options;
  const char *paths[2] = { ref, anim };
  OssaError err = { 0 };
  OssaDocument *doc;

  ossa_smd_import_options_init (&options);
  options.plane = plane;
  options.simplify = simplify;
  doc = ossa_smd_import_files (paths, anim ? 2 : 1, &options, &err);
  if (doc == NULL)
    g_error ("import %s: %s:%d: %s", ref, err.path, err.line, err.message);
  return doc;
}

/* Float precision of a chain of float transforms: relative to the model's size. */
static double
tolerance_for (const double *xy, size_t n)
{
  double size = 1;

  for (size_t i = 0; i < 2 * n; i++)
    size = fmax (size, fabs (xy[i]));
  return 2e-6 * size;
}

/* For the reference (rest) and the first, middle and last frames of the
 * animation, on each plane: sampled 2D joints = projected 3D joints. */
static void
check_projection (const char *ref_name, const char *anim_name)
{
  char *ref_path = testdata (ref_name), *anim_path = anim_name ? testdata (anim_name) : NULL;
  RefSmd *ref, *anim = NULL;
  double worst = 0;

  if (ref_path == NULL || (anim_name != NULL && anim_path == NULL))
    {
      g_test_skip ("OSSA_SHARED_TESTDATA/smd is not available");
      g_free (ref_path);
      return;
    }
  ref = ref_smd_read (ref_path);
  if (anim_path != NULL)
    anim = ref_smd_read (anim_path);
  for (int plane = 0; plane < 3; plane++)
    {
      OssaDocument *doc = import (ref_path, anim_path, (OssaSmdPlane) plane, 0);
      size_t n = ref->names->len;
      double *want = g_new (double, 2 * n), *got = g_new (double, 2 * n);
      double *locals = g_new (double, 6 * n);
      const RefSmd *src = anim ? anim : ref;
      size_t nf = src->frames->len;
      size_t frames[4] = { 0, 0, nf / 2, nf - 1 };

      g_assert_cmpuint (doc->skeleton.n_bones, ==, n);
      /* frames[0] = the rest pose (reference frame 0); then first, middle, last. */
      for (int k = 0; k < 4; k++)
        {
          const OssaAnimation *a = NULL;
          float t = 0;

          memcpy (locals, &g_array_index (ref->values, double, 0), 6 * n * sizeof (double));
          if (k > 0)
            {
              if (nf < 2 && anim == NULL)
                continue;
              a = &doc->animations[doc->n_animations - 1];
              t = (float) ((g_array_index (src->frames, int, frames[k]) - g_array_index (src->frames, int, 0)) / 30.0);
              for (size_t b = 0; b < src->names->len; b++)
                {
                  ssize_t i = ossa_skeleton_find_bone (&doc->skeleton, g_ptr_array_index (src->names, b));

                  if (i >= 0)
                    memcpy (&locals[6 * i], &g_array_index (src->values, double, (frames[k] * src->names->len + b) * 6),
                            6 * sizeof (double));
                }
            }
          world_joints (n, (const int *) (void *) ref->parents->data, locals, plane, want);
          sample_joints (doc, a, t, got);
          for (size_t i = 0; i < n; i++)
            {
              double tol = tolerance_for (want, n);
              double e = fmax (fabs (got[2 * i] - want[2 * i]), fabs (got[2 * i + 1] - want[2 * i + 1]));

              worst = fmax (worst, e / tol);
              if (!(e <= tol))
                g_error ("%s plane %d frame %zu bone %zu '%s': got (%.7g, %.7g), projected (%.7g, %.7g)",
                         anim_name ? anim_name : ref_name, plane, frames[k], i, doc->skeleton.bones[i].name,
                         got[2 * i], got[2 * i + 1], want[2 * i], want[2 * i + 1]);
            }
        }
      g_free (want);
      g_free (got);
      g_free (locals);
      ossa_document_free (doc);
    }
  g_test_message ("worst error: %.3g of the tolerance", worst);
  ref_smd_free (ref);
  if (anim)
    ref_smd_free (anim);
  g_free (ref_path);
  g_free (anim_path);
}

static void
test_projection_barney (void)
{
  check_projection ("hlsdk_barney_hd_ref.smd", "hlsdk_barney_hd_walk.smd");
}

static void
test_projection_man (void)
{
  check_projection ("hl1test_man_ref.smd", "hl1test_man_walk.smd");
}

static void
test_projection_roots (void)
{
  check_projection ("hl1test_multiple_roots_ref.smd", NULL);
}

static void
test_projection_sphere (void)
{
  check_projection ("hl1test_sphere_ref.smd", "hl1test_sphere_idle_221f.smd");
}

static void
test_projection_rampwalk (void)
{
  check_projection ("hlsdk_loader_rampwalk_large.smd", NULL);
}

static void
test_projection_sparse (void)
{
  /* Frames 1..110 leave a bone out: it keeps its frame-0 value. */
  check_projection ("sourcesdk_body_poses_lean.smd", NULL);
}

/* ---- every file imports ---- */

static void
test_all_files (void)
{
  const char *dir = g_getenv ("OSSA_SHARED_TESTDATA");
  char *smd_dir = dir != NULL ? g_build_filename (dir, "smd", NULL) : NULL;
  GDir *d;
  const char *name;
  int count = 0;

  if (smd_dir == NULL || !g_file_test (smd_dir, G_FILE_TEST_IS_DIR))
    {
      g_test_skip ("OSSA_SHARED_TESTDATA/smd is not available");
      g_free (smd_dir);
      return;
    }
  d = g_dir_open (smd_dir, 0, NULL);
  while ((name = g_dir_read_name (d)) != NULL)
    {
      char *path = g_build_filename (smd_dir, name, NULL);
      OssaSmdImportOptions options;
      Notices notices = { 0, g_string_new (NULL) };
      const char *paths[1] = { path };
      OssaError err = { 0 };
      OssaDocument *doc;
      uint8_t *bytes;
      size_t size;

      if (!g_str_has_suffix (name, ".smd") && !g_str_has_suffix (name, ".vta"))
        {
          g_free (path);
          continue;
        }
      ossa_smd_import_options_init (&options);
      options.callbacks.notice = on_notice;
      options.callbacks.user_data = &notices;
      doc = ossa_smd_import_files (paths, 1, &options, &err);
      if (doc == NULL)
        g_error ("%s: %s:%d: %s", name, err.path, err.line, err.message);
      g_assert_true (ossa_document_validate (doc, &err));
      g_assert_true (ossa_document_to_bytes (doc, &bytes, &size, &err));
      if (g_str_has_suffix (name, ".vta"))
        g_assert_nonnull (strstr (notices.text->str, "vertex animation skipped: 2 shapes"));
      if (strcmp (name, "hlsdk_barney_hd_ref.smd") == 0)
        {
          g_assert_cmpuint (doc->skeleton.n_bones, ==, 44);
          g_assert_cmpint (ossa_skeleton_find_bone (&doc->skeleton, "Bip01 L Leg1"), >=, 0);
          g_assert_cmpuint (doc->n_meshes, ==, 1);
          g_assert_cmpuint (doc->meshes[0].n_triangles, ==, 1507);
          g_assert_cmpuint (doc->meshes[0].n_materials, ==, 3);
        }
      if (strcmp (name, "hl1test_multiple_roots_ref.smd") == 0)
        {
          int roots = 0;

          for (size_t i = 0; i < doc->skeleton.n_bones; i++)
            roots += doc->skeleton.bones[i].parent < 0;
          g_assert_cmpint (roots, ==, 4);
        }
      free (bytes);
      ossa_document_free (doc);
      g_string_free (notices.text, TRUE);
      g_free (path);
      count++;
    }
  g_dir_close (d);
  g_free (smd_dir);
  g_assert_cmpint (count, >=, 15);
}

/* ---- the reader on crafted text ---- */

static OssaSmd *
read_text (const char *text, OssaError *err)
{
  ossa_error_clear (err);
  return ossa_smd_read_bytes (text, strlen (text), "t.smd", NULL, err);
}

static void
assert_error (const char *text, int line, const char *words)
{
  OssaError err;
  OssaSmd *smd = read_text (text, &err);

  if (smd != NULL)
    g_error ("expected an error (%s) for:\n%s", words, text);
  if (err.line != line || strstr (err.message, words) == NULL || strcmp (err.path, "t.smd") != 0)
    g_error ("expected t.smd:%d: …%s…, got %s:%d: %s\nfor:\n%s", line, words, err.path, err.line,
             err.message, text);
}

static void
test_errors (void)
{
  assert_error ("", 0, "empty");
  assert_error ("hello world\n", 1, "not an SMD file");
  assert_error ("\x89PNG\r\n\x1a\n\0\0\0", 1, "not an SMD file");
  assert_error ("version 1\nnodes\n0 \"a\" -1\n", 3, "missing 'end'");
  assert_error ("version 1\nnodes\n0 \"a\" -1\nskeleton\ntime 0\n0 0 0 0 0 0 0\nend\n", 4, "missing 'end'");
  assert_error ("version 1\nnodes\n0 \"a\" -1\nend\nskeleton\ntime 0\n0 0 0 0 0 0 0\n", 7, "missing 'end'");
  assert_error ("version 1\nnodes\n0 \"a\" -1\nend\nskeleton\ntime 0\n1 0 0 0 0 0 0\nend\n", 7, "out of range");
  assert_error ("version 1\nnodes\n0 \"a\" -1\n-3 \"b\" 0\nend\n", 4, "out of range");
  assert_error ("version 1\nnodes\n0 \"a\" -1\n0 \"b\" -1\nend\n", 4, "defined twice");
  assert_error ("version 1\nnodes\n0 \"a\" 1\n1 \"b\" 0\nend\n", 3, "cycle");
  assert_error ("version 1\nnodes\n0 \"a\" 0\nend\n", 3, "cycle");
  assert_error ("version 1\nnodes\n0 \"a\" -1\n1 \"b\" 7\nend\n", 4, "does not exist");
  assert_error ("version 1\nnodes\n0 \"a\" -1\nend\nskeleton\ntime 0\n0 0 0 0 0 0\nend\n", 7, "wrong field count");
  assert_error ("version 1\nnodes\n0 \"a\" -1 5\nend\n", 3, "wrong field count");
  assert_error ("version 1\nnodes\n0 \"a\" -1\nend\nskeleton\ntime 0\n0 0 0.5x 0 0 0 0\nend\n", 7, "bad number");
  assert_error ("version 1\nnodes\n0 \"a\" -1\nend\nskeleton\ntime 0\n0 0 nan 0 0 0 0\nend\n", 7, "bad number");
  assert_error ("version 1\nnodes\n0 \"a\" -1\nend\nskeleton\ntime 0\n0 0 1e999 0 0 0 0\nend\n", 7, "bad number");
  assert_error ("version 1\nnodes\nx \"a\" -1\nend\n", 3, "bad number");
  assert_error ("version 1\nnodes\n0 \"a\" -1\nend\ntriangles\nmat\n"
                "0 0 0 0 0 0 1 0 0\n0 1 0 0 0 0 1 1 0\nend\n", 9, "fewer than three");
  assert_error ("version 1\nnodes\n0 \"a\" -1\nend\ntriangles\nmat\n"
                "0 0 0 0 0 0 1 0 0\nmat\n0 1 0 0 0 0 1 1 0\n", 8, "fewer than three");
  assert_error ("version 1\nnodes\n0 \"a\" -1\nend\ntriangles\nmat\n"
                "0 0 0 0 0 0 1 0 0\n0 1 0 0 0 0 1 1 0", 8, "fewer than three");
  assert_error ("version 1\nnodes\n0 \"a\" -1\nend\ntriangles\nmat\n"
                "0 0 0 0 0 0 1 0 0 2 0 1\n", 7, "wrong field count");
  assert_error ("version 1\nnodes\n0 \"a\" -1\nend\ntriangles\nmat\n"
                "0 0 0 0 0 0 1 0 0\n0 1 0 0 0 0 1 1\n", 8, "wrong field count");
  assert_error ("version 1\nnodes\n0 \"a\" -1\nend\ntriangles\nmat\n"
                "0 0 0 0 0 0 1 0 0 1 4 1.0\n", 7, "out of range");
  assert_error ("version 1\nnodes\n0 \"a -1\nend\n", 3, "closing quote");
  assert_error ("version 1\nnodes\n0 \"a\" -1\nend\nskeleton\ntime 2\ntime 1\nend\n", 7, "must increase");
  assert_error ("version 1\nnodes\n0 \"a\" -1\nend\nbogus\n", 5, "where a block");
}

static void
test_variants (void)
{
  /* Crowbar comment first, CR-only line ends, tabs, indentation, quoted names with
   * spaces, ids out of order, several roots, comments of every kind, skipped frame
   * numbers with a bone left out, GoldSrc and Source vertex lines mixed, an empty
   * Milkshape material line, no final newline. */
  static const char text[] =
    "// Created by Crowbar 0.74\r"
    "version 1\r"
    "nodes\r"
    "  2 \"Bip01 L Leg\"\t1   # a comment\r"
    "\t0 \"root one\" -1\r"
    "  1 \"Bip01 Pelvis\" 0 ; another\r"
    "  3 \"second root\" -1\r"
    "end\r"
    "skeleton\r"
    "// line comment\r"
    "time 0\r"
    "0  1.5 0 0  0 0 0\r"
    "1\t0 0 2\t0 0 0\r"
    "2 0 0 -3 0 0 1.5707963267948966\r"
    "3 5 5 5 0 0 0\r"
    "time 4 # skipped 1..3\r"
    "0 2.5 0 0 0 0 0\r"
    "end\r"
    "triangles\r"
    "skin.bmp\r"
    "1 0 0 0 0 0 1 0 0\r"
    "0 1 0 0 0 0 1 1 0 0\r"
    "0 0 1 0 0 0 1 0 1 2 2 0.25 3 0.75\r"
    "\r"
    "2 0 0 0 0 0 1 0 0\r"
    "2 1 0 0 0 0 1 1 0\r"
    "2 0 1 0 0 0 1 0 1\r"
    "end";
  OssaError err;
  OssaSmd *smd = read_text (text, &err);
  size_t n;

  if (smd == NULL)
    g_error ("%d: %s", err.line, err.message);
  n = smd->n_nodes;
  g_assert_cmpuint (n, ==, 4);
  /* Parents first, by id otherwise: root one, Bip01 Pelvis, Bip01 L Leg, second root. */
  g_assert_cmpstr (smd->nodes[0].name, ==, "root one");
  g_assert_cmpstr (smd->nodes[1].name, ==, "Bip01 Pelvis");
  g_assert_cmpstr (smd->nodes[2].name, ==, "Bip01 L Leg");
  g_assert_cmpstr (smd->nodes[3].name, ==, "second root");
  g_assert_cmpint (smd->nodes[2].parent, ==, 1);
  g_assert_cmpint (smd->nodes[3].parent, ==, -1);
  g_assert_cmpint (smd->nodes[2].line, ==, 4);
  g_assert_cmpuint (smd->n_frames, ==, 2);
  g_assert_cmpint (smd->frame_numbers[1], ==, 4);
  g_assert_cmpfloat (smd->poses[n + 0].pos[0], ==, 2.5);
  g_assert_cmpfloat (smd->poses[n + 2].rot[2], ==, 1.5707963267948966);  /* carried over */
  g_assert_cmpfloat (smd->poses[n + 3].pos[1], ==, 5);
  g_assert_cmpuint (smd->n_triangles, ==, 2);
  g_assert_cmpuint (smd->n_materials, ==, 2);
  g_assert_cmpstr (smd->materials[smd->triangle_materials[0]], ==, "skin.bmp");
  g_assert_cmpstr (smd->materials[smd->triangle_materials[1]], ==, "");
  g_assert_cmpuint (smd->vertices[0].bone, ==, 1);   /* id 1 */
  g_assert_cmpuint (smd->vertices[1].bone, ==, 0);   /* links 0: the line's bone */
  g_assert_cmpuint (smd->vertices[2].bone, ==, 3);   /* heaviest link, id 3 */
  g_assert_cmpuint (smd->vertices[3].bone, ==, 2);
  ossa_smd_free (smd);
}

/* The fast path must give strtod's double, bit for bit. */
static void
test_numbers (void)
{
  GString *text = g_string_new ("version 1\nnodes\n0 \"a\" -1\nend\nskeleton\n");
  const char *fixed[] = { "0", "-0", "+1", ".5", "5.", "-0.000000", "1e5", "1E-5", "123456.123456",
                          "0.1", "0.30000000000000004", "9007199254740993", "1e22", "1e23", "4.9e-324",
                          "1.7976931348623157e308", "123456789012345678901234567890", "0x1p-2",
                          "0.000000000000000000000000000001", "-2.5e+3", "999999999999999", "1e-22" };
  GRand *rand = g_rand_new_with_seed (5);
  GArray *want = g_array_new (FALSE, FALSE, sizeof (double));
  OssaError err;
  OssaSmd *smd;
  size_t k = 0, n_lines = 0;

  for (size_t i = 0; i < G_N_ELEMENTS (fixed); i++)
    {
      double v = g_ascii_strtod (fixed[i], NULL);

      g_array_append_val (want, v);
    }
  /* Random decimals of 1 to 18 digits, some with exponents; 6 to a frame. */
  {
    GPtrArray *words = g_ptr_array_new_with_free_func (g_free);

    for (size_t i = 0; i < G_N_ELEMENTS (fixed); i++)
      g_ptr_array_add (words, g_strdup (fixed[i]));
    for (int i = 0; i < 6000; i++)
      {
        char buf[64];
        double v;
        int digits = g_rand_int_range (rand, 1, 19), point = g_rand_int_range (rand, 0, digits + 1);
        int p = 0;

        if (g_rand_boolean (rand))
          buf[p++] = '-';
        for (int d = 0; d < digits; d++)
          {
            if (d == point)
              buf[p++] = '.';
            buf[p++] = (char) ('0' + g_rand_int_range (rand, 0, 10));
          }
        if (g_rand_int_range (rand, 0, 4) == 0)
          p += g_snprintf (buf + p, sizeof buf - (size_t) p, "e%d", g_rand_int_range (rand, -30, 30));
        buf[p] = '\0';
        v = g_ascii_strtod (buf, NULL);
        g_array_append_val (want, v);
        g_ptr_array_add (words, g_strdup (buf));
      }
    while (words->len % 6 != 0)
      {
        double zero = 0;

        g_ptr_array_add (words, g_strdup ("0"));
        g_array_append_val (want, zero);
      }
    for (guint i = 0; i < words->len; i += 6)
      {
        g_string_append_printf (text, "time %u\n0 %s %s %s %s %s %s\n", i / 6,
                                (char *) words->pdata[i], (char *) words->pdata[i + 1],
                                (char *) words->pdata[i + 2], (char *) words->pdata[i + 3],
                                (char *) words->pdata[i + 4], (char *) words->pdata[i + 5]);
        n_lines++;
      }
    g_ptr_array_unref (words);
  }
  g_string_append (text, "end");   /* no final newline: the last token ends the buffer */

  /* Under a decimal-comma locale when there is one: the reader must not care. */
  setlocale (LC_ALL, "de_DE.UTF-8");
  smd = ossa_smd_read_bytes (text->str, text->len, "n.smd", NULL, &err);
  setlocale (LC_ALL, "C");
  if (smd == NULL)
    g_error ("%d: %s", err.line, err.message);
  g_assert_cmpuint (smd->n_frames, ==, n_lines);
  for (size_t f = 0; f < smd->n_frames; f++)
    for (int c = 0; c < 6; c++, k++)
      {
        double got = c < 3 ? smd->poses[f].pos[c] : smd->poses[f].rot[c - 3];
        double expected = g_array_index (want, double, k);

        if (memcmp (&got, &expected, sizeof got) != 0)
          g_error ("number %zu: got %.17g, strtod gives %.17g", k, got, expected);
      }
  ossa_smd_free (smd);
  g_array_unref (want);
  g_rand_free (rand);
  g_string_free (text, TRUE);
}

/* Truncated at every byte, and bytes flipped at random: an OssaSmd or an error
 * with a line, never a crash or a read outside the buffer (ASan watches: each
 * piece is copied into a buffer of exactly its size). */
static void
test_truncated_and_garbage (void)
{
  static const char small[] =
    "version 1\nnodes\n0 \"root\" -1\n1 \"arm bone\" 0\nend\nskeleton\ntime 0\n"
    "0 0 0 0 0 0 0\n1 1.5 0 0 0 0.25 0\ntime 2\n1 2.5 0 0 0 0.5 0\nend\ntriangles\nmat\n"
    "0 0 0 0 0 0 1 0 0\n1 1 0 0 0 0 1 1 0 1 1 1.0\n0 0 1 0 0 0 1 0 1 0\nend\n"
    "vertexanimation\ntime 0\n0 0 0 0 0 0 1\nend\n";
  size_t len = sizeof small - 1;
  GRand *rand = g_rand_new_with_seed (11);
  int n_ok = 0, n_err = 0;

  for (size_t cut = 0; cut <= len; cut++)
    {
      char *piece = g_memdup2 (small, cut ? cut : 1);
      OssaError err = { 0 };
      OssaSmd *smd = ossa_smd_read_bytes (piece, cut, "cut.smd", NULL, &err);

      if (smd != NULL)
        {
          /* A whole file: cut right after one of the blocks' "end". */
          g_assert_true ((cut >= 3 && memcmp (small + cut - 3, "end", 3) == 0)
                         || (cut >= 4 && memcmp (small + cut - 4, "end\n", 4) == 0));
          n_ok++;
        }
      else
        {
          n_err++;
          g_assert_cmpstr (err.path, ==, "cut.smd");
          g_assert_true (err.line > 0 || cut == 0);
          g_assert_cmpstr (err.message, !=, "");
        }
      ossa_smd_free (smd);
      g_free (piece);
    }
  /* After each of the 4 blocks' "end", with or without its newline. */
  g_assert_cmpint (n_ok, ==, 8);
  g_assert_cmpint (n_err, ==, (int) len + 1 - 8);
  for (int i = 0; i < 20000; i++)
    {
      char *piece = g_memdup2 (small, len);
      OssaError err = { 0 };
      OssaSmd *smd;
      int flips = g_rand_int_range (rand, 1, 6);

      for (int f = 0; f < flips; f++)
        piece[g_rand_int_range (rand, 0, (gint32) len)] = (char) g_rand_int_range (rand, 0, 256);
      smd = ossa_smd_read_bytes (piece, len, "f.smd", NULL, &err);
      if (smd == NULL)
        g_assert_true (err.line > 0);
      else
        {
          /* Whatever was read is consistent. */
          for (size_t v = 0; v < 3 * smd->n_triangles; v++)
            g_assert_cmpuint (smd->vertices[v].bone, <, smd->n_nodes);
          for (size_t b = 0; b < smd->n_nodes; b++)
            g_assert_cmpint (smd->nodes[b].parent, <, (int) b);
        }
      ossa_smd_free (smd);
      g_free (piece);
    }
  for (int i = 0; i < 2000; i++)
    {
      size_t n = (size_t) g_rand_int_range (rand, 1, 400);
      char *junk = g_malloc (n);
      OssaError err = { 0 };

      for (size_t b = 0; b < n; b++)
        junk[b] = (char) g_rand_int_range (rand, 0, 256);
      if (i % 2 == 0 && n > 12)
        memcpy (junk, "version 1\nnodes\n", MIN (n, 16));
      ossa_smd_free (ossa_smd_read_bytes (junk, n, "j.smd", NULL, &err));
      g_free (junk);
    }
  g_rand_free (rand);
}

/* Every line of a real file cut off: an error naming a line of the file. */
static void
test_truncated_lines (void)
{
  char *path = testdata ("hl1test_man_walk.smd"), *text = NULL;
  size_t size = 0, line_start = 0;
  int line = 0;

  if (path == NULL)
    {
      g_test_skip ("OSSA_SHARED_TESTDATA/smd is not available");
      return;
    }
  g_assert_true (g_file_get_contents (path, &text, &size, NULL));
  for (size_t i = 0; i <= size; i++)
    if (i == size || text[i] == '\n')
      {
        /* Cut after this line, and in the middle of it. */
        size_t cuts[2] = { i, line_start + (i - line_start) / 2 };

        line++;
        for (int c = 0; c < 2; c++)
          {
            char *piece = g_memdup2 (text, cuts[c] ? cuts[c] : 1);
            OssaError err = { 0 };
            OssaSmd *smd = ossa_smd_read_bytes (piece, cuts[c], path, NULL, &err);

            if (smd == NULL)
              {
                g_assert_true (err.line >= 1 && err.line <= line);
                g_assert_cmpstr (err.path, ==, path);
              }
            else
              /* Only a cut right after a block's "end" is a whole file. */
              g_assert_true ((cuts[c] >= 3 && memcmp (piece + cuts[c] - 3, "end", 3) == 0)
                             || (cuts[c] >= 4 && memcmp (piece + cuts[c] - 4, "end\n", 4) == 0));
            ossa_smd_free (smd);
            g_free (piece);
          }
        line_start = i + 1;
      }
  g_free (text);
  g_free (path);
}

/* ---- rotations across ±180°, simplify ---- */

/* A root turning about Y by `step` radians a frame for n frames (plane xz:
 * 2D angle = −ry), and a child 10 units along its x axis. */
static char *
spinning_smd (int n, double step)
{
  GString *s = g_string_new ("version 1\nnodes\n0 \"root\" -1\n1 \"tip\" 0\nend\nskeleton\n");

  for (int f = 0; f < n; f++)
    {
      char a[G_ASCII_DTOSTR_BUF_SIZE];

      g_ascii_dtostr (a, sizeof a, remainder (f * step, 2 * G_PI));
      g_string_append_printf (s, "time %d\n0 0 0 0 0 %s 0\n1 10 0 0 0 0 0\n", f, a);
    }
  g_string_append (s, "end\n");
  return g_string_free (s, FALSE);
}

static void
check_spin (float simplify)
{
  const int n = 60;
  const double step = 0.3;   /* ~5.7 turns over the file, crossing ±180° many times */
  char *text = spinning_smd (n, step);
  OssaSmdImportOptions options;
  OssaError err = { 0 };
  OssaSmd *smd = ossa_smd_read_bytes (text, strlen (text), "spin.smd", NULL, &err);
  OssaDocument *doc;
  const OssaAnimation *anim;
  const OssaTrack *rot;

  g_assert_nonnull (smd);
  ossa_smd_import_options_init (&options);
  options.simplify = simplify;
  doc = ossa_smd_to_document (smd, "spin", &options, &err);
  g_assert_nonnull (doc);
  anim = &doc->animations[0];
  rot = ossa_animation_find_track (anim, 0, OSSA_CHANNEL_ROTATE);
  g_assert_nonnull (rot);
  if (simplify > 0)
    g_assert_cmpuint (rot->n_keys, <, (size_t) n / 4);   /* steady spin: few keys */
  else
    g_assert_cmpuint (rot->n_keys, ==, (size_t) n);
  /* Between frames too: the sampled angle moves the way the frames do. */
  for (int k = 0; k < 2 * (n - 1); k++)
    {
      double t = k / 2.0 / 30.0;
      double want = -(k / 2.0) * step, got = ossa_track_sample (rot, (float) t);

      assert_close (remainder (got - want, 2 * G_PI), 0, 1e-3 + simplify);
    }
  ossa_document_free (doc);
  ossa_smd_free (smd);
  g_free (text);
}

/* ossa_smd_import_bytes() makes of bytes the document ossa_smd_import_files()
 * makes of the file holding them, named after the path. */
static void
test_import_bytes (void)
{
  static const char text[] =
    "version 1\n"
    "nodes\n0 \"root\" -1\n1 \"arm\" 0\nend\n"
    "skeleton\n"
    "time 0\n0 0 0 0 0 0 0\n1 1 0 0 0 0 0\n"
    "time 1\n0 0 0 0 0 0 0.5\n1 1 0 1 0 0 0\n"
    "end\n";
  char *path = g_build_filename (g_get_tmp_dir (), "ossa-test-smd-bytes.smd", NULL);
  const char *paths[1] = { path };
  OssaError err = { 0 }, from_file_err;
  OssaDocument *from_file, *from_bytes;
  uint8_t *a, *b;
  size_t na, nb;

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  from_file = ossa_smd_import_files (paths, 1, NULL, &err);
  from_bytes = ossa_smd_import_bytes (text, strlen (text), path, NULL, &err);
  g_assert_nonnull (from_file);
  g_assert_nonnull (from_bytes);
  g_assert_cmpuint (from_bytes->n_animations, ==, 1);
  g_assert_cmpstr (from_bytes->animations[0].name, ==, "ossa-test-smd-bytes");
  g_assert_true (ossa_document_to_bytes (from_file, &a, &na, &err));
  g_assert_true (ossa_document_to_bytes (from_bytes, &b, &nb, &err));
  g_assert_cmpmem (a, na, b, nb);
  free (a);
  free (b);
  ossa_document_free (from_file);
  ossa_document_free (from_bytes);

  /* Errors are those of reading the file: the same message, path and line. */
  g_assert_true (g_file_set_contents (path, "version 1\nnodes\n", -1, NULL));
  g_assert_null (ossa_smd_import_files (paths, 1, NULL, &err));
  from_file_err = err;
  ossa_error_clear (&err);
  g_assert_null (ossa_smd_import_bytes ("version 1\nnodes\n", 16, path, NULL, &err));
  g_assert_cmpstr (err.message, ==, from_file_err.message);
  g_assert_cmpstr (err.path, ==, path);
  g_assert_cmpint (err.line, ==, from_file_err.line);
  g_assert_cmpint (err.line, >, 0);
  g_unlink (path);
  g_free (path);
}

static void
test_spin (void)
{
  check_spin (0);
  check_spin (1e-3f);
}

static void
test_simplify (void)
{
  char *path = testdata ("hlsdk_loader_rampwalk_large.smd");
  const float tol = 1e-2f;
  OssaDocument *full, *small;
  size_t kf, ks;

  if (path == NULL)
    {
      g_test_skip ("OSSA_SHARED_TESTDATA/smd is not available");
      return;
    }
  full = import (path, NULL, OSSA_SMD_PLANE_XZ, 0);
  small = import (path, NULL, OSSA_SMD_PLANE_XZ, tol);
  kf = ossa_animation_n_keys (&full->animations[0]);
  ks = ossa_animation_n_keys (&small->animations[0]);
  g_test_message ("keys: %zu without simplify, %zu with %g", kf, ks, (double) tol);
  /* Motion capture with jitter: a third fewer keys (a steady motion loses far more:
   * see /smd/spin). */
  g_assert_cmpuint (ks * 3, <, kf * 2);
  /* At every frame time the simplified tracks stay within tol of the frames. */
  for (size_t t = 0; t < full->animations[0].n_tracks; t++)
    {
      const OssaTrack *a = &full->animations[0].tracks[t];
      const OssaTrack *b = ossa_animation_find_track (&small->animations[0], a->bone, a->channel);

      g_assert_nonnull (b);
      for (size_t k = 0; k < a->n_keys; k++)
        assert_close (ossa_track_sample (b, a->times[k]), a->values[k], tol * 1.01 + 1e-6);
    }
  ossa_document_free (full);
  ossa_document_free (small);
  g_free (path);
}

/* ---- export, round trip ---- */

/* An export holds every bone in every frame: one past what the reader takes
 * (OSSA_SMD_MAX_POSES) is refused, before a byte is written, by the same limit;
 * a short one is not. (Two keys a day apart asked for 330 MB of text.) */
static void
test_export_pose_limit (void)
{
  OssaDocument *doc = ossa_document_new ();
  OssaAnimation anim;
  OssaKey k0 = ossa_key_make (0, 0), k1;
  OssaError err = { 0 };
  char *text = NULL;
  size_t len = 0;

  test_add_bone (&doc->skeleton, "root", -1, 0, 0, 0, 1, 1, 10);
  test_add_bone (&doc->skeleton, "arm", 0, 10, 0, 0, 1, 1, 10);
  g_assert_true (ossa_animation_init (&anim, "long"));
  anim.fps = 1;
  /* 2 bones × (OSSA_SMD_MAX_POSES / 2 + 1) frames: two poses past the limit. */
  anim.duration = (float) (OSSA_SMD_MAX_POSES / 2);
  k1 = ossa_key_make (anim.duration, 1);
  ossa_track_set_key (ossa_animation_ensure_track (&anim, 1, OSSA_CHANNEL_ROTATE), &k0, NULL);
  ossa_track_set_key (ossa_animation_ensure_track (&anim, 1, OSSA_CHANNEL_ROTATE), &k1, NULL);
  g_assert_cmpint (ossa_document_take_animation (doc, &anim, NULL), ==, 0);
  g_assert_false (ossa_smd_export_animation (doc, 0, &text, &len, &err));
  g_assert_cmpint (err.code, ==, OSSA_ERROR_LIMIT);
  g_assert_nonnull (strstr (err.message, "8388610 bone poses"));
  g_assert_null (text);
  doc->animations[0].duration = 2;
  g_assert_true (ossa_smd_export_animation (doc, 0, &text, &len, &err));
  g_assert_nonnull (strstr (text, "time 2\n"));
  free (text);
  ossa_document_free (doc);
}

static void
test_round_trip (void)
{
  char *ref = testdata ("hlsdk_barney_hd_ref.smd"), *walk = testdata ("hlsdk_barney_hd_walk.smd");
  OssaDocument *doc1, *doc2;
  OssaSmd *ref_smd, *out_smd;
  OssaError err = { 0 };
  char *text;
  size_t len;
  const OssaAnimation *a1, *a2;

  if (ref == NULL || walk == NULL)
    {
      g_test_skip ("OSSA_SHARED_TESTDATA/smd is not available");
      g_free (ref);
      return;
    }
  doc1 = import (ref, walk, OSSA_SMD_PLANE_XZ, 0);
  a1 = &doc1->animations[0];
  g_assert_true (ossa_smd_export_animation (doc1, 0, &text, &len, &err));
  out_smd = ossa_smd_read_bytes (text, len, "exported.smd", NULL, &err);
  if (out_smd == NULL)
    g_error ("%d: %s", err.line, err.message);
  g_assert_cmpuint (out_smd->n_frames, ==, 32);
  ref_smd = ossa_smd_read (ref, NULL, &err);
  g_assert_nonnull (ref_smd);
  doc2 = ossa_smd_to_document (ref_smd, "ref", NULL, &err);
  g_assert_nonnull (doc2);
  g_assert_cmpint (ossa_smd_add_animation (doc2, ref_smd, out_smd, "again", NULL, &err), ==, 0);
  a2 = &doc2->animations[0];
  for (int f = 0; f < 32; f++)
    {
      size_t n = doc1->skeleton.n_bones;
      OssaTransform *l1 = g_new (OssaTransform, n), *l2 = g_new (OssaTransform, n);
      OssaXform *w1 = g_new (OssaXform, n), *w2 = g_new (OssaXform, n);
      float t = (float) (f / 30.0);

      ossa_animation_sample_pose (a1, &doc1->skeleton, t, l1);
      ossa_animation_sample_pose (a2, &doc2->skeleton, t, l2);
      ossa_pose_compute_world (&doc1->skeleton, l1, w1);
      ossa_pose_compute_world (&doc2->skeleton, l2, w2);
      for (size_t i = 0; i < n; i++)
        {
          assert_close (w2[i].tx, w1[i].tx, 1e-3);
          assert_close (w2[i].ty, w1[i].ty, 1e-3);
          assert_close (l2[i].x, l1[i].x, 1e-3);
          assert_close (l2[i].y, l1[i].y, 1e-3);
          assert_close (remainder (l2[i].rotation - l1[i].rotation, 2 * G_PI), 0, 1e-3);
        }
      g_free (l1);
      g_free (l2);
      g_free (w1);
      g_free (w2);
    }
  /* The text is C-locale numbers only. */
  g_assert_null (strchr (text, ','));
  free (text);
  ossa_smd_free (ref_smd);
  ossa_smd_free (out_smd);
  ossa_document_free (doc1);
  ossa_document_free (doc2);
  g_free (ref);
  g_free (walk);
}

/* ---- mesh ---- */

static void
test_mesh (void)
{
  char *path = testdata ("hl1test_man_ref.smd");
  OssaSmd *smd;
  OssaDocument *doc, *loaded;
  OssaError err = { 0 };
  OssaXform *world;
  float *xy;
  uint8_t *bytes;
  size_t size, n_tri;
  OssaCommand *cmd;

  if (path == NULL)
    {
      g_test_skip ("OSSA_SHARED_TESTDATA/smd is not available");
      return;
    }
  smd = ossa_smd_read (path, NULL, &err);
  g_assert_nonnull (smd);
  doc = ossa_smd_to_document (smd, "man", NULL, &err);
  g_assert_nonnull (doc);
  g_assert_cmpuint (doc->n_meshes, ==, 1);
  /* At rest, each vertex is drawn at its model-space position seen on plane xz. */
  world = g_new (OssaXform, doc->skeleton.n_bones);
  xy = g_new (float, 2 * doc->meshes[0].n_vertices);
  ossa_skeleton_rest_world (&doc->skeleton, world);
  ossa_mesh_deform (&doc->meshes[0], world, xy);
  for (size_t i = 0; i < doc->meshes[0].n_vertices; i++)
    {
      assert_close (xy[2 * i], smd->vertices[i].pos[0], 1e-4);
      assert_close (xy[2 * i + 1], smd->vertices[i].pos[2], 1e-4);
    }
  /* Saved and loaded as it was. */
  g_assert_true (ossa_document_to_bytes (doc, &bytes, &size, &err));
  loaded = ossa_document_load_bytes (bytes, size, "m.ossa", &err);
  g_assert_nonnull (loaded);
  g_assert_cmpuint (loaded->n_meshes, ==, 1);
  g_assert_cmpuint (loaded->meshes[0].n_triangles, ==, 72);
  g_assert_cmpuint (loaded->meshes[0].n_materials, ==, 3);
  g_assert_cmpmem (loaded->meshes[0].positions, 2 * 216 * sizeof (float), doc->meshes[0].positions,
                   2 * 216 * sizeof (float));
  g_assert_cmpmem (loaded->meshes[0].bones, 216 * sizeof (uint32_t), doc->meshes[0].bones,
                   216 * sizeof (uint32_t));
  g_assert_cmpstr (loaded->meshes[0].materials[loaded->meshes[0].triangle_materials[0]], ==, "Material2.bmp");
  free (bytes);
  ossa_document_free (loaded);

  /* Deleting a bone drops its triangles; undo brings them back. */
  n_tri = doc->meshes[0].n_triangles;
  cmd = ossa_command_remove_bone (doc, (size_t) ossa_skeleton_find_bone (&doc->skeleton, "RightArm"), &err);
  g_assert_nonnull (cmd);
  g_assert_true (ossa_command_apply (cmd, doc, &err));
  g_assert_cmpuint (doc->meshes[0].n_triangles, <, n_tri);
  g_assert_true (ossa_document_validate (doc, &err));
  g_assert_true (ossa_command_revert (cmd, doc, &err));
  g_assert_cmpuint (doc->meshes[0].n_triangles, ==, n_tri);
  ossa_command_free (cmd);

  g_free (world);
  g_free (xy);
  ossa_document_free (doc);
  ossa_smd_free (smd);
  g_free (path);
}

/* A file whose mesh breaks a rule: the loader says which. */
static void
test_mesh_broken_file (void)
{
  Ossa__Document msg = OSSA__DOCUMENT__INIT;
  Ossa__Skeleton skel = OSSA__SKELETON__INIT;
  Ossa__Bone bone = OSSA__BONE__INIT, *bones[1] = { &bone };
  Ossa__Mesh mesh = OSSA__MESH__INIT, *meshes[1] = { &mesh };
  uint32_t vb[3] = { 0, 0, 0 }, idx[3] = { 0, 1, 5 };
  float pos[6] = { 0 };
  uint8_t buf[512];
  size_t n;
  OssaError err = { 0 };
  OssaDocument *doc;

  msg.has_format_version = 1;
  msg.format_version = 1;
  msg.skeleton = &skel;
  skel.n_bones = 1;
  skel.bones = bones;
  bone.name = (char *) "root";
  msg.n_meshes = 1;
  msg.meshes = meshes;
  mesh.name = (char *) "m";
  mesh.n_bones = 3;
  mesh.bones = vb;
  mesh.n_positions = 6;
  mesh.positions = pos;
  mesh.n_indices = 3;
  mesh.indices = idx;
  n = ossa__document__pack (&msg, buf);
  doc = ossa_document_load_bytes (buf, n, "m.ossa", &err);
  g_assert_null (doc);
  g_assert_nonnull (strstr (err.message, "uses vertex 5"));

  idx[2] = 2;
  vb[1] = 3;
  n = ossa__document__pack (&msg, buf);
  g_assert_null (ossa_document_load_bytes (buf, n, "m.ossa", &err));
  g_assert_nonnull (strstr (err.message, "bound to bone 3"));

  vb[1] = 0;
  mesh.n_positions = 5;
  n = ossa__document__pack (&msg, buf);
  g_assert_null (ossa_document_load_bytes (buf, n, "m.ossa", &err));
  g_assert_nonnull (strstr (err.message, "position"));

  mesh.n_positions = 6;
  n = ossa__document__pack (&msg, buf);
  doc = ossa_document_load_bytes (buf, n, "m.ossa", &err);
  g_assert_nonnull (doc);
  ossa_document_free (doc);
}

/* ---- progress, cancel, notices ---- */

static void
on_progress (double fraction, void *user_data)
{
  double *last = user_data;

  g_assert_cmpfloat (fraction, >=, *last);
  g_assert_cmpfloat (fraction, <=, 1);
  *last = fraction;
}

static void
test_progress_cancel (void)
{
  char *path = testdata ("hlsdk_loader_rampwalk_large.smd");
  char *walk = testdata ("hl1test_man_walk.smd"), *man = testdata ("hl1test_man_ref.smd");
  OssaSmdImportOptions options;
  atomic_bool cancel = false;
  double last = 0;
  OssaError err = { 0 };
  OssaDocument *doc;
  const char *paths[1] = { path };
  char *other = NULL;
  Notices notices = { 0, g_string_new (NULL) };

  if (path == NULL || walk == NULL || man == NULL)
    {
      g_test_skip ("OSSA_SHARED_TESTDATA/smd is not available");
      goto out;
    }
  ossa_smd_import_options_init (&options);
  options.callbacks.progress = on_progress;
  options.callbacks.user_data = &last;
  options.callbacks.cancel = &cancel;
  doc = ossa_smd_import_files (paths, 1, &options, &err);
  g_assert_nonnull (doc);
  g_assert_cmpfloat (last, ==, 1);
  ossa_document_free (doc);

  atomic_store (&cancel, true);
  last = 0;
  g_assert_null (ossa_smd_import_files (paths, 1, &options, &err));
  g_assert_cmpint (err.code, ==, OSSA_ERROR_CANCELLED);

  /* A bone the skeleton lacks: reported with its line, skipped. */
  {
    char *text = NULL;
    GString *renamed;
    const char *pair[2] = { man, NULL };

    g_assert_true (g_file_get_contents (walk, &text, NULL, NULL));
    renamed = g_string_new (text);
    g_string_replace (renamed, "\"LeftArm\"", "\"Tail\"", 1);
    other = g_build_filename (g_get_tmp_dir (), "ossa-test-smd-walk.smd", NULL);
    g_assert_true (g_file_set_contents (other, renamed->str, (gssize) renamed->len, NULL));
    pair[1] = other;
    ossa_smd_import_options_init (&options);
    options.callbacks.notice = on_notice;
    options.callbacks.user_data = &notices;
    doc = ossa_smd_import_files (pair, 2, &options, &err);
    g_assert_nonnull (doc);
    g_assert_nonnull (strstr (notices.text->str, ":11: bone 'Tail' is not in the skeleton: skipped"));
    g_assert_cmpstr (doc->animations[0].name, ==, "ossa-test-smd-walk");
    /* LeftArm keeps its 3D rest pose: its joint is where the reference's rest
     * local puts it under the animated parents. */
    {
      RefSmd *r = ref_smd_read (man), *a = ref_smd_read (other);
      size_t n = r->names->len, final = a->frames->len - 1;
      double *locals = g_new (double, 6 * n), *want = g_new (double, 2 * n), *got = g_new (double, 2 * n);

      memcpy (locals, &g_array_index (a->values, double, final * n * 6), 6 * n * sizeof (double));
      memcpy (&locals[6 * 8], &g_array_index (r->values, double, 6 * 8), 6 * sizeof (double));
      world_joints (n, (const int *) (void *) r->parents->data, locals, 0, want);
      sample_joints (doc, &doc->animations[0], (float) (final / 30.0), got);
      for (size_t i = 0; i < 2 * n; i++)
        assert_close (got[i], want[i], 1e-4);
      g_free (locals);
      g_free (want);
      g_free (got);
      ref_smd_free (r);
      ref_smd_free (a);
    }
    ossa_document_free (doc);
    g_string_free (renamed, TRUE);
    g_free (text);
    g_unlink (other);
  }
out:
  g_string_free (notices.text, TRUE);
  g_free (other);
  g_free (path);
  g_free (walk);
  g_free (man);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/smd/projection/barney", test_projection_barney);
  g_test_add_func ("/smd/projection/man", test_projection_man);
  g_test_add_func ("/smd/projection/multiple-roots", test_projection_roots);
  g_test_add_func ("/smd/projection/sphere", test_projection_sphere);
  g_test_add_func ("/smd/projection/rampwalk", test_projection_rampwalk);
  g_test_add_func ("/smd/projection/sparse", test_projection_sparse);
  g_test_add_func ("/smd/all-files", test_all_files);
  g_test_add_func ("/smd/errors", test_errors);
  g_test_add_func ("/smd/variants", test_variants);
  g_test_add_func ("/smd/numbers", test_numbers);
  g_test_add_func ("/smd/truncated-and-garbage", test_truncated_and_garbage);
  g_test_add_func ("/smd/truncated-lines", test_truncated_lines);
  g_test_add_func ("/smd/import-bytes", test_import_bytes);
  g_test_add_func ("/smd/spin", test_spin);
  g_test_add_func ("/smd/simplify", test_simplify);
  g_test_add_func ("/smd/round-trip", test_round_trip);
  g_test_add_func ("/smd/export-pose-limit", test_export_pose_limit);
  g_test_add_func ("/smd/mesh", test_mesh);
  g_test_add_func ("/smd/mesh-broken-file", test_mesh_broken_file);
  g_test_add_func ("/smd/progress-cancel", test_progress_cancel);
  return g_test_run ();
}
