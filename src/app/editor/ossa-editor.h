/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* OssaEditor, the model behind one window: the open document and everything the
 * panes share about it. The editor owns the document, the history, the selections
 * and the pose; what its getters return stays the editor's, valid until the next
 * change. Each section below names the file that implements it. */

#include <gio/gio.h>

#include "ossa-art-pose.h"
#include "ossa-command.h"
#include "ossa-document.h"
#include "ossa-ik-pose.h"
#include "ossa-math.h"

G_BEGIN_DECLS

/* What the panes of one window share: the open document, its undo history, where
 * it lives on disk, the selection, the mode, the tool and the playhead. Panes read
 * the document through it and change it only with ossa_editor_execute() (or the
 * helpers built on it), then redraw on its signals. */
#define OSSA_TYPE_EDITOR (ossa_editor_get_type ())
G_DECLARE_FINAL_TYPE (OssaEditor, ossa_editor, OSSA, EDITOR, GObject)

/* The decoded pictures of the editor's document (src/app/art/ossa-image-store.h). */
typedef struct _OssaImageStore OssaImageStore;

typedef enum
{
  OSSA_EDIT_MODE_SETUP,    /* edits change the rest pose */
  OSSA_EDIT_MODE_ANIMATE,  /* edits key the current animation at the playhead */
} OssaEditMode;

typedef enum
{
  OSSA_TOOL_ROTATE,
  OSSA_TOOL_TRANSLATE,
  OSSA_TOOL_SCALE,
  OSSA_TOOL_CREATE,
  OSSA_TOOL_IK,         /* drag a bone's tip: the chain up to a pinned joint follows */
} OssaTool;

/* What a "document-changed" emission touched, so a pane redoes only what it must. */
typedef enum
{
  OSSA_CHANGE_POSE       = 1 << 0,  /* transforms, lengths, colours: redraw */
  OSSA_CHANGE_STRUCTURE  = 1 << 1,  /* bones added, removed, renamed, reordered */
  OSSA_CHANGE_ANIMATIONS = 1 << 2,  /* animations or keys */
  OSSA_CHANGE_DOCUMENT   = 1 << 3,  /* a different document altogether (new, open) */
  OSSA_CHANGE_ART        = 1 << 4,  /* images, slots or attachments added, removed,
                                     * renamed or reordered (the rest draw order) */
  OSSA_CHANGE_IK         = 1 << 5,  /* IK constraints added, removed, renamed, reordered */
  OSSA_CHANGE_ALL        = 0x3f,
} OssaChange;

/* One key of the current animation: its bone, channel and exact time. */
typedef struct
{
  guint       bone;
  OssaChannel channel;
  float       time;
} OssaKeyRef;

/* ---- ossa-editor.c: the editor, its document on disk, the mode and the tool ---- */

OssaEditor         *ossa_editor_new              (void);

const OssaDocument *ossa_editor_get_document     (OssaEditor    *self);
GFile              *ossa_editor_get_file         (OssaEditor    *self);
gboolean            ossa_editor_get_modified     (OssaEditor    *self);
char               *ossa_editor_dup_display_name (OssaEditor    *self);

void                ossa_editor_new_document     (OssaEditor    *self);
void                ossa_editor_take_document    (OssaEditor    *self,
                                                  OssaDocument  *document);
/* As ossa_editor_take_document(), for a copy of a document read from folder (the
 * sample): its image paths are made absolute against folder first. */
void                ossa_editor_take_copy        (OssaEditor    *self,
                                                  OssaDocument  *document,
                                                  GFile         *folder);

/* ---- ossa-editor-io.c: opening and saving, on a worker thread or blocking ---- */

typedef enum
{
  OSSA_EDITOR_SAVE_DEFAULT   = 0,
  /* Write even over a file another program changed since it was opened or saved
   * (without it such a save fails with G_IO_ERROR_WRONG_ETAG and writes nothing). */
  OSSA_EDITOR_SAVE_OVERWRITE = 1 << 0,
} OssaEditorSaveFlags;

gboolean            ossa_editor_load             (OssaEditor    *self,
                                                  GFile         *file,
                                                  GError       **error);
void                ossa_editor_load_async       (OssaEditor          *self,
                                                  GFile               *file,
                                                  GCancellable        *cancellable,
                                                  GAsyncReadyCallback  callback,
                                                  gpointer             user_data);
