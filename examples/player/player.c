/* SPDX-License-Identifier: MIT */
/* ossa-player: plays a .ossa document's animations with SDL2, built the way a game
 * would build it (against the installed libossa through pkg-config, see Makefile).
 * One document is loaded and shared by every instance; each instance is an
 * OssaPlayer; every frame each one is advanced, posed and its world quads drawn with
 * SDL_RenderGeometry, textured with the document's images and tinted by the slots'
 * colours, in draw order. See RUNTIME.md at the top of the source tree. */
#include <ossa/ossa.h>

#include <SDL.h>
#include <SDL_image.h>

#include <errno.h>
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CROSSFADE  0.2f    /* seconds, when a key switches the animation */
#define FIXED_DT   (1.0f / 60.0f)
#define BG_R 40            /* the background, also what a test looks for */
#define BG_G 44
#define BG_B 52

typedef struct
{
  const char *file;
  const char *anim;
  long        crowd;
  int         width, height;
  long        frames;       /* 0: until Esc */
  const char *screenshot;
} Options;

/* Where one instance is drawn: screen = (x0 + scale · wx, y0 − scale · wy). */
typedef struct
{
  float scale, x0, y0;
} Camera;

typedef struct
{
  const OssaDocument *doc;
  SDL_Renderer       *renderer;
  SDL_Texture       **textures;   /* per document image; NULL when it has no pixels */
  size_t              n_players;
  OssaPlayer        **players;
  Camera             *cameras;
  float              *phases;     /* each instance's start time */
  OssaQuad           *quads;      /* room for every instance's quads: allocated once */
  size_t              max_quads;  /* per instance */
  SDL_Vertex         *vertices;   /* 4 per quad */
  int                *indices;    /* 6 per quad */
  int32_t             animation;  /* what plays (-1: the rest pose) */
  float               speed;
  bool                paused;
} Player;

static void
usage (FILE *out)
{
  fputs ("Usage: ossa-player FILE.ossa [--anim NAME] [--crowd N] [--size WxH]\n"
         "                  [--frames N [--screenshot FILE.png]]\n"
         "Keys: 1-9 or Left/Right switch animations (0.2 s crossfade), Space pauses,\n"
         "      + and - change the speed, Esc quits.\n", out);
}

static bool
parse_long (const char *s, long min, long max, long *out)
{
  char *end;
  long v;

  errno = 0;
  v = strtol (s, &end, 10);
  if (errno != 0 || end == s || *end != '\0' || v < min || v > max)
    return false;
  *out = v;
  return true;
}

static bool
parse_options (int argc, char **argv, Options *o)
{
  *o = (Options) { .crowd = 1, .width = 1280, .height = 800 };
  for (int i = 1; i < argc; i++)
    {
      const char *a = argv[i];
      const char *v = i + 1 < argc ? argv[i + 1] : NULL;

      if (strcmp (a, "--help") == 0 || strcmp (a, "-h") == 0)
        {
          usage (stdout);
          exit (0);
        }
      if (a[0] == '-' && a[1] == '-' && v == NULL)
        {
          fprintf (stderr, "ossa-player: %s needs a value\n", a);
          return false;
        }
      if (strcmp (a, "--anim") == 0)
        o->anim = argv[++i];
      else if (strcmp (a, "--crowd") == 0)
        {
          if (!parse_long (argv[++i], 1, 10000, &o->crowd))
            {
              fprintf (stderr, "ossa-player: --crowd wants a number from 1 to 10000, not '%s'\n", v);
              return false;
            }
        }
      else if (strcmp (a, "--size") == 0)
        {
          int w, h;
          char extra;

          i++;
          if (sscanf (v, "%dx%d%c", &w, &h, &extra) != 2 || w < 16 || h < 16 || w > 16384
              || h > 16384)
            {
              fprintf (stderr, "ossa-player: --size wants WIDTHxHEIGHT (16 to 16384), not '%s'\n", v);
              return false;
            }
          o->width = w;
          o->height = h;
        }
      else if (strcmp (a, "--frames") == 0)
        {
          if (!parse_long (argv[++i], 1, LONG_MAX, &o->frames))
            {
              fprintf (stderr, "ossa-player: --frames wants a number of at least 1, not '%s'\n", v);
              return false;
            }
        }
      else if (strcmp (a, "--screenshot") == 0)
        o->screenshot = argv[++i];
      else if (a[0] == '-')
        {
          fprintf (stderr, "ossa-player: unknown option '%s'\n", a);
          usage (stderr);
          return false;
        }
      else if (o->file == NULL)
        o->file = a;
      else
        {
          fprintf (stderr, "ossa-player: one document at a time ('%s' and '%s')\n", o->file, a);
          return false;
        }
    }
  if (o->file == NULL)
    {
      usage (stderr);
      return false;
    }
  if (o->screenshot != NULL && o->frames == 0)
    {
      fprintf (stderr, "ossa-player: --screenshot needs --frames N\n");
      return false;
    }
  return true;
}

