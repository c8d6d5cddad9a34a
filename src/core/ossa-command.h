/* SPDX-License-Identifier: MIT */
/* Undoable edits of a document. A command owns what it records (free it with
 * ossa_command_free(), unless an OssaHistory or a group has taken it). */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ossa-api.h"
#include "ossa-document.h"
#include "ossa-error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One edit of a document, able to apply and revert itself. Every change an editor,
 * a script or the CLI makes goes through a command so that undo, redo and the
 * rules (unique names, key order, bone order) have one path.
 *
 * A constructor checks the edit against the document as it is now and returns NULL
 * with err set when it is impossible (a name taken, a cycle, a key onto another);
 * such a call changes nothing. The command records what it needs to go back, so it
 * must be applied to that document in that state (ossa_history_execute() does). */
typedef struct OssaCommand OssaCommand;

OSSA_API void ossa_command_free (OssaCommand *cmd);

/* A short human label, e.g. "Rotate Bone": the Edit menu shows "Undo Rotate Bone". */
OSSA_API const char *ossa_command_label (const OssaCommand *cmd);

/* Replaces the label (copied). */
OSSA_API void ossa_command_set_label (OssaCommand *cmd, const char *label);

/* Consecutive commands with the same non-zero merge id on the same target merge into
 * one undo step (a whole mouse drag). 0, the default, never merges. */
OSSA_API void ossa_command_set_merge_id (OssaCommand *cmd, uint64_t merge_id);

OSSA_API uint64_t ossa_command_get_merge_id (const OssaCommand *cmd);

/* True when both commands change the same single thing (one bone, one track, one
 * animation's properties): then a later one can be merged into an earlier one. */
OSSA_API bool ossa_command_same_target (const OssaCommand *a, const OssaCommand *b);

OSSA_API bool ossa_command_apply (OssaCommand *cmd, OssaDocument *doc, OssaError *err);
OSSA_API bool ossa_command_revert (OssaCommand *cmd, OssaDocument *doc, OssaError *err);

/* ---- bones ---- */
OSSA_API OssaCommand *ossa_command_add_bone (const OssaDocument *doc, const char *name, int32_t parent,
                                             const OssaTransform *rest, float length, uint32_t color,
                                             OssaError *err);
OSSA_API OssaCommand *ossa_command_remove_bone (const OssaDocument *doc, size_t bone, OssaError *err);
/* The same, saying what becomes of the IK constraints that name the removed bones
 * (ossa_command_remove_bone() repairs them). */
OSSA_API OssaCommand *ossa_command_remove_bone_ik (const OssaDocument *doc, size_t bone,
                                                   OssaIkRemoval how, OssaError *err);
OSSA_API OssaCommand *ossa_command_rename_bone (const OssaDocument *doc, size_t bone, const char *name,
                                                OssaError *err);
OSSA_API OssaCommand *ossa_command_reparent_bone (const OssaDocument *doc, size_t bone, int32_t new_parent,
                                                  OssaError *err);
OSSA_API OssaCommand *ossa_command_set_bone_rest (const OssaDocument *doc, size_t bone,
                                                  const OssaTransform *rest, OssaError *err);
OSSA_API OssaCommand *ossa_command_set_bone_length (const OssaDocument *doc, size_t bone, float length,
                                                    OssaError *err);
OSSA_API OssaCommand *ossa_command_set_bone_color (const OssaDocument *doc, size_t bone, uint32_t color,
                                                   OssaError *err);

/* ---- animations ---- */
OSSA_API OssaCommand *ossa_command_add_animation (const OssaDocument *doc, const char *name,
                                                  float duration, float fps, bool loop, OssaError *err);
OSSA_API OssaCommand *ossa_command_remove_animation (const OssaDocument *doc, size_t anim, OssaError *err);
/* Appends a copy of animation anim (its keys, duration, frame rate and loop flag)
 * called name; refuses a name already taken. */
OSSA_API OssaCommand *ossa_command_duplicate_animation (const OssaDocument *doc, size_t anim,
                                                        const char *name, OssaError *err);
/* Name, duration, frame rate and loop flag at once. */
OSSA_API OssaCommand *ossa_command_set_animation_props (const OssaDocument *doc, size_t anim,
                                                        const char *name, float duration, float fps,
                                                        bool loop, OssaError *err);

/* ---- keys (anim is an animation index) ---- */
/* Inserts key, or replaces the key at the same time (that is how interpolation,
 * curve, spin and turns of a key are changed too). Creates the track if needed. */
OSSA_API OssaCommand *ossa_command_set_key (const OssaDocument *doc, size_t anim, uint32_t bone,
                                            OssaChannel channel, const OssaKey *key, OssaError *err);
/* Removes the key at exactly time; the track goes when its last key does. */
OSSA_API OssaCommand *ossa_command_remove_key (const OssaDocument *doc, size_t anim, uint32_t bone,
                                               OssaChannel channel, float time, OssaError *err);
