/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Where the canvas may print bone names, without GL or GTK. Each name's box is
 * offered in order of importance and refused where it would cover a box already
 * placed, so no name is ever printed over another. A grid of cells over the view
 * keeps each offer to the few boxes nearby: thousands of offers a frame stay cheap. */
typedef struct
{
  float x, y;            /* top left, view pixels */
  float width, height;
} OssaLabelBox;

typedef struct OssaLabelLayout OssaLabelLayout;

OssaLabelLayout *ossa_label_layout_new   (void);
void             ossa_label_layout_free  (OssaLabelLayout *layout);

/* Forgets every box, for a view of width × height pixels (boxes may still lie
 * partly or wholly outside it). */
void             ossa_label_layout_reset (OssaLabelLayout *layout, float width, float height);

/* Places box and returns true, unless it overlaps a box already placed (boxes that
 * only touch do not overlap), it has no area or is not finite, or memory ran out. */
bool             ossa_label_layout_place (OssaLabelLayout *layout, const OssaLabelBox *box);

/* How many boxes are placed. */
size_t           ossa_label_layout_count (const OssaLabelLayout *layout);

#ifdef __cplusplus
}
#endif
