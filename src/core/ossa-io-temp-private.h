/* SPDX-License-Identifier: MIT */
/* The temporary files of the atomic write (ossa-io-temp.c): creating one, locked
 * for as long as its save runs, and removing those of saves that died. The path
 * a create hands out is the caller's to free; its file is the caller's to rename
 * or unlink. Not installed.
 *
 * A save to DIR/NAME writes DIR/.NAME.XXXXXX.ossa-tmp (six random letters or
 * digits) and holds an flock() on it from the moment it exists until the rename
 * is done. A process that dies (SIGKILL, a crash, a power cut) drops its locks,
 * so a temporary file whose lock can be taken is one nobody is writing any more:
 * the next save in that folder removes it. A lock and not a pid in the name: pids
 * are reused, mean nothing across the pid namespaces of a sandbox or across the
 * machines sharing a network folder, and two saves in one process (the editor's
 * worker threads) need telling apart too. flock() locks belong to an open file
 * description, so they do; fcntl() locks belong to a process and would not. */
#pragma once

#include <stdbool.h>
#include <stddef.h>

#include "ossa-error.h"

/* What every temporary file of ours ends with. */
#define _OSSA_TEMP_SUFFIX ".ossa-tmp"

/* Creates and locks a new temporary file beside target (a path with a file name;
 * the folder part may be empty). Returns the open descriptor (read-write,
 * close-on-exec, mode 0600) and sets *tmp_path, or returns -1 with err saying why
 * (named after path, what the caller was asked to write). The lock lasts until
 * the last descriptor of the file is closed. */
int _ossa_temp_create (const char *target, const char *path, char **tmp_path, OssaError *err);

/* Removes the temporary files of dead saves in target's folder: ours (any name,
 * with _OSSA_TEMP_SUFFIX) whose lock can be taken, and those of the target's own
 * name that versions before the lock wrote (".NAME.XXXXXX", no suffix), when
 * unlocked and not written to for a minute. Never target itself, never anything
 * that is not a plain file with one link. Best effort: returns how many went. */
size_t _ossa_temp_remove_stale (const char *target);
