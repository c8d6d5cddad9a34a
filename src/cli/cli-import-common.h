/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What import-smd and import-qc share (cli-import-common.c): the notices of an
 * import (printed as they come, held until the output is known to be safe, or kept
 * for the JSON), the options both take (--plane, --simplify, -o -), writing the
 * document and the report of what it holds. The caller owns the CliImportNotices
 * and the document; nothing here keeps a pointer to either. */
#pragma once

#include "cli-common.h"

G_BEGIN_DECLS

typedef struct
{
  gboolean   json;   /* every notice kept for the JSON's "notices", none printed */
  gboolean   held;   /* text: notices kept until cli_import_notices_release() */
  GPtrArray *lines;  /* "FILE:LINE: message" (or "FILE: message"), owned */
} CliImportNotices;

void cli_import_notices_init (CliImportNotices *notices, gboolean json, gboolean held);
void cli_import_notices_clear (CliImportNotices *notices);

/* An OssaSmdNoticeFunc: user_data is the CliImportNotices. In text mode a notice
 * not held goes to stderr at once as "ossa-cli: FILE:LINE: message". */
void cli_import_notice (const char *path, int line, const char *message, void *user_data);

/* Prints the notices held (text mode) and lets the later ones through as they come. */
void cli_import_notices_release (CliImportNotices *notices);

/* Checks what both commands take: -o OUT given, -o - neither with --json nor to
 * a terminal, --plane and --simplify (either NULL when not given) into options.
 * A usage error printed for command and false returned when one is wrong. */
bool cli_import_parse_options (const char *command, const char *out, gboolean json,
                               const char *plane, const char *simplify,
                               OssaSmdImportOptions *options);

/* doc written to out as an .ossa document (atomically, or to standard output for
 * "-"); the error line printed and false returned on failure. */
bool cli_import_write (const OssaDocument *doc, const char *out);

/* A JSON member: an array of the display names of n paths. */
void cli_import_json_files (JsonBuilder *b, const char *member, char *const *paths, size_t n);

/* The JSON members "bones", "animations" ([{"name", "duration", "fps", "loop",
 * "tracks", "keys"}]), "meshes" ([{"name", "vertices", "triangles",
 * "materials"}]) and "notices" ([...]). */
void cli_import_json_document (JsonBuilder *b, const OssaDocument *doc,
                               const CliImportNotices *notices);

/* "INPUT → OUT: N bones, mesh 'M' (T triangles)…, K animations (plane P)" and a
 * line for each animation. */
void cli_import_print_document (const char *input, const char *out, const OssaDocument *doc,
                                OssaSmdPlane plane);

G_END_DECLS