/* Moves the key at from_time to to_time; refuses to land on another key. */
OSSA_API OssaCommand *ossa_command_move_key (const OssaDocument *doc, size_t anim, uint32_t bone,
                                             OssaChannel channel, float from_time, float to_time,
                                             OssaError *err);

/* ---- grid maps (map is an index into doc->maps) ---- */
/* Appends a copy of map (which must be valid). */
OSSA_API OssaCommand *ossa_command_add_map (const OssaDocument *doc, const OssaGridMap *map,
                                            OssaError *err);
OSSA_API OssaCommand *ossa_command_remove_map (const OssaDocument *doc, size_t map, OssaError *err);
/* Sets the cells of the rectangle x, y, width × height (inside the map) from values,
 * width × height bytes row by row: 0 blocked, 1 walkable, anything else leaves the
 * cell as it is (so a round brush is a rectangle with a mask). The command keeps
 * one bit a cell over the bounding box of the cells that really change; when none
 * does it changes nothing (ossa_command_map_cells_rect() gives a 0 × 0 box). A
 * brush stroke is many of these: record it as one step with
 * ossa_history_begin_group()/end_group(). */
OSSA_API OssaCommand *ossa_command_set_map_cells (const OssaDocument *doc, size_t map, uint32_t x,
                                                  uint32_t y, uint32_t width, uint32_t height,
                                                  const uint8_t *values, OssaError *err);
/* For a set_map_cells command: the map and the box of cells it flips (width and
 * height 0 when it changes nothing). false for any other command. */
OSSA_API bool ossa_command_map_cells_rect (const OssaCommand *cmd, size_t *map, uint32_t *x,
                                           uint32_t *y, uint32_t *width, uint32_t *height);
/* ossa_grid_map_resize() as a command: top-left anchored, new cells walkable, a
 * start or goal that falls outside dropped. */
OSSA_API OssaCommand *ossa_command_resize_map (const OssaDocument *doc, size_t map, uint32_t width,
                                               uint32_t height, OssaError *err);
/* Sets (or, with has_* false, clears) the start and the goal of a map. Commands on
 * the same map merge under one merge id (dragging the start). */
OSSA_API OssaCommand *ossa_command_set_map_endpoints (const OssaDocument *doc, size_t map,
                                                      bool has_start, uint32_t start_x,
                                                      uint32_t start_y, bool has_goal, uint32_t goal_x,
                                                      uint32_t goal_y, OssaError *err);

/* ---- art: images, slots, attachments and their keys (DESIGN.md "Art on bones";
 * slot, image and attachment are indices into doc->slots, doc->images and the
 * slot's attachments) ---- */
/* Appends an image: a path relative to the document (data NULL) or the PNG bytes
 * themselves (path NULL), of width × height pixels. The bytes are copied, never
 * decoded. */
OSSA_API OssaCommand *ossa_command_add_image (const OssaDocument *doc, const char *name, const char *path,
                                              const void *data, size_t data_size, uint32_t width,
                                              uint32_t height, OssaError *err);
/* Gives image index a new name, path, embedded bytes and size at once (e.g.
 * embedding it: data set, path NULL; or its file read again: the new size);
 * copied. Commands on the same image merge under one merge id. */
OSSA_API OssaCommand *ossa_command_set_image (const OssaDocument *doc, size_t image, const char *name,
                                              const char *path, const void *data, size_t data_size,
                                              uint32_t width, uint32_t height, OssaError *err);
/* Removes an image. When attachments use it: refused with a message naming them,
 * or, with remove_attachments, they go too (and keys showing them show none). */
OSSA_API OssaCommand *ossa_command_remove_image (const OssaDocument *doc, size_t image,
                                                 bool remove_attachments, OssaError *err);
/* A new empty slot on bone, on top of the others (drawn last); draw-order keys put
 * it on top as well. */
OSSA_API OssaCommand *ossa_command_add_slot (const OssaDocument *doc, const char *name, uint32_t bone,
                                             uint32_t color, OssaError *err);
/* Removes a slot with its keys and its entries in the draw-order keys. */
OSSA_API OssaCommand *ossa_command_remove_slot (const OssaDocument *doc, size_t slot, OssaError *err);
OSSA_API OssaCommand *ossa_command_rename_slot (const OssaDocument *doc, size_t slot, const char *name,
                                                OssaError *err);
/* Moves a slot (with its attachments' offsets as they are) to another bone. */
OSSA_API OssaCommand *ossa_command_set_slot_bone (const OssaDocument *doc, size_t slot, uint32_t bone,
                                                  OssaError *err);
/* Moves a slot to index new_index of the rest draw order; its keys follow it, and
 * draw-order keys keep showing what they showed. */
OSSA_API OssaCommand *ossa_command_reorder_slot (const OssaDocument *doc, size_t slot, size_t new_index,
                                                 OssaError *err);
/* The slot's tint (RGBA, straight alpha) and the attachment it shows at rest (-1:
 * none). Commands on the same slot merge under one merge id. */
