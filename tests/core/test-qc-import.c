/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ossa_qc_import() on models built here: OssaQc structs made by hand (the .qc
 * reader is tested on its own) naming SMD files the test writes. Several bodies
 * whose bones differ make one skeleton (a bone only the coat has is animated);
 * bodygroup choices are meshes "GROUP/CHOICE" with blanks skipped; sequences keep
 * their names, fps and loop flags; a file named twice is read once (the reader's
 * "version 2" notice counts reads); parents that disagree, a missing SMD, a
 * sequence without a file are FILE:LINE errors and give nothing; $scale and
 * $origin move the joints; progress runs 0 to 1 and cancel stops it; and the
 * whole path from a .qc on disk ($cd, $include) gives what the hand-built model
 * gives. Expected joints and vertices come from test-smd-reference.h (matrices,
 * its own reader), never from the importer. */
#include <stdatomic.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "ossa.h"
#include "test-helpers.h"

#include "test-smd-reference.h"
#include "test-smd-support.h"

static char *dir;

static char *
write_file (const char *name, const char *text)
{
  char *path = g_build_filename (dir, name, NULL);

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  return path;
}

/* ---- the files ---- */

/* The body: root, pelvis, spine, head; two triangles. */
static const char body_smd[] =
  "version 1\n"
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

/* The coat: root, pelvis (resting elsewhere than in the body) and coat, a bone
 * the body lacks. */
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
  "2 9 0 25 0 0 1 1 0\n"
  "1 4 0 36 0 0 1 0 1\n"
  "end\n";

/* A head choice: the head bone only (its parents), one triangle. version 2 so
 * that each read says so. */
static char *
head_smd (double x)
{
  return g_strdup_printf ("version 2\n"
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
                          "face.bmp\n"
                          "3 %g 0 66 0 0 1 0 0\n"
                          "3 %g 0 66 0 0 1 1 0\n"
                          "3 0 0 70 0 0 1 0 1\n"
                          "end\n", x, -x);
}

/* Every bone of body and coat, the coat moving. version 2: reads are counted. */
static const char walk_smd[] =
  "version 2\n"
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
  "0 3 0 1 0 0 0.1\n"
  "1 0 0 40 0.1 0.2 0\n"
  "2 0 0 10 0 0.4 0\n"
  "3 0 0 15 0 -0.3 0\n"
  "4 5 0 -10 0 0.7 0\n"
  "time 2\n"
  "0 6 0 0 0 0 0.2\n"
  "1 0 0 40 0.2 0.4 0\n"
  "2 0 0 10 0 0.6 0\n"
  "3 0 0 15 0 -0.6 0\n"
  "4 5 0 -10 0 1.2 0.3\n"
  "end\n";

/* ---- OssaQc by hand ---- */

typedef struct
{
  OssaQc qc;
  char  *qc_path;
} TestQc;

static TestQc *
qc_new (void)
{
  TestQc *t = g_new0 (TestQc, 1);

  t->qc_path = g_build_filename (dir, "model.qc", NULL);
  t->qc.files = g_new0 (char *, 1);
  t->qc.files[0] = t->qc_path;
  t->qc.n_files = 1;
  t->qc.scale = 1;
  return t;
}

static OssaQcPlace
at (TestQc *t, int line)
{
  return (OssaQcPlace) { t->qc_path, line };
}

/* A body with choices given as (name, file-or-NULL) pairs, NULL-terminated;
 * files are names in the test's folder. */
static void
qc_body (TestQc *t, int line, const char *name, ...)
{
  OssaQcBodygroup *b;
  const char *choice;
  va_list args;

  t->qc.bodies = g_renew (OssaQcBodygroup, t->qc.bodies, t->qc.n_bodies + 1);
  b = &t->qc.bodies[t->qc.n_bodies++];
  memset (b, 0, sizeof *b);
  b->name = g_strdup (name);
  b->place = at (t, line);
  va_start (args, name);
  while ((choice = va_arg (args, const char *)) != NULL)
    {
      const char *file = va_arg (args, const char *);
      OssaQcChoice *c;

      b->choices = g_renew (OssaQcChoice, b->choices, b->n_choices + 1);
      c = &b->choices[b->n_choices++];
      c->name = g_strdup (choice);
      c->smd = file ? g_build_filename (dir, file, NULL) : NULL;
      c->place = at (t, line + (int) b->n_choices);
    }
  va_end (args);
}