/* The document's folder, where relative image paths start. */
static char *
folder_of (const char *path)
{
  const char *slash = strrchr (path, '/');
  size_t n = slash == NULL ? 0 : (size_t) (slash - path) + 1;
  char *dir = malloc (n + 1);

  if (dir != NULL)
    {
      memcpy (dir, path, n);
      dir[n] = '\0';
    }
  return dir;
}

/* Each image as a texture: the embedded PNG bytes, or the file its path names. */
static bool
load_textures (Player *p, const char *doc_path)
{
  char *dir = folder_of (doc_path);

  p->textures = calloc (p->doc->n_images + 1, sizeof *p->textures);
  if (dir == NULL || p->textures == NULL)
    {
      free (dir);
      fprintf (stderr, "ossa-player: out of memory\n");
      return false;
    }
  for (size_t i = 0; i < p->doc->n_images; i++)
    {
      const OssaImage *im = &p->doc->images[i];
      SDL_Surface *surface;
      char where[4096];

      if (im->data != NULL)
        {
          snprintf (where, sizeof where, "%s (image '%s', embedded)", doc_path, im->name);
          surface = IMG_Load_RW (SDL_RWFromConstMem (im->data, (int) im->data_size), 1);
        }
      else if (im->path == NULL)
        {
          fprintf (stderr, "ossa-player: %s: image '%s' has neither bytes nor a path\n", doc_path,
                   im->name);
          free (dir);
          return false;
        }
      else
        {
          if (im->path[0] == '/')
            snprintf (where, sizeof where, "%s", im->path);
          else
            snprintf (where, sizeof where, "%s%s", dir, im->path);
          surface = IMG_Load (where);
        }
      if (surface == NULL)
        {
          fprintf (stderr, "ossa-player: %s: cannot read the picture: %s\n", where, IMG_GetError ());
          free (dir);
          return false;
        }
      p->textures[i] = SDL_CreateTextureFromSurface (p->renderer, surface);
      SDL_FreeSurface (surface);
      if (p->textures[i] == NULL)
        {
          fprintf (stderr, "ossa-player: %s: %s\n", where, SDL_GetError ());
          free (dir);
          return false;
        }
      SDL_SetTextureBlendMode (p->textures[i], SDL_BLENDMODE_BLEND);
    }
  free (dir);
  return true;
}

/* The box the character covers: the rest pose and every animation sampled over its
 * length, so that the camera holds it whatever plays. */
static void
character_bounds (const OssaDocument *doc, OssaPlayer *scratch, OssaQuad *quads, size_t max,
                  float box[4])
{
  box[0] = box[1] = FLT_MAX;
  box[2] = box[3] = -FLT_MAX;
  for (ssize_t a = -1; a < (ssize_t) doc->n_animations; a++)
    {
      int steps = a < 0 ? 1 : 24;

      if (a >= 0 && !ossa_player_play (scratch, (uint32_t) a, true, 0, NULL))
        continue;
      for (int s = 0; s < steps; s++)
        {
          size_t n;

          if (a >= 0 && s > 0)
            ossa_player_update (scratch, doc->animations[a].duration / (float) steps);
          ossa_player_apply (scratch);
          n = ossa_player_fill_quads (scratch, quads, max);
          for (size_t q = 0; q < n && q < max; q++)
            for (int c = 0; c < 4; c++)
              {
                float x = quads[q].xy[2 * c], y = quads[q].xy[2 * c + 1];

                box[0] = fminf (box[0], x);
                box[1] = fminf (box[1], y);
                box[2] = fmaxf (box[2], x);
                box[3] = fmaxf (box[3], y);
              }
        }
    }
  if (box[0] > box[2])  /* nothing visible: a unit box round the origin */
    {
      box[0] = box[1] = -1;
      box[2] = box[3] = 1;
    }
}