gboolean            ossa_editor_load_finish      (OssaEditor    *self,
                                                  GAsyncResult  *result,
                                                  GError       **error);
gboolean            ossa_editor_save             (OssaEditor    *self,
                                                  GFile         *file,
                                                  GError       **error);
void                ossa_editor_save_async       (OssaEditor          *self,
                                                  GFile               *file,
                                                  OssaEditorSaveFlags  flags,
                                                  GAsyncReadyCallback  callback,
                                                  gpointer             user_data);
gboolean            ossa_editor_save_finish      (OssaEditor    *self,
                                                  GAsyncResult  *result,
                                                  GError       **error);
/* What a file on disk was when the editor last read or wrote it: a file another
 * program wrote or replaced since differs in one of these. known is FALSE when
 * there is no such file. */
typedef struct
{
  gboolean known;
  guint64  device;
  guint64  inode;
  gint64   size;
  gint64   mtime_ns;
} OssaFileStamp;

/* The stamp of the editor's file as the editor last read or wrote it (or as the
 * recovered session had it, ossa_editor_take_recovered()). */
void                ossa_editor_get_file_stamp   (OssaEditor    *self,
                                                  OssaFileStamp *stamp);
/* Changes each time the editor takes another document (new, open, import): what
 * was asked about one document is not done to the next. */
guint               ossa_editor_get_generation   (OssaEditor    *self);
/* Whether a save is writing the document now (one at a time). */
gboolean            ossa_editor_get_saving       (OssaEditor    *self);
/* Whether file was written or replaced by someone else since this editor read or
 * wrote it (FALSE for a file it never read or wrote, or one that is gone). */
gboolean            ossa_editor_file_changed_on_disk (OssaEditor *self,
                                                      GFile      *file);

OssaEditMode        ossa_editor_get_mode         (OssaEditor    *self);
void                ossa_editor_set_mode         (OssaEditor    *self,
                                                  OssaEditMode   mode);
OssaTool            ossa_editor_get_tool         (OssaEditor    *self);
void                ossa_editor_set_tool         (OssaEditor    *self,
                                                  OssaTool       tool);

/* ---- ossa-editor-history.c: every edit through the undo history ---- */

gboolean            ossa_editor_execute          (OssaEditor    *self,
                                                  OssaCommand   *command,
                                                  GError       **error);
void                ossa_editor_begin_group      (OssaEditor    *self,
                                                  const char    *label);
void                ossa_editor_end_group        (OssaEditor    *self);
guint64             ossa_editor_new_merge_id     (OssaEditor    *self);
guint64             ossa_editor_get_n_edits      (OssaEditor    *self);
gboolean            ossa_editor_can_undo         (OssaEditor    *self);
gboolean            ossa_editor_can_redo         (OssaEditor    *self);
const char         *ossa_editor_get_undo_label   (OssaEditor    *self);
const char         *ossa_editor_get_redo_label   (OssaEditor    *self);
gboolean            ossa_editor_undo             (OssaEditor    *self,
                                                  GError       **error);
gboolean            ossa_editor_redo             (OssaEditor    *self,
                                                  GError       **error);

/* ---- ossa-editor-pose.c: the pose on show and the tools' pose edits ---- */

/* The pose on show (the rest pose in Setup mode, the current animation sampled at
 * the playhead in Animate mode): n_bones local transforms and world matrices,
 * owned by the editor, valid until the next change. The local transforms are the
 * FK ones a person edits; the world matrices are after the document's IK
 * constraints (DESIGN.md "Inverse kinematics"), as the runtime shows them. */
const OssaTransform *ossa_editor_get_local       (OssaEditor    *self);
const OssaXform     *ossa_editor_get_world       (OssaEditor    *self);

/* The one way tools change a bone's pose: the rest transform in Setup mode, keys at
 * the playhead of the current animation in Animate mode. Edits carrying the same
 * non-zero merge_id (one per drag) become one undo step. */
gboolean            ossa_editor_set_bone_local   (OssaEditor          *self,
                                                  guint                bone,
                                                  const OssaTransform *local,
                                                  guint64              merge_id,
                                                  GError             **error);

/* ---- ossa-editor-bones.c: bone edits ---- */

