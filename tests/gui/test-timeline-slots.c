/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The art on the timeline, in the editor's real window: a bone's slots listed
 * under it with their colour and attachment keys where their times are, the draw
 * order's row first, art keys picked and deleted (and back with undo), and K
 * keying the slots with their bone, or a picked slot alone, as one undo step. */
#define G_LOG_DOMAIN "test-timeline-slots"

#include "config.h"

#include <math.h>

#include <gtk/gtk.h>

#include "ossa.h"

#include "ossa-timeline-private.h"
#include "ossa-timeline-view-private.h"
#include "gui-test-app.h"

enum { BODY, ARM };
enum { HEAD, MOUTH };
#define FPS 30.0
#define RED 0xff0000ffu   /* the colour keyed on the head at frame 10 */

static OssaTimelineView *
view_of (AppFixture *f)
{
  return _ossa_timeline_get_view (f->window->timeline);
}

static const OssaAnimation *
animation (AppFixture *f)
{
  return &doc_of (f)->animations[ossa_editor_get_animation (editor_of (f))];
}

static const OssaSlotTrack *
slot_track (AppFixture *f, guint slot, OssaSlotChannel channel)
{
  const OssaAnimation *anim = animation (f);

  for (gsize i = 0; i < anim->n_slot_tracks; i++)
    if (anim->slot_tracks[i].slot == slot && anim->slot_tracks[i].channel == channel)
      return &anim->slot_tracks[i];
  return NULL;
}

static gboolean
has_slot_key (AppFixture *f, guint slot, OssaSlotChannel channel, double frame)
{
  const OssaSlotTrack *track = slot_track (f, slot, channel);

  return track != NULL && ossa_slot_track_find_key (track, (float) (frame / FPS)) >= 0;
}

static gboolean
has_draw_order_key (AppFixture *f, double frame)
{
  const OssaAnimation *anim = animation (f);

  for (gsize i = 0; i < anim->n_draw_order; i++)
    if (anim->draw_order[i].time == (float) (frame / FPS))
      return TRUE;
  return FALSE;
}

static gboolean
has_bone_key (AppFixture *f, guint bone, OssaChannel channel, double frame)
{
  const OssaTrack *track = ossa_animation_find_track (animation (f), bone, channel);

  return track != NULL && ossa_track_find_key (track, (float) (frame / FPS)) >= 0;
}

static double
x_of_frame (AppFixture *f, double frame)
{
  return _ossa_timeline_view_time_to_x (view_of (f), frame / FPS);
}

static double
slot_row (AppFixture *f, int slot)
{
  double y = 0;

  g_assert_true (_ossa_timeline_view_slot_row_y (view_of (f), slot, &y));
  return y;
}

