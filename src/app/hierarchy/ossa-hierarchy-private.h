/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ossa-editor.h"
#include "ossa-hierarchy.h"

G_BEGIN_DECLS

/* OssaHierarchy's insides, shared by its files: ossa-hierarchy.c (the GObject,
 * the message under the list, the editor's signals), ossa-hierarchy-tree.c (the
 * list model and the selection), ossa-hierarchy-row.c (the row widgets),
 * ossa-hierarchy-rename.c (renaming in a row, for both lists),
 * ossa-hierarchy-drop.c (drag and drop) and ossa-hierarchy-ik.c (the
 * Constraints group under the tree). The panel owns the selection models, which
 * own the tree (which owns the links) and the constraints' names; the list
 * views' widgets own their rows. The last functions are for the GUI tests: what
 * the panel's gestures call, without the gestures. */

/* The links of one skeleton's tree, shared with the GtkTreeListModel made from
 * them (which frees them): child models are made lazily, from these. */
typedef struct
{
  OssaEditor *editor;         /* a reference: names and colours are read from it */
  gsize       n_bones;
  int         first_root;
  int        *parent;
  int        *first_child;
  int        *next_sibling;
  guint      *depth;
  guint      *sibling_index;  /* place among the parent's children (or the roots) */
  char      **names;          /* as the rows show them, to tell renames apart */
  /* While a new tree is filled in steps (ossa-hierarchy-tree.c): the child
   * lists made empty, still to fill (OssaPendingList), the next on top. */
  GArray     *pending;
  gboolean    filling;
  guint       budget;         /* rows the current step may still make */
} OssaBoneLinks;

/* The rows' geometry, the same for the bone rows and the constraint rows: the
 * spacing in a row's box, the room at its sides (the theme gives plain list
 * rows none), and the space above and below its contents, which an entry
 * (taller than a label) takes while a row is renamed, so the rows below move
 * only a little. */
#define OSSA_HIERARCHY_ROW_SPACING     8
#define OSSA_HIERARCHY_ROW_SIDE_MARGIN 6
#define OSSA_HIERARCHY_ROW_MARGIN      4

/* ---- renaming in a row (ossa-hierarchy-rename.c) ---- */

/* What the bone rows and the constraint rows do their own way when renamed. */
typedef struct
{
  /* The name of @item now, or NULL when there is none. */
  const char *(*get_name)   (OssaHierarchy *self,
                             int            item);
  /* Checks @name for @item as the rename would, changing nothing; NULL when the
   * rename alone checks. With it, a refused name stays in the entry with the
   * reason under it; without it, editing ends and the reason shows under the
   * list. */
  gboolean    (*check_name) (OssaHierarchy *self,
                             int            item,
                             const char    *name,
                             GError       **error);
  gboolean    (*rename)     (OssaHierarchy *self,
                             int            item,
                             const char    *name,
                             GError       **error);
  /* Hides the widgets of @row (the row that embeds the OssaRowRename) that the
   * entry stands in for, or shows them again. */
  void        (*show_entry) (gpointer       row,
                             gboolean       editing);
  /* Opens @item's name in its row, brought into view: what a double-click does. */
  void        (*start)      (OssaHierarchy *self,
                             guint          item);
} OssaListRenameFuncs;

typedef struct _OssaRowRename OssaRowRename;

/* One list's renaming: which item is renamed, in which row, and the presses
 * counted for double-clicks. Embedded in the panel; owns the set of its bound
 * rows, not the rows. */
typedef struct
{
  const OssaListRenameFuncs *funcs;
  OssaHierarchy             *self;
  const char                *entry_label;  /* the entries' accessible name, translated */
  int                        item;         /* the item being renamed, or -1 */
  OssaRowRename             *row;          /* its row while it is bound, else NULL */
  GHashTable                *rows;         /* the bound OssaRowRename * */
  int                        press;        /* the item last pressed, for double-clicks */
  guint32                    press_time;
  guint                      idle;         /* a double-click's rename, after the click */
} OssaListRename;

/* A row's part in renaming, embedded in the row: its entry and the label under
 * it are made the first time the row is renamed and belong to its widgets. */
struct _OssaRowRename
{
  OssaListRename *list;
  gpointer        row;          /* the row that embeds this, for funcs->show_entry */
  const int      *item;         /* the row's item (its own field), -1 while unbound */
  GtkWidget      *child;        /* the list item's child (a vertical box when the list
                                 * checks names: the reason goes at its end); the
                                 * keyboard focus goes back to its parent */
  GtkWidget      *entry_box;    /* where the entry goes */
  GtkWidget      *entry;        /* NULL until the row is first renamed */
  GtkWidget      *error_label;  /* why the name typed is refused, or NULL (as entry) */
};