static void
qc_sequence (TestQc *t, int line, const char *name, const char *file, float fps, bool loop)
{
  OssaQcSequence *s;

  t->qc.sequences = g_renew (OssaQcSequence, t->qc.sequences, t->qc.n_sequences + 1);
  s = &t->qc.sequences[t->qc.n_sequences++];
  s->name = g_strdup (name);
  s->smd = file ? g_build_filename (dir, file, NULL) : NULL;
  s->fps = fps;
  s->loop = loop;
  s->place = at (t, line);
}

static void
qc_free_test (TestQc *t)
{
  for (size_t b = 0; b < t->qc.n_bodies; b++)
    {
      for (size_t c = 0; c < t->qc.bodies[b].n_choices; c++)
        {
          g_free (t->qc.bodies[b].choices[c].name);
          g_free (t->qc.bodies[b].choices[c].smd);
        }
      g_free (t->qc.bodies[b].choices);
      g_free (t->qc.bodies[b].name);
    }
  for (size_t s = 0; s < t->qc.n_sequences; s++)
    {
      g_free (t->qc.sequences[s].name);
      g_free (t->qc.sequences[s].smd);
    }
  g_free (t->qc.bodies);
  g_free (t->qc.sequences);
  g_free (t->qc.files);
  g_free (t->qc_path);
  g_free (t);
}

static OssaDocument *
import (const TestQc *t, Notices *notices, OssaError *err)
{
  OssaSmdImportOptions options;

  ossa_smd_import_options_init (&options);
  if (notices != NULL)
    {
      options.callbacks.notice = on_notice;
      options.callbacks.user_data = notices;
    }
  return ossa_qc_import (&t->qc, &options, err);
}

/* The model of the tests: body, coat, heads {head_a, blank, head_b}; walk (12
 * fps, loop) and idle (the body's one frame, 30 fps). */
static TestQc *
model (void)
{
  TestQc *t = qc_new ();

  qc_body (t, 3, "body", "body", "body.smd", NULL);
  qc_body (t, 4, "coat", "coat", "coat.smd", NULL);
  qc_body (t, 5, "heads", "head_a", "head_a.smd", "blank", NULL, "head_b", "head_b.smd", NULL);
  qc_sequence (t, 10, "walk", "walk.smd", 12, true);
  qc_sequence (t, 11, "idle", "body.smd", 30, false);
  return t;
}

/* ---- checks against the reference ---- */

static size_t
bone (const OssaDocument *doc, const char *name)
{
  ssize_t b = ossa_skeleton_find_bone (&doc->skeleton, name);

  g_assert_cmpint (b, >=, 0);
  return (size_t) b;
}

/* locals (6 a bone) of the document's bones, by name, from a reference read of
 * path, frame f; bones the file lacks keep what fill has. */
static void
locals_from (const OssaDocument *doc, const char *path, size_t f, double *locals)
{
  RefSmd *r = ref_smd_read (path);
  size_t n = r->names->len;

  for (size_t k = 0; k < n; k++)
    memcpy (&locals[6 * bone (doc, g_ptr_array_index (r->names, k))],
            &g_array_index (r->values, double, (f * n + k) * 6), 6 * sizeof (double));
  ref_smd_free (r);
}

static int *
doc_parents (const OssaDocument *doc)
{
  int *p = g_new (int, doc->skeleton.n_bones);

  for (size_t i = 0; i < doc->skeleton.n_bones; i++)
    p[i] = doc->skeleton.bones[i].parent;
  return p;
}

/* The sampled joints of anim (NULL: rest) at t are the projected joints of locals. */
static void
assert_joints (const OssaDocument *doc, const OssaAnimation *anim, float t, const double *locals)
{
  size_t n = doc->skeleton.n_bones;
  int *parents = doc_parents (doc);
  double *want = g_new (double, 2 * n), *got = g_new (double, 2 * n);

  world_joints (n, parents, locals, 0, want);
  sample_joints (doc, anim, t, got);
  for (size_t i = 0; i < 2 * n; i++)
    assert_close (got[i], want[i], 1e-4);
  g_free (parents);
  g_free (want);
  g_free (got);
}

