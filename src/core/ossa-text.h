/* SPDX-License-Identifier: MIT */
#pragma once

/* Marks a string of the core that a person sees (an undo label) so that the
 * editor's catalog extracts it (xgettext --keyword=OSSA_N_). The core never
 * translates: it keeps no locale state and links no gettext; the editor looks the
 * string up in its catalog when it shows it. Nothing here is owned or allocated. */
#define OSSA_N_(text) (text)