/* The grid that shows n characters of box's shape biggest in width × height, and
 * each instance's camera: centred in its cell, 90 % of it. */
static void
layout (Player *p, const float box[4], int width, int height)
{
  float bw = box[2] - box[0], bh = box[3] - box[1];
  size_t n = p->n_players, best_cols = 1;
  float best = 0;

  for (size_t cols = 1; cols <= n; cols++)
    {
      size_t rows = (n + cols - 1) / cols;
      float s = fminf ((float) width / (float) cols / bw, (float) height / (float) rows / bh);

      if (s > best)
        {
          best = s;
          best_cols = cols;
        }
    }
  size_t rows = (n + best_cols - 1) / best_cols;
  float cw = (float) width / (float) best_cols, ch = (float) height / (float) rows;
  float scale = best * 0.9f;

  for (size_t i = 0; i < n; i++)
    {
      float cx = cw * ((float) (i % best_cols) + 0.5f);
      float cy = ch * ((float) (i / best_cols) + 0.5f);

      p->cameras[i].scale = scale;
      p->cameras[i].x0 = cx - scale * (box[0] + box[2]) / 2;
      p->cameras[i].y0 = cy + scale * (box[1] + box[3]) / 2;
    }
}

static void
play_all (Player *p, int32_t animation, float mix)
{
  if (animation < 0 || (size_t) animation >= p->doc->n_animations)
    return;
  for (size_t i = 0; i < p->n_players; i++)
    {
      OssaError err = { 0 };

      /* Looping or once as the document says (a once-only one holds its end). */
      if (!ossa_player_play (p->players[i], (uint32_t) animation,
                             p->doc->animations[animation].loop, mix, &err)
          && i == 0)
        fprintf (stderr, "ossa-player: cannot play '%s': %s\n",
                 p->doc->animations[animation].name, err.message);
    }
  p->animation = animation;
}

static void
set_speed_all (Player *p)
{
  for (size_t i = 0; i < p->n_players; i++)
    ossa_player_set_speed (p->players[i], p->paused ? 0 : p->speed);
}

/* One frame: every instance advanced by dt, posed, its quads filled and drawn, runs
 * of quads with the same image in one SDL_RenderGeometry call. Never allocates. */
static double runtime_ms_sum, runtime_ms_max;  /* the libossa calls' share of the frames */

