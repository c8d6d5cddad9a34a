/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* libossa's OssaError as a GError, so the GTK side reports core failures the GLib
 * way: OSSA_CORE_ERROR is the domain and its codes are the OssaErrorCode values.
 * The GError made is the caller's (to free or propagate); the OssaError stays the
 * caller's too and is only read. */

#include <gio/gio.h>

#include "ossa-error.h"

G_BEGIN_DECLS

#define OSSA_CORE_ERROR (ossa_core_error_quark ())

GQuark ossa_core_error_quark (void);

void ossa_gerror_set_from_core (GError          **error,
                                const OssaError  *err);

G_END_DECLS
