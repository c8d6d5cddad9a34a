/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ossa-cli import-qc as a user runs it, on .qc files and SMDs this test writes:
 * several $body lines whose bones differ make one skeleton and every mesh;
 * $include (relative to the including file), $cd and $scale are followed; line-
 * and block-form $sequence keep their names, fps and loop flags; the same SMD
 * named as a reference and a sequence is read once, with a notice; commands Ossa
 * does not use are one notice each; a parent mismatch, an $include loop, a
 * missing SMD, an unterminated block, a sequence without a file are FILE:LINE
 * errors that write nothing; an OUT that is the .qc, an included file or an SMD
 * it names is refused and the file left as it was. The documents are read back
 * with `info --json` and `sample --json`; the joints expected come from the
 * tests' own SMD reader and matrices (test-smd-reference.h), never from the
 * importer. Also on the SDK's Barney model from OSSA_SHARED_TESTDATA/smd, and
 * under de_DE.UTF-8 when that locale exists. */
#include <string.h>
#include <unistd.h>

#include <glib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "../core/test-smd-reference.h"
#include "cli-test-support.h"

/* ---- the files ---- */

/* The body: root, pelvis, spine, head and two triangles. "version 2", which the
 * reader takes as version 1 with a notice: one notice a read. */
static const char body_smd[] =
  "version 2\n"
  "nodes\n"
  "0 \"root\" -1\n"
  "1 \"pelvis\" 0\n"
  "2 \"spine\" 1\n"
  "3 \"head\" 2\n"
  "end\n"
  "skeleton\n"
  "time 0\n"
  "0 0 0 0 0 0 0\n"
  "1 0 0 40 0 0 0\n"
  "2 0 0 10 0 0.2 0\n"
  "3 0 0 15 0 0 0\n"
  "end\n"
  "triangles\n"
  "skin.bmp\n"
  "2 0 0 45 0 0 1 0 0\n"
  "3 1 0 62 0 0 1 1 0\n"
  "3 -1 0 64 0 0 1 0 1\n"
  "skin.bmp\n"
  "1 3 0 40 0 0 1 0 0\n"
  "1 -3 0 40 0 0 1 1 0\n"
  "2 0 0 50 0 0 1 0 1\n"
  "end\n";

/* The coat: root, pelvis (resting elsewhere than in the body: the body's rest
 * wins) and coat, a bone the body lacks. */
static const char coat_smd[] =
  "version 1\n"
  "nodes\n"
  "0 \"root\" -1\n"
  "1 \"pelvis\" 0\n"
  "2 \"coat\" 1\n"
  "end\n"
  "skeleton\n"
  "time 0\n"
  "0 0 0 0 0 0 0\n"
  "1 2 0 38 0 0.3 0.1\n"
  "2 5 0 -10 0 0 0\n"
  "end\n"
  "triangles\n"
  "coat.bmp\n"
  "2 6 1 30 0 0 1 0 0\n"
  "2 6 -1 30 0 0 1 1 0\n"
  "2 4 0 20 0 0 1 0 1\n"
  "end\n";

/* Every bone of body and coat over four frames, the coat moving too. */
static const char walk_smd[] =
  "version 1\n"
  "nodes\n"
  "0 \"root\" -1\n"
  "1 \"pelvis\" 0\n"
  "2 \"spine\" 1\n"
  "3 \"head\" 2\n"
  "4 \"coat\" 1\n"
  "end\n"
  "skeleton\n"
  "time 0\n"
  "0 0 0 0 0 0 0\n"
  "1 0 0 40 0 0 0\n"
  "2 0 0 10 0 0.2 0\n"
  "3 0 0 15 0 0 0\n"
  "4 5 0 -10 0 0 0\n"
  "time 1\n"
  "0 3 1 1 0 0 0.1\n"
  "1 0 0 40 0.1 0.1 0\n"
  "2 0 0 10 0 0.3 0\n"
  "3 0 0 15 0 0.1 0\n"
  "4 5 0 -10 0 0.4 0\n"
  "time 2\n"
  "0 6 2 0 0 0 0.2\n"
  "1 0 0 41 0 0.2 0\n"
  "2 0 0 10 0 0.4 0.1\n"
  "3 0 0 15 0 -0.2 0\n"
  "4 5 0 -10 0 0.8 0\n"
  "time 3\n"
  "0 9 1 -1 0 0 0.1\n"
  "1 0 0 40 -0.1 0.1 0\n"
  "2 0 0 10 0 0.2 0\n"
  "3 0 0 15 0 0 0\n"
  "4 5 0 -10 0 0.3 0\n"
  "end\n";