static void
frame (Player *p, float dt)
{
  size_t n_quads = 0;
  Uint64 t0 = SDL_GetPerformanceCounter ();
  double ms;

  for (size_t i = 0; i < p->n_players; i++)
    {
      OssaPlayer *pl = p->players[i];
      const Camera *cam = &p->cameras[i];
      OssaQuad *q = p->quads + n_quads;
      size_t n;

      ossa_player_update (pl, dt);
      ossa_player_apply (pl);
      n = ossa_player_fill_quads (pl, q, p->max_quads);
      if (n > p->max_quads)
        n = p->max_quads;
      for (size_t k = 0; k < n; k++)
        {
          SDL_Vertex *v = p->vertices + 4 * (n_quads + k);
          SDL_Color c = {
            (Uint8) lroundf (q[k].rgba[0] * 255), (Uint8) lroundf (q[k].rgba[1] * 255),
            (Uint8) lroundf (q[k].rgba[2] * 255), (Uint8) lroundf (q[k].rgba[3] * 255),
          };

          for (int j = 0; j < 4; j++)
            {
              v[j].position.x = cam->x0 + cam->scale * q[k].xy[2 * j];
              v[j].position.y = cam->y0 - cam->scale * q[k].xy[2 * j + 1];
              v[j].tex_coord.x = q[k].uv[2 * j];
              v[j].tex_coord.y = q[k].uv[2 * j + 1];
              v[j].color = c;
            }
        }
      n_quads += n;
    }
  ms = 1000.0 * (double) (SDL_GetPerformanceCounter () - t0) / (double) SDL_GetPerformanceFrequency ();
  runtime_ms_sum += ms;
  if (ms > runtime_ms_max)
    runtime_ms_max = ms;

  SDL_SetRenderDrawColor (p->renderer, BG_R, BG_G, BG_B, 255);
  SDL_RenderClear (p->renderer);
  for (size_t start = 0; start < n_quads;)
    {
      uint32_t image = p->quads[start].image;
      size_t end = start + 1;

      while (end < n_quads && p->quads[end].image == image)
        end++;
      if (image < p->doc->n_images && p->textures[image] != NULL)
        SDL_RenderGeometry (p->renderer, p->textures[image], p->vertices + 4 * start,
                            (int) (4 * (end - start)), p->indices, (int) (6 * (end - start)));
      start = end;
    }
}

/* The indices of quad k relative to its run's first vertex: two triangles. */
static void
fill_indices (int *indices, size_t n)
{
  for (size_t k = 0; k < n; k++)
    {
      int b = (int) (4 * k);
      int *ix = indices + 6 * k;

      ix[0] = b;
      ix[1] = b + 1;
      ix[2] = b + 2;
      ix[3] = b;
      ix[4] = b + 2;
      ix[5] = b + 3;
    }
}

static bool
save_screenshot (Player *p, int width, int height, const char *path)
{
  SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat (0, width, height, 32, SDL_PIXELFORMAT_ARGB8888);
  bool ok;

  if (s == NULL)
    return false;
  ok = SDL_RenderReadPixels (p->renderer, NULL, SDL_PIXELFORMAT_ARGB8888, s->pixels, s->pitch) == 0
       && IMG_SavePNG (s, path) == 0;
  if (!ok)
    fprintf (stderr, "ossa-player: %s: cannot write the screenshot: %s\n", path, SDL_GetError ());
  SDL_FreeSurface (s);
  return ok;
}

static void
update_title (SDL_Window *window, const Player *p, double fps)
{
  char title[256];
  const char *name = p->animation >= 0 ? p->doc->animations[p->animation].name : "(rest pose)";

  snprintf (title, sizeof title, "ossa-player - %s - speed x%.2f%s - %.0f fps", name, p->speed,
            p->paused ? " (paused)" : "", fps);
  SDL_SetWindowTitle (window, title);
}

static void
key (Player *p, SDL_Keycode k, bool *quit)
{
  int32_t n = (int32_t) p->doc->n_animations;

  if (k == SDLK_ESCAPE || k == SDLK_q)
    *quit = true;
  else if (k >= SDLK_1 && k <= SDLK_9 && k - SDLK_1 < n)
    play_all (p, (int32_t) (k - SDLK_1), CROSSFADE);
  else if ((k == SDLK_RIGHT || k == SDLK_LEFT) && n > 0)
    play_all (p, ((p->animation < 0 ? 0 : p->animation) + (k == SDLK_RIGHT ? 1 : n - 1)) % n,
              CROSSFADE);
  else if (k == SDLK_SPACE)
    {
      p->paused = !p->paused;
      set_speed_all (p);
    }
  else if (k == SDLK_PLUS || k == SDLK_EQUALS || k == SDLK_KP_PLUS)
    {
      p->speed = fminf (p->speed * 1.25f, 8);
      set_speed_all (p);
    }
  else if (k == SDLK_MINUS || k == SDLK_KP_MINUS)
    {
      p->speed = fmaxf (p->speed / 1.25f, 0.125f);
      set_speed_all (p);
    }
}

