/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The SMD import across files: an animation that gives a bone another parent
 * than the reference is refused with its FILE:LINE, naming the bone and both
 * parents (ossa_smd_add_animation() and ossa_smd_import_files() alike), and one
 * file named twice (the same path, another spelling, a symbolic or hard link) is
 * read and imported once, with a notice. Reads are counted by the "version 2"
 * notice the reader gives each time it reads such a file; the imported joints are
 * checked against test-smd-reference.h, which knows nothing of the importer. */
#include <unistd.h>

#include <glib/gstdio.h>

#include "ossa.h"
#include "test-helpers.h"

#include "test-smd-reference.h"
#include "test-smd-support.h"

static const char ref_text[] =
  "version 1\n"
  "nodes\n"
  "0 \"root\" -1\n"
  "1 \"spine\" 0\n"
  "2 \"arm\" 1\n"
  "end\n"
  "skeleton\n"
  "time 0\n"
  "0 0 0 0 0 0 0\n"
  "1 0 0 10 0 0 0\n"
  "2 5 0 0 0 0.3 0\n"
  "end\n";

/* An animation of ref's bones with arm's parent line replaced by arm_line. */
static char *
anim_text (const char *version, const char *arm_line)
{
  return g_strdup_printf ("version %s\n"
                          "nodes\n"
                          "0 \"root\" -1\n"
                          "1 \"spine\" 0\n"
                          "%s\n"
                          "end\n"
                          "skeleton\n"
                          "time 0\n"
                          "0 0 0 0 0 0 0\n"
                          "1 0 0 10 0.2 0 0\n"
                          "2 5 0 0 0 0.3 0\n"
                          "time 1\n"
                          "0 1 0 0 0 0 0\n"
                          "1 0 0 10 0.4 0 0.5\n"
                          "2 5 0 0 0 0.6 0\n"
                          "time 2\n"
                          "0 2 0 1 0 0 0\n"
                          "1 0 0 10 0.6 0.1 1\n"
                          "2 5 0 0 0 0.9 0\n"
                          "end\n", version, arm_line);
}

static char *dir;

static char *
write_file (const char *name, const char *text)
{
  char *path = g_build_filename (dir, name, NULL);

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  return path;
}

/* ---- parents ---- */

static void
assert_parent_error (const OssaError *err, const char *path, int line, const char *bone,
                     const char *here, const char *there)
{
  char *want_bone = g_strdup_printf ("bone '%s' has %s here but %s in the reference", bone, here, there);

  g_assert_cmpstr (err->path, ==, path);
  g_assert_cmpint (err->line, ==, line);
  if (strstr (err->message, want_bone) == NULL || strstr (err->message, "illegal parent bone replacement") == NULL)
    g_error ("expected '%s' in: %s", want_bone, err->message);
  g_free (want_bone);
}