/* Bones, each edit one undo step (ossa-editor-bones.c). A refused edit changes
 * nothing and says why in @error. merge_id as for ossa_editor_set_bone_local(). */
int                 ossa_editor_add_bone         (OssaEditor          *self,
                                                  const char          *name,
                                                  int                  parent,
                                                  const OssaTransform *rest,
                                                  float                length,
                                                  guint32              color,
                                                  GError             **error);
gboolean            ossa_editor_set_bone_rest    (OssaEditor          *self,
                                                  guint                bone,
                                                  const OssaTransform *rest,
                                                  guint64              merge_id,
                                                  GError             **error);
gboolean            ossa_editor_set_bone_length  (OssaEditor          *self,
                                                  guint                bone,
                                                  float                length,
                                                  guint64              merge_id,
                                                  GError             **error);
gboolean            ossa_editor_shape_bone       (OssaEditor          *self,
                                                  guint                bone,
                                                  const OssaTransform *rest,
                                                  float                length,
                                                  guint64              merge_id,
                                                  GError             **error);
gboolean            ossa_editor_set_bone_color   (OssaEditor          *self,
                                                  guint                bone,
                                                  guint32              color,
                                                  GError             **error);
gboolean            ossa_editor_check_bone_name  (OssaEditor          *self,
                                                  guint                bone,
                                                  const char          *name,
                                                  GError             **error);
char               *ossa_editor_dup_name_refusal (const char          *name,
                                                  const GError        *error);
gboolean            ossa_editor_rename_bone      (OssaEditor          *self,
                                                  guint                bone,
                                                  const char          *name,
                                                  GError             **error);
gboolean            ossa_editor_reparent_bone    (OssaEditor          *self,
                                                  guint                bone,
                                                  int                  new_parent,
                                                  GError             **error);
gboolean            ossa_editor_remove_bones     (OssaEditor          *self,
                                                  const guint         *bones,
                                                  gsize                n_bones,
                                                  GError             **error);
/* The same, saying what becomes of the IK constraints that name the bones going
 * (ossa_editor_remove_bones() repairs them; ossa_editor_count_ik_of_bones() says
 * whether there are any to ask about). */
gboolean            ossa_editor_remove_bones_ik  (OssaEditor          *self,
                                                  const guint         *bones,
                                                  gsize                n_bones,
                                                  OssaIkRemoval        how,
                                                  GError             **error);

/* ---- ossa-editor-selection.c: the bone selection ---- */

/* Selection: bone indices, ascending. The primary bone is the last one picked
 * (what the inspector shows), or -1. */
const guint        *ossa_editor_get_selection    (OssaEditor    *self,
                                                  gsize         *n_selected);
gboolean            ossa_editor_is_selected      (OssaEditor    *self,
                                                  guint          bone);
int                 ossa_editor_get_primary      (OssaEditor    *self);
void                ossa_editor_select           (OssaEditor    *self,
                                                  const guint   *bones,
                                                  gsize          n_bones,
                                                  gboolean       extend);
void                ossa_editor_toggle_selected  (OssaEditor    *self,
                                                  guint          bone);
void                ossa_editor_clear_selection  (OssaEditor    *self);

/* ---- ossa-editor-playback.c: the current animation, the playhead and playback ---- */

double              ossa_editor_get_time         (OssaEditor    *self);
void                ossa_editor_set_time         (OssaEditor    *self,
                                                  double         time);
/* Index of the animation Animate mode shows and keys, or -1 when there is none. */
int                 ossa_editor_get_animation    (OssaEditor    *self);
void                ossa_editor_set_animation    (OssaEditor    *self,
                                                  int            animation);

/* Playback state ("playing", "speed" 0.25–2, "auto-key"; the timeline moves the
 * playhead while playing) and the playhead on the current animation's frames. */
gboolean            ossa_editor_get_playing      (OssaEditor    *self);
void                ossa_editor_set_playing      (OssaEditor    *self,
                                                  gboolean       playing);
double              ossa_editor_get_speed        (OssaEditor    *self);
void                ossa_editor_set_speed        (OssaEditor    *self,
                                                  double         speed);
gboolean            ossa_editor_get_auto_key     (OssaEditor    *self);
void                ossa_editor_set_auto_key     (OssaEditor    *self,
                                                  gboolean       auto_key);