/* A command of the core built and run, or the test stops saying why it was refused. */
#define RUN(editor, command_call)                                        \
  G_STMT_START                                                           \
  {                                                                      \
    OssaCommand *command_ = (command_call);                              \
    if (command_ == NULL)                                                \
      g_error ("%s: %s", #command_call, err.message);                    \
    execute ((editor), command_);                                        \
  }                                                                      \
  G_STMT_END

static void
flush (AppFixture *f)
{
  gui_test_flush (GTK_WIDGET (f->window));
}

/* A bone "body" (with a child "arm") holding two slots, head and mouth (a smile
 * and an open mouth), and an animation "cheer" in Animate mode: the head turns red
 * at frame 10, the draw order changes at 15 (the mouth behind the head), the mouth
 * opens at 20. The timeline is zoomed to 10 pixels a frame. */
static void
open_character (AppFixture *f)
{
  OssaEditor *editor;
  const guint behind[] = { MOUTH, HEAD };
  const OssaTransform at = ossa_transform_identity ();
  OssaError err = { 0 };
  double y;

  open_window_sized (f, 1280, 800);
  editor = editor_of (f);
  add_bone (editor, "body", -1);
  add_bone (editor, "arm", BODY);
  g_assert_cmpint (ossa_editor_add_animation (editor, "cheer", NULL), ==, 0);
  flush (f);
  /* No slots: no art rows at all. */
  g_assert_false (_ossa_timeline_view_slot_row_y (view_of (f), -1, &y));

  RUN (editor, ossa_command_add_image (ossa_editor_get_document (editor), "face",
                                           "face.png", NULL, 0, 64, 64, &err));
  RUN (editor, ossa_command_add_slot (ossa_editor_get_document (editor), "head", BODY,
                                          0xffffffffu, &err));
  RUN (editor, ossa_command_add_slot (ossa_editor_get_document (editor), "mouth", BODY,
                                          0xffffffffu, &err));
  RUN (editor, ossa_command_add_attachment (ossa_editor_get_document (editor), HEAD, "head",
                                            0, &at, 64, 64, &err));
  RUN (editor, ossa_command_add_attachment (ossa_editor_get_document (editor), MOUTH,
                                            "smile", 0, &at, 16, 8, &err));
  RUN (editor, ossa_command_add_attachment (ossa_editor_get_document (editor), MOUTH,
                                            "open", 0, &at, 16, 12, &err));

  ossa_editor_set_mode (editor, OSSA_EDIT_MODE_ANIMATE);
  ossa_editor_set_animation (editor, 0);
  ossa_editor_set_time (editor, 10 / FPS);
  g_assert_true (ossa_editor_set_slot_color (editor, HEAD, RED, 0, NULL));
  ossa_editor_set_time (editor, 15 / FPS);
  g_assert_true (ossa_editor_set_draw_order (editor, behind, 2, NULL));
  ossa_editor_set_time (editor, 20 / FPS);
  g_assert_true (ossa_editor_set_slot_attachment (editor, MOUTH, 1, NULL));
  ossa_editor_set_time (editor, 0);
  g_object_set (view_of (f), "pixels-per-second", 300.0, NULL);
  flush (f);
  g_assert_true (has_slot_key (f, HEAD, OSSA_SLOT_CHANNEL_COLOR, 10));
  g_assert_true (has_draw_order_key (f, 15));
  g_assert_true (has_slot_key (f, MOUTH, OSSA_SLOT_CHANNEL_ATTACHMENT, 20));
}

/* The key layer's pixel at widget (x, y), 0xAARRGGBB. */
static guint32
layer_pixel (AppFixture *f, double x, double y)
{
  OssaTimelineView *view = view_of (f);
  GdkTexture *layer;
  int width, height, scale;
  g_autofree guint32 *pixels = NULL;
  int px, py;

  flush (f);
  layer = view->layer;
  g_assert_nonnull (layer);
  width = gdk_texture_get_width (layer);
  height = gdk_texture_get_height (layer);
  scale = (int) lround (width / _ossa_timeline_view_key_width (view));
  scale = MAX (scale, 1);
  pixels = g_new (guint32, (gsize) width * height);
  gdk_texture_download (layer, (guchar *) pixels, (gsize) width * 4);
  px = (int) lround ((x - OSSA_TIMELINE_NAMES_WIDTH) * scale);
  py = (int) lround ((y - OSSA_TIMELINE_RULER_HEIGHT) * scale);
  g_assert_cmpint (px, >=, 0);
  g_assert_cmpint (px, <, width);
  g_assert_cmpint (py, >=, 0);
  g_assert_cmpint (py, <, height);
  return pixels[(gsize) py * width + px];
}

/* ---- the rows ---- */

static void
test_rows (AppFixture *f, gconstpointer data)
{
  OssaTimelineView *view;
  const OssaTimelineRow *row;
  OssaSlotKeyRef key;
  double body_y = 0, arm_y = 0;

  open_character (f);
  view = view_of (f);
  g_assert_true (_ossa_timeline_view_row_y (view, BODY, -1, &body_y));
  g_assert_true (_ossa_timeline_view_row_y (view, ARM, -1, &arm_y));
  /* The draw order first; then the bone, its two slots in their order, its child. */
  g_assert_cmpfloat (slot_row (f, -1), <, body_y);
  g_assert_cmpfloat (body_y, <, slot_row (f, HEAD));
  g_assert_cmpfloat (slot_row (f, HEAD), <, slot_row (f, MOUTH));
  g_assert_cmpfloat (slot_row (f, MOUTH), <, arm_y);
  row = _ossa_timeline_view_row_at (view, slot_row (f, MOUTH));
  g_assert_nonnull (row);
  g_assert_cmpint (row->kind, ==, OSSA_TIMELINE_ROW_SLOT);
  g_assert_cmpuint (row->slot, ==, MOUTH);
  g_assert_cmpuint (row->bone, ==, BODY);

  /* The head's colour key at frame 10, not at 5 nor at 20. */
  row = _ossa_timeline_view_row_at (view, slot_row (f, HEAD));
  g_assert_true (_ossa_timeline_view_slot_key_at (view, row, x_of_frame (f, 10), &key));
  g_assert_cmpint (key.slot, ==, HEAD);
  g_assert_cmpint (key.channel, ==, OSSA_SLOT_CHANNEL_COLOR);
  g_assert_cmpfloat (key.time, ==, (float) (10 / FPS));
  g_assert_false (_ossa_timeline_view_slot_key_at (view, row, x_of_frame (f, 5), &key));
  g_assert_false (_ossa_timeline_view_slot_key_at (view, row, x_of_frame (f, 20), &key));
  /* Drawn there as a swatch of red, and nothing drawn between keys. */
  g_assert_cmphex (layer_pixel (f, x_of_frame (f, 10), slot_row (f, HEAD)), ==, 0xffff0000u);
  g_assert_cmphex (layer_pixel (f, x_of_frame (f, 5), slot_row (f, HEAD)), ==, 0);

  /* The mouth's attachment key at 20, a diamond of the attachment colour. */
  row = _ossa_timeline_view_row_at (view, slot_row (f, MOUTH));
  g_assert_true (_ossa_timeline_view_slot_key_at (view, row, x_of_frame (f, 20), &key));
  g_assert_cmpint (key.slot, ==, MOUTH);
  g_assert_cmpint (key.channel, ==, OSSA_SLOT_CHANNEL_ATTACHMENT);
  g_assert_cmpfloat (key.time, ==, (float) (20 / FPS));
  g_assert_false (_ossa_timeline_view_slot_key_at (view, row, x_of_frame (f, 10), &key));
  g_assert_cmphex (layer_pixel (f, x_of_frame (f, 20), slot_row (f, MOUTH)), ==, 0xff4fc1b8u);

  /* The draw order's key at 15. */
  row = _ossa_timeline_view_row_at (view, slot_row (f, -1));
  g_assert_cmpint (row->kind, ==, OSSA_TIMELINE_ROW_DRAW_ORDER);
  g_assert_true (_ossa_timeline_view_slot_key_at (view, row, x_of_frame (f, 15), &key));
  g_assert_cmpint (key.slot, ==, -1);
  g_assert_cmpfloat (key.time, ==, (float) (15 / FPS));
  g_assert_false (_ossa_timeline_view_slot_key_at (view, row, x_of_frame (f, 20), &key));
  g_assert_cmphex (layer_pixel (f, x_of_frame (f, 15), slot_row (f, -1)), ==, 0xffa98be8u);

  /* A slot removed: its row goes (OSSA_CHANGE_ART). */
  g_assert_true (ossa_editor_remove_slot (editor_of (f), MOUTH, NULL));
  flush (f);
  {
    double y;

    g_assert_false (_ossa_timeline_view_slot_row_y (view, MOUTH, &y));
    g_assert_true (_ossa_timeline_view_slot_row_y (view, HEAD, &y));
  }
}

/* ---- picking and deleting art keys ---- */

static void
click (AppFixture *f, double x, double y, GdkModifierType state)
{
  _ossa_timeline_view_press (view_of (f), x, y, state);
  _ossa_timeline_view_release (view_of (f), x, y, state);
  flush (f);
}

static gsize
n_picked (AppFixture *f)
{
  gsize n = 0;

  _ossa_timeline_view_get_selected_slot_keys (view_of (f), &n);
  return n;
}

static void
press_delete (AppFixture *f)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view_of (f)), "timeline.delete-keys",
                                             NULL));
  flush (f);
}

