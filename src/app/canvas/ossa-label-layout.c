/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ossa-label-layout.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>

/* About a short name's width and a line's height at the canvas's 8 pt. */
#define CELL_WIDTH  64.0f
#define CELL_HEIGHT 16.0f
/* Cells beyond each edge of the view, for names that stick out of it. */
#define MARGIN_CELLS 2

typedef struct
{
  int box;               /* index into boxes */
  int next;              /* next entry of the same cell, or -1 */
} Entry;

struct OssaLabelLayout
{
  int           cols, rows;
  int          *heads;   /* per cell, its first entry or -1 */
  size_t        heads_size;
  Entry        *entries;
  size_t        n_entries, entries_size;
  OssaLabelBox *boxes;
  size_t        n_boxes, boxes_size;
};

OssaLabelLayout *
ossa_label_layout_new (void)
{
  return calloc (1, sizeof (OssaLabelLayout));
}

void
ossa_label_layout_free (OssaLabelLayout *layout)
{
  if (layout == NULL)
    return;
  free (layout->heads);
  free (layout->entries);
  free (layout->boxes);
  free (layout);
}

/* Grows *array to hold at least need items of item_size bytes; false when out of
 * memory (the array is then unchanged). */
static bool
reserve (void **array, size_t *size, size_t need, size_t item_size)
{
  size_t grown = *size > 0 ? *size : 64;
  void *p;

  if (need <= *size)
    return true;
  while (grown < need)
    grown *= 2;
  p = realloc (*array, grown * item_size);
  if (p == NULL)
    return false;
  *array = p;
  *size = grown;
  return true;
}

static int
cells_across (float pixels, float cell)
{
  double n = ceil ((isfinite (pixels) && pixels > 0 ? pixels : 0) / cell);

  return (int) fmin (n, 1024) + 2 * MARGIN_CELLS;
}

void
ossa_label_layout_reset (OssaLabelLayout *layout, float width, float height)
{
  size_t n_cells;

  layout->cols = cells_across (width, CELL_WIDTH);
  layout->rows = cells_across (height, CELL_HEIGHT);
  n_cells = (size_t) layout->cols * (size_t) layout->rows;
  layout->n_entries = 0;
  layout->n_boxes = 0;
  if (!reserve ((void **) &layout->heads, &layout->heads_size, n_cells, sizeof (int)))
    {
      /* Out of memory: no grid, so every offer is refused (no names this frame). */
      layout->cols = layout->rows = 0;
      return;
    }
  for (size_t c = 0; c < n_cells; c++)
    layout->heads[c] = -1;
}

/* The cell column (or row) holding coordinate v. Clamped to the grid, which keeps
 * the order of coordinates, so two boxes that overlap always share a cell. */
static int
cell_of (float v, float cell, int n)
{
  double c = floor (v / cell) + MARGIN_CELLS;

  return (int) fmax (0, fmin (c, n - 1));
}

static bool
overlaps (const OssaLabelBox *a, const OssaLabelBox *b)
{
  return a->x < b->x + b->width && b->x < a->x + a->width
         && a->y < b->y + b->height && b->y < a->y + a->height;
}

bool
ossa_label_layout_place (OssaLabelLayout *layout, const OssaLabelBox *box)
{
  int c0, c1, r0, r1;
  size_t cells;

  if (layout->cols == 0 || !isfinite (box->x) || !isfinite (box->y)
      || !isfinite (box->width) || !isfinite (box->height)
      || !(box->width > 0) || !(box->height > 0))
    return false;
  c0 = cell_of (box->x, CELL_WIDTH, layout->cols);
  c1 = cell_of (box->x + box->width, CELL_WIDTH, layout->cols);
  r0 = cell_of (box->y, CELL_HEIGHT, layout->rows);
  r1 = cell_of (box->y + box->height, CELL_HEIGHT, layout->rows);
  for (int r = r0; r <= r1; r++)
    for (int c = c0; c <= c1; c++)
      for (int e = layout->heads[r * layout->cols + c]; e >= 0; e = layout->entries[e].next)
        if (overlaps (box, &layout->boxes[layout->entries[e].box]))
          return false;

  cells = (size_t) (r1 - r0 + 1) * (size_t) (c1 - c0 + 1);
  /* Indices are ints: plenty for one frame's names. */
  if (layout->n_entries + cells >= (size_t) INT_MAX
      || !reserve ((void **) &layout->boxes, &layout->boxes_size, layout->n_boxes + 1,
                   sizeof (OssaLabelBox))
      || !reserve ((void **) &layout->entries, &layout->entries_size,
                   layout->n_entries + cells, sizeof (Entry)))
    return false;
  layout->boxes[layout->n_boxes] = *box;
  for (int r = r0; r <= r1; r++)
    for (int c = c0; c <= c1; c++)
      {
        Entry *entry = &layout->entries[layout->n_entries];

        entry->box = (int) layout->n_boxes;
        entry->next = layout->heads[r * layout->cols + c];
        layout->heads[r * layout->cols + c] = (int) layout->n_entries;
        layout->n_entries++;
      }
  layout->n_boxes++;
  return true;
}

size_t
ossa_label_layout_count (const OssaLabelLayout *layout)
{
  return layout->n_boxes;
}
