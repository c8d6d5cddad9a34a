/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ossa-cli import-smd / export-smd / sample as a user runs them, on the real files
 * of OSSA_SHARED_TESTDATA/smd: the sampled 2D world joints must be the 3D joints
 * projected by the tests' own reader (test-smd-reference.h, not the importer), for
 * the rest pose and the first, middle and last frames on each plane; export and
 * import again gives the same poses; broken files give "FILE:LINE:" errors. Also
 * under de_DE.UTF-8 when that locale exists. */
#include <string.h>
#include <unistd.h>

#include <glib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "../core/test-smd-reference.h"
#include "cli-test-support.h"

static void
check_set (const char *locale, const char *ref_name, const char *anim_name)
{
  char *ref_path = cli_test_smd_file (ref_name), *anim_path = cli_test_smd_file (anim_name);
  char *out = cli_tmp_file ("set.ossa");
  char stem[256];
  RefSmd *ref, *anim;
  size_t n, nf;

  if (ref_path == NULL || anim_path == NULL)
    {
      g_test_skip ("OSSA_SHARED_TESTDATA/smd is not available");
      goto out;
    }
  ref = ref_smd_read (ref_path);
  anim = ref_smd_read (anim_path);
  n = ref->names->len;
  nf = anim->frames->len;
  g_strlcpy (stem, anim_name, sizeof stem);
  *strrchr (stem, '.') = '\0';
  for (int plane = 0; plane < 3; plane++)
    {
      static const char *planes[] = { "xz", "xy", "yz" };
      size_t frames[3] = { 0, nf / 2, nf - 1 };
      double *want = g_new (double, 2 * n), *got = g_new (double, 2 * n), *locals = g_new (double, 6 * n);
      CliRun r;

      cli_run (&r, locale, "import-smd", ref_path, anim_path, "-o", out, "--plane", planes[plane], NULL);
      cli_assert_exit (&r, 0);
      cli_run_clear (&r);
      for (int k = -1; k < 3; k++)
        {
          double t = 0, tol = 0;

          memcpy (locals, ref->values->data, 6 * n * sizeof (double));
          if (k >= 0)
            {
              /* Same names in the same order in these sets. */
              g_assert_cmpuint (anim->names->len, ==, n);
              memcpy (locals, &g_array_index (anim->values, double, frames[k] * n * 6), 6 * n * sizeof (double));
              t = (g_array_index (anim->frames, int, frames[k]) - g_array_index (anim->frames, int, 0)) / 30.0;
            }
          world_joints (n, (const int *) (void *) ref->parents->data, locals, plane, want);
          cli_sample_joints (locale, out, k >= 0 ? stem : NULL, t, n, got, NULL);
          for (size_t i = 0; i < 2 * n; i++)
            tol = fmax (tol, fabs (want[i]));
          tol = 4e-6 * (1 + tol);
          for (size_t i = 0; i < 2 * n; i++)
            if (!(fabs (got[i] - want[i]) <= tol))
              g_error ("%s plane %s frame %d bone %zu: sampled %.9g, projected %.9g", anim_name,
                       planes[plane], k, i / 2, got[i], want[i]);
        }
      g_free (want);
      g_free (got);
      g_free (locals);
    }
  ref_smd_free (ref);
  ref_smd_free (anim);
out:
  g_unlink (out);
  g_free (out);
  g_free (ref_path);
  g_free (anim_path);
}

static void
test_projection (gconstpointer data)
{
  if (!cli_locale_usable (data))
    return;
  check_set (data, "hlsdk_barney_hd_ref.smd", "hlsdk_barney_hd_walk.smd");
  check_set (data, "hl1test_man_ref.smd", "hl1test_man_walk.smd");
  check_set (data, "hl1test_sphere_ref.smd", "hl1test_sphere_idle_221f.smd");
}

