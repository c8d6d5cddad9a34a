/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The insides of OssaEditor, shared by its files (ossa-editor.c and the
 * ossa-editor-*.c beside it) and by nothing else: the instance struct, which owns
 * everything it points to, and the few functions the files call in each other. */

#include "ossa-history.h"
#include "ossa-pose.h"

#include "ossa-editor.h"

G_BEGIN_DECLS

#define OSSA_EDITOR_SPEED_MIN 0.25
#define OSSA_EDITOR_SPEED_MAX 2.0
/* What a new animation starts with, and the frame rate shown without one. */
#define OSSA_EDITOR_NEW_ANIMATION_DURATION 1.0f
#define OSSA_EDITOR_NEW_ANIMATION_FPS 30.0f

/* A copied key: its bone and channel, and the key with its time relative to the
 * earliest copied key. */
typedef struct
{
  guint       bone;
  OssaChannel channel;
  OssaKey     key;
} OssaClipKey;

struct _OssaEditor
{
  GObject        parent_instance;

  /* ossa-editor.c and ossa-editor-history.c */
  OssaDocument  *document;
  OssaHistory   *history;
  GFile         *file;
  gboolean       modified;      /* as last notified */
  gboolean       never_saved;   /* made elsewhere (an import): unsaved until saved */

  /* ossa-editor-io.c: the file as last read or written, and the save running.
   * A save marks the history saved when it takes its snapshot, so that edits
   * made while it writes count as changes since; saving_modified keeps the
   * document modified until the write is done, and save_point_lost keeps it so
   * after a failed write (the history no longer knows what is on disk). */
  OssaFileStamp  stamp;
  guint          generation;    /* bumped by each new document */
  gboolean       saving;
  gboolean       saving_modified;
  gboolean       save_point_lost;
  /* A save's worker is copying the document: no change to it till then. */
  struct _OssaSnapshotGate *snapshot_gate;
  guint64        last_merge_id;
  /* ossa_editor_get_n_edits(): history moves so far, and the merge id of the
   * last counted edit (a drag's later steps count with its first). */
  guint64        n_edits;
  guint64        counted_merge_id;
  OssaEditMode   mode;
  OssaTool       tool;

  /* Names and parents as of the last change, to tell structure edits apart. */
  GPtrArray     *names;
  GArray        *parents;

  /* > 0 inside a multi-key edit: the change is announced once, at its end. */
  guint          batch;
  guint          batch_change;

  /* ossa-editor-selection.c */
  GArray        *selection;     /* guint, ascending */
  int            primary;

  /* ossa-editor-pose.c: the pose on show, recomputed when stale; its arrays are
   * what ossa_editor_get_local() and ossa_editor_get_world() return. */
  OssaPose      *pose;
  gboolean       pose_stale;
  /* The same pose after the document's IK constraints (made when the document
   * first has one): its world matrices are what ossa_editor_get_world() returns
   * then, while the local transforms a person edits stay the FK ones of pose. */
  OssaPose      *ik_pose;

  /* Animate mode with auto-key off: the pose edits not keyed yet, shown over the
   * sampled pose until the playhead, the animation or the mode changes. */
  OssaTransform *pending;
  guint8        *pending_set;
  gsize          pending_capacity;
  gsize          n_pending;

  /* ossa-editor-playback.c */
  double         time;
  int            animation;
  gboolean       playing;
  double         speed;
  gboolean       auto_key;

  /* ossa-editor-keys.c: keys of the current animation picked in the timeline
   * (OssaKeyRef, sorted by bone, channel and time). */
  GArray        *key_selection;

  /* ossa-editor-clipboard.c: the keys last copied (OssaClipKey). */
  GArray        *clipboard;

  /* ossa-editor-spin.c: the notice of the last rotate drag, if any. */
  OssaSpinNotice spin_notice;
  gboolean       has_spin_notice;

