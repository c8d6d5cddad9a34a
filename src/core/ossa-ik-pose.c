/* SPDX-License-Identifier: MIT */
/* IK after FK. STUB: the contract's shapes only, filled in by the IK evaluation work. */
#include "ossa-ik-pose.h"

OssaIkState
ossa_ik_sample (const OssaDocument *doc, const OssaAnimation *anim, size_t c, float t)
{
  OssaIkState state = { doc->ik[c].mix, doc->ik[c].bend_positive };

  (void) anim;
  (void) t;
  return state;
}

void
ossa_ik_apply (const OssaDocument *doc, const OssaIkState *states, OssaTransform *local,
               OssaXform *world, uint8_t *dirty)
{
  (void) doc;
  (void) states;
  (void) local;
  (void) world;
  (void) dirty;
}

void
ossa_pose_apply_ik (OssaPose *pose, const OssaDocument *doc, const OssaAnimation *anim, float t)
{
  (void) pose;
  (void) doc;
  (void) anim;
  (void) t;
}
