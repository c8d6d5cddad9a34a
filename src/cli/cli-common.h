/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Helpers shared by the ossa-cli commands: error lines, option parsing, loading a
 * document, number formatting and JSON output. */
#pragma once

#include <stdbool.h>

#include <glib.h>
#include <json-glib/json-glib.h>

#include "ossa.h"

G_BEGIN_DECLS

/* Exit codes (DESIGN.md): 0 success, 1 bad input, 2 bad usage. */
#define CLI_EXIT_OK    0
#define CLI_EXIT_INPUT 1
#define CLI_EXIT_USAGE 2

/* What a file holds, told by its content (never by its name). */
typedef enum
{
  CLI_FILE_OSSA,   /* anything that is not one of the text formats below */
  CLI_FILE_SMD,    /* text whose first word is `version` */
  CLI_FILE_MAP,    /* text whose first word is `type` (MovingAI) or `width` (article) */
} CliFileKind;

/* One command: argv[0] is the command's name, the rest its arguments. Returns the
 * exit code. */
typedef int (*CliCommandFunc) (int argc, char **argv);

int cli_info (int argc, char **argv);
int cli_validate (int argc, char **argv);
int cli_sample (int argc, char **argv);
int cli_convert (int argc, char **argv);
int cli_bench (int argc, char **argv);
int cli_import_smd (int argc, char **argv);
int cli_import_qc (int argc, char **argv);
int cli_export_smd (int argc, char **argv);
int cli_render (int argc, char **argv);
int cli_astar (int argc, char **argv);
int cli_scen (int argc, char **argv);
int cli_thumbnail (int argc, char **argv);

/* "ossa-cli: PATH: message" on stderr (or "ossa-cli: message" when path is NULL). */
void cli_error (const char *path, const char *format, ...) G_GNUC_PRINTF (2, 3);

/* "ossa-cli: PATH[:LINE]: message" from an OssaError; path names the file when the
 * error carries none. */
void cli_error_ossa (const OssaError *err, const char *path);

/* "ossa-cli: COMMAND: message" and "Try 'ossa-cli COMMAND --help'." on stderr.
 * Returns CLI_EXIT_USAGE. */
int cli_usage_error (const char *command, const char *format, ...) G_GNUC_PRINTF (2, 3);

/* A context for a command: usage line "ossa-cli COMMAND [OPTION…] PARAMETERS". */
GOptionContext *cli_option_context_new (const char *parameters, const char *summary,
                                        const char *description);

/* Parses the options (--help prints the usage and exits 0). On a usage error prints
 * it with the hint and returns false. Leaves the positional arguments in argv[1..]. */
bool cli_parse_options (GOptionContext *context, const char *command, int *argc,
                        char ***argv);

/* Checks the number of positional arguments left after parsing (argc - 1); prints a
 * usage error and returns false when it is outside [min, max]. */
bool cli_check_positionals (const char *command, int argc, char **argv, int min, int max,
                            const char *what);

/* "-" names standard input where a command reads a file, standard output where it
 * writes one. In messages and text output they are called these: */
#define CLI_STDIN_LABEL  "(standard input)"
#define CLI_STDOUT_LABEL "(standard output)"

/* Whether path is "-". */
bool cli_is_stdio (const char *path);
/* path, or CLI_STDIN_LABEL / CLI_STDOUT_LABEL for "-". */
const char *cli_input_label (const char *path);
const char *cli_output_label (const char *path);
/* path, or "stdin" for "-": what names taken from a file's name (a map's, an SMD's
 * mesh and animation) come from. */
const char *cli_input_stem_path (const char *path);

/* ossa_file_read(), and for "-" standard input: read whole once, the first time
 * anything asks for it, and kept, so that sniffing and reading it again give the
 * same bytes. */
bool cli_read_input (const char *path, size_t max_size, uint8_t **data, size_t *size,
                     OssaError *err);

/* ossa_file_write_atomic(), or for "-" the bytes written to standard output (they
 * are complete before the first is written, so no file is ever partly written). */
bool cli_write_output (const char *path, const void *data, size_t size, OssaError *err);

/* Refuses, before anything is read, a write that would destroy an input or a
 * file of another format: out (not "-") that is the same file as one of the
 * n_inputs inputs (the same device and inode, so through any path, hard link or
 * symbolic link; "-" stands for the file on standard input, if it is one), or,
 * unless force, an out that exists and whose extension names another format
 * than kind, what the command writes. A usage error is printed for command and
 * false returned then. */
bool cli_check_output (const char *command, const char *out, char *const *inputs,
                       size_t n_inputs, CliFileKind kind, gboolean force);

/* Reads the start of path (standard input for "-") and tells its kind; false with err set (its path too)
 * when the file cannot be read. */
bool cli_sniff (const char *path, CliFileKind *kind, OssaError *err);

/* The same, printing the error line on failure. */
bool cli_sniff_file (const char *path, CliFileKind *kind);

/* "Ossa document", "SMD", "grid map". */
const char *cli_file_kind_name (CliFileKind kind);


/* Loads whatever path holds as a document, dispatching on its content: a .ossa
 * document (validated as it is read), an SMD (as import-smd with the default
 * options would import it) or a map file (a document holding that one map). The
 * file is opened and read once. kind (may be NULL) receives what it held. NULL
 * with err set (its path too) on failure; nothing is printed. */
OssaDocument *cli_load_any (const char *path, CliFileKind *kind, OssaError *err);

