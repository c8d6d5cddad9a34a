/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Reading .qc files (ossa_qc_read): every .qc here is written by the test into a
 * fresh folder, and what the reader gives is checked against what the text says,
 * paths built by hand from the folder. */
#include <glib/gstdio.h>

#include "ossa.h"
#include "test-helpers.h"

typedef struct
{
  char      *dir;
  GPtrArray *notices;  /* "FILE:LINE: message" */
} Fixture;

static void
fixture_set_up (Fixture *fx, gconstpointer data)
{
  GError *error = NULL;

  (void) data;
  fx->dir = g_dir_make_tmp ("ossa-qc-XXXXXX", &error);
  g_assert_no_error (error);
  fx->notices = g_ptr_array_new_with_free_func (g_free);
}

static void
remove_tree (const char *path)
{
  GDir *d = g_dir_open (path, 0, NULL);
  const char *name;

  if (d != NULL)
    {
      while ((name = g_dir_read_name (d)) != NULL)
        {
          char *child = g_build_filename (path, name, NULL);

          if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
            remove_tree (child);
          else
            g_remove (child);
          g_free (child);
        }
      g_dir_close (d);
    }
  g_rmdir (path);
}

static void
fixture_tear_down (Fixture *fx, gconstpointer data)
{
  (void) data;
  remove_tree (fx->dir);
  g_free (fx->dir);
  g_ptr_array_unref (fx->notices);
}

/* Writes text to dir/name (folders made as needed); the path, to free. */
static char *
write_file (Fixture *fx, const char *name, const char *text)
{
  char *path = g_build_filename (fx->dir, name, NULL);
  char *parent = g_path_get_dirname (path);
  GError *error = NULL;

  g_mkdir_with_parents (parent, 0700);
  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
  g_free (parent);
  return path;
}

static char *
in_dir (Fixture *fx, const char *name)
{
  return g_build_filename (fx->dir, name, NULL);
}

static void
on_notice (const char *path, int line, const char *message, void *user_data)
{
  Fixture *fx = user_data;

  g_ptr_array_add (fx->notices, g_strdup_printf ("%s:%d: %s", path, line, message));
}

/* How many notices contain needle. */
static guint
count_notices (const Fixture *fx, const char *needle)
{
  guint n = 0;

  for (guint i = 0; i < fx->notices->len; i++)
    if (strstr (g_ptr_array_index (fx->notices, i), needle) != NULL)
      n++;
  return n;
}

static OssaQc *
read_ok (Fixture *fx, const char *path)
{
  OssaSmdCallbacks cb = { .notice = on_notice, .user_data = fx };
  OssaError err = { 0 };
  OssaQc *qc = ossa_qc_read (path, &cb, &err);
  char text[2048];

  if (qc == NULL)
    {
      ossa_error_format (&err, text, sizeof text);
      g_error ("reading %s: %s", path, text);
    }
  return qc;
}

/* Reads path, which must fail; the error formatted as FILE:LINE: message. */
static char *
read_fails (Fixture *fx, const char *path, OssaError *err)
{
  OssaSmdCallbacks cb = { .notice = on_notice, .user_data = fx };
  OssaQc *qc = ossa_qc_read (path, &cb, err);
  char text[2048];

  if (qc != NULL)
    g_error ("%s was read, but it is wrong", path);
  g_assert_cmpstr (err->message, !=, "");
  ossa_error_format (err, text, sizeof text);
  return g_strdup (text);
}

static void
assert_path (Fixture *fx, const char *got, const char *relative)
{
  char *want = in_dir (fx, relative);

  g_assert_cmpstr (got, ==, want);
  g_free (want);
}

/* A GoldSrc-style model: $body lines, a $bodygroup, line-form sequences, comments,
 * case, and commands Ossa skips named once each. */