static const OssaMesh *
mesh (const OssaDocument *doc, const char *name)
{
  for (size_t i = 0; i < doc->n_meshes; i++)
    if (strcmp (doc->meshes[i].name, name) == 0)
      return &doc->meshes[i];
  g_error ("no mesh '%s'", name);
  return NULL;
}

/* Vertex i of m at rest, in world space. */
static void
vertex_world (const OssaDocument *doc, const OssaMesh *m, size_t i, double xy[2])
{
  OssaXform *world = g_new (OssaXform, doc->skeleton.n_bones);
  OssaVec2 p;

  ossa_skeleton_rest_world (&doc->skeleton, world);
  p = ossa_xform_apply (&world[m->bones[i]], (OssaVec2) { m->positions[2 * i], m->positions[2 * i + 1] });
  xy[0] = p.x;
  xy[1] = p.y;
  g_free (world);
}

/* ---- tests ---- */

static void
test_union (void)
{
  TestQc *t = model ();
  Notices notices = { 0, g_string_new (NULL) };
  OssaError err = { 0 };
  OssaDocument *doc = import (t, &notices, &err);
  static const char *names[] = { "root", "pelvis", "spine", "head", "coat" };
  static const int parents[] = { -1, 0, 1, 2, 1 };
  char *body = g_build_filename (dir, "body.smd", NULL), *coat = g_build_filename (dir, "coat.smd", NULL);
  char *walk = g_build_filename (dir, "walk.smd", NULL);
  double locals[6 * 5] = { 0 };

  if (doc == NULL)
    g_error ("%s:%d: %s", err.path, err.line, err.message);
  /* The union, in the order the bodies name them, parents by name. */
  g_assert_cmpuint (doc->skeleton.n_bones, ==, 5);
  for (size_t i = 0; i < 5; i++)
    {
      g_assert_cmpstr (doc->skeleton.bones[i].name, ==, names[i]);
      g_assert_cmpint (doc->skeleton.bones[i].parent, ==, parents[i]);
    }
  /* Rest: the body's bones from the body, the coat's own bone from the coat. */
  locals_from (doc, coat, 0, locals);
  locals_from (doc, body, 0, locals);
  assert_joints (doc, NULL, 0, locals);

  /* Meshes: one each, bodygroup choices named GROUP/CHOICE, the blank skipped. */
  g_assert_cmpuint (doc->n_meshes, ==, 4);
  g_assert_cmpstr (doc->meshes[0].name, ==, "body");
  g_assert_cmpstr (doc->meshes[1].name, ==, "coat");
  g_assert_cmpstr (doc->meshes[2].name, ==, "heads/head_a");
  g_assert_cmpstr (doc->meshes[3].name, ==, "heads/head_b");
  g_assert_cmpuint (mesh (doc, "body")->n_triangles, ==, 2);
  g_assert_cmpuint (mesh (doc, "coat")->bones[0], ==, bone (doc, "coat"));
  g_assert_cmpuint (mesh (doc, "coat")->bones[2], ==, bone (doc, "pelvis"));
  g_assert_cmpuint (mesh (doc, "heads/head_b")->bones[0], ==, bone (doc, "head"));
  /* The body's vertices rest where the file has them; the coat's move with their
   * bone from the coat's own pelvis rest to the skeleton's (the body's):
   * W_body(pelvis) · W_coat(pelvis)⁻¹ · v. */
  {
    const OssaMesh *m = mesh (doc, "body");
    double got[2];

    vertex_world (doc, m, 1, got);
    assert_close (got[0], 1, 1e-4);
    assert_close (got[1], 62, 1e-4);
  }
  {
    RefSmd *rb = ref_smd_read (body), *rc = ref_smd_read (coat);
    Pose3 wb[4], wc[3];
    const double v[2][3] = { { 6, 1, 30 }, { 4, 0, 36 } };

    world_poses (4, (const int *) (void *) rb->parents->data, (const double *) (void *) rb->values->data, wb);
    world_poses (3, (const int *) (void *) rc->parents->data, (const double *) (void *) rc->values->data, wc);
    for (int k = 0; k < 2; k++)
      {
        double off[3], local[3], world[3], want[2], got[2];

        for (int j = 0; j < 3; j++)
          off[j] = v[k][j] - wc[1].p[j];
        for (int j = 0; j < 3; j++)   /* Mᵀ off: the inverse of a rotation */
          local[j] = wc[1].m[0][j] * off[0] + wc[1].m[1][j] * off[1] + wc[1].m[2][j] * off[2];
        for (int j = 0; j < 3; j++)
          world[j] = wb[1].p[j] + wb[1].m[j][0] * local[0] + wb[1].m[j][1] * local[1] + wb[1].m[j][2] * local[2];
        plane_point (world, 0, want);
        vertex_world (doc, mesh (doc, "coat"), k == 0 ? 0 : 2, got);
        assert_close (got[0], want[0], 1e-3);
        assert_close (got[1], want[1], 1e-3);
      }
    ref_smd_free (rb);
    ref_smd_free (rc);
  }

  /* The walk moves the coat, a bone of the coat's mesh only. */
  {
    ssize_t w = ossa_document_find_animation (doc, "walk");

    g_assert_cmpint (w, ==, 0);
    g_assert_null (strstr (notices.text->str, "not in the skeleton"));
    for (size_t f = 0; f < 3; f++)
      {
        locals_from (doc, walk, f, locals);
        assert_joints (doc, &doc->animations[w], (float) (f / 12.0), locals);
      }
    g_assert_nonnull (ossa_animation_find_track (&doc->animations[w], (uint32_t) bone (doc, "coat"),
                                                 OSSA_CHANNEL_ROTATE));
  }
  ossa_document_free (doc);
  qc_free_test (t);
  g_string_free (notices.text, TRUE);
  g_free (body);
  g_free (coat);
  g_free (walk);
}

