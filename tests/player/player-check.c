/* SPDX-License-Identifier: GPL-3.0-or-later */
/* player-check: checks a screenshot of examples/player against the runtime (built
 * from the tree, independently of the installed library the player links). For
 * each instance the player printed ("instance I: phase P scale S origin X Y"), it
 * plays the same animation from the same start, advances it the same frames, fills
 * its world quads and maps them with the printed camera; then, at points spread
 * over every head attachment, the screenshot's colour must be the head picture's
 * colour there times the slot's tint, and away from every quad the background.
 *
 *   player-check DOC.ossa SHOT.png PLAYER-STDOUT FRAMES ANIMATION-INDEX
 *   player-check embed IN.ossa OUT.ossa     (IN with its pictures inside it) */
#include "ossa.h"

#include <SDL.h>
#include <SDL_image.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_INSTANCES 64
#define MAX_QUADS     64

typedef struct
{
  float    phase, scale, x0, y0;
  OssaQuad quads[MAX_QUADS];
  size_t   n;
} Instance;

static int failures;

static SDL_Surface *
load_rgba (const char *path)
{
  SDL_Surface *s = IMG_Load (path), *c;

  if (s == NULL)
    {
      fprintf (stderr, "player-check: %s: %s\n", path, IMG_GetError ());
      exit (1);
    }
  c = SDL_ConvertSurfaceFormat (s, SDL_PIXELFORMAT_RGBA32, 0);
  SDL_FreeSurface (s);
  return c;
}

static const uint8_t *
pixel (const SDL_Surface *s, int x, int y)
{
  return (const uint8_t *) s->pixels + (size_t) y * (size_t) s->pitch + 4 * (size_t) x;
}

/* The world point at (u, v) of a quad (corner 0 is uv (0, 1), 1 is (1, 1), 2 is
 * (1, 0), 3 is (0, 0)). */
static void
quad_point (const OssaQuad *q, float u, float v, float *x, float *y)
{
  const float *p = q->xy;
  float w[4] = { (1 - u) * v, u * v, u * (1 - v), (1 - u) * (1 - v) };

  *x = *y = 0;
  for (int c = 0; c < 4; c++)
    {
      *x += w[c] * p[2 * c];
      *y += w[c] * p[2 * c + 1];
    }
}

/* Whether the screen point (x, y) is inside q drawn with in's camera. */
static bool
inside (const Instance *in, const OssaQuad *q, float x, float y)
{
  int sign = 0;

  for (int c = 0; c < 4; c++)
    {
      int d = (c + 1) % 4;
      float ax = in->x0 + in->scale * q->xy[2 * c], ay = in->y0 - in->scale * q->xy[2 * c + 1];
      float bx = in->x0 + in->scale * q->xy[2 * d], by = in->y0 - in->scale * q->xy[2 * d + 1];
      float cross = (bx - ax) * (y - ay) - (by - ay) * (x - ax);
      int s = cross > 0 ? 1 : cross < 0 ? -1 : 0;

      if (s != 0 && sign != 0 && s != sign)
        return false;
      if (s != 0)
        sign = s;
    }
  return true;
}

/* The picture is the same colour all round (x, y): a point a pixel or two off on
 * screen still sees it. */
static bool
uniform_around (const SDL_Surface *img, int x, int y, int r)
{
  const uint8_t *c = pixel (img, x, y);

  if (c[3] != 255)
    return false;
  for (int dy = -r; dy <= r; dy++)
    for (int dx = -r; dx <= r; dx++)
      {
        int xx = x + dx, yy = y + dy;
        const uint8_t *d;

        if (xx < 0 || yy < 0 || xx >= img->w || yy >= img->h)
          return false;
        d = pixel (img, xx, yy);
        for (int k = 0; k < 4; k++)
          if (abs ((int) d[k] - (int) c[k]) > 6)
            return false;
      }
  return true;
}