/* cli_load_any(), printing the standard error line on failure (NULL then). */
OssaDocument *cli_load_document (const char *path);

/* The animation named name, or NULL after printing an error that lists the names
 * the document has. */
const OssaAnimation *cli_find_animation (const OssaDocument *doc, const char *path,
                                         const char *name);

/* A progress line on stderr for a person watching a terminal: redrawn at most ten
 * times a second (and at the last step), wiped when the work is done. The caller
 * sets on (stderr a terminal, not --json) and keeps the struct. */
typedef struct
{
  bool   on;
  bool   drawn;
  gint64 last;     /* µs, when it was last drawn; 0 never */
} CliProgress;

/* Whether to draw step done of total now; when TRUE the caller prints the line,
 * starting with "\r\033[K", and flushes stderr. */
bool cli_progress_due (CliProgress *p, size_t done, size_t total);
/* Wipes the line, if one was drawn, so that what follows starts at column 0. */
void cli_progress_end (CliProgress *p);

/* Parses a finite number in the C locale (whole string). */
bool cli_parse_double (const char *s, double *out);
/* Parses an unsigned integer in [min, max] (whole string, decimal). */
bool cli_parse_uint (const char *s, guint64 min, guint64 max, guint64 *out);

/* g_ascii_formatd() with one printf conversion (e.g. "%.4f"), "-0" folded to "0".
 * buf should hold G_ASCII_DTOSTR_BUF_SIZE bytes. */
const char *cli_format (char *buf, size_t size, const char *format, double v);

/* The shortest text that reads back as the same float, '.' decimals. */
const char *cli_format_float (char *buf, size_t size, float v);

/* path as valid UTF-8 for JSON and messages (free with g_free). */
char *cli_display_name (const char *path);

/* JSON members: a double (null when not finite), a float written with the fewest
 * digits that read back as the same float (null when not finite), a string or null. */
void cli_json_add_double (JsonBuilder *builder, const char *member, double v);
void cli_json_add_float (JsonBuilder *builder, const char *member, float v);
void cli_json_add_string (JsonBuilder *builder, const char *member, const char *v);
void cli_json_add_int (JsonBuilder *builder, const char *member, gint64 v);
void cli_json_add_bool (JsonBuilder *builder, const char *member, gboolean v);
/* "file": the display name of path. */
void cli_json_add_file (JsonBuilder *builder, const char *member, const char *path);

/* Prints the builder's root as one line of JSON plus a newline on stdout and frees
 * the builder. */
void cli_json_print (JsonBuilder *builder);

/* Prints text with the right padding for a UTF-8 string to take width columns
 * (left-aligned). */
void cli_print_padded (const char *text, int width);

/* Number of characters of a UTF-8 string (bytes when not valid UTF-8). */
int cli_text_width (const char *text);

/* ---- art (cli-art.c) ---- */

/* Where an image's file is for a document at doc_path (its folder + the image's
 * path; free with g_free()); NULL for an embedded image or a document on standard
 * input, which has no folder. */
char *cli_image_file (const char *doc_path, const OssaImage *image);

/* Prints "ossa-cli: DOC: warning: …" for each image whose file does not exist
 * (and, when b is not NULL, adds each message to the JSON array being built).
 * Returns how many. */
size_t cli_art_warn_missing (const char *doc_path, const OssaDocument *doc, JsonBuilder *b);

/* info's "images" and "slots" members, and its text lines for them. */
void cli_art_info_json (JsonBuilder *b, const char *doc_path, const OssaDocument *doc);
void cli_art_info_human (const char *doc_path, const OssaDocument *doc);

/* info's "ik_constraints" member and its text lines (none without constraints),
 * and an animation's "ik_tracks" member and lines (cli-ik.c). */
void cli_ik_info_json (JsonBuilder *b, const OssaDocument *doc);
void cli_ik_info_human (const OssaDocument *doc);
void cli_ik_animation_json (JsonBuilder *b, const OssaDocument *doc, const OssaAnimation *anim);
void cli_ik_animation_human (const OssaDocument *doc, const OssaAnimation *anim);

/* sample's slots at t for world (the bones' world matrices): the "slots" member
 * (DESIGN.md), or the lines after the bones. False on out of memory. */
bool cli_art_sample_json (JsonBuilder *b, const OssaDocument *doc, const OssaAnimation *anim,
                          float t, const OssaXform *world);
bool cli_art_sample_human (const OssaDocument *doc, const OssaAnimation *anim, float t,
                           const OssaXform *world);

/* ---- grid maps (cli-map.c) ---- */

/* Where a map came from. */
typedef enum
{
  CLI_MAP_TEXT,       /* the article's text form */
  CLI_MAP_MOVINGAI,   /* a MovingAI .map */
  CLI_MAP_OSSA,       /* a GridMap inside an .ossa document */
} CliMapSource;

/* Loads the map path holds: a map text file (either form, by content) or the map
 * called name in an .ossa document (name NULL: its first map). Prints the error
 * line and returns false on failure. source may be NULL. */
bool cli_load_map (const char *path, const char *name, OssaGridMap *map, CliMapSource *source);

/* "text", "movingai", "ossa". */
const char *cli_map_source_name (CliMapSource source);

/* Parses "X,Y" (two decimal integers, which may be negative). */
bool cli_parse_cell (const char *s, gint64 *x, gint64 *y);

G_END_DECLS
