/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* What the canvas's files share: the instance struct of OssaCanvas and the
 * functions one file of the canvas calls in another (ossa-canvas.c: the object,
 * its properties, editor and camera; -render.c: the GL picture; -preview.c: onion
 * skin and motion path; -snapshot.c: names, rubber band, mode and error over it;
 * -tools.c: the primary-button drags; -art-tools.c: picking and dragging
 * attachments; -notice.c: a refusal said over the picture; -input.c: the
 * controllers; -actions.c;
 * -ik.c: pins and IK constraints drawn; -dump.c: OSSA_VIEW_DUMP). The canvas owns everything its struct points to.
 * Tests and benchmarks use the entry points at the end. */

#include <epoxy/gl.h>

#include "ossa-art-layer.h"
#include "ossa-camera.h"
#include "ossa-canvas.h"
#include "ossa-drag.h"
#include "ossa-gl-cache.h"
#include "ossa-hit-test.h"
#include "ossa-label-layout.h"
#include "ossa-mesh-layer.h"
#include "ossa-pointer-input.h"
#include "ossa-preview.h"
#include "ossa-scene.h"
#include "ossa-segment-layer.h"

G_BEGIN_DECLS

typedef struct
{
  guint   draw_calls;   /* GL draw calls of the last frame */
  guint   n_instances;  /* bones drawn by the last frame */
  guint64 frames;       /* frames rendered so far */
  gint64  prepare_us;   /* of which the pose and the per-bone arrays, microseconds */
  gint64  render_us;    /* CPU time of the last render (GL calls return before the
                         * GPU, or Mesa's threads, finish), microseconds */
  guint   n_ghosts;     /* onion skin poses drawn by the last frame */
  guint   warm_programs; /* OssaCanvasProgram bits the warm-up drew, in the idle
                          * turns after realize */
  guint   cold_draws;   /* draws of a frame whose program had never drawn before
                         * (a software renderer made its machine code then) */
} OssaCanvasStats;

/* The canvas's GL programs as bits, for its warm-up: Mesa's llvmpipe compiles a
 * program's machine code for the state it is drawn with at its first draw, not
 * at link time, which in the first frame of a document costs that frame tens of
 * milliseconds. Each is drawn once on a 1×1 image in the idle turns of the main
 * loop after realize instead, while the window is still empty. */
typedef enum
{
  OSSA_CANVAS_PROGRAM_GRID     = 1 << 0,
  OSSA_CANVAS_PROGRAM_BONES    = 1 << 1,
  OSSA_CANVAS_PROGRAM_JOINTS   = 1 << 2,
  OSSA_CANVAS_PROGRAM_MESHES   = 1 << 3,
  OSSA_CANVAS_PROGRAM_SEGMENTS = 1 << 4,
  OSSA_CANVAS_PROGRAMS_ALL     = (1 << 5) - 1,
} OssaCanvasProgram;

typedef enum
{
  DRAG_NONE,
  DRAG_PAN,      /* Space + drag */
  DRAG_BAND,     /* from empty canvas: rubber band */
  DRAG_TOOL,     /* from a bone: the editor's tool */
  DRAG_CREATE,   /* create tool: from the primary bone's tip or empty canvas */
  DRAG_ART,      /* from an attachment's opaque pixels: the editor's tool on it */
} DragKind;

typedef enum
{
  APPLY_NONE,
  APPLY_ROTATE,
  APPLY_TRANSLATE,
  APPLY_SCALE,
  APPLY_IK,      /* the IK tool: the editor's IK drag (ossa-editor-ik-drag.c) */
} DragApply;

typedef struct
{
  GLint viewport;
  GLint center;
  GLint zoom;
  GLint scale;
  GLint extra;   /* grid: u_step; joints: u_radius */
} Uniforms;

struct _OssaCanvas
{
  GtkGLArea         parent_instance;

  OssaEditor       *editor;
  gulong            document_changed_id;
  gulong            selection_changed_id;
  gulong            tool_notify_id;

  OssaCamera        camera;
  gboolean          fit_pending;
  gboolean          show_names;
  gboolean          show_meshes;

  /* The pointer properties (world units); where the pointer is in the widget
   * comes from ossa_pointer_input_get_position(). */
  OssaPointerState  pointer;
  gssize            hover;
  gboolean          space_held;

