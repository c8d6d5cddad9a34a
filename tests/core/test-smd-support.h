/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the core's SMD and .qc import tests share: the shared test data's SMD
 * files, a document's sampled 2D world joints (the core's ordinary sampling, as
 * `ossa-cli sample` does) and a notice collector. The expected joints come from
 * test-smd-reference.h, which knows nothing of the importer. */
#pragma once

#include <glib.h>

#include "ossa.h"

/* OSSA_SHARED_TESTDATA/smd/name, or NULL when it is not there (free with g_free). */
static inline char *
testdata (const char *name)
{
  const char *dir = g_getenv ("OSSA_SHARED_TESTDATA");
  char *path;

  if (dir == NULL)
    return NULL;
  path = g_build_filename (dir, "smd", name, NULL);
  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    g_clear_pointer (&path, g_free);
  return path;
}

/* World joints of doc's animation `anim` (NULL: rest) at time t, 2 per bone. */
static inline void
sample_joints (const OssaDocument *doc, const OssaAnimation *anim, float t, double *xy)
{
  size_t n = doc->skeleton.n_bones;
  OssaTransform *local = g_new (OssaTransform, n);
  OssaXform *world = g_new (OssaXform, n);

  ossa_animation_sample_pose (anim, &doc->skeleton, t, local);
  ossa_pose_compute_world (&doc->skeleton, local, world);
  for (size_t i = 0; i < n; i++)
    {
      xy[2 * i] = world[i].tx;
      xy[2 * i + 1] = world[i].ty;
    }
  g_free (local);
  g_free (world);
}

/* Every notice as "PATH:LINE: message\n", and how many. */
typedef struct
{
  int     notices;
  GString *text;
} Notices;

static inline void
on_notice (const char *path, int line, const char *message, void *user_data)
{
  Notices *n = user_data;

  n->notices++;
  g_string_append_printf (n->text, "%s:%d: %s\n", path, line, message);
}

/* How many times needle occurs in haystack. */
static inline int
count_of (const char *haystack, const char *needle)
{
  int n = 0;

  for (const char *p = strstr (haystack, needle); p != NULL; p = strstr (p + 1, needle))
    n++;
  return n;
}
