/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What info says about a document's IK (cli-common.h): its constraints, in the
 * order they are applied, with bones by name, and each animation's IK keys. */
#include "config.h"

#include <stdio.h>

#include "cli-common.h"

void
cli_ik_info_json (JsonBuilder *b, const OssaDocument *doc)
{
  json_builder_set_member_name (b, "ik_constraints");
  json_builder_begin_array (b);
  for (size_t i = 0; i < doc->n_ik; i++)
    {
      const OssaIkConstraint *c = &doc->ik[i];

      json_builder_begin_object (b);
      cli_json_add_string (b, "name", c->name);
      json_builder_set_member_name (b, "bones");
      json_builder_begin_array (b);
      for (uint32_t k = 0; k < c->n_bones; k++)
        json_builder_add_string_value (b, doc->skeleton.bones[c->bones[k]].name);
      json_builder_end_array (b);
      cli_json_add_string (b, "target", doc->skeleton.bones[c->target].name);
      cli_json_add_float (b, "mix", c->mix);
      cli_json_add_bool (b, "bend_positive", c->bend_positive);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

void
cli_ik_animation_json (JsonBuilder *b, const OssaDocument *doc, const OssaAnimation *anim)
{
  json_builder_set_member_name (b, "ik_tracks");
  json_builder_begin_array (b);
  for (size_t t = 0; t < anim->n_ik_tracks; t++)
    {
      const OssaIkTrack *track = &anim->ik_tracks[t];

      json_builder_begin_object (b);
      cli_json_add_string (b, "constraint", doc->ik[track->constraint].name);
      cli_json_add_int (b, "keys", (gint64) track->n_keys);
      cli_json_add_bool (b, "bend_keys", track->bend_positive != NULL);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

void
cli_ik_animation_human (const OssaDocument *doc, const OssaAnimation *anim)
{
  for (size_t t = 0; t < anim->n_ik_tracks; t++)
    {
      const OssaIkTrack *track = &anim->ik_tracks[t];

      printf ("    IK %s: %zu %s%s\n", doc->ik[track->constraint].name, track->n_keys,
              track->n_keys == 1 ? "key" : "keys", track->bend_positive != NULL ? " (mix and bend)" : " (mix)");
    }
}

void
cli_ik_info_human (const OssaDocument *doc)
{
  char mix[G_ASCII_DTOSTR_BUF_SIZE];

  if (doc->n_ik == 0)
    return;
  printf ("IK constraints: %zu (applied in this order)\n", doc->n_ik);
  for (size_t i = 0; i < doc->n_ik; i++)
    {
      const OssaIkConstraint *c = &doc->ik[i];

      printf ("  %s: %s", c->name, doc->skeleton.bones[c->bones[0]].name);
      if (c->n_bones == 2)
        printf (" → %s", doc->skeleton.bones[c->bones[1]].name);
      printf (", target %s, mix %s, bend %s\n", doc->skeleton.bones[c->target].name,
              cli_format_float (mix, sizeof mix, c->mix), c->bend_positive ? "positive" : "negative");
    }
}