/* Two frames of root, pelvis and spine only: head and coat keep their rest. */
static const char idle_smd[] =
  "version 1\n"
  "nodes\n"
  "0 \"root\" -1\n"
  "1 \"pelvis\" 0\n"
  "2 \"spine\" 1\n"
  "end\n"
  "skeleton\n"
  "time 0\n"
  "0 0 0 0 0 0 0\n"
  "1 0 0 40 0 0 0\n"
  "2 0 0 10 0 0.25 0\n"
  "time 1\n"
  "0 0 0 -2 0 0 0\n"
  "1 0 0 40 0 0 0.1\n"
  "2 0 0 10 0 0.35 0\n"
  "end\n";

/* The path of name (which may hold folders) in the test's folder, with text in it. */
static char *
write_file (const char *name, const char *text)
{
  char *path = cli_tmp_file (name), *folder = g_path_get_dirname (path);

  g_assert_cmpint (g_mkdir_with_parents (folder, 0755), ==, 0);
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  g_free (folder);
  return path;
}

static void
write_smds (void)
{
  g_free (write_file ("body.smd", body_smd));
  g_free (write_file ("coat.smd", coat_smd));
  g_free (write_file ("walk.smd", walk_smd));
  g_free (write_file ("moves/idle.smd", idle_smd));
}

/* ---- the joints expected ---- */

/* studiomdl's bone table, built here from the tests' own reader: the bones of
 * the reference SMDs merged by name in order, each resting as the first file
 * that names it says. */
typedef struct
{
  GPtrArray *names;
  GArray    *parents;   /* int */
  GArray    *locals;    /* 6 doubles a bone */
} Table;

static int
table_find (const Table *t, const char *name)
{
  for (guint i = 0; i < t->names->len; i++)
    if (strcmp (g_ptr_array_index (t->names, i), name) == 0)
      return (int) i;
  return -1;
}

static Table *
table_new (const char *const *refs)
{
  Table *t = g_new0 (Table, 1);

  t->names = g_ptr_array_new_with_free_func (g_free);
  t->parents = g_array_new (FALSE, FALSE, sizeof (int));
  t->locals = g_array_new (FALSE, FALSE, sizeof (double));
  for (size_t r = 0; refs[r] != NULL; r++)
    {
      RefSmd *smd = ref_smd_read (refs[r]);

      for (guint k = 0; k < smd->names->len; k++)
        {
          const char *name = g_ptr_array_index (smd->names, k);
          int parent = g_array_index (smd->parents, int, k);

          if (table_find (t, name) >= 0)
            continue;
          parent = parent < 0 ? -1 : table_find (t, g_ptr_array_index (smd->names, (guint) parent));
          g_ptr_array_add (t->names, g_strdup (name));
          g_array_append_val (t->parents, parent);
          g_array_append_vals (t->locals, &g_array_index (smd->values, double, k * 6), 6);
        }
      ref_smd_free (smd);
    }
  return t;
}

static void
table_free (Table *t)
{
  g_ptr_array_unref (t->names);
  g_array_unref (t->parents);
  g_array_unref (t->locals);
  g_free (t);
}

/* The world joints on plane of the table's bones in frame of anim (NULL: the
 * rest), every position times scale, in the order of names (the document's). */