double              ossa_editor_get_frame_rate   (OssaEditor    *self);
double              ossa_editor_get_end_time     (OssaEditor    *self);
void                ossa_editor_step_frames      (OssaEditor    *self,
                                                  int            frames);
gboolean            ossa_editor_seek_key         (OssaEditor    *self,
                                                  int            direction);

/* ---- ossa-editor-keys.c: the key selection and key edits ---- */

/* Keys of the current animation: the selection ("key-selection-changed") and the
 * edits of the timeline, each one undo step. */
const OssaKeyRef   *ossa_editor_get_selected_keys (OssaEditor      *self,
                                                   gsize           *n_keys);
gboolean            ossa_editor_is_key_selected   (OssaEditor      *self,
                                                   guint            bone,
                                                   OssaChannel      channel,
                                                   float            time);
void                ossa_editor_select_keys       (OssaEditor      *self,
                                                   const OssaKeyRef *keys,
                                                   gsize            n_keys,
                                                   gboolean         extend);
void                ossa_editor_toggle_key_selected (OssaEditor      *self,
                                                     const OssaKeyRef *key);
void                ossa_editor_clear_key_selection (OssaEditor    *self);
gboolean            ossa_editor_key_bones         (OssaEditor      *self,
                                                   const guint     *bones,
                                                   gsize            n_bones,
                                                   GError         **error);
gboolean            ossa_editor_delete_selected_keys (OssaEditor   *self,
                                                      GError      **error);
gboolean            ossa_editor_move_selected_keys (OssaEditor     *self,
                                                    double          delta,
                                                    gboolean        snap,
                                                    GError        **error);
gboolean            ossa_editor_set_selected_keys_interp (OssaEditor      *self,
                                                          OssaInterp       interp,
                                                          const OssaCurve *curve,
                                                          GError         **error);
gboolean            ossa_editor_set_selected_keys_spin (OssaEditor  *self,
                                                        OssaSpin     spin,
                                                        guint        turns,
                                                        GError     **error);

/* ---- ossa-editor-spin.c: a rotate drag the segment plays another way ---- */

/* What the rotation segments beside the playhead played at the press of a rotate
 * drag (radians); the canvas owns it for the drag. */
typedef struct
{
  gboolean armed;
  guint    bone;
  float    time;
  double   start;       /* the bone's rotation at the press */
  gboolean has_prev, has_next;
  double   in_sweep;    /* played so far by the segment into the playhead */
  double   out_sweep;   /* still to play by the segment out of it */
} OssaSpinCheck;

/* The segment of bone's rotate track from the key at from_time to the one at
 * to_time plays played radians where the drag asked for dragged; spin and turns
 * on the key at from_time make it play dragged. */
typedef struct
{
  guint    bone;
  float    from_time, to_time;
  double   played, dragged;
  OssaSpin spin;
  guint    turns;
  gboolean was_shortest;
} OssaSpinNotice;

void                ossa_editor_spin_check_begin  (OssaEditor      *self,
                                                   guint            bone,
                                                   double           start,
                                                   OssaSpinCheck   *check);
gboolean            ossa_editor_spin_check_end    (OssaEditor      *self,
                                                   const OssaSpinCheck *check);
/* The notice lasts until the next change of the document, the playhead or the
 * mode; each change of it emits "spin-notice-changed". */
const OssaSpinNotice *ossa_editor_get_spin_notice (OssaEditor      *self);
char               *ossa_editor_dup_spin_notice_text (OssaEditor   *self);
void                ossa_editor_dismiss_spin_notice (OssaEditor    *self);
gboolean            ossa_editor_apply_spin_notice (OssaEditor      *self,
                                                   GError         **error);
gboolean            ossa_editor_set_key_spin      (OssaEditor      *self,
                                                   guint            bone,
                                                   float            time,
                                                   OssaSpin         spin,
                                                   guint            turns,
                                                   GError         **error);

/* ---- ossa-editor-clipboard.c: copying and pasting keys ---- */

gboolean            ossa_editor_copy_selected_keys (OssaEditor     *self);
gboolean            ossa_editor_can_paste_keys    (OssaEditor      *self);
gboolean            ossa_editor_paste_keys        (OssaEditor      *self,
                                                   GError         **error);

/* ---- ossa-editor-animations.c: animations ---- */