  /* What the shaders draw; rebuilt when stale, grown only. */
  OssaBoneInstance *instances;
  gsize             n_instances;
  gsize             instances_capacity;
  gboolean          instances_stale;
  unsigned         *band_hits;
  uint32_t         *joints;        /* which joints are drawn (ossa_scene_visible_joints) */
  gsize             n_joints;

  /* During a drag that moves one bone's subtree, the still bones are drawn once
   * into a cached image, and each frame only the moving ones go over a copy of
   * it: a software renderer pays per bone. Instances are then reordered (still
   * first) and joints index into that order. */
  gssize            moving_root;     /* the dragged bone, or -1: no cache */
  OssaBoneInstance *ordered;
  uint32_t         *new_index;
  uint32_t         *scratch;
  gsize             n_still, n_still_joints;
  OssaGlCache       still_cache;
  gboolean          still_valid;
  /* The grid alone, kept while the camera and size stay: copying it costs a
   * software renderer less than shading every pixel of it again (playback). */
  OssaGlCache       grid_cache;
  gboolean          grid_valid;
  /* A big document just put in place: its first frame shows the grid alone and
   * the bones come with the next (bones_tick), so that the panels taking the new
   * document and the canvas do not both draw in one frame. */
  gboolean          bones_deferred;
  guint             bones_tick;
  double            grid_key[5];
  double            still_key[7];    /* camera, size, hover and art it was drawn with */

  /* GL objects, valid while realized. */
  gboolean          use_es;
  GLuint            grid_program, bone_program, joint_program;
  Uniforms          grid_uniforms, bone_uniforms, joint_uniforms;
  GLuint            grid_vao, bone_vao, joint_vao;
  GLuint            instance_buffer;
  GLuint            joint_buffer;    /* element indices of the joints drawn */
  OssaMeshLayer     mesh_layer;      /* the document's meshes, under the bones */
  guint             drawn_programs;  /* OssaCanvasProgram bits that have drawn */
  guint             warm_idle;       /* the warm-up, after the first frame */
  OssaCanvasStats   stats;

  /* The drag in progress (primary button). */
  DragKind          drag;
  gboolean          drag_active;
  double            press_x, press_y;          /* widget */
  double            drag_x, drag_y;            /* widget, now */
  gssize            drag_bone;
  OssaHitPart       drag_part;
  DragApply         apply;
  guint64           merge_id;
  union
  {
    OssaRotateDrag    rotate;
    OssaTranslateDrag translate;
    OssaScaleDrag     scale;
    OssaUniformScaleDrag art_scale;
  } tool;
  OssaSpinCheck     spin_check;     /* a rotate drag in Animate mode */
  gssize            ik_moving_root; /* an IK drag: its chain's first bone */
  gssize            create_parent;
  gssize            created;
  gboolean          group_open;
  double            create_joint_x, create_joint_y;  /* world */

  /* Space + drag pan: the pointer's last place. */
  double            pan_last_x, pan_last_y;

  PangoLayout      *layout;
  PangoLayout      *mode_layout;  /* the mode's badge (ossa-canvas-snapshot.c) */
  OssaLabelLayout  *labels;   /* where the names went this frame */
  GArray           *named;    /* of guint: the bones whose names were drawn */
  char             *dump_path;

  /* The interpolation preview (onion skin, motion path): its own GL layer,
   * drawn under the bones and over them (ossa-canvas-preview.c). */
  gboolean          onion_skin;
  int               onion_frames;
  int               onion_before, onion_after;   /* ghosts on each side */
  GdkRGBA           onion_past, onion_future;    /* their colours, alpha ignored */
  gboolean          show_motion_path;
  GArray           *ghosts;        /* OssaSegment */
  GArray           *path;          /* OssaSegment, cached until the keys change */
  gboolean          path_stale;
  OssaPose         *preview_pose;  /* a ghost's pose, or a motion path's sample; NULL until used */
  OssaSegmentLayer  segment_layer;
  gboolean          space_panned;  /* Space was held for a pan, not tapped to play */

  /* Art: the attachments between the meshes and the bones (ossa-art-layer.h),
   * and whether bones are drawn over them (View ▸ Show Bones). */
  OssaArtLayer      art_layer;
  gboolean          show_bones;
  gulong            pictures_changed_id;
  guint             art_tick;        /* another frame while pictures wait to upload */