void     _ossa_list_rename_init      (OssaListRename            *list,
                                      OssaHierarchy             *self,
                                      const OssaListRenameFuncs *funcs,
                                      const char                *entry_label);
void     _ossa_list_rename_dispose   (OssaListRename            *list);
void     _ossa_list_rename_finalize  (OssaListRename            *list);
/* Ends any rename, then opens @item's name in its row if one is bound: whether
 * one was (else its row starts editing when it is bound). */
gboolean _ossa_list_rename_begin     (OssaListRename            *list,
                                      guint                      item);
/* Ends the rename, the name left as it was. */
void     _ossa_list_rename_end       (OssaListRename            *list);
/* From the factory's bind and unbind, *item set before bind and after unbind. */
void     _ossa_row_rename_bind       (OssaRowRename             *r);
void     _ossa_row_rename_unbind     (OssaRowRename             *r);
/* A primary-button press on the row: the second within the double-click time
 * starts renaming. */
void     _ossa_row_rename_pressed    (OssaRowRename             *r,
                                      GtkGesture                *gesture);
gboolean _ossa_row_rename_is_editing (const OssaRowRename       *r);

/* ---- the rows ---- */

/* The widgets of one row, attached to (and freed with) its column. */
typedef struct
{
  OssaHierarchy  *self;
  GtkWidget      *column;      /* the list item's child: the expander over the rename's reason */
  GtkWidget      *expander;
  GtkWidget      *box;
  GtkWidget      *deep_arrow;  /* the expander arrow of rows past FULL_INDENT_LEVELS */
  GtkTreeListRow *deep_row;
  GtkWidget      *swatch;
  GtkWidget      *label;
  OssaRowRename   rename;
  int             bone;        /* -1 while unbound */
  guint32         color;
} OssaHierarchyRow;

/* The widgets of one row of the Constraints group, attached to (and freed with)
 * its box. */
typedef struct
{
  OssaHierarchy *self;
  GtkWidget     *box;         /* the list item's child: glyph, name, chain */
  GtkWidget     *label;
  GtkWidget     *chain;       /* "upper › fore → hand", dimmed */
  OssaRowRename  rename;
  int            constraint;  /* -1 while unbound */
} OssaIkRow;

struct _OssaHierarchy
{
  GtkWidget           parent_instance;

  /* Template children */
  GtkWidget          *scroller;
  GtkListView        *list_view;
  GtkLabel           *message_label;
  GtkWidget          *ik_box;        /* the Constraints group, hidden when there are none */
  GtkListView        *ik_list;

  OssaEditor         *editor;
  GtkMultiSelection  *selection;
  GtkTreeListModel   *tree;          /* owned by selection */
  OssaBoneLinks      *links;         /* owned by tree */
  GHashTable         *bound_rows;    /* OssaHierarchyRow * */

  guint               syncing;       /* > 0 while the panel itself changes a selection */
  OssaListRename      rename;        /* of the bones */
  int                 drag_bone;     /* -1 when no row is being dragged */
  OssaHierarchyRow   *drop_row;      /* highlighted drop target */
  int                 drop_bone;     /* a drop waiting for the idle handler */
  int                 drop_parent;
  guint               drop_idle;
  guint               message_timeout;
  guint               reveal_tick;   /* bringing reveal_bone's name into view */
  int                 reveal_bone;
  guint               reveal_frames;
  guint               fill_idle;     /* filling a big tree's rows in steps */
  GHashTable         *fill_collapsed; /* names of rows to collapse once it is full */

  /* ossa-hierarchy-ik.c */
  GtkStringList      *ik_names;      /* the constraints' names, a row's position its index */
  GtkSingleSelection *ik_selection;
  GHashTable         *ik_rows;       /* bound OssaIkRow * */
  OssaListRename      ik_rename;     /* of the constraints */
};

/* ossa-hierarchy.c: a message under the list, hidden after a few seconds. */
void                _ossa_hierarchy_show_message     (OssaHierarchy    *self,
                                                      const char       *message);
void                _ossa_hierarchy_hide_message     (OssaHierarchy    *self);

/* ossa-hierarchy-tree.c */
void                _ossa_hierarchy_tree_init        (OssaHierarchy    *self);
/* A new tree for the editor's skeleton, keeping collapsed rows collapsed. */
void                _ossa_hierarchy_rebuild          (OssaHierarchy    *self);
/* Stops filling the tree in steps (the tree stays as filled so far). */
void                _ossa_hierarchy_stop_fill        (OssaHierarchy    *self);
/* The rows take new bone names without a rebuild; FALSE when the tree changed
 * shape and needs one. */