static void
test_delete (AppFixture *f, gconstpointer data)
{
  open_character (f);

  /* A click on the mouth's key picks it, and it is drawn picked. */
  click (f, x_of_frame (f, 20), slot_row (f, MOUTH), 0);
  g_assert_cmpuint (n_picked (f), ==, 1);
  g_assert_cmphex (layer_pixel (f, x_of_frame (f, 20), slot_row (f, MOUTH)), !=, 0xff4fc1b8u);
  press_delete (f);
  g_assert_false (has_slot_key (f, MOUTH, OSSA_SLOT_CHANNEL_ATTACHMENT, 20));
  g_assert_true (has_slot_key (f, HEAD, OSSA_SLOT_CHANNEL_COLOR, 10));
  g_assert_cmpuint (n_picked (f), ==, 0);
  g_assert_cmphex (layer_pixel (f, x_of_frame (f, 20), slot_row (f, MOUTH)), ==, 0);
  g_assert_true (activate (f, "undo", NULL));
  g_assert_true (has_slot_key (f, MOUTH, OSSA_SLOT_CHANNEL_ATTACHMENT, 20));
  g_assert_cmphex (layer_pixel (f, x_of_frame (f, 20), slot_row (f, MOUTH)), ==, 0xff4fc1b8u);

  /* The head's colour and the draw order's key together (Shift adds): one step. */
  click (f, x_of_frame (f, 10), slot_row (f, HEAD), 0);
  click (f, x_of_frame (f, 15), slot_row (f, -1), GDK_SHIFT_MASK);
  g_assert_cmpuint (n_picked (f), ==, 2);
  press_delete (f);
  g_assert_false (has_slot_key (f, HEAD, OSSA_SLOT_CHANNEL_COLOR, 10));
  g_assert_false (has_draw_order_key (f, 15));
  g_assert_true (has_slot_key (f, MOUTH, OSSA_SLOT_CHANNEL_ATTACHMENT, 20));
  g_assert_true (activate (f, "undo", NULL));
  g_assert_true (has_slot_key (f, HEAD, OSSA_SLOT_CHANNEL_COLOR, 10));
  g_assert_true (has_draw_order_key (f, 15));

  /* A click on a bone's key instead: the art keys are no longer picked. */
  click (f, x_of_frame (f, 15), slot_row (f, -1), 0);
  g_assert_cmpuint (n_picked (f), ==, 1);
  ossa_editor_set_time (editor_of (f), 5 / FPS);
  g_assert_true (ossa_editor_key_bones (editor_of (f), (const guint[]) { ARM }, 1, NULL));
  flush (f);
  {
    double arm_y = 0;

    g_assert_true (_ossa_timeline_view_row_y (view_of (f), ARM, -1, &arm_y));
    click (f, x_of_frame (f, 5), arm_y, 0);
  }
  g_assert_cmpuint (n_picked (f), ==, 0);
  /* And back: a click on an art key leaves no bone key picked. */
  click (f, x_of_frame (f, 20), slot_row (f, MOUTH), 0);
  g_assert_cmpuint (n_picked (f), ==, 1);
  {
    gsize n = 0;

    ossa_editor_get_selected_keys (editor_of (f), &n);
    g_assert_cmpuint (n, ==, 0);
  }
}