static void
expected_joints (const Table *t, const char *anim, size_t frame, double scale, int plane,
                 const GPtrArray *names, double *xy)
{
  size_t n = t->names->len;
  double *locals = g_memdup2 (t->locals->data, 6 * n * sizeof (double));
  double *joints = g_new (double, 2 * n);

  if (anim != NULL)
    {
      RefSmd *smd = ref_smd_read (anim);

      g_assert_cmpuint (frame, <, smd->frames->len);
      for (guint k = 0; k < smd->names->len; k++)
        memcpy (&locals[6 * table_find (t, g_ptr_array_index (smd->names, k))],
                &g_array_index (smd->values, double, (frame * smd->names->len + k) * 6),
                6 * sizeof (double));
      ref_smd_free (smd);
    }
  for (size_t i = 0; i < n; i++)
    for (int k = 0; k < 3; k++)
      locals[6 * i + k] *= scale;
  world_joints (n, (const int *) (void *) t->parents->data, locals, plane, joints);
  g_assert_cmpuint (names->len, ==, n);
  for (guint i = 0; i < n; i++)
    {
      int b = table_find (t, g_ptr_array_index (names, i));

      g_assert_cmpint (b, >=, 0);
      xy[2 * i] = joints[2 * b];
      xy[2 * i + 1] = joints[2 * b + 1];
    }
  g_free (locals);
  g_free (joints);
}

/* sample of doc (anim at time t, or the rest) against the table in frame. */
static void
check_joints (const char *locale, const char *doc, const Table *t, const char *anim_name,
              const char *anim_smd, size_t frame, double time, double scale, int plane)
{
  size_t n = t->names->len;
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  double *got = g_new (double, 2 * n), *want = g_new (double, 2 * n), tol = 0;

  cli_sample_joints (locale, doc, anim_name, time, n, got, names);
  expected_joints (t, anim_smd, frame, scale, plane, names, want);
  for (size_t i = 0; i < 2 * n; i++)
    tol = fmax (tol, fabs (want[i]));
  tol = 4e-6 * (1 + tol);
  for (size_t i = 0; i < 2 * n; i++)
    if (!(fabs (got[i] - want[i]) <= tol))
      g_error ("%s %s frame %zu bone '%s': sampled %.9g, expected %.9g", doc,
               anim_name ? anim_name : "(rest)", frame,
               (const char *) g_ptr_array_index (names, i / 2), got[i], want[i]);
  g_ptr_array_unref (names);
  g_free (got);
  g_free (want);
}

/* ---- running it ---- */

/* import-qc QC -o OUT [ARGS…] under locale, expected to succeed; its stderr
 * (the notices) returned. */
static char *
import_ok (const char *locale, const char *qc, const char *out, ...) G_GNUC_NULL_TERMINATED;

static char *
import_ok (const char *locale, const char *qc, const char *out, ...)
{
  GPtrArray *args = g_ptr_array_new ();
  const char *arg;
  char *err;
  va_list ap;
  CliRun r;

  g_ptr_array_add (args, (gpointer) "import-qc");
  g_ptr_array_add (args, (gpointer) qc);
  g_ptr_array_add (args, (gpointer) "-o");
  g_ptr_array_add (args, (gpointer) out);
  va_start (ap, out);
  while ((arg = va_arg (ap, const char *)) != NULL)
    g_ptr_array_add (args, (gpointer) arg);
  va_end (ap);
  g_ptr_array_add (args, NULL);
  cli_runv (&r, locale, (const char *const *) args->pdata);
  cli_assert_exit (&r, 0);
  err = g_steal_pointer (&r.err);
  cli_run_clear (&r);
  g_ptr_array_unref (args);
  return err;
}

/* `info DOC --json`, parsed into parser. */
static JsonObject *
info (const char *locale, const char *doc, JsonParser *parser)
{
  JsonObject *o;
  CliRun r;

  cli_run (&r, locale, "info", doc, "--json", NULL);
  cli_assert_ok (&r);
  o = cli_parse_json (parser, r.out);
  cli_run_clear (&r);
  return o;
}

static JsonObject *
animation (JsonObject *info_json, const char *name)
{
  JsonArray *anims = json_object_get_array_member (info_json, "animations");

  for (guint i = 0; i < json_array_get_length (anims); i++)
    {
      JsonObject *a = json_array_get_object_element (anims, i);

      if (strcmp (json_object_get_string_member (a, "name"), name) == 0)
        return a;
    }
  g_error ("no animation '%s'", name);
  return NULL;
}

