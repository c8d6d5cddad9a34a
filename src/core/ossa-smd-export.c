/* SPDX-License-Identifier: MIT */
/* An Ossa animation back to SMD (ossa-smd-export.h): every bone in every frame,
 * each bone's 3D local taken from its 2D world pose on the XZ plane. */
#include "ossa-smd-export.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ossa-io.h"
#include "ossa-number.h"
#include "ossa-pose.h"
#include "ossa-smd-project-private.h"
#include "ossa-smd.h"
#include "ossa-types.h"

typedef struct
{
  char  *data;
  size_t len, cap;
  bool   failed;
} Text;

static void
text_add (Text *t, const char *s, size_t n)
{
  if (t->failed)
    return;
  if (t->len + n + 1 > t->cap)
    {
      size_t cap = t->cap ? t->cap : 4096;
      char *data;

      while (cap < t->len + n + 1)
        cap *= 2;
      data = realloc (t->data, cap);
      if (data == NULL)
        {
          t->failed = true;
          return;
        }
      t->data = data;
      t->cap = cap;
    }
  memcpy (t->data + t->len, s, n);
  t->len += n;
  t->data[t->len] = '\0';
}

static void
text_printf (Text *t, const char *format, ...) __attribute__ ((format (printf, 2, 3)));

static void
text_printf (Text *t, const char *format, ...)
{
  char buf[512];
  va_list args;
  int n;

  va_start (args, format);
  n = vsnprintf (buf, sizeof buf, format, args);
  va_end (args);
  if (n < 0 || (size_t) n >= sizeof buf)
    t->failed = true;
  else
    text_add (t, buf, (size_t) n);
}

/* " v" with the shortest text that reads back as the same float, '.' decimals. */
static void
text_number (Text *t, double v)
{
  char buf[64];
  float f = (float) v;

  if (f == 0)
    f = 0;   /* no "-0" */
  buf[0] = ' ';
  ossa_number_format_float (buf + 1, sizeof buf - 1, f);
  text_add (t, buf, strlen (buf));
}

bool
ossa_smd_export_animation (const OssaDocument *doc, size_t anim_index, char **text_out,
                           size_t *length, OssaError *err)
{
  const OssaSkeleton *skel = &doc->skeleton;
  const OssaAnimation *anim;
  size_t n = skel->n_bones, n_frames;
  OssaTransform *local;
  OssaXform *world;
  Text t = { NULL, 0, 0, false };
  double fps;

  if (anim_index >= doc->n_animations)
    {
      ossa_error_set (err, OSSA_ERROR_NOT_FOUND, "animation %zu does not exist", anim_index);
      return false;
    }
  anim = &doc->animations[anim_index];
  fps = anim->fps > 0 && isfinite (anim->fps) ? anim->fps : 30;
  if (n == 0)
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "the document has no bones");
      return false;
    }
  for (size_t i = 0; i < n; i++)
    if (strpbrk (skel->bones[i].name, "\"\r\n") != NULL)
      {
        ossa_error_set (err, OSSA_ERROR_INVALID, "bone %zu's name holds a quote or a line break, which SMD cannot write",
                        i);
        return false;
      }
  if (!(anim->duration >= 0) || anim->duration * fps > (double) OSSA_MAX_KEYS)
    {
      ossa_error_set (err, OSSA_ERROR_LIMIT, "animation '%s' would have too many frames", anim->name);
      return false;
    }
  n_frames = (size_t) lround (anim->duration * fps) + 1;
  /* Every bone in every frame: what the reader would refuse is not written (a
   * long animation of sparse keys would otherwise ask for gigabytes of text). */
  if (n_frames > OSSA_SMD_MAX_POSES / n)
    {
      ossa_error_set (err, OSSA_ERROR_LIMIT,
                      "animation '%s' would need %zu bone poses (%zu bones × %zu frames), more than an SMD may hold (%zu)",
                      anim->name, n * n_frames, n, n_frames, OSSA_SMD_MAX_POSES);
      return false;
    }
  local = malloc (n * sizeof *local);
  world = malloc (n * sizeof *world);
  if (local == NULL || world == NULL)
    {
      free (local);
      free (world);
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
      return false;
    }
  text_printf (&t, "version 1\nnodes\n");
  for (size_t i = 0; i < n; i++)
    text_printf (&t, "%zu \"%s\" %d\n", i, skel->bones[i].name, (int) skel->bones[i].parent);
  text_printf (&t, "end\nskeleton\n");
  for (size_t f = 0; f < n_frames && !t.failed; f++)
    {
      ossa_animation_sample_pose (anim, skel, (float) ((double) f / fps), local);
      ossa_pose_compute_world (skel, local, world);
      text_printf (&t, "time %zu\n", f);
      for (size_t i = 0; i < n; i++)
        {
          int32_t p = skel->bones[i].parent;
          double angle = atan2 (world[i].b, world[i].a);
          double x = world[i].tx, y = world[i].ty, rot = angle;

          /* In the parent's unscaled frame, so the 3D chain (no scale) puts the
           * joint where the 2D pose has it. */
          if (p >= 0)
            {
              double pa = atan2 (world[p].b, world[p].a);
              double dx = x - world[p].tx, dy = y - world[p].ty;

              x = cos (pa) * dx + sin (pa) * dy;
              y = -sin (pa) * dx + cos (pa) * dy;
              rot = _ossa_smd_wrap_angle (angle - pa);
            }
          /* Plane xz: 2D (x, y) is 3D (X, Z); a 2D turn by θ is a turn by −θ about Y. */
          text_printf (&t, "%zu", i);
          text_number (&t, x);
          text_number (&t, 0);
          text_number (&t, y);
          text_number (&t, 0);
          text_number (&t, -rot);
          text_number (&t, 0);
          text_add (&t, "\n", 1);
        }
    }
  text_printf (&t, "end\n");
  free (local);
  free (world);
  if (t.failed)
    {
      free (t.data);
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
      return false;
    }
  *text_out = t.data;
  *length = t.len;
  return true;
}

bool
ossa_smd_save_animation (const OssaDocument *doc, size_t anim_index, const char *path,
                         OssaError *err)
{
  char *text;
  size_t len;
  bool ok;

  if (!ossa_smd_export_animation (doc, anim_index, &text, &len, err))
    return false;
  ok = ossa_file_write_atomic (path, text, len, err);
  free (text);
  return ok;
}
