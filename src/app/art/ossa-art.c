/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-art"

#include "config.h"

#include "ossa-art.h"

G_DEFINE_QUARK (ossa-art-error-quark, ossa_art_error)

static const OssaArtLimits default_limits = {
  .max_side = OSSA_ART_MAX_SIDE,
  .max_png_bytes = OSSA_ART_MAX_PNG_BYTES,
  .max_total_bytes = OSSA_ORA_MAX_TOTAL_BYTES,
  .max_layers = OSSA_ORA_MAX_LAYERS,
  .max_depth = OSSA_ORA_MAX_DEPTH,
  .max_stack_bytes = OSSA_ORA_MAX_STACK_BYTES,
};

/**
 * ossa_art_limits_default:
 *
 * Returns: (transfer none): the named limits of ossa-art.h, which the readers
 * use when given NULL; copy and change them to read with others (tests do).
 */
const OssaArtLimits *
ossa_art_limits_default (void)
{
  return &default_limits;
}