/* player-check embed IN.ossa OUT.ossa: IN with every picture's bytes inside it. */
static int
embed (const char *in, const char *out)
{
  OssaError err = { 0 };
  OssaDocument *doc = ossa_document_load (in, &err);
  const char *slash = strrchr (in, '/');

  if (doc == NULL)
    {
      fprintf (stderr, "player-check: %s: %s\n", in, err.message);
      return 1;
    }
  for (size_t i = 0; i < doc->n_images; i++)
    {
      OssaImage *im = &doc->images[i];
      char path[4096];

      snprintf (path, sizeof path, "%.*s%s", slash ? (int) (slash - in + 1) : 0, in, im->path);
      if (!ossa_file_read (path, 1 << 26, &im->data, &im->data_size, &err))
        {
          fprintf (stderr, "player-check: %s: %s\n", path, err.message);
          return 1;
        }
      free (im->path);
      im->path = NULL;
    }
  if (!ossa_document_save (doc, out, &err))
    {
      fprintf (stderr, "player-check: %s: %s\n", out, err.message);
      return 1;
    }
  ossa_document_free (doc);
  return 0;
}

int
main (int argc, char **argv)
{
  OssaError err = { 0 };
  OssaDocument *doc;
  SDL_Surface *shot, *head;
  Instance *inst;
  size_t n_inst = 0;
  int frames, anim, bg[3] = { -1, -1, -1 }, checked = 0, bg_checked = 0;
  ssize_t head_image;
  char line[512];
  FILE *f;

  if (argc == 4 && strcmp (argv[1], "embed") == 0)
    return embed (argv[2], argv[3]);
  if (argc != 6)
    {
      fprintf (stderr, "usage: player-check DOC SHOT STDOUT FRAMES ANIMATION\n");
      return 2;
    }
  doc = ossa_document_load (argv[1], &err);
  if (doc == NULL)
    {
      fprintf (stderr, "player-check: %s: %s\n", argv[1], err.message);
      return 1;
    }
  frames = atoi (argv[4]);
  anim = atoi (argv[5]);
  inst = calloc (MAX_INSTANCES, sizeof *inst);
  f = fopen (argv[3], "r");
  if (f == NULL || inst == NULL)
    {
      perror (argv[3]);
      return 1;
    }
  while (fgets (line, sizeof line, f) != NULL)
    {
      Instance *in = &inst[n_inst];
      size_t i;

      if (sscanf (line, "background: %d %d %d", &bg[0], &bg[1], &bg[2]) == 3)
        continue;
      if (n_inst < MAX_INSTANCES
          && sscanf (line, "instance %zu: phase %f scale %f origin %f %f", &i, &in->phase,
                     &in->scale, &in->x0, &in->y0) == 5)
        n_inst++;
    }
  fclose (f);
  if (n_inst == 0 || bg[0] < 0)
    {
      fprintf (stderr, "player-check: %s: the player printed no camera or background\n", argv[3]);
      return 1;
    }

  /* The same playing as the player's: play, start at the phase, FRAMES of 1/60 s. */
  for (size_t i = 0; i < n_inst; i++)
    {
      OssaPlayer *p = ossa_player_new (doc, &err);

      if (anim >= 0)
        ossa_player_play (p, (uint32_t) anim, doc->animations[anim].loop, 0, NULL);
      if (inst[i].phase > 0)
        ossa_player_update (p, inst[i].phase);
      for (int k = 0; k < frames; k++)
        ossa_player_update (p, 1.0f / 60.0f);
      ossa_player_apply (p);
      inst[i].n = ossa_player_fill_quads (p, inst[i].quads, MAX_QUADS);
      ossa_player_free (p);
    }

  shot = load_rgba (argv[2]);
  head_image = ossa_document_find_image (doc, "head");
  if (head_image < 0)
    {
      fprintf (stderr, "player-check: %s has no image called head\n", argv[1]);
      return 1;
    }
  if (doc->images[head_image].data != NULL)
    {
      SDL_Surface *s = IMG_Load_RW (SDL_RWFromConstMem (doc->images[head_image].data,
                                                        (int) doc->images[head_image].data_size),
                                    1);

      if (s == NULL)
        {
          fprintf (stderr, "player-check: %s: the head's bytes: %s\n", argv[1], IMG_GetError ());
          return 1;
        }
      head = SDL_ConvertSurfaceFormat (s, SDL_PIXELFORMAT_RGBA32, 0);
      SDL_FreeSurface (s);
    }
  else
    {
      char path[4096];
      const char *slash = strrchr (argv[1], '/');

      snprintf (path, sizeof path, "%.*s%s", slash ? (int) (slash - argv[1] + 1) : 0, argv[1],
                doc->images[head_image].path);
      head = load_rgba (path);
    }

  /* The head of every instance, where its world corners say. */
  for (size_t i = 0; i < n_inst; i++)
    for (size_t q = 0; q < inst[i].n; q++)
      {
        const OssaQuad *hq = &inst[i].quads[q];
        int here = 0;

        if (hq->image != (uint32_t) head_image)
          continue;
        for (int a = 1; a < 32; a++)
          for (int b = 1; b < 32; b++)
            {
              float u = (float) a / 32, v = (float) b / 32, wx, wy;
              int px = (int) (u * (float) head->w), py = (int) (v * (float) head->h);
              int sx, sy;
              bool covered = false;
              const uint8_t *want, *got;

              if (!uniform_around (head, px, py, 2))
                continue;
              quad_point (hq, u, v, &wx, &wy);
              sx = (int) floorf (inst[i].x0 + inst[i].scale * wx);
              sy = (int) floorf (inst[i].y0 - inst[i].scale * wy);
              /* Not under anything drawn after it, of this instance or a later one. */
              for (size_t j = i; j < n_inst && !covered; j++)
                for (size_t r = (j == i ? q + 1 : 0); r < inst[j].n && !covered; r++)
                  covered = inside (&inst[j], &inst[j].quads[r], (float) sx + 0.5f,
                                    (float) sy + 0.5f);
              if (covered)
                continue;
              if (sx < 0 || sy < 0 || sx >= shot->w || sy >= shot->h)
                continue;
              want = pixel (head, px, py);
              got = pixel (shot, sx, sy);
              for (int k = 0; k < 3; k++)
                {
                  int w = (int) lroundf ((float) want[k] * hq->rgba[k]);

                  if (abs (w - (int) got[k]) > 12)
                    {
                      fprintf (stderr,
                               "instance %zu: the head at uv (%.3f, %.3f), world (%.1f, %.1f), "
                               "screen (%d, %d): got %d %d %d, want %d %d %d\n",
                               i, (double) u, (double) v, (double) wx, (double) wy, sx, sy,
                               got[0], got[1], got[2],
                               (int) lroundf ((float) want[0] * hq->rgba[0]),
                               (int) lroundf ((float) want[1] * hq->rgba[1]),
                               (int) lroundf ((float) want[2] * hq->rgba[2]));
                      failures++;
                      break;
                    }
                }
              here++;
            }
        printf ("instance %zu: %d points of the head checked\n", i, here);
        if (here < 20)
          {
            fprintf (stderr, "instance %zu: only %d points of the head to check\n", i, here);
            failures++;
          }
        checked += here;
      }

  /* Away from every quad (its screen box and a margin): the background. */
  for (int gy = 0; gy < 50; gy++)
    for (int gx = 0; gx < 80; gx++)
      {
        int sx = (int) ((float) (gx + 0.5f) * (float) shot->w / 80);
        int sy = (int) ((float) (gy + 0.5f) * (float) shot->h / 50);
        bool near = false;
        const uint8_t *got;

        for (size_t i = 0; i < n_inst && !near; i++)
          for (size_t q = 0; q < inst[i].n && !near; q++)
            {
              float x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY;

              for (int c = 0; c < 4; c++)
                {
                  float x = inst[i].x0 + inst[i].scale * inst[i].quads[q].xy[2 * c];
                  float y = inst[i].y0 - inst[i].scale * inst[i].quads[q].xy[2 * c + 1];

                  x0 = fminf (x0, x);
                  x1 = fmaxf (x1, x);
                  y0 = fminf (y0, y);
                  y1 = fmaxf (y1, y);
                }
              near = sx >= x0 - 3 && sx <= x1 + 3 && sy >= y0 - 3 && sy <= y1 + 3;
            }
        if (near)
          continue;
        got = pixel (shot, sx, sy);
        if (abs (got[0] - bg[0]) > 2 || abs (got[1] - bg[1]) > 2 || abs (got[2] - bg[2]) > 2)
          {
            fprintf (stderr, "background at (%d, %d): got %d %d %d, want %d %d %d\n", sx, sy,
                     got[0], got[1], got[2], bg[0], bg[1], bg[2]);
            failures++;
          }
        bg_checked++;
      }
  printf ("%d head points and %d background points checked, %d wrong\n", checked, bg_checked,
          failures);
  if (checked == 0 || bg_checked < 50)
    failures++;
  SDL_FreeSurface (shot);
  SDL_FreeSurface (head);
  free (inst);
  ossa_document_free (doc);
  return failures == 0 ? 0 : 1;
}
