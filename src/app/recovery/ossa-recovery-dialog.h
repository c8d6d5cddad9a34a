/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* OssaRecoveryDialog, the list shown at start when a crash or a kill left
 * recovery copies behind: per copy its document, where it was, when it was
 * copied and how many changes it holds, with Recover and Discard; copies that
 * were set aside are listed greyed with the reason. The dialog owns the items it
 * lists and itself (it is destroyed when closed); what Recover does with an item
 * is the caller's, through OssaRecoveryDialog::recover. */

#include <gtk/gtk.h>

#include "ossa-recovery-store.h"

G_BEGIN_DECLS

#define OSSA_TYPE_RECOVERY_DIALOG (ossa_recovery_dialog_get_type ())
G_DECLARE_FINAL_TYPE (OssaRecoveryDialog, ossa_recovery_dialog, OSSA, RECOVERY_DIALOG, GtkWindow)

/* @items: (transfer full): OssaRecoveryItem, from ossa_recovery_scan(). */
OssaRecoveryDialog *ossa_recovery_dialog_new       (GtkWindow          *parent,
                                                    GPtrArray          *items);
/* Items still listed (recoverable ones, then those set aside). */
guint               ossa_recovery_dialog_get_n_items (OssaRecoveryDialog *self);
/* The recoverable item at position, or NULL. */
OssaRecoveryItem   *ossa_recovery_dialog_get_item  (OssaRecoveryDialog *self,
                                                    guint               position);
/* What the buttons of the item at @position do (for tests, and keys). */
void                ossa_recovery_dialog_recover   (OssaRecoveryDialog *self,
                                                    guint               position);
void                ossa_recovery_dialog_discard   (OssaRecoveryDialog *self,
                                                    guint               position);

/* Looks for copies a crash left behind in @folder (NULL: the recovery folder) on
 * a worker thread; when there are any, shows the dialog over the application's
 * active window, calling @recover_cb for each item the person recovers (it takes
 * item->document). */
typedef void (*OssaRecoverFunc) (OssaRecoveryItem *item,
                                 gpointer          user_data);
void                ossa_recovery_offer            (GtkApplication     *app,
                                                    const char         *folder,
                                                    OssaRecoverFunc     recover_cb,
                                                    gpointer            user_data);

G_END_DECLS