static void
test_goldsrc (Fixture *fx, gconstpointer data)
{
  char *path;
  OssaQc *qc;

  (void) data;
  path = write_file (fx, "sci.qc",
                     "/* A scientist, as the SDK writes them */\n"
                     "$modelname \"scientist.mdl\"\n"
                     "$cdtexture \"./textures\"\n"
                     "$cliptotextures\n"
                     "$CDTEXTURE \"./more\"   // the second one is not named again\n"
                     "$scale 2.5\n"
                     "$origin 1 -2 3.5 90\n"
                     "$body \"body\" \"sci_ref\"\n"
                     "$Body coat \"sci_coat.smd\" reverse\n"
                     "$bodygroup heads\n"
                     "{\n"
                     "  studio \"head1\"\n"
                     "  blank\n"
                     "  studio \"sub/head2.SMD\"\n"
                     "}\n"
                     "$sequence idle1 \"idle1\" loop fps 14 ACT_IDLE 1\n"
                     "$sequence walk \"walk\" LX fps 30.5\n"
                     "$sequence \"die\" \"die_back\" fps 20 { event 1004 0 \"x\" }\n"
                     "$SEQUENCE attack \"attack\"\n");
  qc = read_ok (fx, path);
  g_assert_cmpuint (qc->n_files, ==, 1);
  g_assert_cmpstr (qc->files[0], ==, path);
  g_assert_cmpstr (qc->modelname, ==, "scientist.mdl");
  g_assert_cmpfloat (qc->scale, ==, 2.5);
  g_assert_cmpfloat (qc->origin[0], ==, 1);
  g_assert_cmpfloat (qc->origin[1], ==, -2);
  g_assert_cmpfloat (qc->origin[2], ==, 3.5);
  g_assert_cmpfloat (qc->origin_rotation, ==, 90);

  g_assert_cmpuint (qc->n_bodies, ==, 3);
  g_assert_cmpstr (qc->bodies[0].name, ==, "body");
  g_assert_cmpuint (qc->bodies[0].n_choices, ==, 1);
  g_assert_cmpstr (qc->bodies[0].choices[0].name, ==, "body");
  assert_path (fx, qc->bodies[0].choices[0].smd, "sci_ref.smd");
  g_assert_cmpint (qc->bodies[0].place.line, ==, 8);
  g_assert_true (qc->bodies[0].place.file == qc->files[0]);
  g_assert_cmpstr (qc->bodies[1].name, ==, "coat");
  assert_path (fx, qc->bodies[1].choices[0].smd, "sci_coat.smd");
  g_assert_cmpstr (qc->bodies[2].name, ==, "heads");
  g_assert_cmpuint (qc->bodies[2].n_choices, ==, 3);
  g_assert_cmpstr (qc->bodies[2].choices[0].name, ==, "head1");
  assert_path (fx, qc->bodies[2].choices[0].smd, "head1.smd");
  g_assert_cmpstr (qc->bodies[2].choices[1].name, ==, "blank");
  g_assert_null (qc->bodies[2].choices[1].smd);
  g_assert_cmpint (qc->bodies[2].choices[1].place.line, ==, 13);
  g_assert_cmpstr (qc->bodies[2].choices[2].name, ==, "head2");
  assert_path (fx, qc->bodies[2].choices[2].smd, "sub/head2.SMD");

  g_assert_cmpuint (qc->n_sequences, ==, 4);
  g_assert_cmpstr (qc->sequences[0].name, ==, "idle1");
  assert_path (fx, qc->sequences[0].smd, "idle1.smd");
  g_assert_cmpfloat (qc->sequences[0].fps, ==, 14);
  g_assert_true (qc->sequences[0].loop);
  g_assert_cmpint (qc->sequences[0].place.line, ==, 16);
  g_assert_cmpstr (qc->sequences[1].name, ==, "walk");
  g_assert_cmpfloat (qc->sequences[1].fps, ==, 30.5f);
  g_assert_false (qc->sequences[1].loop);
  g_assert_cmpstr (qc->sequences[2].name, ==, "die");
  assert_path (fx, qc->sequences[2].smd, "die_back.smd");
  g_assert_cmpfloat (qc->sequences[2].fps, ==, 20);
  g_assert_cmpstr (qc->sequences[3].name, ==, "attack");
  g_assert_cmpfloat (qc->sequences[3].fps, ==, 30);
  g_assert_false (qc->sequences[3].loop);

  /* Once each: $cdtexture (twice in the file, any case), $cliptotextures, the
   * mesh option, the motion flag, the activity, the event. */
  g_assert_cmpuint (count_notices (fx, "$cdtexture"), ==, 1);
  g_assert_cmpuint (count_notices (fx, "$CDTEXTURE"), ==, 0);
  g_assert_cmpuint (count_notices (fx, "sci.qc:3: $cdtexture"), ==, 1);
  g_assert_cmpuint (count_notices (fx, "$cliptotextures"), ==, 1);
  g_assert_cmpuint (count_notices (fx, "'reverse'"), ==, 1);
  g_assert_cmpuint (count_notices (fx, "'LX'"), ==, 1);
  g_assert_cmpuint (count_notices (fx, "activities"), ==, 1);
  g_assert_cmpuint (count_notices (fx, "'event'"), ==, 1);
  g_assert_cmpuint (fx->notices->len, ==, 6);
  ossa_qc_free (qc);
  g_free (path);
}