static void
test_sequences (void)
{
  TestQc *t = model ();
  Notices notices = { 0, g_string_new (NULL) };
  OssaError err = { 0 };
  OssaDocument *doc;

  /* walk named again through another spelling and a link: read once. */
  {
    char *link = g_build_filename (dir, "walk-link.smd", NULL);

    g_unlink (link);
    g_assert_cmpint (symlink ("walk.smd", link), ==, 0);
    g_free (link);
  }
  qc_sequence (t, 12, "run", "./walk.smd", 24, false);
  qc_sequence (t, 13, "jog", "walk-link.smd", 30, true);
  doc = import (t, &notices, &err);
  if (doc == NULL)
    g_error ("%s:%d: %s", err.path, err.line, err.message);
  g_assert_cmpuint (doc->n_animations, ==, 4);
  {
    static const char *names[] = { "walk", "idle", "run", "jog" };
    static const float fps[] = { 12, 30, 24, 30 };
    static const bool loop[] = { true, false, false, true };
    static const float duration[] = { 2 / 12.0f, 0, 2 / 24.0f, 2 / 30.0f };

    for (size_t i = 0; i < 4; i++)
      {
        const OssaAnimation *a = &doc->animations[i];

        g_assert_cmpstr (a->name, ==, names[i]);
        g_assert_cmpfloat (a->fps, ==, fps[i]);
        g_assert_true (a->loop == loop[i]);
        assert_close (a->duration, duration[i], 1e-6);
      }
  }
  /* walk.smd (3 names), head_a.smd, head_b.smd: one "version 2" notice each. */
  g_assert_cmpint (count_of (notices.text->str, "version 2: read as version 1"), ==, 3);
  g_assert_cmpint (count_of (notices.text->str, "walk.smd:1: version 2"), ==, 1);
  /* Each later naming said once, where it is: idle (body.smd), run and jog. */
  g_assert_cmpint (count_of (notices.text->str, "read once"), ==, 3);
  g_assert_cmpint (count_of (notices.text->str, "body.smd' is named again (first at "), ==, 1);
  g_assert_cmpint (count_of (notices.text->str, "/./walk.smd' is the same file as '"), ==, 1);
  g_assert_cmpint (count_of (notices.text->str, "walk-link.smd' is the same file as '"), ==, 1);
  g_assert_cmpint (count_of (notices.text->str, "model.qc:11: '"), ==, 1);
  g_assert_cmpint (count_of (notices.text->str, "model.qc:13: '"), ==, 1);
  ossa_document_free (doc);
  qc_free_test (t);
  g_string_free (notices.text, TRUE);
}

