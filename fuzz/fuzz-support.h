/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the fuzz targets share (fuzz-*.c): the libFuzzer entry point's declaration,
 * a check that aborts with a message (so that libFuzzer and the replay driver both
 * see a crash), and the document round trip the loaders of documents end with.
 * Nothing here allocates anything the caller must free. */
#pragma once

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ossa.h"

/* Called by libFuzzer (fuzz build) or by fuzz-replay.c (every build) on one input. */
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

/* A broken promise of the core: says which and aborts. */
#define FUZZ_CHECK(cond, what) \
  do { \
    if (!(cond)) \
      { \
        fprintf (stderr, "%s:%d: %s (%s)\n", __FILE__, __LINE__, (what), #cond); \
        abort (); \
      } \
  } while (0)

/* Deforms every mesh of doc over the rest pose and samples its first animations at
 * a few times, with a pose and with a clip (with and without a cursor), and its
 * slots (at rest and in the first animation) with their quads filled in: what is
 * checked is that nothing crashes or reads out of bounds. */
void fuzz_sample_document (const OssaDocument *doc);

/* doc (which loaded or was made by an importer, so it must validate) saved to bytes
 * and loaded again must succeed and give the same document (art included), and saving that one
 * must give the same bytes. Aborts otherwise. */
void fuzz_round_trip_document (const OssaDocument *doc);