/* Source style: block-form sequences, $model with its flex block, $animation. */
static void
test_source (Fixture *fx, gconstpointer data)
{
  char *path;
  OssaQc *qc;

  (void) data;
  path = write_file (fx, "hero.qc",
                     "$model \"body\" \"hero_ref.smd\" {\n"
                     "  flexfile \"hero.vta\" { defaultflex frame 0 }\n"
                     "  eyeball righteye \"bip_head\" 0 0 0 \"eye\" 1 4 \"iris\" 0.6\n"
                     "}\n"
                     "$animation a_run \"run.smd\" fps 24 loop\n"
                     "$sequence idle {\n"
                     "  \"idle\"\n"
                     "  fps 12\n"
                     "  loop\n"
                     "  activity ACT_IDLE 1\n"
                     "  { event AE_SOUND 3 \"step\" }\n"
                     "  fadein 0.2\n"
                     "}\n"
                     "$sequence run a_run\n"
                     "$sequence run_slow a_run fps 12\n"
                     "$sequence aim \"aim_up\" \"aim_down\" blend XR -45 45\n"
                     "$sequence after\n"
                     "{\n"
                     "  \"after.smd\" snap\n"
                     "}\n");
  qc = read_ok (fx, path);
  g_assert_cmpuint (qc->n_bodies, ==, 1);
  g_assert_cmpstr (qc->bodies[0].name, ==, "body");
  assert_path (fx, qc->bodies[0].choices[0].smd, "hero_ref.smd");
  g_assert_cmpuint (count_notices (fx, "hero.qc:1: the block of $model"), ==, 1);

  g_assert_cmpuint (qc->n_sequences, ==, 5);
  g_assert_cmpstr (qc->sequences[0].name, ==, "idle");
  assert_path (fx, qc->sequences[0].smd, "idle.smd");
  g_assert_cmpfloat (qc->sequences[0].fps, ==, 12);
  g_assert_true (qc->sequences[0].loop);
  /* A sequence that names an $animation takes its file, fps and loop, unless it
   * gives its own. */
  g_assert_cmpstr (qc->sequences[1].name, ==, "run");
  assert_path (fx, qc->sequences[1].smd, "run.smd");
  g_assert_cmpfloat (qc->sequences[1].fps, ==, 24);
  g_assert_true (qc->sequences[1].loop);
  g_assert_cmpfloat (qc->sequences[2].fps, ==, 12);
  g_assert_true (qc->sequences[2].loop);
  /* A blend: the first file, the rest named in a notice. */
  g_assert_cmpstr (qc->sequences[3].name, ==, "aim");
  assert_path (fx, qc->sequences[3].smd, "aim_up.smd");
  g_assert_cmpuint (count_notices (fx, "hero.qc:16: $sequence 'aim' names 1 more"), ==, 1);
  g_assert_cmpstr (qc->sequences[4].name, ==, "after");
  assert_path (fx, qc->sequences[4].smd, "after.smd");
  g_assert_cmpint (qc->sequences[4].place.line, ==, 17);
  g_assert_cmpuint (count_notices (fx, "'fadein'"), ==, 1);
  g_assert_cmpuint (count_notices (fx, "'activity'"), ==, 1);
  g_assert_cmpuint (count_notices (fx, "'snap'"), ==, 1);
  ossa_qc_free (qc);
  g_free (path);
}