OSSA_API OssaCommand *ossa_command_set_slot_color (const OssaDocument *doc, size_t slot, uint32_t color,
                                                   OssaError *err);
OSSA_API OssaCommand *ossa_command_set_slot_attachment (const OssaDocument *doc, size_t slot,
                                                        int32_t attachment, OssaError *err);
/* Appends an attachment of image to a slot, centred on offset (NULL: the bone's
 * origin) in the bone's space, width × height world units. It becomes the slot's
 * rest attachment when the slot had none. */
OSSA_API OssaCommand *ossa_command_add_attachment (const OssaDocument *doc, size_t slot, const char *name,
                                                   uint32_t image, const OssaTransform *offset,
                                                   float width, float height, OssaError *err);
/* Removes an attachment; the rest attachment and keys that showed it show none. */
OSSA_API OssaCommand *ossa_command_remove_attachment (const OssaDocument *doc, size_t slot,
                                                      size_t attachment, OssaError *err);
/* Moves, turns and scales an attachment in its bone's space, or sizes it. Merge
 * under one merge id like set_slot_color (a drag). */
OSSA_API OssaCommand *ossa_command_set_attachment_offset (const OssaDocument *doc, size_t slot,
                                                          size_t attachment, const OssaTransform *offset,
                                                          OssaError *err);
OSSA_API OssaCommand *ossa_command_set_attachment_size (const OssaDocument *doc, size_t slot,
                                                        size_t attachment, float width, float height,
                                                        OssaError *err);
/* Keys a slot channel at key->time (replacing a key there): ATTACHMENT uses
 * key->attachment (-1: none), COLOR key->color, interp and curve. */
OSSA_API OssaCommand *ossa_command_set_slot_key (const OssaDocument *doc, size_t anim, size_t slot,
                                                 OssaSlotChannel channel, const OssaSlotKey *key,
                                                 OssaError *err);
/* Removes the slot key at exactly time; the track goes with its last key. */
OSSA_API OssaCommand *ossa_command_remove_slot_key (const OssaDocument *doc, size_t anim, size_t slot,
                                                    OssaSlotChannel channel, float time, OssaError *err);
/* Keys the draw order at time: order holds every slot index once, back to front. */
OSSA_API OssaCommand *ossa_command_set_draw_order_key (const OssaDocument *doc, size_t anim, float time,
                                                       const uint32_t *order, size_t n_order,
                                                       OssaError *err);
OSSA_API OssaCommand *ossa_command_remove_draw_order_key (const OssaDocument *doc, size_t anim, float time,
                                                          OssaError *err);

/* ---- IK constraints (DESIGN.md "Inverse kinematics"; c is an index into doc->ik) ---- */
/* Appends a constraint (checked by the rules of ossa_ik_constraints_validate()):
 * bones[0] alone (n_bones 1) or with its direct child bones[1], aiming at target. */
OSSA_API OssaCommand *ossa_command_add_ik (const OssaDocument *doc, const char *name,
                                           const uint32_t *bones, uint32_t n_bones, uint32_t target,
                                           bool bend_positive, float mix, OssaError *err);
/* Removes a constraint with its keys in every animation. */
OSSA_API OssaCommand *ossa_command_remove_ik (const OssaDocument *doc, size_t c, OssaError *err);
/* Replaces every field of constraint c at once (a rename is this with a new name);
 * its keys stay. Commands on the same constraint merge under one merge id (a drag
 * of the mix slider). */
OSSA_API OssaCommand *ossa_command_set_ik (const OssaDocument *doc, size_t c, const char *name,
                                           const uint32_t *bones, uint32_t n_bones, uint32_t target,
                                           bool bend_positive, float mix, OssaError *err);
/* Moves constraint c to index new_index of the order they are applied in; its keys
 * follow it. */
OSSA_API OssaCommand *ossa_command_reorder_ik (const OssaDocument *doc, size_t c, size_t new_index,
                                               OssaError *err);
/* Keys constraint c's mix (and, with key->has_bend, its bend) at key->time,
 * replacing a key there; creates the track if needed. */
OSSA_API OssaCommand *ossa_command_set_ik_key (const OssaDocument *doc, size_t anim, size_t c,
                                               const OssaIkKey *key, OssaError *err);
/* Removes the IK key at exactly time; the track goes with its last key. */
OSSA_API OssaCommand *ossa_command_remove_ik_key (const OssaDocument *doc, size_t anim, size_t c,
                                                  float time, OssaError *err);

/* Several commands as one undo step, applied in order and reverted in reverse.
 * Takes ownership of the n commands (and frees them even on failure). Each must
 * already be applicable in sequence: build them against a scratch copy, or use
 * ossa_history_begin_group()/end_group(), which does that for you. */
OSSA_API OssaCommand *ossa_command_group (const char *label, OssaCommand **cmds, size_t n, OssaError *err);

#ifdef __cplusplus
}
#endif