static void
assert_animation (JsonObject *info_json, const char *name, double fps, gboolean loop,
                  double duration)
{
  JsonObject *a = animation (info_json, name);

  g_assert_cmpfloat (json_object_get_double_member (a, "fps"), ==, fps);
  g_assert_true (json_object_get_boolean_member (a, "loop") == loop);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (a, "duration"), duration, 1e-6);
}

static void
assert_names (JsonArray *array, const char *member, const char *const *want)
{
  guint n = 0;

  for (; want[n] != NULL; n++)
    {
      JsonNode *node = json_array_get_element (array, n);
      const char *got = member ? json_object_get_string_member (json_node_get_object (node), member)
                               : json_node_get_string (node);

      g_assert_cmpstr (got, ==, want[n]);
    }
  g_assert_cmpuint (json_array_get_length (array), ==, n);
}

/* ---- the cases ---- */

/* Two $body lines whose bones differ, line- and block-form sequences, the body
 * named as a sequence too. */
static void
test_bodies (gconstpointer data)
{
  const char *locale = data;
  static const char *const bones[] = { "root", "pelvis", "spine", "head", "coat", NULL };
  static const char *const meshes[] = { "body", "coat", NULL };
  char *body = cli_tmp_file ("body.smd"), *coat = cli_tmp_file ("coat.smd");
  char *walk = cli_tmp_file ("walk.smd"), *idle = cli_tmp_file ("moves/idle.smd");
  const char *refs[] = { body, coat, NULL };
  char *qc, *out = cli_tmp_file ("model.ossa"), *notices;
  JsonParser *parser = json_parser_new ();
  JsonObject *o;
  Table *t;

  if (!cli_locale_usable (locale))
    goto out;
  qc = write_file ("model.qc",
                   "$modelname \"test.mdl\"\n"
                   "$body body \"body\"\n"
                   "$body coat \"coat.smd\"\n"
                   "$sequence walk \"walk\" fps 24 loop\n"
                   "$sequence idle {\n"
                   "  \"moves/idle.smd\" fps 12 loop\n"
                   "}\n"
                   "$sequence rest \"body\" fps 10\n");
  notices = import_ok (locale, qc, out, NULL);
  /* body.smd is a mesh and the sequence "rest": read once, said where. */
  g_assert_cmpint (cli_count_in (notices, "body.smd:1: version 2"), ==, 1);
  g_assert_cmpint (cli_count_in (notices, "model.qc:8: '"), ==, 1);
  g_assert_cmpint (cli_count_in (notices, "body.smd' is named again (first at "), ==, 1);
  g_assert_cmpint (cli_count_in (notices, "read once"), ==, 1);
  g_free (notices);

  o = info (locale, out, parser);
  assert_names (json_object_get_array_member (o, "bone_names"), NULL, bones);
  assert_names (json_object_get_array_member (o, "meshes"), "name", meshes);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "animations")), ==, 3);
  assert_animation (o, "walk", 24, TRUE, 3 / 24.0);
  assert_animation (o, "idle", 12, TRUE, 1 / 12.0);
  assert_animation (o, "rest", 10, FALSE, 0);

  t = table_new (refs);
  check_joints (locale, out, t, NULL, NULL, 0, 0, 1, 0);
  for (size_t f = 0; f < 4; f++)
    check_joints (locale, out, t, "walk", walk, f, f / 24.0, 1, 0);
  check_joints (locale, out, t, "idle", idle, 1, 1 / 12.0, 1, 0);

  /* --plane xy: the same bones seen from above. */
  g_free (import_ok (locale, qc, out, "--plane", "xy", NULL));
  check_joints (locale, out, t, "walk", walk, 2, 2 / 24.0, 1, 1);
  table_free (t);
  g_free (qc);
out:
  g_object_unref (parser);
  g_unlink (out);
  g_free (out);
  g_free (body);
  g_free (coat);
  g_free (walk);
  g_free (idle);
}