/* $cd: SMDs named after it are found in its folder, relative to the .qc; the
 * latest one applies; an absolute name ignores it. */
static void
test_cd (Fixture *fx, gconstpointer data)
{
  char *path, *absolute, *text;
  OssaQc *qc;

  (void) data;
  absolute = in_dir (fx, "elsewhere/abs_ref");
  text = g_strdup_printf ("$body a \"a_ref\"\n"
                          "$cd \"meshes\"\n"
                          "$body b \"b_ref\"\n"
                          "$cd \"..\\anims\"\n"
                          "$sequence walk \"walk\"\n"
                          "$body c \"%s\"\n",
                          absolute);
  path = write_file (fx, "model/m.qc", text);
  qc = read_ok (fx, path);
  g_assert_cmpuint (qc->n_bodies, ==, 3);
  assert_path (fx, qc->bodies[0].choices[0].smd, "model/a_ref.smd");
  assert_path (fx, qc->bodies[1].choices[0].smd, "model/meshes/b_ref.smd");
  assert_path (fx, qc->sequences[0].smd, "model/../anims/walk.smd");
  assert_path (fx, qc->bodies[2].choices[0].smd, "elsewhere/abs_ref.smd");
  ossa_qc_free (qc);
  g_free (path);
  g_free (text);
  g_free (absolute);
}

/* A name without ".smd" gets it, unless only the name as written exists. */
static void
test_smd_suffix (Fixture *fx, gconstpointer data)
{
  char *path, *plain, *both;
  OssaQc *qc;

  (void) data;
  plain = write_file (fx, "v_hands.dmx", "");
  both = write_file (fx, "two", "");
  g_free (write_file (fx, "two.smd", ""));
  path = write_file (fx, "s.qc", "$body a \"v_hands.dmx\"\n$body b two\n$body c \"missing.x\"\n");
  qc = read_ok (fx, path);
  g_assert_cmpstr (qc->bodies[0].choices[0].smd, ==, plain);
  assert_path (fx, qc->bodies[1].choices[0].smd, "two.smd");
  assert_path (fx, qc->bodies[2].choices[0].smd, "missing.x.smd");
  ossa_qc_free (qc);
  g_free (path);
  g_free (plain);
  g_free (both);
}

/* $include relative to the including file, in another folder; $cd said in it
 * stays after it; two includes of one file are no loop. */
static void
test_include (Fixture *fx, gconstpointer data)
{
  char *path, *inc, *shared;
  OssaQc *qc;

  (void) data;
  shared = write_file (fx, "parts/common.qci", "$sequence \"look\" \"look\" fps 10\n");
  inc = write_file (fx, "parts/anims.qci",
                    "$include \"common.qci\"\n"
                    "$cd \"anims\"\n"
                    "$sequence run \"run\" fps 24 loop\n");
  path = write_file (fx, "m.qc",
                     "$body body \"ref\"\n"
                     "$include \"parts/anims.qci\"\n"
                     "$sequence walk \"walk\"\n");
  qc = read_ok (fx, path);
  g_assert_cmpuint (qc->n_files, ==, 3);
  g_assert_cmpstr (qc->files[0], ==, path);
  assert_path (fx, qc->files[1], "parts/anims.qci");
  assert_path (fx, qc->files[2], "parts/common.qci");
  g_assert_cmpuint (qc->n_sequences, ==, 3);
  g_assert_cmpstr (qc->sequences[0].name, ==, "look");
  assert_path (fx, qc->sequences[0].smd, "parts/look.smd");
  g_assert_true (qc->sequences[0].place.file == qc->files[2]);
  g_assert_cmpint (qc->sequences[0].place.line, ==, 1);
  assert_path (fx, qc->sequences[1].smd, "parts/anims/run.smd");
  g_assert_true (qc->sequences[1].loop);
  assert_path (fx, qc->sequences[2].smd, "parts/anims/walk.smd");
  g_assert_true (qc->sequences[2].place.file == qc->files[0]);
  ossa_qc_free (qc);
  g_free (path);
  g_free (inc);
  g_free (shared);
}

