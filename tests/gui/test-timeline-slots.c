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

static void
drag (AppFixture *f, double x0, double x1, double y)
{
  _ossa_timeline_view_press (view_of (f), x0, y, 0);
  for (int i = 1; i <= 4; i++)
    _ossa_timeline_view_motion (view_of (f), x0 + (x1 - x0) * i / 4, y, 0);
  _ossa_timeline_view_release (view_of (f), x1, y, 0);
  flush (f);
}

static void
test_move (AppFixture *f, gconstpointer data)
{
  open_character (f);

  /* The mouth's key dragged from frame 20 to 25: drawn there, still picked. */
  drag (f, x_of_frame (f, 20), x_of_frame (f, 25), slot_row (f, MOUTH));
  g_assert_false (has_slot_key (f, MOUTH, OSSA_SLOT_CHANNEL_ATTACHMENT, 20));
  g_assert_true (has_slot_key (f, MOUTH, OSSA_SLOT_CHANNEL_ATTACHMENT, 25));
  g_assert_cmpint (slot_track (f, MOUTH, OSSA_SLOT_CHANNEL_ATTACHMENT)->attachments[0], ==, 1);
  g_assert_cmpuint (n_picked (f), ==, 1);
  g_assert_cmphex (layer_pixel (f, x_of_frame (f, 20), slot_row (f, MOUTH)), ==, 0);
  g_assert_cmphex (layer_pixel (f, x_of_frame (f, 25), slot_row (f, MOUTH)), !=, 0);
  g_assert_true (activate (f, "undo", NULL));
  g_assert_true (has_slot_key (f, MOUTH, OSSA_SLOT_CHANNEL_ATTACHMENT, 20));
  g_assert_false (has_slot_key (f, MOUTH, OSSA_SLOT_CHANNEL_ATTACHMENT, 25));

  /* The draw order's key, with its order, from 15 to 5. */
  drag (f, x_of_frame (f, 15), x_of_frame (f, 5), slot_row (f, -1));
  g_assert_false (has_draw_order_key (f, 15));
  g_assert_true (has_draw_order_key (f, 5));
  g_assert_cmpuint (animation (f)->draw_order[0].order[0], ==, MOUTH);

  /* Onto a key that stays: refused, nothing changes. */
  ossa_editor_set_time (editor_of (f), 25 / FPS);
  g_assert_true (ossa_editor_set_slot_attachment (editor_of (f), MOUTH, 0, NULL));
  flush (f);
  drag (f, x_of_frame (f, 20), x_of_frame (f, 25), slot_row (f, MOUTH));
  g_assert_true (has_slot_key (f, MOUTH, OSSA_SLOT_CHANNEL_ATTACHMENT, 20));
  g_assert_true (has_slot_key (f, MOUTH, OSSA_SLOT_CHANNEL_ATTACHMENT, 25));
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

/* ---- the sample character ---- */

static int
find_animation (const OssaDocument *doc, const char *name)
{
  for (gsize i = 0; i < doc->n_animations; i++)
    if (g_str_equal (doc->animations[i].name, name))
      return (int) i;
  return -1;
}

/* The window as it is drawn now, as PREFIX-PART.png. */
static void
save_window (AppFixture *f, const char *prefix, const char *part)
{
  GtkWidget *widget = GTK_WIDGET (f->window);
  g_autofree char *path = g_strdup_printf ("%s-%s.png", prefix, part);
  GskRenderNode *node;
  GdkTexture *texture;

  flush (f);
  node = gui_test_widget_node (widget);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (widget)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, gtk_widget_get_width (widget),
                                                              gtk_widget_get_height (widget)));
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("screenshot: %s", path);
  g_object_unref (texture);
  gsk_render_node_unref (node);
}

/* The hero's cheer in Animate mode: the hand's fist at 0.3 (named on its row),
 * the blush's colour keys, the draw order's keys at 0.15 and 1.2.
 * OSSA_TEST_SCREENSHOT=PREFIX saves the window then as PREFIX-top.png and
 * PREFIX-arm.png (scrolled to the arm's rows). */