/* Animations, each edit one undo step. */
char               *ossa_editor_dup_unique_animation_name (OssaEditor *self,
                                                           const char *base);
int                 ossa_editor_add_animation     (OssaEditor      *self,
                                                   const char      *name,
                                                   GError         **error);
int                 ossa_editor_duplicate_animation (OssaEditor    *self,
                                                     int            animation,
                                                     GError       **error);
gboolean            ossa_editor_remove_animation  (OssaEditor      *self,
                                                   int              animation,
                                                   GError         **error);
gboolean            ossa_editor_set_animation_props (OssaEditor    *self,
                                                     int            animation,
                                                     const char    *name,
                                                     double         duration,
                                                     double         fps,
                                                     gboolean       loop,
                                                     GError       **error);

/* ---- ossa-editor-art.c: images, slots, attachments and their keys ---- */

/* While the editor holds a document, every image path in it is absolute: made so
 * on open (against the document's folder) and on import; a save writes them
 * relative to the folder it writes to (DESIGN.md), into the copy it writes. */

/* The decoded pictures of the document, owned by the editor. */
OssaImageStore     *ossa_editor_get_images        (OssaEditor      *self);

/* The slots on show, as ossa_editor_get_world() is for the bones: the rest state in
 * Setup mode, the current animation at the playhead in Animate mode. Owned by the
 * editor, valid until the next change. */
const OssaSlotPose *ossa_editor_get_slot_pose     (OssaEditor      *self);

/* The picked attachment ("art-selection-changed"): a slot, and one of its
 * attachments or -1 for the slot alone; -1, -1 for none. Picking one clears the
 * bone selection and picking bones clears it: the canvas edits one or the other. */
int                 ossa_editor_get_selected_slot (OssaEditor      *self);
int                 ossa_editor_get_selected_attachment (OssaEditor *self);
void                ossa_editor_select_slot       (OssaEditor      *self,
                                                   int              slot,
                                                   int              attachment);

/* The bone whose joint-to-tip segment, in the pose on show, is nearest to world
 * (x, y); -1 when there are no bones. */
int                 ossa_editor_nearest_bone      (OssaEditor      *self,
                                                   double           x,
                                                   double           y);

/* One picture to bring in: a PNG file, or its bytes (embedded). */
typedef struct
{
  const char   *name;        /* the image's name (the file's base name without .png);
                              * made unique, and given to its slot and attachment too */
  const char   *path;        /* absolute path of the PNG, or NULL with data */
  const guint8 *data;        /* the PNG file's bytes when path is NULL (copied) */
  gsize         data_size;
  guint         width, height;  /* pixels */
  double        x, y;        /* where the picture's centre goes, world units */
  double        rotation;    /* its turn in the world, radians (0: upright) */
  int           bone;        /* the bone it goes on, or -1: the nearest to (x, y) */
} OssaPictureImport;

/* How a picture's slot starts out, when not white and shown (an .ora layer's
 * opacity and visibility). */
typedef struct
{
  guint32       tint;        /* the slot's colour (RGBA, straight alpha) */
  gboolean      hidden;      /* the slot shows no attachment at rest */
} OssaPictureLook;

/* Each picture becomes an image, a slot on its bone drawn over the slots before it
 * (in the array's order, the first drawn first) and an attachment of width × height
 * world units (one a pixel) centred at (x, y). One undo step named label; nothing
 * changes on refusal. Picks the last new slot. Returns the first new slot's index,
 * or -1 with @error set. Works in either mode (art is setup). */
int                 ossa_editor_import_pictures   (OssaEditor      *self,
                                                   const OssaPictureImport *pictures,
                                                   gsize            n_pictures,
                                                   const char      *label,
                                                   GError         **error);
/* The same, and in a document without bones a root bone named root_name is made
 * at the origin first, in the same undo step (art brought into a new document);
 * the pictures with bone -1 go on it. looks (nullable: white and shown) holds
 * one entry a picture. */
int                 ossa_editor_import_pictures_rooted (OssaEditor *self,
                                                   const OssaPictureImport *pictures,
                                                   const OssaPictureLook *looks,
                                                   gsize            n_pictures,
                                                   const char      *label,
                                                   const char      *root_name,
                                                   GError         **error);

