/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A game's first program, built by test-install.py against the installed libossa
 * only (pkg-config, shared and static): load a document, pose an animation, read
 * its world corners, make a player. Prints what it got, one fact a line. */
#include <ossa/ossa.h>
#include <stdio.h>

int
main (int argc, char **argv)
{
  OssaError err = { 0 };
  OssaDocument *doc = argc == 3 ? ossa_document_load (argv[1], &err) : NULL;
  ssize_t anim = doc ? ossa_document_find_animation (doc, argv[2]) : -1;
  if (anim < 0)
    return fprintf (stderr, "smoke: %s: %s\n", argc > 1 ? argv[1] : "?", err.message), 1;
  OssaPose *pose = ossa_pose_new (&doc->skeleton, &err);
  OssaSlotPose *slots = ossa_slot_pose_new (doc, &err);
  OssaPlayer *player = ossa_player_new (doc, &err);
  OssaQuad quads[64];
  ossa_pose_sample (pose, &doc->animations[anim], &doc->skeleton, 0.25f);
  ossa_pose_update_world (pose, &doc->skeleton);
  ossa_slot_pose_sample (slots, doc, &doc->animations[anim], 0.25f);
  size_t n = ossa_slot_pose_fill_quads (slots, pose->world, quads, 64);
  printf ("bones %zu\nquads %zu\nplayer %s\n", pose->n_bones, n, player ? "yes" : "no");
  for (size_t i = 0; i < n && i < 64; i++)
    printf ("quad %u %.3f %.3f\n", (unsigned) quads[i].slot, quads[i].xy[0], quads[i].xy[1]);
  ossa_player_free (player);
  ossa_slot_pose_free (slots);
  ossa_pose_free (pose);
  ossa_document_free (doc);
  return 0;
}