/* ---- K ---- */

static void
test_key_bone_keys_slots (AppFixture *f, gconstpointer data)
{
  const guint body = BODY;

  open_character (f);
  select_bones (f, &body, 1);
  ossa_editor_set_time (editor_of (f), 25 / FPS);
  g_assert_true (activate (f, "key-bones", NULL));
  for (int c = 0; c < OSSA_N_CHANNELS; c++)
    g_assert_true (has_bone_key (f, BODY, (OssaChannel) c, 25));
  g_assert_false (has_bone_key (f, ARM, OSSA_CHANNEL_ROTATE, 25));
  /* The slots on the bone, with what they show at frame 25: the head red, the
   * mouth open. */
  for (guint s = HEAD; s <= MOUTH; s++)
    {
      g_assert_true (has_slot_key (f, s, OSSA_SLOT_CHANNEL_COLOR, 25));
      g_assert_true (has_slot_key (f, s, OSSA_SLOT_CHANNEL_ATTACHMENT, 25));
    }
  {
    const OssaSlotTrack *color = slot_track (f, HEAD, OSSA_SLOT_CHANNEL_COLOR);
    const OssaSlotTrack *att = slot_track (f, MOUTH, OSSA_SLOT_CHANNEL_ATTACHMENT);

    g_assert_cmphex (color->colors[ossa_slot_track_find_key (color, (float) (25 / FPS))], ==,
                     RED);
    g_assert_cmpint (att->attachments[ossa_slot_track_find_key (att, (float) (25 / FPS))], ==, 1);
  }
  /* The timeline shows them. */
  {
    OssaSlotKeyRef key;
    const OssaTimelineRow *row = _ossa_timeline_view_row_at (view_of (f), slot_row (f, MOUTH));

    flush (f);
    g_assert_true (_ossa_timeline_view_slot_key_at (view_of (f), row, x_of_frame (f, 25), &key));
  }

  /* One undo takes all of them away, and only them. */
  g_assert_true (activate (f, "undo", NULL));
  for (int c = 0; c < OSSA_N_CHANNELS; c++)
    g_assert_false (has_bone_key (f, BODY, (OssaChannel) c, 25));
  for (guint s = HEAD; s <= MOUTH; s++)
    {
      g_assert_false (has_slot_key (f, s, OSSA_SLOT_CHANNEL_COLOR, 25));
      g_assert_false (has_slot_key (f, s, OSSA_SLOT_CHANNEL_ATTACHMENT, 25));
    }
  g_assert_true (has_slot_key (f, HEAD, OSSA_SLOT_CHANNEL_COLOR, 10));
  g_assert_true (has_slot_key (f, MOUTH, OSSA_SLOT_CHANNEL_ATTACHMENT, 20));
}