/* $include relative to the including file, $cd into a subfolder, $scale 2. */
static void
test_include_cd_scale (gconstpointer data)
{
  const char *locale = data;
  char *body = write_file ("meshes/body.smd", body_smd), *coat = write_file ("meshes/coat.smd", coat_smd);
  char *walk = write_file ("parts/walk.smd", walk_smd);
  char *inc = write_file ("parts/anims.qci", "$sequence walk \"walk\" fps 30\n");
  const char *refs[] = { body, coat, NULL };
  char *qc, *out = cli_tmp_file ("included.ossa"), *notices;
  JsonParser *parser = json_parser_new ();
  JsonObject *o;
  CliRun r;
  Table *t;

  if (!cli_locale_usable (locale))
    goto out;
  qc = write_file ("model2.qc",
                   "$include \"parts/anims.qci\"\n"
                   "$scale 2\n"
                   "$cd \"meshes\"\n"
                   "$body body \"body\"\n"
                   "$body coat \"coat\"\n");
  cli_run (&r, locale, "import-qc", qc, "-o", out, "--json", NULL);
  cli_assert_ok (&r);
  o = cli_parse_json (parser, r.out);
  g_assert_cmpstr (json_object_get_string_member (o, "input"), ==, qc);
  {
    const char *files[] = { qc, inc, NULL };

    assert_names (json_object_get_array_member (o, "qc_files"), NULL, files);
  }
  g_assert_cmpfloat (json_object_get_double_member (o, "scale"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (o, "bones"), ==, 5);
  g_assert_true (json_object_get_null_member (o, "modelname"));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "meshes")), ==, 2);
  /* The reader's "version 2" notice: in the JSON, not on stderr. */
  notices = json_to_string (json_object_get_member (o, "notices"), FALSE);
  g_assert_cmpint (cli_count_in (notices, "meshes/body.smd:1: version 2"), ==, 1);
  g_free (notices);
  cli_run_clear (&r);

  o = info (locale, out, parser);
  assert_animation (o, "walk", 30, FALSE, 3 / 30.0);
  t = table_new (refs);
  check_joints (locale, out, t, NULL, NULL, 0, 0, 2, 0);
  check_joints (locale, out, t, "walk", walk, 1, 1 / 30.0, 2, 0);
  check_joints (locale, out, t, "walk", walk, 3, 3 / 30.0, 2, 0);
  table_free (t);
  g_free (qc);
out:
  g_object_unref (parser);
  g_unlink (out);
  g_free (out);
  g_free (body);
  g_free (coat);
  g_free (walk);
  g_free (inc);
}

/* Each bad .qc: exit 1, "ossa-cli: FILE:LINE: …" naming what is wrong, nothing
 * written. */
