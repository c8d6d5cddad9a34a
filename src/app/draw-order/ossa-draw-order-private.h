/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ossa-draw-order.h"

G_BEGIN_DECLS

/* The instance struct of OssaDrawOrder and what its two files share:
 * ossa-draw-order.c (the rows, following the editor; moving with keys) and
 * ossa-draw-order-drop.c (drag and drop). Tests read the fields. The panel owns
 * the rows' records and the thumbnails; the rows' widgets are the list's. */

/* One slot's row. */
typedef struct
{
  OssaDrawOrder *self;
  GtkWidget     *row;          /* GtkListBoxRow */
  GtkImage      *thumb;
  GtkLabel      *name;
  GtkLabel      *bone;
  guint          slot;
  int            shown;        /* the attachment shown when last drawn, -2 never */
  int            thumb_image;  /* the image its thumbnail is of, -1 an icon */
  guint64        thumb_serial;
} OssaDrawOrderRow;

struct _OssaDrawOrder
{
  GtkWidget       parent_instance;

  /* Template children */
  GtkListBox     *list;
  GtkLabel       *empty_label;
  GtkLabel       *mode_label;
  GtkButton      *forward_button;
  GtkButton      *backward_button;
  GtkLabel       *message_label;

  OssaEditor     *editor;
  GPtrArray      *rows;        /* OssaDrawOrderRow, by slot index */
  guint32        *order;       /* the order the rows are sorted by, back to front */
  guint          *rank;        /* per slot: its place in order */
  gsize           n_order;
  guint           updating;    /* > 0 while rows are set from the editor */
  GtkDropTarget  *drop_target;
  OssaDrawOrderRow *drop_row;  /* marked as where a drop goes */
  gboolean        drop_below;
  int             drag_slot;   /* being dragged, or -1 */
  int             drop_slot;   /* a drop waiting for its idle: the slot ... */
  int             drop_place;  /* ... and its new place, counted from the back */
  guint           drop_idle;
  guint           message_timeout;
};

/* A dragged row: the slot's name (names are what survive a reorder). */
typedef struct
{
  char *name;
} OssaSlotDrag;

#define OSSA_TYPE_SLOT_DRAG (_ossa_slot_drag_get_type ())
GType         _ossa_slot_drag_get_type       (void) G_GNUC_CONST;
OssaSlotDrag *_ossa_slot_drag_new            (const char *name);

/* ossa-draw-order.c */
void          _ossa_draw_order_show_message  (OssaDrawOrder *self,
                                              const char    *message);
/* Moves slot to place (0 the back, n - 1 the front) in the order on show,
 * through the editor; FALSE (with the reason shown) when refused. */
gboolean      _ossa_draw_order_move_slot     (OssaDrawOrder *self,
                                              guint          slot,
                                              guint          place);

/* ossa-draw-order-drop.c */
void          _ossa_draw_order_add_drag_source (OssaDrawOrderRow *r);
void          _ossa_draw_order_init_drop     (OssaDrawOrder *self);
void          _ossa_draw_order_dispose_drop  (OssaDrawOrder *self);

G_END_DECLS