static void
test_parent_mismatch (void)
{
  char *ref = write_file ("ref.smd", ref_text);
  char *moved_text = anim_text ("1", "2 \"arm\" 0");
  char *rooted_text = anim_text ("1", "2 \"arm\" -1");
  char *moved = write_file ("moved.smd", moved_text);
  char *rooted = write_file ("rooted.smd", rooted_text);
  char *ref_where = g_strdup_printf ("(%s:5)", ref);
  const char *paths[2] = { ref, moved };
  OssaError err = { 0 };
  OssaSmd *r, *a;
  OssaDocument *doc;

  /* The whole import: nothing made. */
  g_assert_null (ossa_smd_import_files (paths, 2, NULL, &err));
  assert_parent_error (&err, moved, 5, "arm", "parent 'root'", "parent 'spine'");
  g_assert_nonnull (strstr (err.message, ref_where));
  paths[1] = rooted;
  g_assert_null (ossa_smd_import_files (paths, 2, NULL, &err));
  assert_parent_error (&err, rooted, 5, "arm", "no parent", "parent 'spine'");

  /* One animation added to a document: refused, the document unchanged. */
  r = ossa_smd_read (ref, NULL, &err);
  a = ossa_smd_read (moved, NULL, &err);
  g_assert_nonnull (r);
  g_assert_nonnull (a);
  doc = ossa_smd_to_document (r, "ref", NULL, &err);
  g_assert_nonnull (doc);
  g_assert_cmpint (ossa_smd_add_animation (doc, r, a, "moved", NULL, &err), ==, -1);
  assert_parent_error (&err, moved, 5, "arm", "parent 'root'", "parent 'spine'");
  g_assert_cmpuint (doc->n_animations, ==, 0);
  g_assert_cmpuint (doc->skeleton.n_bones, ==, 3);
  g_assert_cmpint (doc->skeleton.bones[2].parent, ==, 1);
  ossa_document_free (doc);
  ossa_smd_free (a);

  /* The other way round: a root in the reference that the animation parents. */
  {
    char *spine_root = g_strdup ("version 1\nnodes\n0 \"root\" -1\n1 \"spine\" -1\n2 \"arm\" 1\nend\n"
                                 "skeleton\ntime 0\n0 0 0 0 0 0 0\n1 0 0 10 0 0 0\n2 5 0 0 0 0.3 0\nend\n");
    char *path;

    path = write_file ("spine-root.smd", spine_root);
    paths[0] = path;
    paths[1] = moved;
    g_assert_null (ossa_smd_import_files (paths, 2, NULL, &err));
    g_assert_cmpstr (err.path, ==, moved);
    g_assert_cmpint (err.line, ==, 4);
    g_assert_nonnull (strstr (err.message, "bone 'spine' has parent 'root' here but no parent in the reference"));
    g_unlink (path);
    g_free (path);
    g_free (spine_root);
  }

  /* Agreeing parents import (the check does not refuse good files). */
  {
    char *good_text = anim_text ("1", "2 \"arm\" 1");
    char *good = write_file ("good.smd", good_text);

    paths[0] = ref;
    paths[1] = good;
    doc = ossa_smd_import_files (paths, 2, NULL, &err);
    g_assert_nonnull (doc);
    g_assert_cmpuint (doc->n_animations, ==, 1);
    ossa_document_free (doc);
    g_unlink (good);
    g_free (good);
    g_free (good_text);
  }
  ossa_smd_free (r);
  g_unlink (ref);
  g_unlink (moved);
  g_unlink (rooted);
  g_free (ref);
  g_free (moved);
  g_free (rooted);
  g_free (moved_text);
  g_free (rooted_text);
  g_free (ref_where);
}

/* ---- one file, several names ---- */

/* The 2D joints of doc's animation `name` at each of the file's frames equal the
 * projected 3D joints of that frame. */
static void
assert_animation_is (const OssaDocument *doc, const char *name, const char *path)
{
  ssize_t a = ossa_document_find_animation (doc, name);
  RefSmd *r = ref_smd_read (path);
  size_t n = r->names->len;
  double *want = g_new (double, 2 * n), *got = g_new (double, 2 * n);

  g_assert_cmpint (a, >=, 0);
  g_assert_cmpuint (doc->skeleton.n_bones, ==, n);
  for (size_t f = 0; f < r->frames->len; f++)
    {
      world_joints (n, (const int *) (void *) r->parents->data,
                    &g_array_index (r->values, double, f * n * 6), 0, want);
      sample_joints (doc, &doc->animations[a], (float) (f / 30.0), got);
      for (size_t i = 0; i < 2 * n; i++)
        assert_close (got[i], want[i], 1e-4);
    }
  g_free (want);
  g_free (got);
  ref_smd_free (r);
}

static OssaDocument *
import_counting (const char *const *paths, size_t n, Notices *notices)
{
  OssaSmdImportOptions options;
  OssaError err = { 0 };
  OssaDocument *doc;

  ossa_smd_import_options_init (&options);
  options.callbacks.notice = on_notice;
  options.callbacks.user_data = notices;
  g_string_truncate (notices->text, 0);
  notices->notices = 0;
  doc = ossa_smd_import_files (paths, n, &options, &err);
  if (doc == NULL)
    g_error ("%s:%d: %s", err.path, err.line, err.message);
  return doc;
}

