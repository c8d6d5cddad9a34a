/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A grid map in MovingAI's .map form (type, height, width, map, rows of
 * characters); seeded with the benchmark maps. */
#include "fuzz-map.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  return fuzz_map_one (data, size);
}