static void
test_errors (gconstpointer data)
{
  static const struct
  {
    const char *qc;        /* written as bad.qc */
    const char *file;      /* where the error is: bad.qc or one the case writes */
    int         line;
    const char *words[4];
  } cases[] = {
    { "$body body \"body\"\n$sequence walk \"nowhere\" fps 10\n", "bad.qc", 2, { "nowhere.smd", NULL } },
    { "$body body \"body\"\n$sequence idle {\n  \"walk\" fps 10\n", "bad.qc", 2, { "never closed", NULL } },
    { "$body body \"body\"\n$sequence idle { fps 30 loop }\n", "bad.qc", 2,
      { "'idle'", "names no animation file", NULL } },
    { "$body body \"body\"\n\n$include \"sub/loop.qci\"\n", "sub/loop.qci", 2,
      { "$include loop", "bad.qc → ", "loop.qci → ", NULL } },
    /* head under pelvis in the sequence, under spine in the body. */
    { "$body body \"body\"\n$sequence walk \"reparented\"\n", "reparented.smd", 6,
      { "bone 'head' has parent 'pelvis' here but parent 'spine' in the reference", NULL } },
    /* spine under root in the second mesh, under pelvis in the first. */
    { "$body body \"body\"\n$body other \"spine_on_root\"\n", "spine_on_root.smd", 4,
      { "bone 'spine' has parent 'root' here but parent 'pelvis' in the reference", NULL } },
  };
  const char *locale = data;
  char *out = cli_tmp_file ("never.ossa"), *reparented, *spine_on_root, *loop;
  GString *text = g_string_new (walk_smd);

  if (!cli_locale_usable (locale))
    goto out;
  g_assert_cmpuint (g_string_replace (text, "3 \"head\" 2", "3 \"head\" 1", 1), ==, 1);
  reparented = write_file ("reparented.smd", text->str);
  spine_on_root = write_file ("spine_on_root.smd",
                              "version 1\nnodes\n0 \"root\" -1\n1 \"spine\" 0\nend\n"
                              "skeleton\ntime 0\n0 0 0 0 0 0 0\n1 0 0 9 0 0 0\nend\n");
  loop = write_file ("sub/loop.qci", "$sequence walk \"../walk\"\n$include \"../bad.qc\"\n");
  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      char *qc = write_file ("bad.qc", cases[i].qc), *where = cli_tmp_file (cases[i].file);
      char *prefix = g_strdup_printf ("ossa-cli: %s:%d: ", where, cases[i].line);
      const char *error;
      CliRun r;

      cli_run (&r, locale, "import-qc", qc, "-o", out, NULL);
      cli_assert_exit (&r, 1);
      g_assert_cmpstr (r.out, ==, "");
      /* The error is the last line, after the notices of the files read before. */
      error = g_str_has_suffix (r.err, "\n") ? g_strrstr_len (r.err, (gssize) strlen (r.err) - 1, "\n") : NULL;
      error = error != NULL ? error + 1 : r.err;
      if (!g_str_has_prefix (error, prefix))
        g_error ("case %zu: expected '%s…', got %s", i, prefix, r.err);
      for (size_t w = 0; cases[i].words[w] != NULL; w++)
        if (strstr (error, cases[i].words[w]) == NULL)
          g_error ("case %zu: '%s' does not say '%s'", i, error, cases[i].words[w]);
      g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
      cli_run_clear (&r);
      g_free (qc);
      g_free (where);
      g_free (prefix);
    }
  g_free (reparented);
  g_free (spine_on_root);
  g_free (loop);
out:
  g_string_free (text, TRUE);
  g_free (out);
}

/* Commands Ossa does not use: one notice each however often given, on stderr or
 * in the JSON; the import succeeds. */
static void
test_unknown_commands (gconstpointer data)
{
  const char *locale = data;
  char *qc, *out = cli_tmp_file ("hbox.ossa");
  JsonParser *parser = json_parser_new ();
  JsonObject *o;
  char *notices, *json_notices;
  CliRun r;

  if (!cli_locale_usable (locale))
    goto out;
  qc = write_file ("hbox.qc",
                   "$body body \"walk\"\n"
                   "$hbox 0 \"head\" -1 -1 -1 1 1 1\n"
                   "$attachment 0 \"head\" 0 0 5\n"
                   "$hbox 0 \"spine\" -2 -2 -2 2 2 2\n"
                   "$attachment 1 \"spine\" 1 0 0\n");
  notices = import_ok (locale, qc, out, NULL);
  g_assert_cmpint (cli_count_in (notices, "$hbox"), ==, 1);
  g_assert_cmpint (cli_count_in (notices, "hbox.qc:2: $hbox is not used by Ossa"), ==, 1);
  g_assert_cmpint (cli_count_in (notices, "hbox.qc:3: $attachment is not used by Ossa"), ==, 1);
  g_assert_cmpint (cli_count_in (notices, "$attachment"), ==, 1);
  /* and walk.smd, a body without triangles, gives no mesh: three lines in all. */
  g_assert_cmpint (cli_count_in (notices, "hbox.qc:1: '"), ==, 1);
  g_assert_cmpint (cli_count_in (notices, "walk.smd' has no triangles"), ==, 1);
  g_assert_cmpint (cli_count_in (notices, "ossa-cli: "), ==, 3);
  g_free (notices);

  cli_run (&r, locale, "import-qc", qc, "-o", out, "--json", NULL);
  cli_assert_ok (&r);
  o = cli_parse_json (parser, r.out);
  json_notices = json_to_string (json_object_get_member (o, "notices"), FALSE);
  g_assert_cmpint (cli_count_in (json_notices, "$hbox is not used"), ==, 1);
  g_assert_cmpint (cli_count_in (json_notices, "$attachment is not used"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (o, "bones"), ==, 5);
  /* walk.smd as a body: its four frames are the rest (the first) and no animation. */
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "animations")), ==, 0);
  g_free (json_notices);
  cli_run_clear (&r);
  g_free (qc);