  /* ossa-editor-art.c: the decoded pictures, the slots on show (taken again
   * from the document when geometry_stale, sampled again when pose_stale), the
   * picked slot and attachment, and the art as of the last change. */
  OssaImageStore *images;
  OssaSlotPose   *slot_pose;
  gboolean        slot_pose_stale;
  gboolean        slot_geometry_stale;
  int             selected_slot;
  int             selected_attachment;
  guint           art_signature;

  /* ossa-editor-ik.c: the picked constraint (-1: none) with its name, to find it
   * again after an edit, and the constraints as of the last change (their
   * fingerprint, count and document) to tell OSSA_CHANGE_IK. */
  int             selected_ik;
  char           *selected_ik_name;
  gsize           n_ik_seen;
  guint           ik_signature;
  guint           ik_generation;

  /* ossa-editor-pins.c: the pinned bones (guint, ascending) and the document
   * they belong to. */
  GArray         *pins;
  guint           pins_generation;

  /* ossa-editor-ik-drag.c: the IK tool's drag and its chain length (made on
   * first use). */
  struct _OssaEditorIkDrag *ik_drag;
};

typedef enum
{
  PROP_0,
  PROP_MODE,
  PROP_TOOL,
  PROP_TIME,
  PROP_ANIMATION,
  PROP_MODIFIED,
  PROP_FILE,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_PLAYING,
  PROP_SPEED,
  PROP_AUTO_KEY,
  N_PROPS
} OssaEditorProp;

/* ossa-editor.c: notifications. document_changed is what every change of the
 * document implies (structure, selection, pending edits, the current animation,
 * the history state) and then "document-changed"; pose_changed only emits
 * "document-changed" with OSSA_CHANGE_POSE, for a change of what is shown. */
void     _ossa_editor_notify                    (OssaEditor     *self,
                                                 OssaEditorProp  prop);
void     _ossa_editor_document_changed          (OssaEditor     *self,
                                                 OssaChange      change);
void     _ossa_editor_pose_changed              (OssaEditor     *self);
void     _ossa_editor_selection_changed         (OssaEditor     *self);
void     _ossa_editor_key_selection_changed     (OssaEditor     *self);
void     _ossa_editor_spin_notice_changed       (OssaEditor     *self);
/* "saved": a save wrote the document as it was at n_edits. */
void     _ossa_editor_saved                     (OssaEditor     *self,
                                                 guint64         n_edits);

/* ossa-editor.c: the document becomes doc (owned from now), its file file, with
 * an empty history; never_saved as for ossa_editor_take_document(). */
void     _ossa_editor_replace_document          (OssaEditor     *self,
                                                 OssaDocument   *doc,
                                                 GFile          *file,
                                                 gboolean        never_saved);

/* ossa-editor-io.c: frees doc (owned) on a worker thread. */
void     _ossa_editor_free_document_later       (OssaDocument   *doc);
/* ossa-editor-io.c: called before anything changes or drops the document;
 * returns once no save's worker is copying it. */
typedef struct _OssaSnapshotGate OssaSnapshotGate;
void     _ossa_editor_wait_for_snapshot         (OssaEditor     *self);
/* For tests: called on a save's worker just before it copies the document
 * (to hold the copy back, as a big document would). */
extern void (*_ossa_editor_before_snapshot) (void);

/* ossa-editor-history.c: a multi-key edit is one undo step between batch_begin
 * and batch_end, announced once at its end. run executes a just-built command
 * (NULL: refused, err says why) with merge_id (0: its own undo step). */
void     _ossa_editor_notify_history            (OssaEditor     *self);
void     _ossa_editor_batch_begin               (OssaEditor     *self,
                                                 const char     *label);
void     _ossa_editor_batch_end                 (OssaEditor     *self);
gboolean _ossa_editor_run                       (OssaEditor     *self,
                                                 OssaCommand    *command,
                                                 const OssaError *err,
                                                 guint64         merge_id,
                                                 GError        **error);

/* ossa-editor-selection.c */
int      _ossa_editor_compare_bones             (gconstpointer   a,
                                                 gconstpointer   b);
void     _ossa_editor_remap_selection           (OssaEditor     *self);