/* The error must be at want_file:want_line and contain each of the words. */
static void
assert_error (Fixture *fx, const char *qc_path, const char *want_file, int want_line, const char *const *words)
{
  OssaError err = { 0 };
  char *text = read_fails (fx, qc_path, &err);
  char *file = in_dir (fx, want_file);

  g_assert_cmpstr (err.path, ==, file);
  g_assert_cmpint (err.line, ==, want_line);
  for (size_t i = 0; words[i] != NULL; i++)
    if (strstr (text, words[i]) == NULL)
      g_error ("the error '%s' does not say '%s'", text, words[i]);
  g_free (file);
  g_free (text);
}

static void
test_include_loop (Fixture *fx, gconstpointer data)
{
  char *a, *b;
  const char *words[] = { "loop", "a.qc → ", "b.qci → ", NULL };

  (void) data;
  a = write_file (fx, "a.qc", "$body x \"x\"\n\n$include \"sub/b.qci\"\n");
  b = write_file (fx, "sub/b.qci", "$sequence s \"s\"\n$include \"../a.qc\"\n");
  assert_error (fx, a, "sub/b.qci", 2, words);
  g_free (a);
  g_free (b);
}

static void
test_include_missing (Fixture *fx, gconstpointer data)
{
  char *a;
  const char *words[] = { "nothere.qci", NULL };

  (void) data;
  a = write_file (fx, "a.qc", "$body x \"x\"\n$include \"nothere.qci\"\n");
  assert_error (fx, a, "a.qc", 2, words);
  g_free (a);
}

/* 40 files each including the next: refused at the limit, not by a crash. */
static void
test_include_depth (Fixture *fx, gconstpointer data)
{
  char *first = NULL;
  OssaError err = { 0 };
  char *text;

  (void) data;
  for (int i = 0; i < 40; i++)
    {
      char *name = g_strdup_printf ("d%02d.qc", i);
      char *body = g_strdup_printf ("$include \"d%02d.qc\"\n", i + 1);
      char *p = write_file (fx, name, body);

      if (i == 0)
        first = p;
      else
        g_free (p);
      g_free (name);
      g_free (body);
    }
  text = read_fails (fx, first, &err);
  g_assert_cmpint (err.code, ==, OSSA_ERROR_LIMIT);
  g_assert_nonnull (strstr (text, "deeper than 32"));
  g_assert_cmpint (err.line, ==, 1);
  g_free (text);
  g_free (first);
}

typedef struct
{
  const char *text;
  int         line;
  const char *word;
} BadCase;