/* import → export-smd → import: the same poses at every frame. */
static void
test_round_trip (gconstpointer data)
{
  const char *locale = data;
  char *ref = cli_test_smd_file ("hl1test_man_ref.smd"), *walk = cli_test_smd_file ("hl1test_man_walk.smd");
  char *doc1 = cli_tmp_file ("one.ossa");
  char *smd = cli_tmp_file ("again.smd");
  char *doc2 = cli_tmp_file ("two.ossa");
  JsonParser *parser;
  CliRun r;

  if (!cli_locale_usable (locale))
    goto out;
  if (ref == NULL || walk == NULL)
    {
      g_test_skip ("OSSA_SHARED_TESTDATA/smd is not available");
      goto out;
    }
  cli_run (&r, locale, "import-smd", ref, walk, "-o", doc1, NULL);
  cli_assert_exit (&r, 0);
  cli_run_clear (&r);
  cli_run (&r, locale, "export-smd", doc1, "--anim", "hl1test_man_walk", "-o", smd, "--json", NULL);
  cli_assert_exit (&r, 0);
  parser = json_parser_new ();
  g_assert_true (json_parser_load_from_data (parser, r.out, -1, NULL));
  g_assert_cmpint (json_object_get_int_member (json_node_get_object (json_parser_get_root (parser)), "frames"), ==, 26);
  g_object_unref (parser);
  cli_run_clear (&r);
  cli_run (&r, locale, "import-smd", ref, smd, "-o", doc2, NULL);
  cli_assert_exit (&r, 0);
  cli_run_clear (&r);
  for (int f = 0; f < 26; f += 5)
    {
      double a[18], b[18];

      cli_sample_joints (locale, doc1, "hl1test_man_walk", f / 30.0, 9, a, NULL);
      cli_sample_joints (locale, doc2, "again", f / 30.0, 9, b, NULL);
      for (int i = 0; i < 18; i++)
        g_assert_cmpfloat (fabs (a[i] - b[i]), <=, 1e-4);
    }
out:
  g_unlink (doc1);
  g_unlink (smd);
  g_unlink (doc2);
  g_free (doc1);
  g_free (smd);
  g_free (doc2);
  g_free (ref);
  g_free (walk);
}

static void
test_broken (gconstpointer data)
{
  const char *locale = data;
  char *src = cli_test_smd_file ("bst_action_x_axis.smd"), *text = NULL;
  char *bad = cli_tmp_file ("bad.smd");
  char *out = cli_tmp_file ("never.ossa");
  gsize size = 0;
  int line = 0;
  CliRun r;

  if (!cli_locale_usable (locale))
    goto out;
  if (src == NULL)
    {
      g_test_skip ("OSSA_SHARED_TESTDATA/smd is not available");
      goto out;
    }
  g_assert_true (g_file_get_contents (src, &text, &size, NULL));
  /* Cut after every line but the last: a missing end, a FILE:LINE: error. */
  for (gsize i = 0; i + 5 < size; i++)
    if (text[i] == '\n')
      {
        line++;
        g_assert_true (g_file_set_contents (bad, text, (gssize) i + 1, NULL));
        cli_run (&r, locale, "import-smd", bad, "-o", out, NULL);
        if (r.status == 0)
          {
            /* Cut right after a block's "end": a whole file (bones at rest). */
            g_assert_true (i >= 3 && strncmp (text + i - 3, "end", 3) == 0);
            g_unlink (out);
          }
        else
          {
            cli_assert_line_error (&r, bad, line + 1);
            g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
          }
        cli_run_clear (&r);
        cli_run (&r, locale, "info", bad, NULL);
        if (r.status != 0)
          cli_assert_line_error (&r, bad, line + 1);
        cli_run_clear (&r);
      }
  g_assert_true (g_file_set_contents (bad, "version 1\nnodes\n0 \"a\" -1\nend\nskeleton\ntime 0\n0 1,5 0 0 0 0 0\nend\n", -1, NULL));
  cli_run (&r, locale, "import-smd", bad, "-o", out, NULL);
  cli_assert_line_error (&r, bad, 7);
  g_assert_nonnull (strstr (r.err, ":7: bad number '1,5'"));
  cli_run_clear (&r);
  g_assert_true (g_file_set_contents (bad, "version 1\n\x01\xff\xfe garbage\n", -1, NULL));
  cli_run (&r, locale, "import-smd", bad, "-o", out, NULL);
  cli_assert_line_error (&r, bad, 2);
  cli_run_clear (&r);
out:
  g_free (text);
  g_free (src);
  g_unlink (bad);
  g_free (bad);
  g_free (out);
}