static void
test_same_file (void)
{
  /* "version 2": the reader says so each time it reads the file. */
  char *walk_text = anim_text ("2", "2 \"arm\" 1");
  char *walk = write_file ("walk.smd", walk_text);
  char *sub = g_build_filename (dir, "sub", NULL);
  char *dotted = g_build_filename (dir, "sub", "..", ".", "walk.smd", NULL);
  char *sym = g_build_filename (dir, "link.smd", NULL);
  char *hard = g_build_filename (dir, "hard.smd", NULL);
  char *copy = write_file ("copy.smd", walk_text);
  Notices notices = { 0, g_string_new (NULL) };
  OssaDocument *doc;

  g_assert_cmpint (g_mkdir (sub, 0700), ==, 0);
  g_assert_cmpint (symlink ("walk.smd", sym), ==, 0);
  g_assert_cmpint (link (walk, hard), ==, 0);

  /* An animation as reference and as animation: its animation once. */
  {
    const char *paths[2] = { walk, walk };

    doc = import_counting (paths, 2, &notices);
    g_assert_cmpuint (doc->n_animations, ==, 1);
    g_assert_cmpint (count_of (notices.text->str, "version 2: read as version 1"), ==, 1);
    g_assert_cmpint (count_of (notices.text->str, "the same file as the reference"), ==, 1);
    assert_animation_is (doc, "walk", walk);
    ossa_document_free (doc);
  }
  /* Any spelling, a symbolic link, a hard link: one file, read once. */
  {
    const char *paths[5] = { walk, dotted, sym, hard, walk };

    doc = import_counting (paths, 5, &notices);
    g_assert_cmpuint (doc->n_animations, ==, 1);
    g_assert_cmpint (count_of (notices.text->str, "version 2: read as version 1"), ==, 1);
    g_assert_cmpint (count_of (notices.text->str, "imported once"), ==, 4);
    g_assert_nonnull (strstr (notices.text->str, sym));
    assert_animation_is (doc, "walk", walk);
    ossa_document_free (doc);
  }
  /* A one-frame reference named again as an animation: read once, and its frame
   * an animation (as a second read made it before). */
  {
    char *ref = write_file ("ref.smd", ref_text);
    char *ref_link = g_build_filename (dir, "pose.smd", NULL);
    const char *paths[3] = { ref, ref_link, walk };

    g_assert_cmpint (symlink ("ref.smd", ref_link), ==, 0);
    doc = import_counting (paths, 3, &notices);
    g_assert_cmpuint (doc->n_animations, ==, 2);
    g_assert_cmpint (ossa_document_find_animation (doc, "pose"), >=, 0);
    g_assert_cmpint (count_of (notices.text->str, "read once"), ==, 1);
    assert_animation_is (doc, "walk", walk);
    ossa_document_free (doc);
    g_unlink (ref_link);
    g_unlink (ref);
    g_free (ref_link);
    g_free (ref);
  }
  /* The same bytes in another file are another file: read twice, two animations. */
  {
    const char *paths[2] = { walk, copy };

    doc = import_counting (paths, 2, &notices);
    g_assert_cmpuint (doc->n_animations, ==, 2);
    g_assert_cmpint (count_of (notices.text->str, "version 2: read as version 1"), ==, 2);
    g_assert_cmpint (count_of (notices.text->str, "once"), ==, 0);
    ossa_document_free (doc);
  }
  g_unlink (sym);
  g_unlink (hard);
  g_unlink (copy);
  g_unlink (walk);
  g_rmdir (sub);
  g_string_free (notices.text, TRUE);
  g_free (walk_text);
  g_free (walk);
  g_free (sub);
  g_free (dotted);
  g_free (sym);
  g_free (hard);
  g_free (copy);
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  dir = g_dir_make_tmp ("ossa-test-smd-files-XXXXXX", NULL);
  g_assert_nonnull (dir);
  g_test_add_func ("/smd-files/parent-mismatch", test_parent_mismatch);
  g_test_add_func ("/smd-files/same-file", test_same_file);
  status = g_test_run ();
  g_rmdir (dir);
  g_free (dir);
  return status;
}