static void
test_bad (Fixture *fx, gconstpointer data)
{
  static const BadCase cases[] = {
    { "$body a \"a\"\n$bodygroup heads\n{\n studio \"h1\"\n\n$sequence s \"s\"\n", 3, "never closed" },
    { "$sequence s {\n \"s\" fps 10\n", 1, "never closed" },
    { "$sequence s\n{\n \"s\"\n{ event 1 2\n}\n", 2, "never closed" },
    { "$model m \"m\" {\n flexfile x\n", 1, "never closed" },
    { "$body a \"a\"\n$cd \"unclosed\n$body b \"b\"\n", 2, "quoted string" },
    { "$body a \"a\"\n/* a comment\n that runs on", 2, "comment" },
    { "$sequence idle\n$sequence walk \"walk\"\n", 1, "names no animation file" },
    { "$sequence idle { fps 30 loop }\n", 1, "names no animation file" },
    { "$sequence idle \"idle\" fps fast\n", 1, "'fast' is not a number" },
    { "$sequence idle \"idle\"\n fps 30\n", 2, "not a $command" },
    { "$sequence idle \"idle\" fps 0\n", 1, "not a frame rate" },
    { "$sequence idle \"idle\" fps\n", 1, "fps needs" },
    { "\n$scale 1x\n", 2, "'1x' is not a number" },
    { "$scale 0\n", 1, "above 0" },
    { "$origin 1 2\n$body a \"a\"\n", 1, "$origin needs" },
    { "$origin 1 2 3 nan\n", 1, "'nan' is not a number" },
    { "$origin 1 2 1e999\n", 1, "is not a number" },
    { "$body a\n", 1, "$body needs" },
    { "$sequence a \"a\"\n$sequence a \"b\"\n", 2, "second $sequence 'a'" },
    { "$body a \"a\"\n}\n", 2, "closes no" },
    { "$body a \"a\"\nbody \"b\"\n", 2, "'body' is not a $command" },
    { "$body a \"a\"\n\n$include\n", 3, "$include needs" },
    { "$body a \"a\"\0$body b \"b\"\n", 1, "NUL" },
  };
  static const size_t lengths[G_N_ELEMENTS (cases)] = {
    [G_N_ELEMENTS (cases) - 1] = 24,
  };

  (void) data;
  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      size_t len = lengths[i] ? lengths[i] : strlen (cases[i].text);
      char *path = in_dir (fx, "bad.qc");
      const char *words[] = { cases[i].word, NULL };
      GError *error = NULL;

      g_file_set_contents (path, cases[i].text, (gssize) len, &error);
      g_assert_no_error (error);
      g_test_message ("case %zu: %s", i, cases[i].text);
      assert_error (fx, path, "bad.qc", cases[i].line, words);
      g_free (path);
    }
}

/* Any bytes give a .qc or an error: random bytes and random words of the
 * language, from a fixed seed. */
static void
test_any_bytes (Fixture *fx, gconstpointer data)
{
  static const char *const words[] = {
    "$body", "$bodygroup", "$sequence", "$model", "$include", "$cd", "$scale", "$origin", "{", "}", "\"",
    "studio", "blank", "fps", "loop", "event", "1", "-2.5", "x", "\n", " ", "//", "/*", "*/", "keyvalues",
    "ikrule", "$animation", "a", "frame", "ACT_IDLE", "\\", ";", "#",
  };
  GRand *rand = g_rand_new_with_seed (17);
  char *qc_path = in_dir (fx, "fuzz.qc");

  (void) data;
  for (int round = 0; round < 3000; round++)
    {
      GString *s = g_string_new (NULL);
      int n = g_rand_int_range (rand, 0, 60);
      OssaError err = { 0 };
      OssaQc *qc;

      for (int i = 0; i < n; i++)
        {
          if (g_rand_int_range (rand, 0, 8) == 0)
            g_string_append_c (s, (char) g_rand_int_range (rand, 0, 256));
          else
            g_string_append (s, words[g_rand_int_range (rand, 0, G_N_ELEMENTS (words))]);
          if (g_rand_boolean (rand))
            g_string_append_c (s, ' ');
        }
      qc = ossa_qc_read_bytes (s->str, s->len, qc_path, NULL, &err);
      if (qc == NULL)
        g_assert_cmpstr (err.message, !=, "");
      else
        {
          for (size_t i = 0; i < qc->n_sequences; i++)
            g_assert_nonnull (qc->sequences[i].smd);
          ossa_qc_free (qc);
        }
      g_string_free (s, TRUE);
    }
  g_rand_free (rand);
  g_free (qc_path);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
#define ADD(name, fn) g_test_add ("/qc/" name, Fixture, NULL, fixture_set_up, fn, fixture_tear_down)
  ADD ("goldsrc", test_goldsrc);
  ADD ("source", test_source);
  ADD ("cd", test_cd);
  ADD ("smd-suffix", test_smd_suffix);
  ADD ("include", test_include);
  ADD ("include-loop", test_include_loop);
  ADD ("include-missing", test_include_missing);
  ADD ("include-depth", test_include_depth);
  ADD ("bad", test_bad);
  ADD ("any-bytes", test_any_bytes);
#undef ADD
  return g_test_run ();
}