out:
  g_object_unref (parser);
  g_unlink (out);
  g_free (out);
}

/* import-qc QC -o OUT OPTION: "ossa-cli: import-qc: MESSAGE\nTry …" alone, exit 2,
 * and file still holds text. */
static void
assert_refused (const char *locale, const char *qc, const char *out, const char *option,
                const char *message, const char *file, const char *text)
{
  char *want = g_strdup_printf ("ossa-cli: import-qc: %s\nTry 'ossa-cli import-qc --help'.\n", message);
  char *now = NULL;
  CliRun r;

  cli_run (&r, locale, "import-qc", qc, "-o", out, option, NULL);
  cli_assert_usage_error (&r, "import-qc");
  /* The notices of the .qc (held until OUT is known to be safe) are not printed. */
  g_assert_cmpstr (r.err, ==, want);
  g_assert_true (g_file_get_contents (file, &now, NULL, NULL));
  g_assert_cmpstr (now, ==, text);
  cli_run_clear (&r);
  g_free (now);
  g_free (want);
}

/* OUT is never an input: the .qc, what it includes, an SMD it names, through
 * another spelling or a link; a .qc-named OUT needs --force. */
static void
test_output_safety (gconstpointer data)
{
  static const char qc_text[] = "$include \"parts/more.qci\"\n$body body \"body\"\n$hbox 0 \"root\" 0 0 0 1 1 1\n";
  const char *locale = data;
  char *qc, *inc, *walk_path = cli_tmp_file ("walk.smd"), *link = cli_tmp_file ("walk-link.ossa");
  char *message, *other;
  CliRun r;

  if (!cli_locale_usable (locale))
    goto out;
  qc = write_file ("safe.qc", qc_text);
  inc = write_file ("parts/more.qci", "$sequence walk \"../walk\"\n");
  g_unlink (link);
  g_assert_cmpint (symlink (walk_path, link), ==, 0);

  message = g_strdup_printf ("the output '%s' is also an input: not overwriting an input", qc);
  assert_refused (locale, qc, qc, "--force", message, qc, qc_text);
  g_free (message);
  message = g_strdup_printf ("the output '%s' is also an input: not overwriting an input", inc);
  assert_refused (locale, qc, inc, "--force", message, inc, "$sequence walk \"../walk\"\n");
  g_free (message);
  {
    char *body = cli_tmp_file ("body.smd"), *spelt = cli_tmp_file ("parts/../body.smd");

    message = g_strdup_printf ("the output '%s' is the same file as the input '%s': not "
                               "overwriting an input", spelt, body);
    assert_refused (locale, qc, spelt, "--force", message, body, body_smd);
    g_free (message);
    g_free (body);
    g_free (spelt);
  }
  {
    char *walk_named = cli_tmp_file ("parts/../walk.smd");

    message = g_strdup_printf ("the output '%s' is the same file as the input '%s': not "
                               "overwriting an input", link, walk_named);
    assert_refused (locale, qc, link, "--json", message, walk_path, walk_smd);
    g_free (message);
    g_free (walk_named);
  }

  /* Another .qc is not written over without --force, and is with it. */
  other = write_file ("other.qc", "$body x \"x\"\n");
  message = g_strdup_printf ("'%s' exists and is named like a Valve .qc file: not writing an "
                             "Ossa document over it (--force writes it anyway)", other);
  assert_refused (locale, qc, other, "--json", message, other, "$body x \"x\"\n");
  g_free (message);
  g_free (import_ok (locale, qc, other, "--force", NULL));
  g_unlink (other);
  g_free (other);

  /* No MODEL from standard input; no --fps (the .qc gives each sequence's). */
  cli_run (&r, locale, "import-qc", "-", "-o", "x.ossa", NULL);
  cli_assert_usage_error (&r, "import-qc");
  g_assert_nonnull (strstr (r.err, "not '-'"));
  cli_run_clear (&r);
  cli_run (&r, locale, "import-qc", qc, "-o", "x.ossa", "--fps", "24", NULL);
  cli_assert_usage_error (&r, "import-qc");
  cli_run_clear (&r);
  cli_run (&r, locale, "import-qc", qc, NULL);
  cli_assert_usage_error (&r, "import-qc");
  g_assert_nonnull (strstr (r.err, "missing -o"));
  cli_run_clear (&r);
  g_free (qc);
  g_free (inc);
out:
  g_unlink (link);
  g_free (link);
  g_free (walk_path);
}