static void
test_key_picked_slot (AppFixture *f, gconstpointer data)
{
  open_character (f);
  ossa_editor_select_slot (editor_of (f), MOUTH, 1);
  gui_test_iterate ();
  ossa_editor_set_time (editor_of (f), 25 / FPS);
  g_assert_true (enabled (f, "key-bones"));
  g_assert_true (activate (f, "key-bones", NULL));
  g_assert_true (has_slot_key (f, MOUTH, OSSA_SLOT_CHANNEL_COLOR, 25));
  g_assert_true (has_slot_key (f, MOUTH, OSSA_SLOT_CHANNEL_ATTACHMENT, 25));
  /* The slot alone: not the other slot, not its bone. */
  g_assert_false (has_slot_key (f, HEAD, OSSA_SLOT_CHANNEL_COLOR, 25));
  g_assert_false (has_bone_key (f, BODY, OSSA_CHANNEL_ROTATE, 25));
  g_assert_true (activate (f, "undo", NULL));
  g_assert_false (has_slot_key (f, MOUTH, OSSA_SLOT_CHANNEL_COLOR, 25));
  g_assert_false (has_slot_key (f, MOUTH, OSSA_SLOT_CHANNEL_ATTACHMENT, 25));
  g_assert_true (has_slot_key (f, MOUTH, OSSA_SLOT_CHANNEL_ATTACHMENT, 20));

  /* Nothing picked: nothing to key. */
  ossa_editor_select_slot (editor_of (f), -1, -1);
  gui_test_iterate ();
  g_assert_false (enabled (f, "key-bones"));
}

int
main (int argc, char **argv)
{
  if (!gui_test_display_or_skip ())
    return 0;

  gtk_test_init (&argc, &argv, NULL);
  APP_TEST_ADD ("/timeline-slots/rows", test_rows);
  APP_TEST_ADD ("/timeline-slots/delete", test_delete);
  APP_TEST_ADD ("/timeline-slots/key-bone-keys-slots", test_key_bone_keys_slots);
  APP_TEST_ADD ("/timeline-slots/key-picked-slot", test_key_picked_slot);
  return g_test_run ();
}
