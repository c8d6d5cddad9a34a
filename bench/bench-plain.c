/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The yardstick the pose targets are set against: "a plain binary-search loop".
 * 10 000 bones in a binary tree, 5 channels, 32 LINEAR keys per channel over 4 s
 * with the same jitter as `ossa-cli bench pose`; times and values as plain float
 * arrays, a binary search per track, linear interpolation, libm sin/cos and one
 * world pass. Random times (scrubbing). Prints ns per bone; never fails on time.
 * Compare with `ossa-cli bench pose --interp linear --seek random`.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define BONES    10000
#define CHANNELS 5
#define KEYS     32
#define DURATION 4.0f
#define FRAMES   200
#define RUNS     5

static uint64_t rng_state = 0x9e3779b97f4a7c15u;

static float
next_unit (void)
{
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return (float) (rng_state >> 40) / (float) (1u << 24);
}

static double
now_ns (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static float
sample (const float *times, const float *values, float t)
{
  int lo = 0, hi = KEYS;
  float u;

  while (lo < hi)
    {
      int mid = (lo + hi) / 2;

      if (times[mid] <= t)
        lo = mid + 1;
      else
        hi = mid;
    }
  if (lo == 0)
    return values[0];
  if (lo == KEYS)
    return values[KEYS - 1];
  u = (t - times[lo - 1]) / (times[lo] - times[lo - 1]);
  return values[lo - 1] + (values[lo] - values[lo - 1]) * u;
}

static void
pose (const float *times, const float *values, float t, float *local, float *world)
{
  for (size_t track = 0; track < (size_t) BONES * CHANNELS; track++)
    local[track] = sample (&times[track * KEYS], &values[track * KEYS], t);
  for (int b = 0; b < BONES; b++)
    {
      const float *l = &local[b * CHANNELS];
      float s = sinf (l[2]), c = cosf (l[2]);
      float m[6] = { c * l[3], s * l[3], -s * l[4], c * l[4], l[0], l[1] };
      float *w = &world[b * 6];

      if (b == 0)
        for (int i = 0; i < 6; i++)
          w[i] = m[i];
      else
        {
          const float *p = &world[((b - 1) / 2) * 6];

          w[0] = p[0] * m[0] + p[2] * m[1];
          w[1] = p[1] * m[0] + p[3] * m[1];
          w[2] = p[0] * m[2] + p[2] * m[3];
          w[3] = p[1] * m[2] + p[3] * m[3];
          w[4] = p[0] * m[4] + p[2] * m[5] + p[4];
          w[5] = p[1] * m[4] + p[3] * m[5] + p[5];
        }
    }
}

int
main (void)
{
  size_t n = (size_t) BONES * CHANNELS * KEYS;
  float *times = malloc (n * sizeof *times), *values = malloc (n * sizeof *values);
  float *local = malloc ((size_t) BONES * CHANNELS * sizeof *local);
  float *world = malloc ((size_t) BONES * 6 * sizeof *world);
  float seeks[FRAMES];
  double best = INFINITY;
  float spacing = DURATION / (KEYS - 1);

  if (times == NULL || values == NULL || local == NULL || world == NULL)
    return 1;
  for (size_t i = 0; i < n; i++)
    {
      size_t k = i % KEYS;

      times[i] = spacing * (float) k;
      if (k > 0 && k + 1 < KEYS)
        times[i] += spacing * 0.6f * (next_unit () - 0.5f);
      values[i] = 4.f * next_unit () - 2.f;
    }
  for (int f = 0; f < FRAMES; f++)
    seeks[f] = DURATION * next_unit ();
  for (int run = 0; run < RUNS; run++)
    {
      double start = now_ns ();

      for (int f = 0; f < FRAMES; f++)
        pose (times, values, seeks[f], local, world);
      best = fmin (best, (now_ns () - start) / FRAMES / BONES);
    }
  printf ("plain binary search, %d bones × %d channels × %d linear keys, random: %.1f ns per bone (best of %d; %g)\n",
          BONES, CHANNELS, KEYS, best, RUNS, (double) world[6 * (BONES - 1) + 4]);
  free (times);
  free (values);
  free (local);
  free (world);
  return 0;
}