  /* Shift while dragging (Preferences ▸ Snapping): degrees, and a scale step. */
  double            snap_rotation_step;
  double            snap_scale_step;

  /* Attachments on the canvas (ossa-canvas-art-tools.c): the quads on show, taken
   * again for each pick; the attachment under the pointer and the one dragged
   * (slot, attachment; -1 for none). */
  OssaQuad         *art_quads;
  gsize             art_quads_capacity;
  int               hover_slot, hover_attachment;
  int               drag_slot, drag_attachment;
  /* A refused edit, said over the canvas for a few seconds (ossa-canvas-notice.c). */
  char             *notice;
  guint             notice_timeout;
};

/* The properties, for the files that notify them. */
enum
{
  PROP_0,
  PROP_EDITOR,
  PROP_ZOOM,
  PROP_POINTER,   /* the three of ossa_pointer_props_init() */
  PROP_SHOW_NAMES = PROP_POINTER + OSSA_POINTER_N_PROPS,
  PROP_SHOW_MESHES,
  PROP_ONION_SKIN,
  PROP_ONION_FRAMES,
  PROP_SHOW_MOTION_PATH,
  PROP_ONION_BEFORE,
  PROP_ONION_AFTER,
  PROP_ONION_PAST_COLOR,
  PROP_ONION_FUTURE_COLOR,
  PROP_SNAP_ROTATION_STEP,
  PROP_SNAP_SCALE_STEP,
  PROP_SHOW_BONES,
  N_PROPS
};

/* ossa-canvas.c: the object, the editor, the camera. */
void     _ossa_canvas_invalidate          (OssaCanvas      *self);
void     _ossa_canvas_ensure_instances    (OssaCanvas      *self);
void     _ossa_canvas_zoom_at             (OssaCanvas      *self,
                                           double           px,
                                           double           py,
                                           double           zoom);
void     _ossa_canvas_pan_by              (OssaCanvas      *self,
                                           double           dx,
                                           double           dy);
/* The pointer properties again, after the pointer or the camera moved. */
void     _ossa_canvas_update_pointer      (OssaCanvas      *self);
void     _ossa_canvas_update_cursor       (OssaCanvas      *self);

/* ossa-canvas-render.c: the GtkGLArea side. */
void     _ossa_canvas_realize_gl          (OssaCanvas      *self);
void     _ossa_canvas_unrealize_gl        (OssaCanvas      *self);
gboolean _ossa_canvas_render              (GtkGLArea       *area,
                                           GdkGLContext    *context);
/* A drag of bone's subtree begins (bone >= 0) or ends (-1): the still bones'
 * cached image is drawn afresh or given up. */
void     _ossa_canvas_set_moving_root     (OssaCanvas      *self,
                                           gssize           bone);
void     _ossa_canvas_stop_still_cache    (OssaCanvas      *self);
/* A frame drew with these OssaCanvasProgram bits: counted in stats.cold_draws
 * for each that had not drawn before. */
void     _ossa_canvas_note_draw           (OssaCanvas      *self,
                                           guint            programs);

/* ossa-canvas-preview.c: under the bones and over them, in Animate mode. */
void     _ossa_canvas_draw_onion_skin     (OssaCanvas      *self,
                                           float            width,
                                           float            height,
                                           float            scale);
void     _ossa_canvas_draw_motion_path    (OssaCanvas      *self,
                                           float            width,
                                           float            height,
                                           float            scale);

/* ossa-canvas-snapshot.c: GSK nodes over the GL picture. */
void     _ossa_canvas_snapshot_overlay    (OssaCanvas      *self,
                                           GtkSnapshot     *snapshot);

/* ossa-canvas-ik.c: pins on pinned joints and the IK constraints' lines, over
 * the GL picture; where constraint c's line runs on the widget (FALSE when it
 * has none). */
void     _ossa_canvas_snapshot_ik         (OssaCanvas      *self,
                                           GtkSnapshot     *snapshot);
gboolean _ossa_canvas_ik_line             (OssaCanvas      *self,
                                           gsize            c,
                                           double          *x0,
                                           double          *y0,
                                           double          *x1,
                                           double          *y1);

