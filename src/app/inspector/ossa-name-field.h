/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* OssaNameField: how an inspector's Name entry behaves, the same for a bone and
 * a slot. Enter or leaving the entry renames what is shown; a refused name stays
 * in the entry, marked, with the reason in the person's language under it (and
 * as its tooltip and accessible description); leaving the entry or Escape puts
 * the old name back over a refused one; typing clears the mark. The name is put
 * back from the document only when it changed, so typing is not undone by a
 * pose change. A plain struct the inspector embeds: it owns its copy of the
 * name shown (freed by ossa_name_field_forget()), not the widgets (the
 * inspector's template does). */

typedef struct
{
  /* The name of what is shown, or NULL when nothing is or it cannot be renamed now. */
  const char *(*editable_name) (gpointer owner);
  /* Renames it to @name, which differs from its name; FALSE with @error when refused. */
  gboolean    (*rename)        (gpointer owner, const char *name, GError **error);
  /* Shows the document again (ossa_name_field_show() puts the name back). */
  void        (*refresh)       (gpointer owner);
} OssaNameFieldFuncs;

typedef struct
{
  GtkEntry                 *entry;
  GtkLabel                 *error_label;
  char                     *shown;      /* the name last put in the entry, or NULL */
  guint                     setting;    /* > 0 while the entry is set from the document */
  const OssaNameFieldFuncs *funcs;
  gpointer                  owner;
} OssaNameField;

void     ossa_name_field_init   (OssaNameField            *self,
                                 GtkEntry                 *entry,
                                 GtkLabel                 *error_label,
                                 const OssaNameFieldFuncs *funcs,
                                 gpointer                  owner);
/* What the document says (NULL: nothing, an empty entry). */
void     ossa_name_field_show   (OssaNameField            *self,
                                 const char               *name);
/* Another thing is shown: its name goes in at the next ossa_name_field_show(). */
void     ossa_name_field_forget (OssaNameField            *self);
/* Renames to what the entry holds; FALSE when refused (or nothing to rename). */
gboolean ossa_name_field_commit (OssaNameField            *self);

G_END_DECLS
