/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A grid map in the original article's text form (width, height, mapstart, rows of
 * 0 and 1); seeded with such maps. */
#include "fuzz-map.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  return fuzz_map_one (data, size);
}