gboolean            _ossa_hierarchy_rename_in_place  (OssaHierarchy    *self);
/* Editor → rows. */
void                _ossa_hierarchy_sync_selection   (OssaHierarchy    *self,
                                                      gboolean          scroll);
/* The row of bone (a new reference), or NULL when an ancestor is collapsed
 * (unless expand, which opens them). */
GtkTreeListRow     *_ossa_hierarchy_find_row         (OssaHierarchy    *self,
                                                      guint             bone,
                                                      gboolean          expand);
int                 _ossa_hierarchy_row_bone         (GtkTreeListRow   *row);
void                _ossa_hierarchy_scroll_to        (OssaHierarchy    *self,
                                                      guint             position);

/* ossa-hierarchy-row.c */
/* The bone list's factory and renaming. */
void                _ossa_hierarchy_rows_init        (OssaHierarchy    *self);
/* The bone of the editor's skeleton, or NULL. */
const OssaBone     *_ossa_hierarchy_get_bone         (OssaHierarchy    *self,
                                                      int               bone);
void                _ossa_hierarchy_start_rename_bone (OssaHierarchy   *self,
                                                       guint            bone);
void                _ossa_hierarchy_end_rename       (OssaHierarchy    *self);
void                _ossa_hierarchy_relabel_rows     (OssaHierarchy    *self);
void                _ossa_hierarchy_refresh_colors   (OssaHierarchy    *self);
/* A row's tooltip, made when the pointer rests on it: the bone's name and the
 * path down to it; NULL for no bone. */
char               *_ossa_hierarchy_dup_tooltip      (OssaHierarchy    *self,
                                                      int               bone);
/* Scrolls sideways, once bone's row is laid out, so that its name shows. */
void                _ossa_hierarchy_reveal_name      (OssaHierarchy    *self,
                                                      int               bone);
void                _ossa_hierarchy_stop_reveal      (OssaHierarchy    *self);

/* ossa-hierarchy-ik.c */
void                _ossa_hierarchy_ik_init          (OssaHierarchy    *self);
void                _ossa_hierarchy_ik_dispose       (OssaHierarchy    *self);
void                _ossa_hierarchy_ik_finalize      (OssaHierarchy    *self);
/* The rows for the editor's constraints (anew when they changed, else only the
 * chains' bone names), shown when there are any. */
void                _ossa_hierarchy_ik_rebuild       (OssaHierarchy    *self);
/* Editor → rows. */
void                _ossa_hierarchy_ik_sync_selection (OssaHierarchy   *self);
/* The constraint of the editor's document, or NULL. */
const OssaIkConstraint *_ossa_hierarchy_get_ik       (OssaHierarchy    *self,
                                                      int               c);
/* Its chain and target as its row shows them ("upper › fore → hand"); NULL for
 * no constraint. */
char               *_ossa_hierarchy_dup_ik_chain     (OssaHierarchy    *self,
                                                      int               c);
void                _ossa_hierarchy_start_rename_ik  (OssaHierarchy    *self,
                                                      guint             c);
void                _ossa_hierarchy_end_ik_rename    (OssaHierarchy    *self);
/* Whether the keyboard focus is in the Constraints group (F2 renames the picked
 * constraint there). */
gboolean            _ossa_hierarchy_ik_has_focus     (OssaHierarchy    *self);

/* ossa-hierarchy-drop.c */
void                _ossa_hierarchy_add_drag_source  (OssaHierarchyRow *r);
void                _ossa_hierarchy_add_drop_target  (OssaHierarchy    *self);
/* Lights up r (NULL: none) as where the dragged bone would go. */
void                _ossa_hierarchy_set_drop_row     (OssaHierarchy    *self,
                                                      OssaHierarchyRow *r);

/* For the GUI tests. What a drop of @bone does: onto bone @new_parent, or onto
 * the empty space under the rows when @new_parent is -1. A refused drop changes
 * nothing and shows the core's reason under the list; returns whether the bone
 * moved. */
gboolean            _ossa_hierarchy_drop_bone        (OssaHierarchy    *self,
                                                      guint             bone,
                                                      int               new_parent);

/* The entry of the row being renamed, or NULL. */
GtkEditable        *_ossa_hierarchy_get_rename_entry (OssaHierarchy    *self);
/* The label under that entry saying why its name is refused, or NULL. */
GtkWidget          *_ossa_hierarchy_get_rename_error (OssaHierarchy    *self);

/* The entry of the constraint row being renamed, or NULL. */
GtkEditable        *_ossa_hierarchy_get_ik_rename_entry (OssaHierarchy *self);

/* The text of the message under the list ("" when none is shown). */
const char         *_ossa_hierarchy_get_message      (OssaHierarchy    *self);

G_END_DECLS