/* The SDK's Barney: mesh and walk through a .qc whose $cd is the shared folder;
 * its joints where the tests' own reader puts them, on every plane. */
static void
test_barney (gconstpointer data)
{
  const char *locale = data;
  char *ref = cli_test_smd_file ("hlsdk_barney_hd_ref.smd");
  char *walk = cli_test_smd_file ("hlsdk_barney_hd_walk.smd");
  char *qc = NULL, *out = cli_tmp_file ("barney.ossa");
  const char *refs[] = { ref, NULL };
  RefSmd *anim;
  Table *t;

  if (!cli_locale_usable (locale))
    goto out;
  if (ref == NULL || walk == NULL)
    {
      g_test_skip ("OSSA_SHARED_TESTDATA/smd is not available");
      goto out;
    }
  {
    char *folder = g_path_get_dirname (ref), *text;

    text = g_strdup_printf ("$modelname \"barney.mdl\"\n$cd \"%s\"\n"
                            "$body body \"hlsdk_barney_hd_ref\"\n"
                            "$sequence walk \"hlsdk_barney_hd_walk\" fps 30 loop\n", folder);
    qc = write_file ("barney.qc", text);
    g_free (folder);
    g_free (text);
  }
  anim = ref_smd_read (walk);
  t = table_new (refs);
  for (int plane = 0; plane < 3; plane++)
    {
      static const char *planes[] = { "xz", "xy", "yz" };
      size_t nf = anim->frames->len, frames[3] = { 0, nf / 2, nf - 1 };

      g_free (import_ok (locale, qc, out, "--plane", planes[plane], NULL));
      check_joints (locale, out, t, NULL, NULL, 0, 0, 1, plane);
      for (int k = 0; k < 3; k++)
        {
          double time = (g_array_index (anim->frames, int, frames[k])
                         - g_array_index (anim->frames, int, 0)) / 30.0;

          check_joints (locale, out, t, "walk", walk, frames[k], time, 1, plane);
        }
    }
  table_free (t);
  ref_smd_free (anim);
out:
  g_unlink (out);
  g_free (out);
  g_free (qc);
  g_free (ref);
  g_free (walk);
}

int
main (int argc, char **argv)
{
  static const char *locales[][2] = { { "C", "C.UTF-8" }, { "de_DE", "de_DE.UTF-8" } };
  static const struct
  {
    const char     *name;
    GTestDataFunc   func;
  } cases[] = {
    { "bodies", test_bodies },
    { "include-cd-scale", test_include_cd_scale },
    { "errors", test_errors },
    { "unknown-commands", test_unknown_commands },
    { "output-safety", test_output_safety },
    { "barney", test_barney },
  };
  int status;

  g_test_init (&argc, &argv, NULL);
  if (cli_test_binary () == NULL)
    return 1;
  cli_tmp_dir_create ("ossa-cli-qc-XXXXXX");
  write_smds ();
  for (size_t l = 0; l < G_N_ELEMENTS (locales); l++)
    for (size_t c = 0; c < G_N_ELEMENTS (cases); c++)
      {
        char *path = g_strdup_printf ("/cli-qc/%s/%s", locales[l][0], cases[c].name);

        g_test_add_data_func (path, locales[l][1], cases[c].func);
        g_free (path);
      }
  status = g_test_run ();
  cli_tmp_dir_remove ();
  return status;
}