/* An SMD named twice (the same path, a symbolic link): imported once, with a
 * notice, its joints where the tests' own projection puts them; an ANIM that
 * gives a bone another parent: FILE:LINE naming the bone and both parents,
 * nothing written. */
static void
test_same_file_and_parents (gconstpointer data)
{
  const char *locale = data;
  char *ref = cli_test_smd_file ("hl1test_man_ref.smd"), *walk = cli_test_smd_file ("hl1test_man_walk.smd");
  char *out = cli_tmp_file ("twice.ossa"), *link = cli_tmp_file ("walk-link.smd");
  char *bad = cli_tmp_file ("walk-reparented.smd"), *text = NULL;
  CliRun r;

  if (!cli_locale_usable (locale))
    goto out;
  if (ref == NULL || walk == NULL)
    {
      g_test_skip ("OSSA_SHARED_TESTDATA/smd is not available");
      goto out;
    }
  g_unlink (link);
  g_assert_cmpint (symlink (walk, link), ==, 0);
  cli_run (&r, locale, "import-smd", walk, walk, link, "-o", out, "--json", NULL);
  cli_assert_exit (&r, 0);
  g_assert_cmpint (cli_count_in (r.out, "imported once"), ==, 2);
  g_assert_cmpint (cli_count_in (r.out, "\"duration\""), ==, 1);
  cli_run_clear (&r);
  {
    RefSmd *anim = ref_smd_read (walk);
    size_t n = anim->names->len, last = anim->frames->len - 1;
    double *want = g_new (double, 2 * n), *got = g_new (double, 2 * n);

    world_joints (n, (const int *) (void *) anim->parents->data,
                  &g_array_index (anim->values, double, last * n * 6), 0, want);
    cli_sample_joints (locale, out, "hl1test_man_walk", last / 30.0, n, got, NULL);
    for (size_t i = 0; i < 2 * n; i++)
      g_assert_cmpfloat (fabs (got[i] - want[i]), <=, 1e-4 * (1 + fabs (want[i])));
    g_free (want);
    g_free (got);
    ref_smd_free (anim);
  }
  g_unlink (out);

  /* LeftArm (line 11) under Neck instead of Spine. */
  g_assert_true (g_file_get_contents (walk, &text, NULL, NULL));
  {
    GString *s = g_string_new (text);

    g_assert_cmpuint (g_string_replace (s, "8 \"LeftArm\" 5", "8 \"LeftArm\" 6", 1), ==, 1);
    g_assert_true (g_file_set_contents (bad, s->str, (gssize) s->len, NULL));
    g_string_free (s, TRUE);
  }
  cli_run (&r, locale, "import-smd", ref, bad, "-o", out, NULL);
  cli_assert_line_error (&r, bad, 11);
  g_assert_nonnull (strstr (r.err, ":11: bone 'LeftArm' has parent 'Neck' here but parent 'Spine' in the reference"));
  g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
  cli_run_clear (&r);
out:
  g_unlink (link);
  g_unlink (bad);
  g_free (text);
  g_free (out);
  g_free (link);
  g_free (bad);
  g_free (ref);
  g_free (walk);
}