static void
assert_error (const OssaError *err, const char *path, int line, const char *part)
{
  if (strcmp (err->path, path) != 0 || err->line != line || strstr (err->message, part) == NULL)
    g_error ("expected %s:%d: …%s…, got %s:%d: %s", path, line, part, err->path, err->line, err->message);
}

static void
test_parents (void)
{
  char *coat = g_build_filename (dir, "coat.smd", NULL), *body = g_build_filename (dir, "body.smd", NULL);
  OssaError err = { 0 };
  TestQc *t;

  /* A second mesh hangs spine under root: its line 5 names both parents and
   * where the first came from. */
  {
    char *text = g_strdup (body_smd), *bad;
    char *want = g_strdup_printf ("bone 'spine' has parent 'root' here but parent 'pelvis' in the reference (%s:5)", body);

    memcpy (strstr (text, "2 \"spine\" 1"), "2 \"spine\" 0", strlen ("2 \"spine\" 0"));
    bad = write_file ("body-bad.smd", text);
    t = model ();
    qc_body (t, 7, "extra", "extra", "body-bad.smd", NULL);
    g_assert_null (import (t, NULL, &err));
    assert_error (&err, bad, 5, want);
    g_assert_nonnull (strstr (err.message, "illegal parent bone replacement"));
    qc_free_test (t);
    g_free (text);
    g_free (bad);
    g_free (want);
  }
  /* A sequence that makes the coat a root. */
  {
    GString *text = g_string_new (walk_smd);
    char *bad;

    g_assert_cmpuint (g_string_replace (text, "4 \"coat\" 1", "4 \"coat\" -1", 1), ==, 1);
    bad = write_file ("walk-bad.smd", text->str);
    t = model ();
    qc_sequence (t, 12, "bad", "walk-bad.smd", 30, false);
    g_assert_null (import (t, NULL, &err));
    assert_error (&err, bad, 7, "bone 'coat' has no parent here but parent 'pelvis' in the reference");
    g_assert_nonnull (strstr (err.message, coat));
    qc_free_test (t);
    g_string_free (text, TRUE);
    g_free (bad);
  }
  g_free (coat);
  g_free (body);
}

static void
test_errors (void)
{
  OssaError err = { 0 };
  TestQc *t;
  char *qc_path;

  /* A missing SMD: the .qc line that names it, before anything is read. */
  t = model ();
  qc_sequence (t, 14, "gone", "nowhere.smd", 30, false);
  qc_path = t->qc_path;
  g_assert_null (import (t, NULL, &err));
  assert_error (&err, qc_path, 14, "nowhere.smd");
  g_assert_cmpint (err.code, ==, OSSA_ERROR_IO);
  qc_free_test (t);

  t = model ();
  qc_body (t, 20, "lost", "lost", "lost.smd", NULL);
  g_assert_null (import (t, NULL, &err));
  assert_error (&err, t->qc_path, 21, "lost.smd");
  qc_free_test (t);

  /* A sequence with no file. */
  t = model ();
  qc_sequence (t, 15, "empty", NULL, 30, false);
  g_assert_null (import (t, NULL, &err));
  assert_error (&err, t->qc_path, 15, "sequence 'empty'");
  qc_free_test (t);

  /* No mesh at all (a blank only). */
  t = qc_new ();
  qc_body (t, 2, "nothing", "blank", NULL, NULL);
  qc_sequence (t, 3, "walk", "walk.smd", 30, false);
  g_assert_null (import (t, NULL, &err));
  assert_error (&err, t->qc_path, 0, "no reference mesh");
  qc_free_test (t);

  /* Two sequences of one name: the second's .qc line. */
  t = model ();
  qc_sequence (t, 16, "walk", "walk.smd", 30, false);
  g_assert_null (import (t, NULL, &err));
  assert_error (&err, t->qc_path, 16, "'walk'");
  qc_free_test (t);

  /* A broken SMD: its own file and line. */
  {
    char *bad = write_file ("broken.smd", "version 1\nnodes\n0 \"root\" -1\nend\nskeleton\ntime 0\n0 1 2\nend\n");

    t = model ();
    qc_sequence (t, 17, "broken", "broken.smd", 30, false);
    g_assert_null (import (t, NULL, &err));
    assert_error (&err, bad, 7, "");
    qc_free_test (t);
    g_free (bad);
  }
}