/* Slot edits, each one undo step; a refused edit changes nothing and says why. */
gboolean            ossa_editor_remove_slot       (OssaEditor      *self,
                                                   guint            slot,
                                                   GError         **error);
gboolean            ossa_editor_rename_slot       (OssaEditor      *self,
                                                   guint            slot,
                                                   const char      *name,
                                                   GError         **error);
gboolean            ossa_editor_set_slot_bone     (OssaEditor      *self,
                                                   guint            slot,
                                                   guint            bone,
                                                   GError         **error);
/* The slots' draw order, back to front: order holds every slot index once. In
 * Setup mode it becomes the rest order (the slots move; their keys follow them);
 * in Animate mode it is keyed at the playhead. */
gboolean            ossa_editor_set_draw_order    (OssaEditor      *self,
                                                   const guint     *order,
                                                   gsize            n_order,
                                                   GError         **error);
/* The draw order on show (n_slots entries), owned by the editor. */
const guint32      *ossa_editor_get_draw_order    (OssaEditor      *self);
/* The slot's tint (RGBA, R in the high byte, straight alpha) and the attachment it
 * shows (-1 none): the rest values in Setup mode, keys at the playhead in Animate
 * mode (whatever auto-key says: a slot has no unkeyed edits). merge_id as for
 * ossa_editor_set_bone_local() (a colour picker's drag). */
gboolean            ossa_editor_set_slot_color    (OssaEditor      *self,
                                                   guint            slot,
                                                   guint32          color,
                                                   guint64          merge_id,
                                                   GError         **error);
gboolean            ossa_editor_set_slot_attachment (OssaEditor    *self,
                                                     guint          slot,
                                                     int            attachment,
                                                     GError       **error);
/* Keys, at the playhead of the current animation (made if there is none), the
 * colour and the attachment each slot shows now. One undo step. */
gboolean            ossa_editor_key_slots         (OssaEditor      *self,
                                                   const guint     *slots,
                                                   gsize            n_slots,
                                                   GError         **error);

/* Attachment edits. Where an attachment sits on its bone is setup: refused in
 * Animate mode with a message saying so. merge_id as above (a drag). */
gboolean            ossa_editor_set_attachment_offset (OssaEditor  *self,
                                                       guint        slot,
                                                       guint        attachment,
                                                       const OssaTransform *offset,
                                                       guint64      merge_id,
                                                       GError     **error);
gboolean            ossa_editor_set_attachment_size (OssaEditor    *self,
                                                     guint          slot,
                                                     guint          attachment,
                                                     double         width,
                                                     double         height,
                                                     guint64        merge_id,
                                                     GError       **error);
gboolean            ossa_editor_remove_attachment (OssaEditor      *self,
                                                   guint            slot,
                                                   guint            attachment,
                                                   GError         **error);
/* Removes an image: refused with a message naming the attachments that use it,
 * unless remove_attachments (then they go too). */
gboolean            ossa_editor_remove_image      (OssaEditor      *self,
                                                   guint            image,
                                                   gboolean         remove_attachments,
                                                   GError         **error);

/* ---- ossa-editor-art-files.c: embedding and unembedding ---- */

/* Stores every image file's bytes in the document (one undo step); refused, with
 * nothing changed, when a file cannot be read. */
gboolean            ossa_editor_embed_images      (OssaEditor      *self,
                                                   GError         **error);
/* Writes every embedded image out as NAME.png into folder (never over a file that
 * exists: NAME-2.png …) and points the images at them (one undo step). folder
 * NULL: the document's; refused when it was never saved. */
gboolean            ossa_editor_unembed_images    (OssaEditor      *self,
                                                   GFile           *folder,
                                                   GError         **error);
/* Whether an image is a file to embed; whether one is embedded (the actions'
 * sensitivity; follow "document-changed"). */
gboolean            ossa_editor_can_embed_images  (OssaEditor      *self);
gboolean            ossa_editor_can_unembed_images (OssaEditor     *self);

/* ---- ossa-editor-slot-keys.c: the slots' keys as the timeline and K edit them ---- */

/* One key of the current animation's art: a slot track's key (slot, channel, time)
 * or, with slot -1, the draw-order key at time (channel unused). */
typedef struct
{
  int             slot;
  OssaSlotChannel channel;
  float           time;
} OssaSlotKeyRef;

