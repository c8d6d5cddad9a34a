/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "ossa-error.h"

G_BEGIN_DECLS

/* libossa's OssaErrorCode as a GError domain, so the GTK side reports core
 * failures the GLib way. The codes are OssaErrorCode values. */
#define OSSA_CORE_ERROR (ossa_core_error_quark ())

GQuark ossa_core_error_quark (void);

void ossa_gerror_set_from_core (GError          **error,
                                const OssaError  *err);

G_END_DECLS
