/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ossa-cli bench pose: how long sampling a pose and its world transforms takes, per
 * bone, with the runtime sampler (OssaClip) and with the editor's reference path.
 * Prints figures; never passes or fails on time. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli-common.h"

#define BENCH_MAX_BONES        1000000u
#define BENCH_MAX_KEYS         100000u
#define BENCH_MAX_BONES_X_KEYS 10000000u   /* 5 × this many keys held in memory */
#define BENCH_MAX_FRAMES       10000000u   /* their times are held in memory */
#define BENCH_DURATION         4.0f        /* seconds of a generated animation */
#define BENCH_FRAME_STEP       (1.0 / 60.0)
#define BENCH_TARGET_SECONDS   0.6         /* the timed run, when --frames is not given */
#define BENCH_REF_SECONDS      0.3         /* the reference run */
#define BENCH_CALIBRATE_FRAMES 4096u

typedef enum
{
  SEEK_FORWARD,
  SEEK_RANDOM,
} SeekMode;

/* ---- deterministic numbers (splitmix64): the same rig on every machine ---- */

static guint64
next_u64 (guint64 *state)
{
  guint64 z = (*state += 0x9e3779b97f4a7c15ull);

  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/* Uniform in [0, 1). */
static double
next_unit (guint64 *state)
{
  return (double) (next_u64 (state) >> 11) * (1.0 / 9007199254740992.0);
}

/* ---- the generated rig ---- */

/* A branching tree: mostly a binary tree (parent (i − 1) / 2), with every fourth
 * bone continuing its predecessor's chain, so depth stays about 2·log2(N). */
static int32_t
generated_parent (size_t i)
{
  if (i == 0)
    return -1;
  return (int32_t) (i % 4 == 3 ? i - 1 : (i - 1) / 2);
}

/* The skeleton is filled in directly rather than through ossa_skeleton_add_bone(),
 * which compares each new name with every bone (quadratic for a million bones);
 * ossa_skeleton_validate() checks the result instead. */
static bool
generate_skeleton (OssaSkeleton *skel, size_t n_bones, guint64 *rng, OssaError *err)
{
  ossa_skeleton_init (skel);
  skel->bones = calloc (n_bones, sizeof *skel->bones);
  if (skel->bones == NULL)
    goto oom;
  skel->capacity = n_bones;
  for (size_t i = 0; i < n_bones; i++)
    {
      OssaBone *bone = &skel->bones[i];
      char name[32];

      snprintf (name, sizeof name, "bone%zu", i);
      bone->name = strdup (name);
      if (bone->name == NULL)
        goto oom;
      skel->n_bones = i + 1;
      bone->parent = generated_parent (i);
      bone->rest = ossa_transform_identity ();
      if (i > 0)
        {
          bone->rest.x = (float) (5.0 + 10.0 * next_unit (rng));
          bone->rest.y = (float) (2.0 * next_unit (rng) - 1.0);
          bone->rest.rotation = (float) (next_unit (rng) - 0.5);
        }
      bone->length = 10.f;
      bone->color = 0x3584e4ffu;
    }
  return ossa_skeleton_validate (skel, err);

oom:
  ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
  return false;
}

static OssaInterp
random_interp (guint64 *rng, OssaCurve *curve)
{
  static const OssaCurve curves[] = {
    OSSA_CURVE_EASE, OSSA_CURVE_EASE_IN, OSSA_CURVE_EASE_OUT, OSSA_CURVE_EASE_IN_OUT,
  };

  *curve = OSSA_CURVE_EASE;
  switch (next_u64 (rng) % 6)
    {
    case 3:
    case 4:
      *curve = curves[next_u64 (rng) % G_N_ELEMENTS (curves)];
      return OSSA_INTERP_BEZIER;
    case 5:
      return OSSA_INTERP_STEP;
    default:
      return OSSA_INTERP_LINEAR;
    }
}

static float
generated_value (const OssaBone *bone, size_t b, OssaChannel channel, guint64 *rng)
{
  double r = next_unit (rng);

  switch (channel)
    {
    case OSSA_CHANNEL_TRANSLATE_X:
      return bone->rest.x + (float) (4.0 * r - 2.0);
    case OSSA_CHANNEL_TRANSLATE_Y:
      return bone->rest.y + (float) (4.0 * r - 2.0);
    case OSSA_CHANNEL_ROTATE:
      /* Half the bones swing about ±180° (every segment that changes side crosses
       * the seam the shortest-angle rule has to handle); the rest anywhere. */
      if (b % 2 == 0)
        return (float) ossa_angle_normalize (OSSA_PI + 1.2 * (r - 0.5));
      return (float) (OSSA_TAU * (r - 0.5));
    case OSSA_CHANNEL_SCALE_X:
    case OSSA_CHANNEL_SCALE_Y:
      return (float) (0.95 + 0.1 * r);
    case OSSA_N_CHANNELS:
    default:
      return 0.f;
    }
}

/* Now and then a rotation key that turns a set way, some of them a full turn more. */
static void
random_spin (guint64 *rng, OssaKey *key)
{
  switch (next_u64 (rng) % 10)
    {
    case 7:
      key->spin = OSSA_SPIN_CLOCKWISE;
      key->turns = (uint32_t) (next_u64 (rng) % 2);
      break;
    case 8:
      key->spin = OSSA_SPIN_COUNTERCLOCKWISE;
      key->turns = (uint32_t) (next_u64 (rng) % 2);
      break;
    case 9:
      key->spin = OSSA_SPIN_NUMERIC;
      break;
    default:
      break;
    }
}

/* n_bones × 5 tracks of n_keys keys each at increasing (jittered) times over
 * BENCH_DURATION, with LINEAR, BEZIER and STEP segments (only LINEAR when
 * linear_only) and, on rotations, every spin. Keys are appended with ossa_track_set_key(); ossa_animation_validate()
 * checks the result. */
static bool
generate_animation (OssaAnimation *anim, const OssaSkeleton *skel, size_t n_keys,
                    bool linear_only, guint64 *rng, OssaError *err)
{
  size_t n_tracks = skel->n_bones * OSSA_N_CHANNELS;
  double spacing = n_keys > 1 ? BENCH_DURATION / (double) (n_keys - 1) : 0.0;

  if (!ossa_animation_init (anim, "bench"))
    goto oom;
  anim->duration = BENCH_DURATION;
  anim->loop = true;
  anim->fps = 60.f;
  anim->tracks = calloc (n_tracks, sizeof *anim->tracks);
  if (anim->tracks == NULL)
    goto oom;
  anim->capacity = n_tracks;
  for (size_t b = 0; b < skel->n_bones; b++)
    for (int c = 0; c < OSSA_N_CHANNELS; c++)
      {
        OssaTrack *track = &anim->tracks[anim->n_tracks];

        ossa_track_init (track, (uint32_t) b, (OssaChannel) c);
        anim->n_tracks++;
        for (size_t k = 0; k < n_keys; k++)
          {
            double t = spacing * (double) k;
            OssaKey key;

            /* Jitter by less than a third of the spacing keeps the times increasing. */
            if (k > 0 && k + 1 < n_keys)
              t += spacing * 0.6 * (next_unit (rng) - 0.5);
            key = ossa_key_make ((float) t, generated_value (&skel->bones[b], b, (OssaChannel) c, rng));
            key.interp = random_interp (rng, &key.curve);
            if (linear_only)
              key.interp = OSSA_INTERP_LINEAR;
            if (c == OSSA_CHANNEL_ROTATE)
              random_spin (rng, &key);
            /* Appending: the track grows its columns as it needs them. */
            if (ossa_track_set_key (track, &key, err) < 0)
              return false;
          }
      }
  return ossa_animation_validate (anim, skel->n_bones, err);

oom:
  ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
  return false;
}

/* ---- timing ---- */

typedef struct
{
  const OssaSkeleton  *skel;
  const OssaAnimation *anim;
  OssaClip            *clip;
  OssaClipCursor      *cursor;   /* forward seek only */
  OssaPose            *pose;
  size_t               n_bones;
  const OssaDocument  *doc;      /* DOC: its IK constraints are applied after FK; else NULL */
} Bench;

static double
now_seconds (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (double) ts.tv_sec + (double) ts.tv_nsec * 1e-9;
}

static double
time_clip (Bench *bench, const float *times, size_t n_times, size_t frames)
{
  double start = now_seconds ();

  for (size_t f = 0; f < frames; f++)
    {
      ossa_clip_sample_world (bench->clip, times[f % n_times], bench->cursor,
                              bench->pose->local, bench->pose->world);
      if (bench->doc != NULL)
        ossa_pose_apply_ik (bench->pose, bench->doc, bench->anim, times[f % n_times]);
    }
  return now_seconds () - start;
}

static double
time_reference (Bench *bench, const float *times, size_t n_times, size_t frames)
{
  double start = now_seconds ();

  for (size_t f = 0; f < frames; f++)
    {
      ossa_pose_sample (bench->pose, bench->anim, bench->skel, times[f % n_times]);
      ossa_pose_update_world (bench->pose, bench->skel);
      if (bench->doc != NULL)
        ossa_pose_apply_ik (bench->pose, bench->doc, bench->anim, times[f % n_times]);
    }
  return now_seconds () - start;
}

typedef double (*TimeFunc) (Bench *bench, const float *times, size_t n_times, size_t frames);

/* How many frames make about `seconds`: time growing runs until one takes 50 ms. */
static size_t
calibrate (Bench *bench, TimeFunc func, const float *times, size_t n_times, double seconds)
{
  size_t frames = 1;
  double elapsed;

  for (;;)
    {
      elapsed = func (bench, times, n_times, frames);
      if (elapsed >= 0.05 || frames >= BENCH_MAX_FRAMES / 2)
        break;
      frames *= 2;
    }
  if (elapsed <= 0)
    return BENCH_MAX_FRAMES;
  return (size_t) CLAMP (ceil (seconds * (double) frames / elapsed), 1.0, (double) BENCH_MAX_FRAMES);
}

/* The times to sample, generated before timing: playback advances 1/60 s a frame
 * and wraps at the duration; scrubbing jumps anywhere. */
static float *
make_times (SeekMode seek, float duration, size_t n, guint64 seed)
{
  float *times = malloc (MAX (n, (size_t) 1) * sizeof *times);
  guint64 rng = seed ^ 0x7469;

  if (times == NULL)
    return NULL;
  for (size_t f = 0; f < n; f++)
    {
      if (duration <= 0)
        times[f] = 0.f;
      else if (seek == SEEK_FORWARD)
        times[f] = (float) fmod ((double) f * BENCH_FRAME_STEP, (double) duration);
      else
        times[f] = (float) (next_unit (&rng) * duration);
    }
  return times;
}

/* ---- the command ---- */

typedef struct
{
  gboolean  json;
  char     *bones_text;
  char     *keys_text;
  char     *seek_text;
  char     *frames_text;
  char     *anim_name;
  char     *seed_text;
  char     *interp_text;
  gboolean  no_reference;
} BenchOptions;

static const char bench_description[] =
  "Times ossa_clip_sample_world(), the runtime sampler a game calls every frame:\n"
  "the local pose and world matrices of every bone at a time t. Prints\n"
  "nanoseconds per bone = elapsed / (frames × bones), and the same for the\n"
  "editor's reference path (ossa_pose_sample() + ossa_pose_update_world(),\n"
  "a binary search per track) for comparison. Figures only: it never fails on time.\n"
  "\n"
  "The rig is either generated (--bones N, default 10000; --keys K per channel,\n"
  "default 32): a branching tree of N bones with 5 animated channels each, K keys\n"
  "per channel over 4 s, LINEAR, BEZIER and STEP segments (--interp linear: LINEAR\n"
  "only), rotations crossing ±180°,\n"
  "the same for every --seed; or DOC with --anim NAME (default its first animation),\n"
  "whose IK constraints are applied after FK in both timings, as the runtime does.\n"
  "DOC '-' reads standard input. Limits: N ≤ 1000000, K ≤ 100000, N × K ≤ 10000000.\n"
  "\n"
  "--seek forward (default): playback, t advancing 1/60 s a frame and wrapping at\n"
  "the duration, with a cursor. --seek random: scrubbing, random times, no cursor.\n"
  "--frames F: how many poses to time (default: enough for about half a second).\n"
  "\n"
  "JSON: {\"bones\", \"keys\", \"channels\", \"seek\", \"frames\", \"seconds\",\n"
  "\"ns_per_bone\", \"reference_frames\", \"reference_ns_per_bone\"}; for DOC also\n"
  "\"file\", \"animation\", \"tracks\", \"keys_total\" (\"keys\" is then the mean per\n"
  "track) and \"ik_constraints\". Example: ossa-cli bench pose --bones 10000 --keys 32\n"
  "--seek random";

static int
bench_pose (const BenchOptions *opt, const char *doc_path)
{
  guint64 n_bones = 10000, n_keys = 32, frames_opt = 0, seed = 1;
  SeekMode seek = SEEK_FORWARD;
  bool linear_only = false;
  OssaDocument *doc = NULL;
  OssaSkeleton gen_skel;
  OssaAnimation gen_anim;
  bool generated = doc_path == NULL;
  Bench bench = { 0 };
  OssaError err;
  float *times = NULL;
  float duration;
  size_t frames, ref_frames = 0;
  double elapsed, ref_elapsed = 0, ns, ref_ns = NAN, build_seconds;
  int status = CLI_EXIT_INPUT;

  ossa_skeleton_init (&gen_skel);
  memset (&gen_anim, 0, sizeof gen_anim);
  ossa_error_clear (&err);

  /* Usage first: nothing is loaded or generated until every option is right. */
  if (opt->bones_text != NULL
      && !cli_parse_uint (opt->bones_text, 1, BENCH_MAX_BONES, &n_bones))
    return cli_usage_error ("bench", "--bones must be a whole number from 1 to %u", BENCH_MAX_BONES);
  if (opt->keys_text != NULL
      && !cli_parse_uint (opt->keys_text, 1, BENCH_MAX_KEYS, &n_keys))
    return cli_usage_error ("bench", "--keys must be a whole number from 1 to %u", BENCH_MAX_KEYS);
  if (opt->frames_text != NULL
      && !cli_parse_uint (opt->frames_text, 1, BENCH_MAX_FRAMES, &frames_opt))
    return cli_usage_error ("bench", "--frames must be a whole number from 1 to %u", BENCH_MAX_FRAMES);
  if (opt->seed_text != NULL && !cli_parse_uint (opt->seed_text, 0, G_MAXUINT64, &seed))
    return cli_usage_error ("bench", "--seed must be a whole number");
  if (opt->seek_text != NULL)
    {
      if (strcmp (opt->seek_text, "forward") == 0)
        seek = SEEK_FORWARD;
      else if (strcmp (opt->seek_text, "random") == 0)
        seek = SEEK_RANDOM;
      else
        return cli_usage_error ("bench", "--seek must be 'forward' or 'random', not '%s'", opt->seek_text);
    }
  if (opt->interp_text != NULL)
    {
      if (strcmp (opt->interp_text, "linear") == 0)
        linear_only = true;
      else if (strcmp (opt->interp_text, "mixed") != 0)
        return cli_usage_error ("bench", "--interp must be 'mixed' or 'linear', not '%s'", opt->interp_text);
      if (!generated)
        return cli_usage_error ("bench", "--interp is for a generated rig, not DOC");
    }
  if (generated && opt->anim_name != NULL)
    return cli_usage_error ("bench", "--anim needs a document: bench pose DOC --anim NAME");
  if (!generated && (opt->bones_text != NULL || opt->keys_text != NULL))
    return cli_usage_error ("bench", "give either --bones/--keys (a generated rig) or DOC, not both");
  if (generated && n_bones * n_keys > BENCH_MAX_BONES_X_KEYS)
    return cli_usage_error ("bench", "--bones × --keys must be at most %u (%" G_GUINT64_FORMAT " asked)",
                            BENCH_MAX_BONES_X_KEYS, n_bones * n_keys);

  if (generated)
    {
      guint64 rng = seed;

      if (!generate_skeleton (&gen_skel, (size_t) n_bones, &rng, &err)
          || !generate_animation (&gen_anim, &gen_skel, (size_t) n_keys, linear_only, &rng, &err))
        {
          cli_error (NULL, "bench pose: cannot build the rig: %s", err.message);
          goto out;
        }
      bench.skel = &gen_skel;
      bench.anim = &gen_anim;
    }
  else
    {
      doc = cli_load_document (doc_path);
      if (doc == NULL)
        goto out;
      if (opt->anim_name != NULL)
        bench.anim = cli_find_animation (doc, doc_path, opt->anim_name);
      else if (doc->n_animations > 0)
        bench.anim = &doc->animations[0];
      else
        cli_error (cli_input_label (doc_path), "the document has no animation to time");
      if (bench.anim == NULL)
        goto out;
      bench.skel = &doc->skeleton;
      if (doc->n_ik > 0)
        bench.doc = doc;
    }
  bench.n_bones = bench.skel->n_bones;
  if (bench.n_bones == 0)
    {
      cli_error (cli_input_label (doc_path), "the skeleton has no bones to time");
      goto out;
    }

  build_seconds = now_seconds ();
  bench.clip = ossa_clip_new (bench.anim, bench.skel, &err);
  build_seconds = now_seconds () - build_seconds;
  if (bench.clip == NULL)
    {
      cli_error_ossa (&err, doc_path != NULL ? doc_path : "bench pose");
      goto out;
    }
  bench.pose = ossa_pose_new (bench.skel, &err);
  if (bench.pose == NULL)
    {
      cli_error_ossa (&err, "bench pose");
      goto out;
    }
  duration = bench.anim->duration;
  if (!(duration > 0))
    duration = ossa_animation_last_key_time (bench.anim);

  /* Pick the frame count on times of the same kind, then time a fresh run. */
  if (seek == SEEK_FORWARD)
    bench.cursor = ossa_clip_cursor_new (bench.clip);
  if (frames_opt > 0)
    frames = (size_t) frames_opt;
  else
    {
      float *probe = make_times (seek, duration, BENCH_CALIBRATE_FRAMES, seed + 1);

      if (probe == NULL)
        {
          cli_error (NULL, "bench pose: out of memory");
          goto out;
        }
      frames = calibrate (&bench, time_clip, probe, BENCH_CALIBRATE_FRAMES, BENCH_TARGET_SECONDS);
      if (!opt->no_reference)
        ref_frames = calibrate (&bench, time_reference, probe, BENCH_CALIBRATE_FRAMES,
                                BENCH_REF_SECONDS);
      free (probe);
    }
  times = make_times (seek, duration, frames, seed);
  if (times == NULL)
    {
      cli_error (NULL, "bench pose: out of memory");
      goto out;
    }
  if (bench.cursor != NULL)
    {
      ossa_clip_cursor_free (bench.cursor);
      bench.cursor = ossa_clip_cursor_new (bench.clip);
    }
  elapsed = time_clip (&bench, times, frames, frames);
  ns = elapsed * 1e9 / ((double) frames * (double) bench.n_bones);

  if (!opt->no_reference)
    {
      if (ref_frames == 0 || ref_frames > frames)
        ref_frames = frames;
      ref_elapsed = time_reference (&bench, times, frames, ref_frames);
      ref_ns = ref_elapsed * 1e9 / ((double) ref_frames * (double) bench.n_bones);
    }

  if (opt->json)
    {
      JsonBuilder *b = json_builder_new ();
      size_t keys = ossa_animation_n_keys (bench.anim);

      json_builder_begin_object (b);
      if (!generated)
        {
          cli_json_add_file (b, "file", doc_path);
          cli_json_add_string (b, "animation", bench.anim->name);
          cli_json_add_int (b, "tracks", (gint64) bench.anim->n_tracks);
          cli_json_add_int (b, "keys_total", (gint64) keys);
          cli_json_add_int (b, "ik_constraints", (gint64) doc->n_ik);
        }
      cli_json_add_int (b, "bones", (gint64) bench.n_bones);
      if (generated)
        {
          cli_json_add_int (b, "keys", (gint64) n_keys);
          cli_json_add_int (b, "channels", OSSA_N_CHANNELS);
          cli_json_add_string (b, "interp", linear_only ? "linear" : "mixed");
        }
      else
        cli_json_add_int (b, "keys", bench.anim->n_tracks > 0
                                     ? (gint64) llround ((double) keys / (double) bench.anim->n_tracks)
                                     : 0);
      cli_json_add_string (b, "seek", seek == SEEK_FORWARD ? "forward" : "random");
      cli_json_add_int (b, "frames", (gint64) frames);
      cli_json_add_double (b, "seconds", elapsed);
      cli_json_add_double (b, "ns_per_bone", ns);
      cli_json_add_double (b, "clip_build_seconds", build_seconds);
      cli_json_add_int (b, "clip_bytes", (gint64) ossa_clip_size (bench.clip));
      if (!opt->no_reference)
        {
          cli_json_add_int (b, "reference_frames", (gint64) ref_frames);
          cli_json_add_double (b, "reference_ns_per_bone", ref_ns);
        }
      json_builder_end_object (b);
      cli_json_print (b);
    }
  else
    {
      char nsb[G_ASCII_DTOSTR_BUF_SIZE], secb[G_ASCII_DTOSTR_BUF_SIZE];
      char refb[G_ASCII_DTOSTR_BUF_SIZE], ratiob[G_ASCII_DTOSTR_BUF_SIZE];
      char buildb[G_ASCII_DTOSTR_BUF_SIZE], sizeb[G_ASCII_DTOSTR_BUF_SIZE];

      if (generated)
        printf ("%" G_GUINT64_FORMAT " bones × %d channels × %" G_GUINT64_FORMAT " %s keys",
                n_bones, OSSA_N_CHANNELS, n_keys, linear_only ? "linear" : "mixed");
      else
        printf ("%s '%s': %zu bones, %zu tracks, %zu keys", cli_input_label (doc_path), bench.anim->name,
                bench.n_bones, bench.anim->n_tracks, ossa_animation_n_keys (bench.anim));
      printf (", %s: %s ns per bone (%zu frames in %s s", seek == SEEK_FORWARD ? "forward" : "random",
              cli_format (nsb, sizeof nsb, "%.2f", ns), frames,
              cli_format (secb, sizeof secb, "%.3f", elapsed));
      if (!opt->no_reference)
        printf ("; reference path %s ns per bone, %s× as long",
                cli_format (refb, sizeof refb, "%.2f", ref_ns),
                cli_format (ratiob, sizeof ratiob, "%.1f", ns > 0 ? ref_ns / ns : 0.0));
      printf ("; clip built in %s ms, %s MB)\n",
              cli_format (buildb, sizeof buildb, "%.0f", build_seconds * 1e3),
              cli_format (sizeb, sizeof sizeb, "%.1f", (double) ossa_clip_size (bench.clip) / 1e6));
    }
  status = CLI_EXIT_OK;

out:
  free (times);
  ossa_pose_free (bench.pose);
  ossa_clip_cursor_free (bench.cursor);
  ossa_clip_free (bench.clip);
  ossa_document_free (doc);
  if (generated)
    {
      ossa_animation_clear (&gen_anim);
      ossa_skeleton_clear (&gen_skel);
    }
  return status;
}

int
cli_bench (int argc, char **argv)
{
  BenchOptions opt = { 0 };
  GOptionEntry entries[] = {
    { "bones", 0, 0, G_OPTION_ARG_STRING, &opt.bones_text, "Bones of the generated rig (default 10000)", "N" },
    { "keys", 0, 0, G_OPTION_ARG_STRING, &opt.keys_text, "Keys per channel of the generated rig (default 32)", "K" },
    { "seek", 0, 0, G_OPTION_ARG_STRING, &opt.seek_text, "forward (playback, default) or random (scrubbing)", "MODE" },
    { "frames", 0, 0, G_OPTION_ARG_STRING, &opt.frames_text, "Poses to time (default: about 0.5 s worth)", "F" },
    { "anim", 'a', 0, G_OPTION_ARG_STRING, &opt.anim_name, "Animation of DOC to time (default: the first)", "NAME" },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &opt.seed_text, "Seed of the generated rig and random times (default 1)", "S" },
    { "interp", 0, 0, G_OPTION_ARG_STRING, &opt.interp_text, "Keys of the generated rig: mixed (LINEAR, BEZIER, STEP; default) or linear", "KIND" },
    { "no-reference", 0, 0, G_OPTION_ARG_NONE, &opt.no_reference, "Skip timing the reference path", NULL },
    { "json", 0, 0, G_OPTION_ARG_NONE, &opt.json, "Print one JSON object", NULL },
    G_OPTION_ENTRY_NULL
  };
  GOptionContext *context;
  int status = CLI_EXIT_USAGE;

  context = cli_option_context_new ("pose [DOC]",
    "Time pose sampling + world transforms, in nanoseconds per bone.",
    bench_description);
  g_option_context_add_main_entries (context, entries, NULL);
  if (!cli_parse_options (context, "bench", &argc, &argv))
    goto out;
  if (argc < 2)
    {
      cli_usage_error ("bench", "missing the benchmark to run (pose)");
      goto out;
    }
  if (strcmp (argv[1], "pose") != 0)
    {
      cli_usage_error ("bench", "unknown benchmark '%s' (there is: pose)", argv[1]);
      goto out;
    }
  if (!cli_check_positionals ("bench", argc - 1, argv + 1, 0, 1, "DOC"))
    goto out;
  status = bench_pose (&opt, argc > 2 ? argv[2] : NULL);

out:
  g_free (opt.bones_text);
  g_free (opt.keys_text);
  g_free (opt.seek_text);
  g_free (opt.frames_text);
  g_free (opt.anim_name);
  g_free (opt.seed_text);
  g_free (opt.interp_text);
  g_option_context_free (context);
  return status;
}
