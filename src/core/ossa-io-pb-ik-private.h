/* SPDX-License-Identifier: MIT */
/* The IK of a .ossa file (Skeleton.ik, Animation.ik_tracks) read from and written
 * to protobuf-c messages (ossa-io-pb-ik.c), for the loader and the saver. Reading
 * copies everything out of the message, which stays the caller's; writing builds
 * messages over the document's own strings and columns, in an OssaPbIkOut that
 * owns only the messages and the widened bend columns (_ossa_pb_ik_out_free()).
 * Not installed. */
#pragma once

#include <stdbool.h>

#include "ossa-document.h"
#include "ossa-error.h"
#include "ossa.pb-c.h"

/* Counts and column lengths of the IK in msg, before anything is allocated. */
bool _ossa_pb_check_ik (const Ossa__Document *msg, OssaError *err);

/* Copies the constraints into doc, whose skeleton is in already, and checks them
 * (ossa_ik_constraints_validate()). */
bool _ossa_pb_convert_ik (const Ossa__Document *msg, OssaDocument *doc, OssaError *err);

/* Copies src's IK tracks into anim, sorted by constraint, and checks them against
 * doc's constraints. */
bool _ossa_pb_convert_animation_ik (const Ossa__Animation *src, const OssaDocument *doc,
                                    OssaAnimation *anim, OssaError *err);

typedef struct
{
  Ossa__IkConstraint  *constraints;
  Ossa__IkConstraint **constraint_ptrs;
  Ossa__IkTrack       *tracks;       /* the IK tracks of all animations, in order */
  Ossa__IkTrack      **track_ptrs;
  protobuf_c_boolean  *bends;        /* every track's bend column widened, in order */
} OssaPbIkOut;

/* Fills skel's constraints and each of doc's animations' (anims) IK tracks. False
 * on out of memory. */
bool _ossa_pb_build_ik (const OssaDocument *doc, Ossa__Skeleton *skel, Ossa__Animation *anims,
                        OssaPbIkOut *out);
void _ossa_pb_ik_out_free (OssaPbIkOut *out);
