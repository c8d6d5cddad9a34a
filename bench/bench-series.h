/* SPDX-License-Identifier: GPL-3.0-or-later */
/* For the GUI benches: the figures of a series of frame times, in milliseconds. */
#pragma once

#include <math.h>

#include <glib.h>

typedef struct
{
  double mean, p95, max;
} BenchSeries;

static inline int
bench_compare_double (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

/* Sorts values (which must not be empty) and sums them up. */
static inline BenchSeries
bench_series (GArray *values)
{
  BenchSeries s = { 0, 0, 0 };
  double sum = 0;

  g_array_sort (values, bench_compare_double);
  for (guint i = 0; i < values->len; i++)
    {
      double v = g_array_index (values, double, i);

      sum += v;
      s.max = MAX (s.max, v);
    }
  s.mean = sum / values->len;
  s.p95 = g_array_index (values, double, (guint) floor (0.95 * (values->len - 1)));
  return s;
}