/* The order of art keys: the draw order's first, then by slot, channel and time
 * (a GCompareFunc, for qsort() and bsearch()); the editor and the timeline's
 * picked art keys sort them so. */
int                 ossa_slot_key_ref_compare     (gconstpointer    a,
                                                   gconstpointer    b);
/* Removes keys of the current animation, one undo step. Refused, with nothing
 * changed, when one of them is not there. */
gboolean            ossa_editor_remove_slot_keys  (OssaEditor      *self,
                                                   const OssaSlotKeyRef *keys,
                                                   gsize            n_keys,
                                                   GError         **error);
/* The timeline's Delete: the selected bone keys too when @selected, one step. */
gboolean            ossa_editor_delete_keys_with_slot_keys (OssaEditor *self,
                                                            gboolean    selected,
                                                            const OssaSlotKeyRef *keys,
                                                            gsize       n_keys,
                                                            GError    **error);
/* Moves art keys (distinct) by delta seconds (on frames with snap), one undo
 * step; refused, with nothing changed, when one would land on a key that stays.
 * On success keys[] holds the moved keys, sorted. */
gboolean            ossa_editor_move_slot_keys    (OssaEditor      *self,
                                                   OssaSlotKeyRef  *keys,
                                                   gsize            n_keys,
                                                   double           delta,
                                                   gboolean         snap,
                                                   GError         **error);
/* K with bones selected: ossa_editor_key_bones() and, with the colour and the
 * attachment each shows before K, every slot on those bones; one undo step. */
gboolean            ossa_editor_key_bones_and_slots (OssaEditor    *self,
                                                     const guint   *bones,
                                                     gsize          n_bones,
                                                     GError       **error);

/* ---- ossa-editor-ik.c: IK constraints and their keys ---- */

/* The picked constraint ("ik-selection-changed"), or -1. Picking one leaves the
 * bone selection as it is; a constraint that goes with an edit is unpicked. */
int                 ossa_editor_get_selected_ik   (OssaEditor      *self);
void                ossa_editor_select_ik         (OssaEditor      *self,
                                                   int              c);
/* A new constraint (one undo step, picked): bones (one, or a parent and its direct
 * child) aim at target, named "IK N" after the first free N (or name, when not
 * NULL). Returns its index, or -1 with @error and nothing changed. */
int                 ossa_editor_add_ik            (OssaEditor      *self,
                                                   const char      *name,
                                                   const guint     *bones,
                                                   gsize            n_bones,
                                                   guint            target,
                                                   GError         **error);
/* From the bone selection: the primary bone is the target, the others (one, or a
 * parent and its child) the chain; as Spine does when a person picks the bones then
 * the target. */
int                 ossa_editor_add_ik_from_selection (OssaEditor  *self,
                                                       GError     **error);
gboolean            ossa_editor_remove_ik         (OssaEditor      *self,
                                                   guint            c,
                                                   GError         **error);
gboolean            ossa_editor_rename_ik         (OssaEditor      *self,
                                                   guint            c,
                                                   const char      *name,
                                                   GError         **error);
gboolean            ossa_editor_reorder_ik        (OssaEditor      *self,
                                                   guint            c,
                                                   guint            new_index,
                                                   GError         **error);
/* Constraint c's bones (one, or a parent and its direct child) and target, its
 * name, mix, bend and keys kept. */
gboolean            ossa_editor_set_ik_chain      (OssaEditor      *self,
                                                   guint            c,
                                                   const guint     *bones,
                                                   gsize            n_bones,
                                                   guint            target,
                                                   GError         **error);
/* How many constraints name one of bones or a bone below them (bone or target):
 * those that removing these bones repairs or deletes. */
guint               ossa_editor_count_ik_of_bones (OssaEditor      *self,
                                                   const guint     *bones,
                                                   gsize            n_bones);
/* Mix and bend: the constraint's own in Setup mode; a key at the playhead in
 * Animate mode (whatever auto-key says, as slot colours). merge_id as for
 * ossa_editor_set_bone_local() (a slider drag is one step). */
gboolean            ossa_editor_set_ik_mix        (OssaEditor      *self,
                                                   guint            c,
                                                   float            mix,
                                                   guint64          merge_id,
                                                   GError         **error);
