/* SPDX-License-Identifier: MIT */
/* A document as the bytes of a .ossa file and back (ossa-io-pb-load.c,
 * ossa-io-pb-save.c; the format is proto/ossa.proto). A document loaded and a
 * buffer written are the caller's; neither keeps a pointer into the other. */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ossa-api.h"
#include "ossa-document.h"
#include "ossa-error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ossa_document_load() from memory: reads and validates the bytes of a .ossa file.
 * Returns a new document (free it with ossa_document_free()) or NULL with err
 * saying why; path (may be NULL) only names the source in messages. Any bytes give
 * one or the other, and nothing keeps a pointer into data. */
OSSA_API OssaDocument *ossa_document_load_bytes (const void *data, size_t size, const char *path,
                                                 OssaError *err);

/* Serialises doc (which must validate) into a new malloc'd buffer. */
OSSA_API bool ossa_document_to_bytes (const OssaDocument *doc, uint8_t **data, size_t *size,
                                      OssaError *err);

#ifdef __cplusplus
}
#endif