static void
test_sample (AppFixture *f, gconstpointer data)
{
  const OssaDocument *doc;
  const char *shot = g_getenv ("OSSA_TEST_SCREENSHOT");
  OssaTimelineView *view;
  const OssaTimelineRow *row;
  OssaSlotKeyRef key;
  ssize_t hand, blush;
  int cheer;

  open_window_sized (f, 1280, 800);
  g_assert_true (activate (f, "open-sample", NULL));
  flush (f);
  doc = doc_of (f);
  cheer = find_animation (doc, "cheer");
  hand = ossa_document_find_slot (doc, "hand_l");
  blush = ossa_document_find_slot (doc, "blush");
  g_assert_cmpint (cheer, >=, 0);
  g_assert_cmpint (hand, >=, 0);
  g_assert_cmpint (blush, >=, 0);
  ossa_editor_set_mode (editor_of (f), OSSA_EDIT_MODE_ANIMATE);
  ossa_editor_set_animation (editor_of (f), cheer);
  ossa_editor_set_time (editor_of (f), 0.6);
  /* The hand's bone picked: its rows come into view. */
  ossa_editor_select (editor_of (f), (const guint[]) { doc->slots[hand].bone }, 1, FALSE);
  view = view_of (f);
  ossa_timeline_view_zoom_to_fit (view);
  flush (f);

  row = _ossa_timeline_view_row_at (view, slot_row (f, (int) hand));
  g_assert_true (_ossa_timeline_view_slot_key_at (view, row,
                                                  _ossa_timeline_view_time_to_x (view, 0.3),
                                                  &key));
  g_assert_cmpint (key.channel, ==, OSSA_SLOT_CHANNEL_ATTACHMENT);
  g_assert_cmpfloat (key.time, ==, 0.3f);
  gtk_adjustment_set_value (ossa_timeline_view_get_vadjustment (view), 0);
  flush (f);
  row = _ossa_timeline_view_row_at (view, slot_row (f, -1));
  g_assert_true (_ossa_timeline_view_slot_key_at (view, row,
                                                  _ossa_timeline_view_time_to_x (view, 0.15),
                                                  &key));
  g_assert_true (_ossa_timeline_view_slot_key_at (view, row,
                                                  _ossa_timeline_view_time_to_x (view, 1.2),
                                                  &key));
  {
    double y;

    g_assert_true (_ossa_timeline_view_slot_row_y (view, (int) blush, &y));
  }
  if (shot != NULL)
    {
      GtkAdjustment *vadj = ossa_timeline_view_get_vadjustment (view);
      double blush_y = 0;

      /* The top (the draw order, the head's slots), then from the blush's row down
       * to the hand's. */
      save_window (f, shot, "top");
      g_assert_true (_ossa_timeline_view_slot_row_y (view, (int) blush, &blush_y));
      gtk_adjustment_set_value (vadj, gtk_adjustment_get_value (vadj) + blush_y
                                        - OSSA_TIMELINE_RULER_HEIGHT
                                        - 0.5 * OSSA_TIMELINE_CHANNEL_HEIGHT);
      save_window (f, shot, "arm");
    }
  gui_test_linger_if_asked ();
}

int
main (int argc, char **argv)
{
  if (!gui_test_display_or_skip ())
    return 0;

  gtk_test_init (&argc, &argv, NULL);
  APP_TEST_ADD ("/timeline-slots/rows", test_rows);
  APP_TEST_ADD ("/timeline-slots/delete", test_delete);
  APP_TEST_ADD ("/timeline-slots/move", test_move);
  APP_TEST_ADD ("/timeline-slots/key-bone-keys-slots", test_key_bone_keys_slots);
  APP_TEST_ADD ("/timeline-slots/key-picked-slot", test_key_picked_slot);
  APP_TEST_ADD ("/timeline-slots/sample", test_sample);
  return g_test_run ();
}