static void
test_usage (gconstpointer data)
{
  const char *locale = data;
  char *ref = cli_test_smd_file ("hl1test_man_ref.smd");
  char *out = cli_tmp_file ("u.ossa");
  JsonParser *parser;
  JsonObject *o;
  CliRun r;

  if (!cli_locale_usable (locale))
    goto out;
  if (ref == NULL)
    {
      g_test_skip ("OSSA_SHARED_TESTDATA/smd is not available");
      goto out;
    }
  /* validate and sample read an SMD as import-smd would. */
  cli_run (&r, locale, "validate", ref, NULL);
  cli_assert_exit (&r, 0);
  g_assert_nonnull (strstr (r.out, "valid (9 bones"));
  cli_run_clear (&r);
  cli_run (&r, locale, "sample", ref, "--time", "0", "--json", NULL);
  cli_assert_exit (&r, 0);
  g_assert_nonnull (strstr (r.out, "\"bones\":["));
  cli_run_clear (&r);

  cli_run (&r, locale, "import-smd", ref, NULL);
  g_assert_cmpint (r.status, ==, 2);
  g_assert_nonnull (strstr (r.err, "missing -o"));
  cli_run_clear (&r);
  cli_run (&r, locale, "import-smd", ref, "-o", out, "--plane", "zx", NULL);
  g_assert_cmpint (r.status, ==, 2);
  cli_run_clear (&r);
  cli_run (&r, locale, "import-smd", ref, "-o", out, "--fps", "-3", NULL);
  g_assert_cmpint (r.status, ==, 2);
  cli_run_clear (&r);
  cli_run (&r, locale, "import-smd", ref, "-o", out, "--fps", "24", "--simplify", "0.01", "--json", NULL);
  cli_assert_exit (&r, 0);
  g_assert_cmpstr (r.err, ==, "");
  parser = json_parser_new ();
  g_assert_true (json_parser_load_from_data (parser, r.out, -1, NULL));
  o = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpint (json_object_get_int_member (o, "bones"), ==, 9);
  g_assert_cmpstr (json_object_get_string_member (o, "plane"), ==, "xz");
  g_assert_cmpfloat (json_object_get_double_member (o, "fps"), ==, 24);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (json_object_get_array_member (o, "meshes"), 0), "triangles"), ==, 72);
  g_object_unref (parser);
  cli_run_clear (&r);
  cli_run (&r, locale, "export-smd", out, "--anim", "nope", "-o", "x.smd", NULL);
  g_assert_cmpint (r.status, ==, 1);
  g_assert_nonnull (strstr (r.err, "no animation named 'nope'"));
  cli_run_clear (&r);
  cli_run (&r, locale, "export-smd", out, "-o", "x.smd", NULL);
  g_assert_cmpint (r.status, ==, 2);
  cli_run_clear (&r);
  cli_run (&r, locale, "info", ref, "--json", NULL);
  cli_assert_exit (&r, 0);
  g_assert_nonnull (strstr (r.out, "\"type\":\"smd\""));
  g_assert_nonnull (strstr (r.out, "\"triangles\":72"));
  cli_run_clear (&r);
out:
  g_unlink (out);
  g_free (out);
  g_free (ref);
}

int
main (int argc, char **argv)
{
  static const char *locales[][2] = { { "C", "C.UTF-8" }, { "de_DE", "de_DE.UTF-8" } };
  int status;

  g_test_init (&argc, &argv, NULL);
  if (cli_test_binary () == NULL)
    return 1;
  cli_tmp_dir_create ("ossa-cli-smd-XXXXXX");
  for (size_t l = 0; l < G_N_ELEMENTS (locales); l++)
    {
      char *p;

      p = g_strdup_printf ("/cli-smd/%s/projection", locales[l][0]);
      g_test_add_data_func (p, locales[l][1], test_projection);
      g_free (p);
      p = g_strdup_printf ("/cli-smd/%s/round-trip", locales[l][0]);
      g_test_add_data_func (p, locales[l][1], test_round_trip);
      g_free (p);
      p = g_strdup_printf ("/cli-smd/%s/broken", locales[l][0]);
      g_test_add_data_func (p, locales[l][1], test_broken);
      g_free (p);
      p = g_strdup_printf ("/cli-smd/%s/same-file-and-parents", locales[l][0]);
      g_test_add_data_func (p, locales[l][1], test_same_file_and_parents);
      g_free (p);
      p = g_strdup_printf ("/cli-smd/%s/usage", locales[l][0]);
      g_test_add_data_func (p, locales[l][1], test_usage);
      g_free (p);
    }
  status = g_test_run ();
  cli_tmp_dir_remove ();
  return status;
}