/* ossa-canvas-dump.c */
void     _ossa_canvas_write_view_dump     (OssaCanvas      *self);

/* ossa-canvas-tools.c: the create tool's undo group, closed on release or when
 * the editor goes; Escape during an IK drag (FALSE: there is none). */
void     _ossa_canvas_finish_create_group (OssaCanvas      *self);
gboolean _ossa_canvas_cancel_ik_drag      (OssaCanvas      *self);

/* ossa-canvas-art-tools.c: the attachments under the pointer and their drags. */
void     _ossa_canvas_art_init            (OssaCanvas      *self);
void     _ossa_canvas_art_dispose         (OssaCanvas      *self);
/* The attachment whose picture is opaque under widget point (x, y), frontmost
 * first; cycle: the one behind the picked attachment there (front again after the
 * last). FALSE when there is none. */
gboolean _ossa_canvas_art_pick            (OssaCanvas      *self,
                                           double           x,
                                           double           y,
                                           gboolean         cycle,
                                           int             *slot,
                                           int             *attachment);
/* The hover outline follows the pointer at widget (x, y), or goes (inside FALSE). */
void     _ossa_canvas_art_hover           (OssaCanvas      *self,
                                           gboolean         inside,
                                           double           x,
                                           double           y);
/* A DRAG_ART press became a drag at world (wx, wy); then each motion asks the
 * editor to move the attachment: FALSE with error when it refused. */
void     _ossa_canvas_art_drag_start      (OssaCanvas      *self,
                                           double           wx,
                                           double           wy);
gboolean _ossa_canvas_art_drag_update     (OssaCanvas      *self,
                                           double           wx,
                                           double           wy,
                                           GdkModifierType  state,
                                           GError         **error);
void     _ossa_canvas_snapshot_art        (OssaCanvas      *self,
                                           GtkSnapshot     *snapshot);

/* ossa-canvas-notice.c: why an edit was refused, over the canvas for a while. */
void     _ossa_canvas_show_notice         (OssaCanvas      *self,
                                           const char      *message);
void     _ossa_canvas_snapshot_notice     (OssaCanvas      *self,
                                           GtkSnapshot     *snapshot);

/* ossa-canvas-input.c: the controllers, added once by init. */
void     _ossa_canvas_init_input          (OssaCanvas      *self);
/* ossa-canvas-drop.c: PNG and .ora files dropped on the canvas. */
void     _ossa_canvas_init_drop           (OssaCanvas      *self);

/* ossa-canvas-actions.c: canvas.* actions and their keys. */
void     _ossa_canvas_class_init_actions  (GtkWidgetClass  *widget_class);

/* For tests and benchmarks: the same entry points the canvas's gestures call, in
 * widget coordinates (logical pixels), and what the last frame cost. */

/* The primary button: press, motion, release. */
void              _ossa_canvas_drag_begin  (OssaCanvas      *self,
                                            double           x,
                                            double           y,
                                            GdkModifierType  state);
void              _ossa_canvas_drag_update (OssaCanvas      *self,
                                            double           x,
                                            double           y,
                                            GdkModifierType  state);
void              _ossa_canvas_drag_end    (OssaCanvas      *self,
                                            double           x,
                                            double           y,
                                            GdkModifierType  state);
/* A wheel step of dy (positive: away, zooms out) with the pointer at (x, y). */
void              _ossa_canvas_scroll      (OssaCanvas      *self,
                                            double           x,
                                            double           y,
                                            double           dy);
const OssaCamera *_ossa_canvas_get_camera  (OssaCanvas      *self);

void              _ossa_canvas_get_stats   (OssaCanvas      *self,
                                            OssaCanvasStats *stats);

/* The bones whose names the last frame printed, in the order they were placed
 * (the selected ones first); none while names are hidden. */
const guint      *_ossa_canvas_get_named   (OssaCanvas      *self,
                                            gsize           *n);

/* The refusal the canvas shows now, or NULL. */
const char       *_ossa_canvas_get_notice  (OssaCanvas      *self);

/* Forgets the cached images (grid, still bones) so that the next frame draws
 * everything afresh: tests compare the two. */
void              _ossa_canvas_drop_caches (OssaCanvas      *self);

G_END_DECLS
