/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The message listing what an SMD or .qc import left out (bones skipped, vertex
 * animation not kept, .qc commands Ossa does not use, a file named twice). It
 * copies the notices it is given; the message window belongs to GTK and
 * destroys itself when answered. */
GtkWindow *ossa_smd_show_notices (GtkWindow          *parent,
                                  const char * const *notices);

G_END_DECLS
