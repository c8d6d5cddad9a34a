/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The canvas's warm-up: soon after it is realized, while its document is still
 * empty, every GL program it has draws once, so that a software renderer
 * (llvmpipe, which makes a program's machine code at its first draw) does that
 * work then and not in the first frame of the document opened next. The test
 * opens a document that uses every program (bones, joints, a mesh, the onion
 * skin and the motion path) and checks that its frame's programs had all drawn
 * before: stats.cold_draws (programs drawing for the first time) stays put. */
#define G_LOG_DOMAIN "test-canvas-warm"

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <gtk/gtk.h>

#include "ossa.h"

#include "ossa-canvas-private.h"
#include "ossa-editor.h"
#include "gui-test-canvas.h"

/* Two bones, a triangle on the first, and an animation that turns the second,
 * so that Animate mode shows ghosts and a motion path. */
static OssaDocument *
make_document (void)
{
  OssaDocument *doc = ossa_document_new ();
  OssaTransform root = { 0, 0, 0, 1, 1 };
  OssaTransform arm = { 100, 0, 0.5f, 1, 1 };
  OssaMesh *mesh;

  g_assert_cmpint (ossa_skeleton_add_bone (&doc->skeleton, "root", -1, &root, 100, 0xd02020ffu,
                                           NULL), ==, 0);
  g_assert_cmpint (ossa_skeleton_add_bone (&doc->skeleton, "arm", 0, &arm, 80, 0x20c030ffu,
                                           NULL), ==, 1);
  doc->meshes = calloc (1, sizeof *doc->meshes);
  g_assert_nonnull (doc->meshes);
  doc->n_meshes = 1;
  mesh = &doc->meshes[0];
  g_assert_true (ossa_mesh_init (mesh, "skin"));
  mesh->n_vertices = 3;
  mesh->bones = calloc (3, sizeof *mesh->bones);
  mesh->positions = malloc (6 * sizeof *mesh->positions);
  mesh->n_triangles = 1;
  mesh->indices = malloc (3 * sizeof *mesh->indices);
  g_assert_true (mesh->bones != NULL && mesh->positions != NULL && mesh->indices != NULL);
  memcpy (mesh->positions, (const float[]) { 0, -20, 100, -20, 50, 40 }, 6 * sizeof (float));
  memcpy (mesh->indices, (const uint32_t[]) { 0, 1, 2 }, 3 * sizeof (uint32_t));
  return doc;
}

static guint
stats_of (OssaCanvas *canvas, OssaCanvasStats *stats)
{
  _ossa_canvas_get_stats (canvas, stats);
  return stats->cold_draws;
}

static gboolean
wake_cb (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

static void
test_canvas_warm_before_document (void)
{
  OssaEditor *editor = ossa_editor_new ();
  GtkWidget *window = gtk_window_new ();
  OssaCanvas *canvas = OSSA_CANVAS (ossa_canvas_new ());
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  guint warmed = OSSA_CANVAS_PROGRAM_BONES | OSSA_CANVAS_PROGRAM_JOINTS
                 | OSSA_CANVAS_PROGRAM_MESHES | OSSA_CANVAS_PROGRAM_SEGMENTS;
  OssaCanvasStats stats;
  guint cold, wake, arm = 1;
  OssaTransform local;

  ossa_canvas_set_editor (canvas, editor);
  gtk_window_set_default_size (GTK_WINDOW (window), 480, 360);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (canvas));
  gtk_window_present (GTK_WINDOW (window));
  gui_test_canvas_wait_frame (canvas);

  /* The empty document's frames draw the grid; the rest warms up after them, when
   * the main loop is idle (a timer wakes it to look at the deadline). */
  wake = g_timeout_add (20, wake_cb, NULL);
  while ((stats_of (canvas, &stats), stats.warm_programs & warmed) != warmed
         && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (wake);
  cold = stats.cold_draws;
  g_assert_cmpuint (cold, <=, 1);   /* the grid, in the empty window's first frame */

  /* A document that uses every program, in Animate mode with the previews on. */
  ossa_editor_take_document (editor, make_document ());
  g_assert_cmpint (ossa_editor_add_animation (editor, "turn", NULL), ==, 0);
  g_assert_true (ossa_editor_set_animation_props (editor, 0, "turn", 1.0, 30, FALSE, NULL));
  ossa_editor_set_mode (editor, OSSA_EDIT_MODE_ANIMATE);
  ossa_editor_select (editor, &arm, 1, FALSE);
  g_assert_true (ossa_editor_key_bones (editor, &arm, 1, NULL));
  ossa_editor_set_time (editor, 1.0);
  local = ossa_editor_get_local (editor)[arm];
  local.rotation = -0.5f;
  g_assert_true (ossa_editor_set_bone_local (editor, arm, &local, 0, NULL));
  ossa_editor_set_time (editor, 0.5);
  g_object_set (canvas, "onion-skin", TRUE, "onion-frames", 10, "show-motion-path", TRUE, NULL);
  gui_test_canvas_wait_frame (canvas);

  _ossa_canvas_get_stats (canvas, &stats);
  /* It drew the grid, the mesh, the ghosts, the bones, the joints and the path… */
  g_assert_cmpuint (stats.n_instances, ==, 2);
  g_assert_cmpuint (stats.n_ghosts, >, 0);
  g_assert_cmpuint (stats.draw_calls, ==, 6);
  /* …and none of them for the first time: the warm-up had drawn them all. */
  g_assert_cmpuint (stats.cold_draws, ==, cold);
  g_assert_cmphex (stats.warm_programs & warmed, ==, warmed);

  gtk_window_destroy (GTK_WINDOW (window));
  gui_test_iterate ();
  g_object_unref (editor);
}

int
main (int argc, char *argv[])
{
  if (!gui_test_display_or_skip ())
    return 0;
  gtk_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ossa/canvas/warm-before-document", test_canvas_warm_before_document);
  return g_test_run ();
}