int
main (int argc, char **argv)
{
  Options o;
  OssaError err = { 0 };
  Player p = { .speed = 1, .animation = -1 };
  SDL_Window *window = NULL;
  OssaDocument *doc;
  int status = 1;
  double sum_ms = 0, max_ms = 0;
  long frames_done = 0;

  if (!parse_options (argc, argv, &o))
    return 2;

  /* The shared data: loaded once, read by every instance. */
  doc = ossa_document_load (o.file, &err);
  if (doc == NULL)
    {
      char msg[OSSA_ERROR_PATH_MAX + OSSA_ERROR_MESSAGE_MAX + 8];

      ossa_error_format (&err, msg, sizeof msg);
      fprintf (stderr, "ossa-player: %s\n", msg);
      return 1;
    }
  p.doc = doc;
  if (o.anim != NULL)
    {
      ssize_t a = ossa_document_find_animation (doc, o.anim);

      if (a < 0)
        {
          fprintf (stderr, "ossa-player: %s: no animation called '%s' (it has:", o.file, o.anim);
          for (size_t i = 0; i < doc->n_animations; i++)
            fprintf (stderr, " %s", doc->animations[i].name);
          fprintf (stderr, "%s)\n", doc->n_animations == 0 ? " none" : "");
          ossa_document_free (doc);
          return 1;
        }
      p.animation = (int32_t) a;
    }
  else if (doc->n_animations > 0)
    p.animation = 0;

  /* Everything a frame needs, allocated once. A slot shows at most one attachment. */
  p.n_players = (size_t) o.crowd;
  p.max_quads = doc->n_slots > 0 ? doc->n_slots : 1;
  p.players = calloc (p.n_players, sizeof *p.players);
  p.cameras = calloc (p.n_players, sizeof *p.cameras);
  p.phases = calloc (p.n_players, sizeof *p.phases);
  p.quads = calloc (p.n_players * p.max_quads, sizeof *p.quads);
  p.vertices = calloc (p.n_players * p.max_quads * 4, sizeof *p.vertices);
  p.indices = calloc (p.n_players * p.max_quads * 6, sizeof *p.indices);
  if (p.players == NULL || p.cameras == NULL || p.phases == NULL || p.quads == NULL
      || p.vertices == NULL || p.indices == NULL)
    {
      fprintf (stderr, "ossa-player: out of memory\n");
      goto out;
    }
  fill_indices (p.indices, p.n_players * p.max_quads);
  for (size_t i = 0; i < p.n_players; i++)
    {
      p.players[i] = ossa_player_new (doc, &err);
      if (p.players[i] == NULL)
        {
          fprintf (stderr, "ossa-player: %s\n", err.message);
          goto out;
        }
    }

  if (SDL_Init (SDL_INIT_VIDEO) != 0)
    {
      fprintf (stderr, "ossa-player: cannot start SDL: %s\n", SDL_GetError ());
      goto out;
    }
  if ((IMG_Init (IMG_INIT_PNG) & IMG_INIT_PNG) == 0)
    fprintf (stderr, "ossa-player: SDL_image has no PNG support: %s\n", IMG_GetError ());
  window = SDL_CreateWindow ("ossa-player", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED,
                             o.width, o.height, 0);
  if (window == NULL)
    {
      fprintf (stderr, "ossa-player: cannot open a window: %s\n", SDL_GetError ());
      goto out_sdl;
    }
  /* Vsync when a person watches; as fast as it goes when frames are counted. */
  p.renderer = SDL_CreateRenderer (window, -1, o.frames > 0 ? 0 : SDL_RENDERER_PRESENTVSYNC);
  if (p.renderer == NULL)
    {
      fprintf (stderr, "ossa-player: cannot draw in the window: %s\n", SDL_GetError ());
      goto out_sdl;
    }
  if (!load_textures (&p, o.file))
    goto out_sdl;

  {
    float box[4];

    character_bounds (doc, p.players[0], p.quads, p.max_quads, box);
    ossa_player_free (p.players[0]);
    p.players[0] = ossa_player_new (doc, &err);
    if (p.players[0] == NULL)
      {
        fprintf (stderr, "ossa-player: %s\n", err.message);
        goto out_sdl;
      }
    layout (&p, box, o.width, o.height);
  }

  /* Each instance at its own phase: started, then advanced by a different time. */
  play_all (&p, p.animation, 0);
  for (size_t i = 0; i < p.n_players; i++)
    {
      float length = p.animation >= 0 ? doc->animations[p.animation].duration : 1;

      p.phases[i] = length * (float) i / (float) p.n_players;
      if (p.phases[i] > 0)
        ossa_player_update (p.players[i], p.phases[i]);
    }
  if (o.frames > 0)
    {
      SDL_RendererInfo info;

      SDL_GetRendererInfo (p.renderer, &info);
      printf ("renderer: %s\n", info.name);
      printf ("background: %d %d %d\n", BG_R, BG_G, BG_B);
      for (size_t i = 0; i < p.n_players; i++)
        printf ("instance %zu: phase %.9g scale %.9g origin %.9g %.9g\n", i, p.phases[i],
                p.cameras[i].scale, p.cameras[i].x0, p.cameras[i].y0);
      fflush (stdout);
    }

  {
    bool quit = false;
    Uint64 freq = SDL_GetPerformanceFrequency (), last = SDL_GetPerformanceCounter ();
    Uint64 title_at = last;
    long title_frames = 0;
    double fps = 0;

    update_title (window, &p, 0);
    while (!quit)
      {
        SDL_Event ev;
        Uint64 t0, now, shot = 0;
        float dt;
        double ms;

        while (SDL_PollEvent (&ev))
          {
            if (ev.type == SDL_QUIT)
              quit = true;
            else if (ev.type == SDL_KEYDOWN)
              {
                key (&p, ev.key.keysym.sym, &quit);
                update_title (window, &p, fps);   /* the change shows at once */
              }
          }
        t0 = SDL_GetPerformanceCounter ();
        dt = o.frames > 0 ? FIXED_DT : fminf ((float) (t0 - last) / (float) freq, 0.1f);
        last = t0;
        frame (&p, dt);
        frames_done++;
        if (o.frames > 0 && frames_done == o.frames && o.screenshot != NULL)
          {
            /* Read before presenting (the back buffer is undefined after), and keep
             * the time it takes out of the frame time. */
            shot = SDL_GetPerformanceCounter ();
            if (!save_screenshot (&p, o.width, o.height, o.screenshot))
              goto out_sdl;
            shot = SDL_GetPerformanceCounter () - shot;
          }
        SDL_RenderPresent (p.renderer);
        now = SDL_GetPerformanceCounter ();
        ms = 1000.0 * (double) (now - t0 - shot) / (double) freq;
        sum_ms += ms;
        if (ms > max_ms)
          max_ms = ms;
        title_frames++;
        if (now - title_at >= freq / 2)
          {
            fps = (double) title_frames * (double) freq / (double) (now - title_at);
            update_title (window, &p, fps);
            title_at = now;
            title_frames = 0;
          }
        if (o.frames > 0 && frames_done >= o.frames)
          quit = true;
      }
  }
  printf ("frames: %ld, instances: %zu, %dx%d, frame time: mean %.3f ms, max %.3f ms\n",
          frames_done, p.n_players, o.width, o.height, sum_ms / (double) frames_done, max_ms);
  printf ("of which libossa (update, apply, fill quads, vertices): mean %.3f ms, max %.3f ms\n",
          runtime_ms_sum / (double) frames_done, runtime_ms_max);
  status = 0;

out_sdl:
  for (size_t i = 0; p.textures != NULL && i < doc->n_images; i++)
    if (p.textures[i] != NULL)
      SDL_DestroyTexture (p.textures[i]);
  if (p.renderer != NULL)
    SDL_DestroyRenderer (p.renderer);
  if (window != NULL)
    SDL_DestroyWindow (window);
  IMG_Quit ();
  SDL_Quit ();
out:
  for (size_t i = 0; p.players != NULL && i < p.n_players; i++)
    ossa_player_free (p.players[i]);
  free (p.textures);
  free (p.players);
  free (p.cameras);
  free (p.phases);
  free (p.quads);
  free (p.vertices);
  free (p.indices);
  ossa_document_free (doc);
  return status;
}
