/* SPDX-License-Identifier: MIT */
/* The undo/redo history of one document. It owns the commands it records
 * (ossa_history_free()); the document stays the caller's. */
#pragma once

#include <stdbool.h>
#include <stddef.h>

#include "ossa-api.h"
#include "ossa-command.h"
#include "ossa-document.h"
#include "ossa-error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Undo/redo stack of commands applied to one document. */
typedef struct OssaHistory OssaHistory;

/* limit: most undo steps kept (0 = no limit). */
OSSA_API OssaHistory *ossa_history_new (size_t limit);
OSSA_API void ossa_history_free (OssaHistory *history);

/* Applies cmd to doc and records it (taking ownership in every case). Drops the redo
 * steps. Merges into the previous step when both have the same non-zero merge id and
 * target. On failure doc is unchanged and err says why. */
OSSA_API bool ossa_history_execute (OssaHistory *history, OssaDocument *doc, OssaCommand *cmd,
                                    OssaError *err);

/* Between begin and end, executed commands are applied at once but recorded as one
 * undo step labelled label. Groups do not nest; end with nothing executed records
 * nothing. */
OSSA_API void ossa_history_begin_group (OssaHistory *history, const char *label);
OSSA_API void ossa_history_end_group (OssaHistory *history);

OSSA_API bool ossa_history_can_undo (const OssaHistory *history);
OSSA_API bool ossa_history_can_redo (const OssaHistory *history);
/* Label of the step undo/redo would take, or NULL. */
OSSA_API const char *ossa_history_undo_label (const OssaHistory *history);
OSSA_API const char *ossa_history_redo_label (const OssaHistory *history);

OSSA_API bool ossa_history_undo (OssaHistory *history, OssaDocument *doc, OssaError *err);
OSSA_API bool ossa_history_redo (OssaHistory *history, OssaDocument *doc, OssaError *err);

/* Steps that can be undone now. */
OSSA_API size_t ossa_history_n_undo (const OssaHistory *history);

/* The document as it is now is what is on disk. */
OSSA_API void ossa_history_mark_saved (OssaHistory *history);
/* True when undo/redo/edits moved the document away from the saved state. */
OSSA_API bool ossa_history_is_modified (const OssaHistory *history);

/* Forgets every step (after loading another document). */
OSSA_API void ossa_history_clear (OssaHistory *history);

#ifdef __cplusplus
}
#endif