static void
test_scale_origin (void)
{
  TestQc *t = model ();
  OssaError err = { 0 };
  OssaDocument *doc;
  char *walk = g_build_filename (dir, "walk.smd", NULL);
  const double s = 2.5, o[3] = { 1, -2, 3 }, turn = 30;

  t->qc.scale = s;
  memcpy (t->qc.origin, o, sizeof o);
  t->qc.origin_rotation = turn;
  doc = import (t, NULL, &err);
  if (doc == NULL)
    g_error ("%s:%d: %s", err.path, err.line, err.message);
  /* Each joint: s · Rz(turn) (world − origin), from the file's own 3D joints. */
  for (size_t f = 0; f < 3; f++)
    {
      double locals[6 * 5] = { 0 }, got[10];
      int *parents = doc_parents (doc);
      Pose3 w[5];
      double c = cos (turn * G_PI / 180), sn = sin (turn * G_PI / 180);

      locals_from (doc, walk, f, locals);
      world_poses (5, parents, locals, w);
      sample_joints (doc, &doc->animations[0], (float) (f / 12.0), got);
      for (size_t i = 0; i < 5; i++)
        {
          double x = w[i].p[0] - o[0], y = w[i].p[1] - o[1], z = w[i].p[2] - o[2];

          assert_close (got[2 * i], s * (c * x - sn * y), 1e-3);
          assert_close (got[2 * i + 1], s * z, 1e-3);
        }
      g_free (parents);
    }
  /* A body vertex (1, 0, 62) the same way. */
  {
    double got[2];

    vertex_world (doc, mesh (doc, "body"), 1, got);
    assert_close (got[0], s * (cos (turn * G_PI / 180) * (1 - o[0]) - sin (turn * G_PI / 180) * (0 - o[1])), 1e-3);
    assert_close (got[1], s * (62 - o[2]), 1e-3);
  }
  ossa_document_free (doc);
  qc_free_test (t);
  g_free (walk);
}

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
  TestQc *t = model ();
  OssaSmdImportOptions options;
  atomic_bool cancel = false;
  double last = 0;
  OssaError err = { 0 };
  OssaDocument *doc;

  ossa_smd_import_options_init (&options);
  options.callbacks.progress = on_progress;
  options.callbacks.user_data = &last;
  options.callbacks.cancel = &cancel;
  doc = ossa_qc_import (&t->qc, &options, &err);
  g_assert_nonnull (doc);
  g_assert_cmpfloat (last, ==, 1);
  ossa_document_free (doc);
  atomic_store (&cancel, true);
  last = 0;
  g_assert_null (ossa_qc_import (&t->qc, &options, &err));
  g_assert_cmpint (err.code, ==, OSSA_ERROR_CANCELLED);
  g_assert_cmpfloat (last, <, 1);
  qc_free_test (t);
}

/* Two documents' meshes, the same to the bit: names, vertices, bones, UVs,
 * triangles, materials. */
static void
assert_same_meshes (const OssaDocument *a, const OssaDocument *b)
{
  g_assert_cmpuint (a->n_meshes, ==, b->n_meshes);
  for (size_t i = 0; i < a->n_meshes; i++)
    {
      const OssaMesh *x = &a->meshes[i], *y = &b->meshes[i];

      g_assert_cmpstr (x->name, ==, y->name);
      g_assert_cmpuint (x->n_vertices, ==, y->n_vertices);
      g_assert_cmpuint (x->n_triangles, ==, y->n_triangles);
      g_assert_cmpmem (x->bones, x->n_vertices * sizeof *x->bones, y->bones, y->n_vertices * sizeof *y->bones);
      g_assert_cmpmem (x->positions, 2 * x->n_vertices * sizeof (float), y->positions,
                       2 * y->n_vertices * sizeof (float));
      g_assert_true ((x->uvs == NULL) == (y->uvs == NULL));
      if (x->uvs != NULL)
        g_assert_cmpmem (x->uvs, 2 * x->n_vertices * sizeof (float), y->uvs, 2 * y->n_vertices * sizeof (float));
      g_assert_cmpmem (x->indices, 3 * x->n_triangles * sizeof *x->indices, y->indices,
                       3 * y->n_triangles * sizeof *y->indices);
      g_assert_cmpuint (x->n_materials, ==, y->n_materials);
      for (size_t m = 0; m < x->n_materials; m++)
        g_assert_cmpstr (x->materials[m], ==, y->materials[m]);
    }
}

