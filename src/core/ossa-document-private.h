/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The parts of OssaDocument the rest of the core uses and an editor does not: a
 * step of ossa_document_validate() for the loader, which checks each animation
 * right after copying it in. The caller owns every argument. Not installed. */
#pragma once

#include <stdbool.h>
#include <stddef.h>

#include "ossa-document.h"
#include "ossa-error.h"

/* That no animation before index has the name of animation index. */
bool _ossa_document_validate_animation_name (const OssaDocument *doc, size_t index,
                                             OssaError *err);