gboolean            ossa_editor_set_ik_bend       (OssaEditor      *self,
                                                   guint            c,
                                                   gboolean         bend_positive,
                                                   GError         **error);
/* Keys constraint c's mix and bend as they are on show at the playhead (K with a
 * constraint picked). One undo step. */
gboolean            ossa_editor_key_ik            (OssaEditor      *self,
                                                   guint            c,
                                                   GError         **error);
/* K: ossa_editor_key_bones_and_slots() on bones and, with a constraint picked,
 * ossa_editor_key_ik() on it, all as one undo step. */
gboolean            ossa_editor_key_bones_and_ik  (OssaEditor      *self,
                                                   const guint     *bones,
                                                   gsize            n_bones,
                                                   GError         **error);
/* Constraint c's mix and bend on show (its keys at the playhead in Animate mode). */
OssaIkState         ossa_editor_get_ik_state      (OssaEditor      *self,
                                                   guint            c);

/* ---- ossa-editor-pins.c: pinned joints for the IK drag ---- */

/* Joints that stay put in the world while an IK drag moves the rest
 * ("pins-changed"). The editor's state, kept with the document while it is open
 * and not written to the file; bones that go take their pins with them. */
gboolean            ossa_editor_is_pinned         (OssaEditor      *self,
                                                   guint            bone);
void                ossa_editor_set_pinned        (OssaEditor      *self,
                                                   guint            bone,
                                                   gboolean         pinned);
/* The pinned bones, ascending. */
const guint        *ossa_editor_get_pins          (OssaEditor      *self,
                                                   gsize           *n_pins);

/* ---- ossa-editor-ik-drag.c: the IK tool's drag ---- */

/* How many bones an IK drag bends at most, counted from the dragged one up
 * (Blender's chain length); 0, the default: up to the nearest pinned joint or the
 * root. The editor's setting, not the document's. */
guint               ossa_editor_get_ik_chain_length (OssaEditor    *self);
void                ossa_editor_set_ik_chain_length (OssaEditor    *self,
                                                     guint          n_bones);
/* A drag of bone's tip, pressed at world (x, y) (on the bone or by its tip): the
 * chain from bone up to the nearest pinned joint (whose bone still turns about
 * it), the chain length or the root bends so that the tip follows the pointer,
 * keeping the offset it had at the press; a pinned joint below the chain stays
 * where it was, the bones between it and the chain bending to hold it. Refused,
 * with nothing started, for a bone that is not there or in Animate mode without
 * an animation. */
gboolean            ossa_editor_ik_drag_begin     (OssaEditor      *self,
                                                   guint            bone,
                                                   double           x,
                                                   double           y,
                                                   GError         **error);
/* The pointer at world (x, y): solved again from the pose at the press (a place
 * of the pointer always gives one pose) and shown at once ("document-changed"
 * with OSSA_CHANGE_POSE); the document changes only at the end. FALSE when
 * there is no drag or the chain could not be solved. */
gboolean            ossa_editor_ik_drag_update    (OssaEditor      *self,
                                                   double           x,
                                                   double           y);
/* The release: the rotation of every bone that moved, as a rotate drag writes it
 * (rest rotations in Setup mode; keys at the playhead in Animate mode, or pending
 * edits with auto-key off), in one undo step. A refused edit leaves nothing
 * behind and says why. */
gboolean            ossa_editor_ik_drag_end       (OssaEditor      *self,
                                                   GError         **error);
/* Escape: the pose goes back to the press, nothing written. Also what a change of
 * the document under the drag (an undo) does. */
void                ossa_editor_ik_drag_cancel    (OssaEditor      *self);
gboolean            ossa_editor_ik_drag_is_active (OssaEditor      *self);
/* The bones the drag bends (its chain root-most first, then those holding pinned
 * joints below it); NULL and 0 with no drag. */
const guint32      *ossa_editor_ik_drag_get_bones (OssaEditor      *self,
                                                   gsize           *n_bones);

/* ---- ossa-editor-recovered.c: a document recovered after a crash ---- */

void                ossa_editor_take_recovered   (OssaEditor          *self,
                                                  OssaDocument        *document,
                                                  GFile               *original,
                                                  const OssaFileStamp *stamp);

/* ---- ossa-editor-maps.c: grid-map edits, declared in ossa-editor-maps.h ---- */

G_END_DECLS