/* The reader and the import together, from files on disk, as `ossa-cli
 * import-qc` runs them: model.qc in a folder of its own, its $cd pointing at the
 * SMDs' folder, and an $include from a subfolder (found from the including
 * file, not from $cd) that brings the coat, the heads and the walk. The document
 * is the hand-built model()'s, bit for bit, and its walk the reference's; a
 * missing SMD named in the included file is that file's FILE:LINE. */
static void
test_file (void)
{
  char *qc_dir = g_build_filename (dir, "qc", NULL), *parts = g_build_filename (qc_dir, "parts", NULL);
  char *qc_path = g_build_filename (qc_dir, "model.qc", NULL);
  char *qci_path = g_build_filename (parts, "heads.qci", NULL);
  char *lost_qc = g_build_filename (qc_dir, "lost.qc", NULL), *lost_qci = g_build_filename (parts, "lost.qci", NULL);
  char *coat = g_build_filename (dir, "coat.smd", NULL), *walk = g_build_filename (dir, "walk.smd", NULL);
  char *lost_smd = g_build_filename (qc_dir, "..", "lost.smd", NULL);  /* as $cd made it */
  Notices notices = { 0, g_string_new (NULL) };
  OssaSmdImportOptions options;
  OssaError err = { 0 };
  OssaDocument *doc, *by_hand;
  TestQc *t = model ();
  double locals[6 * 5] = { 0 };

  g_assert_cmpint (g_mkdir_with_parents (parts, 0700), ==, 0);
  g_assert_true (g_file_set_contents (qc_path,
                                      "$modelname \"model.mdl\"\n"
                                      "$cd \"..\"\n"
                                      "$body body \"body\"\n"
                                      "$include \"parts/heads.qci\"\n"
                                      "$sequence idle \"body\" fps 30\n", -1, NULL));
  g_assert_true (g_file_set_contents (qci_path,
                                      "$body coat \"coat\"\n"
                                      "$bodygroup heads\n"
                                      "{\n"
                                      "  studio \"head_a\"\n"
                                      "  blank\n"
                                      "  studio \"head_b.smd\"\n"
                                      "}\n"
                                      "$sequence walk {\n"
                                      "  \"walk\"\n"
                                      "  fps 12\n"
                                      "  loop\n"
                                      "}\n", -1, NULL));
  ossa_smd_import_options_init (&options);
  options.callbacks.notice = on_notice;
  options.callbacks.user_data = &notices;
  doc = ossa_qc_import_file (qc_path, &options, &err);
  if (doc == NULL)
    g_error ("%s:%d: %s", err.path, err.line, err.message);
  by_hand = import (t, NULL, &err);
  g_assert_nonnull (by_hand);
  g_assert_true (test_documents_equal (doc, by_hand));
  assert_same_meshes (doc, by_hand);
  g_assert_cmpstr (doc->animations[0].name, ==, "walk");
  g_assert_cmpfloat (doc->animations[0].fps, ==, 12);
  g_assert_true (doc->animations[0].loop);
  /* Every command understood; walk.smd, head_a.smd and head_b.smd each said
   * "version 2" once, as when the model was built by hand. */
  g_assert_cmpint (count_of (notices.text->str, "not used"), ==, 0);
  g_assert_cmpint (count_of (notices.text->str, "version 2: read as version 1"), ==, 3);
  /* The walk's joints, from the files themselves. */
  locals_from (doc, coat, 0, locals);
  for (size_t f = 0; f < 3; f++)
    {
      locals_from (doc, walk, f, locals);
      assert_joints (doc, &doc->animations[0], (float) (f / 12.0), locals);
    }
  ossa_document_free (doc);
  ossa_document_free (by_hand);

  /* A missing SMD in an included file: that file and line, the path after $cd. */
  g_assert_true (g_file_set_contents (lost_qc, "$cd \"..\"\n$include \"parts/lost.qci\"\n", -1, NULL));
  g_assert_true (g_file_set_contents (lost_qci, "$body body \"body\"\n$body lost \"lost\"\n", -1, NULL));
  g_assert_null (ossa_qc_import_file (lost_qc, NULL, &err));
  assert_error (&err, lost_qci, 2, lost_smd);

  for (const char *const *p = (const char *const[]) { qc_path, qci_path, lost_qc, lost_qci, NULL }; *p != NULL; p++)
    g_assert_cmpint (g_unlink (*p), ==, 0);
  g_assert_cmpint (g_rmdir (parts), ==, 0);
  g_assert_cmpint (g_rmdir (qc_dir), ==, 0);
  qc_free_test (t);
  g_string_free (notices.text, TRUE);
  g_free (qc_dir);
  g_free (parts);
  g_free (qc_path);
  g_free (qci_path);
  g_free (lost_qc);
  g_free (lost_qci);
  g_free (coat);
  g_free (walk);
  g_free (lost_smd);
}

