/* SPDX-License-Identifier: MIT */
/* What every kind of OssaCommand is made of, for the files that build them
 * (ossa-command.c, ossa-command-bone.c, ossa-command-animation.c,
 * ossa-command-map.c, ossa-command-art.c, ossa-command-ik.c). A command owns what its other state points to (names,
 * tracks, maps, the skeleton and animations of a structural edit) and frees it in
 * ossa_command_free(). Not installed. */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ossa-command.h"

/* Every command holds the *other* state of what it changes: applying swaps it with
 * the document's, and so does reverting. One copy per command, and apply/revert
 * never allocate, so undo cannot fail for lack of memory (except when a track has
 * to be created again). */
typedef enum
{
  KIND_BONE,       /* one bone's fields */
  KIND_TRACK,      /* one (animation, bone, channel) track, present or absent */
  KIND_ANIMATION,  /* one animation's name, duration, fps and loop */
  KIND_STRUCTURE,  /* the skeleton, IK constraints, all animations and meshes (bone indices change) */
  KIND_GROUP,
  KIND_MAP_CELLS,  /* cells of one map that flip (walkable <-> blocked) */
  KIND_MAP,        /* one whole map (its size and cells) */
  KIND_MAP_ENDS,   /* one map's start and goal */
  KIND_MAP_LIST,   /* one map present at an index, or absent */
  KIND_SLOT,       /* art: one slot's fields and attachments */
  KIND_IMAGE_LIST, /* art: one image present at an index, or absent */
  KIND_IMAGE,      /* art: one image's fields (image.present unused) */
  KIND_IK,         /* IK: one constraint's fields */
  KIND_IK_LIST,    /* IK: every constraint, with every animation's IK tracks when they change */
  KIND_IK_TRACK,   /* IK: one (animation, constraint) track, present or absent */
} OssaCommandKind;

struct OssaCommand
{
  OssaCommandKind kind;
  char           *label;
  uint64_t        merge_id;
  union
  {
    struct
    {
      size_t   index;
      OssaBone other;
    } bone;
    struct
    {
      size_t      anim;
      uint32_t    bone;
      OssaChannel channel;
      bool        present;  /* whether `other` is a track or "no track" */
      OssaTrack   other;
    } track;
    struct
    {
      size_t index;
      char  *name;
      float  duration, fps;
      bool   loop;
    } animation;
    struct
    {
      OssaSkeleton   skeleton;
      OssaAnimation *animations;
      size_t         n_animations;
      OssaMesh      *meshes;
      size_t         n_meshes;
      OssaSlot      *slots;
      size_t         n_slots;
      OssaIkConstraint *ik;
      size_t            n_ik;
    } structure;
    struct
    {
      OssaCommand **cmds;
      size_t        n;
    } group;
    struct
    {
      size_t    map;
      uint32_t  x, y, width, height;  /* the rectangle the flips lie in */
      uint8_t  *flips;                /* width × height bits, row-major */
    } cells;
    struct
    {
      size_t      index;
      OssaGridMap other;
    } map;
    struct
    {
      size_t   map;
      bool     has_start, has_goal;
      uint32_t start_x, start_y, goal_x, goal_y;
    } ends;
    struct
    {
      size_t      index;
      bool        present;  /* whether `other` is a map to put back at index */
      OssaGridMap other;
    } list;
    struct
    {
      size_t   index;
      OssaSlot other;
    } slot;
    struct
    {
      size_t    index;
      bool      present;  /* whether `other` is an image to put back at index */
      OssaImage other;
    } image;
    struct
    {
      size_t           index;
      OssaIkConstraint other;
    } ik;
    struct
    {
      OssaIkConstraint *ik;
      size_t            n_ik;
      bool              with_tracks;  /* whether tracks[] and n_tracks[] hold every animation's */
      size_t            n_animations;
      OssaIkTrack     **tracks;       /* per animation: its IK tracks */
      size_t           *n_tracks;
    } ik_list;
    struct
    {
      size_t      anim;
      uint32_t    constraint;
      bool        present;  /* whether `other` is a track or "no track" */
      OssaIkTrack other;
    } ik_track;
  };
};

/* A zeroed command of that kind with a copy of label; NULL with err set on out of
 * memory. */
OssaCommand *_ossa_command_new (OssaCommandKind kind, const char *label, OssaError *err);

/* Moves the scratch document's skeleton, IK constraints, slots, animations and meshes into a new
 * structural command, and frees the scratch document either way. */
OssaCommand *_ossa_command_new_structure (OssaDocument *scratch, const char *label,
                                          OssaError *err);

/* Whether bone is one of doc's; err says which not. */
bool _ossa_command_check_bone (const OssaDocument *doc, size_t bone, OssaError *err);

/* Each kind's swap of its other state with the document's: applying and reverting
 * are both a swap (ossa-command.c picks one by kind). */
bool _ossa_command_swap_bone (OssaCommand *cmd, OssaDocument *doc, OssaError *err);
bool _ossa_command_swap_track (OssaCommand *cmd, OssaDocument *doc, OssaError *err);
bool _ossa_command_swap_animation (OssaCommand *cmd, OssaDocument *doc, OssaError *err);
bool _ossa_command_swap_map_cells (OssaCommand *cmd, OssaDocument *doc, OssaError *err);
bool _ossa_command_swap_map (OssaCommand *cmd, OssaDocument *doc, OssaError *err);
bool _ossa_command_swap_map_ends (OssaCommand *cmd, OssaDocument *doc, OssaError *err);
bool _ossa_command_swap_map_list (OssaCommand *cmd, OssaDocument *doc, OssaError *err);
bool _ossa_command_swap_slot (OssaCommand *cmd, OssaDocument *doc, OssaError *err);
bool _ossa_command_swap_image_list (OssaCommand *cmd, OssaDocument *doc, OssaError *err);
bool _ossa_command_swap_image (OssaCommand *cmd, OssaDocument *doc, OssaError *err);
bool _ossa_command_swap_ik (OssaCommand *cmd, OssaDocument *doc, OssaError *err);
bool _ossa_command_swap_ik_list (OssaCommand *cmd, OssaDocument *doc, OssaError *err);
bool _ossa_command_swap_ik_track (OssaCommand *cmd, OssaDocument *doc, OssaError *err);
/* Releases what an IK command's other state owns. */
void _ossa_command_free_ik (OssaCommand *cmd);
