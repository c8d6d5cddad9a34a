/* SPDX-License-Identifier: MIT */
/* Files: loading and saving .ossa documents by path, and reading and writing any
 * file whole. A document loaded and a buffer read are the caller's. The same
 * from and to memory is in ossa-io-pb.h, which this header includes. */
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

/* Reads and validates a .ossa file. Returns a new document (free it with
 * ossa_document_free()) or NULL with err saying why, its path set to path. Any bytes
 * give one or the other: sizes are checked against the OSSA_MAX_* limits before
 * anything is allocated, and every rule of ossa_document_validate() is applied. */
OSSA_API OssaDocument *ossa_document_load (const char *path, OssaError *err);

/* Writes doc to path atomically: a temporary file in the same folder, fsync, rename
 * over path, fsync of the folder. On failure the old file (if any) is untouched, the
 * temporary file is removed, and err says why (with errno_value). A process killed
 * meanwhile leaves the old file or the new one, whole, and perhaps its temporary
 * file (".NAME.XXXXXX.ossa-tmp"), which the next save in that folder removes. When
 * path is a symbolic link, the file at the end of its links is written (created
 * if the link dangles) and the link stays. */
OSSA_API bool ossa_document_save (const OssaDocument *doc, const char *path, OssaError *err);

/* Opens path for reading when it is a regular file (the descriptor is the
 * caller's to close), or returns -1 with err saying why: a folder, a named pipe,
 * a device or a socket is refused at once, never waited on. */
OSSA_API int ossa_file_open_read (const char *path, OssaError *err);

/* Reads a whole regular file of at most max_size bytes into a new malloc'd buffer
 * (ossa_file_open_read(), then ossa_file_read_fd()). */
OSSA_API bool ossa_file_read (const char *path, size_t max_size, uint8_t **data, size_t *size,
                              OssaError *err);

/* The same from fd, open for reading (the caller keeps and closes it), read from
 * where it stands to its end; path only names it in errors. Any file but a folder
 * (standard input may be a pipe). For a caller that
 * looks at the start of a file before deciding how much of it to take: with
 * pread(), which leaves fd where it was. */
OSSA_API bool ossa_file_read_fd (int fd, const char *path, size_t max_size, uint8_t **data,
                                 size_t *size, OssaError *err);

/* The atomic write behind ossa_document_save(), for any bytes. */
OSSA_API bool ossa_file_write_atomic (const char *path, const void *data, size_t size, OssaError *err);

#ifdef __cplusplus
}
#endif

/* Code that includes this header gets the in-memory forms too, as it always has. */
#include "ossa-io-pb.h"