/* The SDK's Barney through a .qc (one body, its walk): the same joints as the
 * tests' own projection. */
static void
test_sdk_barney (void)
{
  char *ref = testdata ("hlsdk_barney_hd_ref.smd"), *walk = testdata ("hlsdk_barney_hd_walk.smd");
  TestQc *t;
  OssaError err = { 0 };
  OssaDocument *doc;

  if (ref == NULL || walk == NULL)
    {
      g_test_skip ("OSSA_SHARED_TESTDATA/smd is not available");
      g_free (ref);
      g_free (walk);
      return;
    }
  t = qc_new ();
  qc_body (t, 2, "barney", "barney", NULL, NULL);
  g_free (t->qc.bodies[0].choices[0].smd);
  t->qc.bodies[0].choices[0].smd = g_strdup (ref);
  qc_sequence (t, 3, "walk", NULL, 30, true);
  t->qc.sequences[0].smd = g_strdup (walk);
  doc = import (t, NULL, &err);
  if (doc == NULL)
    g_error ("%s:%d: %s", err.path, err.line, err.message);
  g_assert_cmpuint (doc->skeleton.n_bones, ==, 44);
  g_assert_cmpuint (doc->n_meshes, ==, 1);
  g_assert_cmpuint (doc->meshes[0].n_triangles, ==, 1507);
  {
    double *locals = g_new0 (double, 6 * 44);

    locals_from (doc, ref, 0, locals);
    assert_joints (doc, NULL, 0, locals);
    for (size_t f = 0; f < 32; f += 10)
      {
        locals_from (doc, walk, f, locals);
        assert_joints (doc, &doc->animations[0], (float) (f / 30.0), locals);
      }
    g_free (locals);
  }
  g_assert_true (doc->animations[0].loop);
  ossa_document_free (doc);
  qc_free_test (t);
  g_free (ref);
  g_free (walk);
}

int
main (int argc, char **argv)
{
  int status;
  char *head_a = head_smd (2), *head_b = head_smd (4);
  const char *files[] = { "body.smd", "coat.smd", "head_a.smd", "head_b.smd", "walk.smd" };
  const char *texts[] = { body_smd, coat_smd, head_a, head_b, walk_smd };

  g_test_init (&argc, &argv, NULL);
  dir = g_dir_make_tmp ("ossa-test-qc-import-XXXXXX", NULL);
  g_assert_nonnull (dir);
  for (size_t i = 0; i < G_N_ELEMENTS (files); i++)
    g_free (write_file (files[i], texts[i]));
  g_test_add_func ("/qc-import/union", test_union);
  g_test_add_func ("/qc-import/sequences", test_sequences);
  g_test_add_func ("/qc-import/parents", test_parents);
  g_test_add_func ("/qc-import/errors", test_errors);
  g_test_add_func ("/qc-import/scale-origin", test_scale_origin);
  g_test_add_func ("/qc-import/progress-cancel", test_progress_cancel);
  g_test_add_func ("/qc-import/file", test_file);
  g_test_add_func ("/qc-import/sdk-barney", test_sdk_barney);
  status = g_test_run ();
  {
    GDir *d = g_dir_open (dir, 0, NULL);
    const char *name;

    while (d != NULL && (name = g_dir_read_name (d)) != NULL)
      {
        char *p = g_build_filename (dir, name, NULL);

        g_unlink (p);
        g_free (p);
      }
    if (d != NULL)
      g_dir_close (d);
  }
  g_rmdir (dir);
  g_free (dir);
  g_free (head_a);
  g_free (head_b);
  return status;
}