/* ossa-editor-pose.c: dropping unkeyed edits (all, or those of bones). */
void     _ossa_editor_clear_pending             (OssaEditor     *self);
void     _ossa_editor_unset_pending             (OssaEditor     *self,
                                                 const guint    *bones,
                                                 gsize           n_bones);

/* ossa-editor-playback.c */
const OssaAnimation *_ossa_editor_current_animation (OssaEditor *self);
int      _ossa_editor_clamp_animation           (OssaEditor     *self,
                                                 int             animation);
double   _ossa_editor_snap_time                 (OssaEditor     *self,
                                                 double          t);

/* ossa-editor-keys.c: drops the selected keys that no longer exist (all of them
 * when clear). */
void     _ossa_editor_prune_key_selection       (OssaEditor     *self,
                                                 gboolean        clear);

/* ossa-editor-animations.c: for key edits, inside a batch. */
gboolean _ossa_editor_ensure_animation          (OssaEditor     *self,
                                                 GError        **error);
gboolean _ossa_editor_extend_duration           (OssaEditor     *self,
                                                 double          t,
                                                 GError        **error);

/* ossa-editor-art.c: its part of the object's life, the art's fingerprint (a
 * change of it is OSSA_CHANGE_ART), what any change of the document means for
 * it, and letting go of the picked attachment when bones are picked. */
void     _ossa_editor_art_class_init            (GObjectClass   *klass);
void     _ossa_editor_art_init                  (OssaEditor     *self);
void     _ossa_editor_art_dispose               (OssaEditor     *self);
guint    _ossa_editor_art_signature             (OssaEditor     *self);
void     _ossa_editor_art_document_changed      (OssaEditor     *self);
void     _ossa_editor_art_clear_selection       (OssaEditor     *self);

/* ossa-editor-ik.c and ossa-editor-pins.c: their part of the object's life, and
 * what any change of the document means for them (a constraint or a pinned bone
 * that went). ik_document_changed says whether the constraints changed
 * (OSSA_CHANGE_IK); pins_document_changed runs before the new structure is
 * remembered. */
void     _ossa_editor_ik_class_init             (GObjectClass   *klass);
void     _ossa_editor_ik_init                   (OssaEditor     *self);
void     _ossa_editor_ik_finalize               (OssaEditor     *self);
gboolean _ossa_editor_ik_document_changed       (OssaEditor     *self);
void     _ossa_editor_pins_class_init           (GObjectClass   *klass);
void     _ossa_editor_pins_init                 (OssaEditor     *self);
void     _ossa_editor_pins_finalize             (OssaEditor     *self);
void     _ossa_editor_pins_document_changed     (OssaEditor     *self);

/* ossa-editor-ik-drag.c: the drag's solved rotations over the pose on show
 * (update_pose, before the world matrices), dropping the drag when the document
 * changes under it, and its memory at finalize. */
typedef struct _OssaEditorIkDrag OssaEditorIkDrag;
void     _ossa_editor_ik_drag_overlay           (OssaEditor     *self,
                                                 OssaPose       *pose);
void     _ossa_editor_ik_drag_document_changed  (OssaEditor     *self);
void     _ossa_editor_ik_drag_free              (OssaEditor     *self);

/* ossa-editor-art-files.c: image paths are absolute while the editor holds a
 * document. On open, doc's relative paths are made absolute against folder (the
 * document's; may run on a worker thread); on save, the copy written gets them
 * relative to the folder it is written to. FALSE with @error when a path cannot
 * be made relative (another drive, none: then it stays absolute and TRUE). */
void     _ossa_editor_absolute_image_paths      (OssaDocument   *doc,
                                                 GFile          *folder);
gboolean _ossa_editor_relative_image_paths      (OssaDocument   *doc,
                                                 GFile          *folder,
                                                 GError        **error);

/* ossa-editor-spin.c: forgets the spin notice (a change of the document or the
 * playhead). */
void     _ossa_editor_drop_spin_notice          (OssaEditor     *self);

G_END_DECLS
