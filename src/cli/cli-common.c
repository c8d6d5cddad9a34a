/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "cli-common.h"

#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void
cli_error (const char *path, const char *format, ...)
{
  va_list args;
  char *message;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  if (path != NULL)
    fprintf (stderr, "ossa-cli: %s: %s\n", path, message);
  else
    fprintf (stderr, "ossa-cli: %s\n", message);
  g_free (message);
}

void
cli_error_ossa (const OssaError *err, const char *path)
{
  OssaError copy = *err;
  char buf[OSSA_ERROR_PATH_MAX + OSSA_ERROR_MESSAGE_MAX + 32];

  if (copy.path[0] == '\0' && path != NULL)
    ossa_error_set_location (&copy, path, copy.line);
  if (copy.message[0] == '\0')
    snprintf (copy.message, sizeof copy.message, "%s", "could not be read");
  ossa_error_format (&copy, buf, sizeof buf);
  fprintf (stderr, "ossa-cli: %s\n", buf);
}

int
cli_usage_error (const char *command, const char *format, ...)
{
  va_list args;
  char *message;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  if (command != NULL)
    fprintf (stderr, "ossa-cli: %s: %s\nTry 'ossa-cli %s --help'.\n", command, message, command);
  else
    fprintf (stderr, "ossa-cli: %s\nTry 'ossa-cli --help'.\n", message);
  g_free (message);
  return CLI_EXIT_USAGE;
}

GOptionContext *
cli_option_context_new (const char *parameters, const char *summary, const char *description)
{
  GOptionContext *context = g_option_context_new (parameters);

  if (summary != NULL)
    g_option_context_set_summary (context, summary);
  if (description != NULL)
    g_option_context_set_description (context, description);
  return context;
}

/* GOption's message reworded like ours: "unknown option '--x'", "missing value for
 * --x", otherwise its text with a lower-case start and plain quotes. */
static char *
usage_message (const char *message)
{
  GString *text;

  if (g_str_has_prefix (message, "Unknown option "))
    return g_strdup_printf ("unknown option '%s'", message + strlen ("Unknown option "));
  if (g_str_has_prefix (message, "Missing argument for "))
    return g_strdup_printf ("missing value for %s", message + strlen ("Missing argument for "));
  text = g_string_new (message);
  g_string_replace (text, "\xe2\x80\x9c", "'", 0);
  g_string_replace (text, "\xe2\x80\x9d", "'", 0);
  if (text->len > 0)
    text->str[0] = g_ascii_tolower (text->str[0]);
  return g_string_free (text, FALSE);
}

bool
cli_parse_options (GOptionContext *context, const char *command, int *argc, char ***argv)
{
  GError *error = NULL;
  char *messages = g_strdup (setlocale (LC_MESSAGES, NULL));
  gboolean ok;

  /* The CLI speaks English (it has no translations): GOption's own words, in its
   * help and its errors, too. */
  setlocale (LC_MESSAGES, "C");
  ok = g_option_context_parse (context, argc, argv, &error);
  setlocale (LC_MESSAGES, messages);
  g_free (messages);
  if (!ok)
    {
      char *message = usage_message (error->message);

      cli_usage_error (command, "%s", message);
      g_free (message);
      g_error_free (error);
      return false;
    }
  /* GOption leaves the "--" that ends the options in argv when an argument after it
   * starts with '-'; the first "--" left is always that one. */
  for (int i = 1; i < *argc; i++)
    if (strcmp ((*argv)[i], "--") == 0)
      {
        memmove (&(*argv)[i], &(*argv)[i + 1], sizeof (char *) * (size_t) (*argc - i));
        (*argc)--;
        break;
      }
  return true;
}

bool
cli_check_positionals (const char *command, int argc, char **argv, int min, int max,
                       const char *what)
{
  int n = argc - 1;

  if (n < min)
    {
      cli_usage_error (command, "missing %s", what);
      return false;
    }
  if (n > max)
    {
      cli_usage_error (command, "unexpected argument '%s'", argv[max + 1]);
      return false;
    }
  return true;
}

static bool
word_is (const char *p, size_t n, const char *word)
{
  size_t len = strlen (word);

  return n >= len && g_ascii_strncasecmp (p, word, len) == 0
         && (n == len || g_ascii_isspace (p[len]));
}

/* The text formats are told apart by their first word, after an optional UTF-8 BOM,
 * blank lines and comment lines (Crowbar puts "// Created by …" before `version`). */
static CliFileKind
sniff_bytes (const char *p, size_t n)
{
  size_t i = 0;

  if (n >= 3 && (guchar) p[0] == 0xef && (guchar) p[1] == 0xbb && (guchar) p[2] == 0xbf)
    i = 3;
  for (;;)
    {
      while (i < n && (p[i] == ' ' || p[i] == '\t' || p[i] == '\r' || p[i] == '\n'))
        i++;
      if (i < n && (p[i] == '#' || p[i] == ';' || (p[i] == '/' && i + 1 < n && p[i + 1] == '/')))
        {
          while (i < n && p[i] != '\n')
            i++;
          continue;
        }
      break;
    }
  if (word_is (p + i, n - i, "version"))
    return CLI_FILE_SMD;
  if (word_is (p + i, n - i, "type") || word_is (p + i, n - i, "width"))
    return CLI_FILE_MAP;
  return CLI_FILE_OSSA;
}

/* Bytes of a file looked at to tell its kind. */
#define SNIFF_BYTES 4096

/* A file that cannot be looked at: the reason alone, errno recorded (the path is
 * already set). Always false. */
static bool
sniff_error (OssaError *err, int errno_value)
{
  err->errno_value = errno_value;
  ossa_error_set (err, OSSA_ERROR_IO, "%s", g_strerror (errno_value));
  return false;
}

/* ossa_file_open_read(): path opened when it is a regular file, else -1 with err
 * set, its path too. A file that cannot be opened says only why, as the system
 * puts it; one that is not a regular file (a pipe nobody writes to would block
 * forever) says what it is. */
static int
open_regular (const char *path, OssaError *err)
{
  int fd;

  ossa_error_clear (err);
  fd = ossa_file_open_read (path, err);
  if (fd >= 0)
    return fd;
  ossa_error_set_location (err, path, 0);
  if (err->errno_value != 0)
    sniff_error (err, err->errno_value);
  return -1;
}

bool
cli_is_stdio (const char *path)
{
  return path != NULL && strcmp (path, "-") == 0;
}

const char *
cli_input_label (const char *path)
{
  return cli_is_stdio (path) ? CLI_STDIN_LABEL : path;
}

const char *
cli_output_label (const char *path)
{
  return cli_is_stdio (path) ? CLI_STDOUT_LABEL : path;
}

/* Standard input, read whole the first time a command asks for "-" and kept, so
 * that looking at its start and then reading it work as they do on a file. */
static uint8_t *stdin_data;
static size_t stdin_size;
static bool stdin_done;
static OssaError stdin_err;

static bool
stdin_bytes (const uint8_t **data, size_t *size, OssaError *err)
{
  if (!stdin_done)
    {
      stdin_done = true;
      ossa_error_clear (&stdin_err);
      if (!ossa_file_read_fd (STDIN_FILENO, CLI_STDIN_LABEL, OSSA_MAX_MAP_FILE_SIZE,
                              &stdin_data, &stdin_size, &stdin_err))
        stdin_data = NULL;
      if (stdin_err.path[0] == '\0')
        ossa_error_set_location (&stdin_err, CLI_STDIN_LABEL, 0);
    }
  if (stdin_data == NULL)
    {
      *err = stdin_err;
      return false;
    }
  *data = stdin_data;
  *size = stdin_size;
  return true;
}

bool
cli_read_input (const char *path, size_t max_size, uint8_t **data, size_t *size, OssaError *err)
{
  const uint8_t *bytes;

  ossa_error_clear (err);
  if (!cli_is_stdio (path))
    return ossa_file_read (path, max_size, data, size, err);
  if (!stdin_bytes (&bytes, size, err))
    return false;
  if (*size > max_size)
    {
      ossa_error_set (err, OSSA_ERROR_LIMIT, "the file is larger than %zu bytes", max_size);
      ossa_error_set_location (err, CLI_STDIN_LABEL, 0);
      return false;
    }
  *data = malloc (*size ? *size : 1);
  if (*data == NULL)
    {
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
      return false;
    }
  memcpy (*data, bytes, *size);
  return true;
}

bool
cli_write_output (const char *path, const void *data, size_t size, OssaError *err)
{
  ossa_error_clear (err);
  if (!cli_is_stdio (path))
    return ossa_file_write_atomic (path, data, size, err);
  /* The bytes are complete before the first one is written; nothing goes to a
   * file on the way. */
  if (fwrite (data, 1, size, stdout) != size || fflush (stdout) != 0)
    {
      err->errno_value = errno;
      ossa_error_set (err, OSSA_ERROR_IO, "error writing the output: %s", g_strerror (errno));
      ossa_error_set_location (err, CLI_STDOUT_LABEL, 0);
      return false;
    }
  return true;
}

/* Formats a file's name announces, for cli_check_output(): an extension, what
 * it is called, and the kind of file it holds (-1: a text file of any kind; -2:
 * a file no command writes). */
static const struct
{
  const char *extension;
  const char *name;
  int         kind;
} named_formats[] = {
  { ".ossa", "an Ossa document", CLI_FILE_OSSA },
  { ".smd", "an SMD file", CLI_FILE_SMD },
  { ".map", "a grid map", CLI_FILE_MAP },
  { ".scen", "a MovingAI scenario", -2 },
  { ".qc", "a Valve .qc file", -2 },
  { ".qci", "a Valve .qc file", -2 },
  { ".txt", "a text file", -1 },
};

/* What a file called path would hold by its name: an index into named_formats,
 * or -1 for a name that says nothing. */
static int
named_format (const char *path)
{
  const char *base = strrchr (path, '/');
  const char *dot;

  base = base != NULL ? base + 1 : path;
  dot = strrchr (base, '.');
  if (dot == NULL || dot == base)
    return -1;
  for (size_t i = 0; i < G_N_ELEMENTS (named_formats); i++)
    if (g_ascii_strcasecmp (dot, named_formats[i].extension) == 0)
      return (int) i;
  return -1;
}

bool
cli_check_output (const char *command, const char *out, char *const *inputs, size_t n_inputs,
                  CliFileKind kind, gboolean force)
{
  struct stat out_st, in_st;
  int named;

  /* Nothing to compare: standard output, or a file that does not exist yet. */
  if (cli_is_stdio (out) || stat (out, &out_st) != 0)
    return true;
  for (size_t i = 0; i < n_inputs; i++)
    {
      bool is_stdin = cli_is_stdio (inputs[i]);

      if ((is_stdin ? fstat (STDIN_FILENO, &in_st) : stat (inputs[i], &in_st)) != 0
          || in_st.st_dev != out_st.st_dev || in_st.st_ino != out_st.st_ino)
        continue;
      if (is_stdin)
        cli_usage_error (command, "the output '%s' is the file on standard input: not "
                         "overwriting an input", out);
      else if (strcmp (inputs[i], out) == 0)
        cli_usage_error (command, "the output '%s' is also an input: not overwriting an "
                         "input", out);
      else
        cli_usage_error (command, "the output '%s' is the same file as the input '%s': not "
                         "overwriting an input", out, inputs[i]);
      return false;
    }
  named = named_format (out);
  if (force || named < 0 || named_formats[named].kind == (int) kind
      || (named_formats[named].kind == -1 && kind != CLI_FILE_OSSA))
    return true;
  cli_usage_error (command, "'%s' exists and is named like %s: not writing %s over it "
                   "(--force writes it anyway)", out, named_formats[named].name,
                   kind == CLI_FILE_OSSA ? "an Ossa document"
                   : kind == CLI_FILE_SMD ? "an SMD file" : "a grid map");
  return false;
}

bool
cli_sniff (const char *path, CliFileKind *kind, OssaError *err)
{
  char buf[SNIFF_BYTES];
  ssize_t got;
  size_t n;
  int fd;

  if (cli_is_stdio (path))
    {
      const uint8_t *bytes;

      if (!stdin_bytes (&bytes, &n, err))
        return false;
      *kind = sniff_bytes ((const char *) bytes, MIN (n, (size_t) SNIFF_BYTES));
      return true;
    }
  fd = open_regular (path, err);
  if (fd < 0)
    return false;
  while ((got = pread (fd, buf, sizeof buf, 0)) < 0 && errno == EINTR)
    ;
  if (got < 0)
    {
      int errno_value = errno;

      close (fd);
      return sniff_error (err, errno_value);
    }
  close (fd);
  *kind = sniff_bytes (buf, (size_t) got);
  return true;
}

bool
cli_sniff_file (const char *path, CliFileKind *kind)
{
  OssaError err;

  if (cli_sniff (path, kind, &err))
    return true;
  cli_error_ossa (&err, cli_input_label (path));
  return false;
}

const char *
cli_file_kind_name (CliFileKind kind)
{
  switch (kind)
    {
    case CLI_FILE_OSSA: return "Ossa document";
    case CLI_FILE_SMD: return "SMD";
    case CLI_FILE_MAP: return "grid map";
    default: return "unknown";
    }
}

/* Most bytes a file of that kind may have: its reader's limit. */
static size_t
kind_max_size (CliFileKind kind)
{
  switch (kind)
    {
    case CLI_FILE_SMD: return OSSA_SMD_MAX_FILE_SIZE;
    case CLI_FILE_MAP: return OSSA_MAX_MAP_FILE_SIZE;
    case CLI_FILE_OSSA:
    default: return OSSA_MAX_FILE_SIZE;
    }
}

/* A regular file: its start read with pread(), which leaves fd where it was, then
 * the whole file up to its kind's limit. */
static bool
read_regular (int fd, const char *path, CliFileKind *kind, uint8_t **data, size_t *size,
              OssaError *err)
{
  char head[SNIFF_BYTES];
  ssize_t n;

  while ((n = pread (fd, head, sizeof head, 0)) < 0 && errno == EINTR)
    ;
  if (n < 0)
    return sniff_error (err, errno);
  *kind = sniff_bytes (head, (size_t) n);
  ossa_error_clear (err);
  return ossa_file_read_fd (fd, path, kind_max_size (*kind), data, size, err);
}

/* Reads path whole through one open, telling its kind from its start, with the
 * errors cli_sniff() and then the kind's reader would give. */
static bool
read_any (const char *path, CliFileKind *kind, uint8_t **data, size_t *size, OssaError *err)
{
  bool ok;
  int fd;

  if (cli_is_stdio (path))
    {
      CliFileKind k;

      if (!cli_sniff (path, &k, err) || !cli_read_input (path, kind_max_size (k), data, size, err))
        return false;
      *kind = k;
      return true;
    }
  fd = open_regular (path, err);
  if (fd < 0)
    return false;
  ok = read_regular (fd, path, kind, data, size, err);
  close (fd);
  return ok;
}

/* A document holding the one map of the map file whose bytes are data, or (data
 * NULL) of the map file at path, streamed. */
static OssaDocument *
map_document (const uint8_t *data, size_t size, const char *path, OssaError *err)
{
  OssaGridMap map = { 0 };
  OssaDocument *doc;
  char *name = ossa_grid_map_name_for_path (cli_input_stem_path (path));
  bool ok;

  if (name == NULL)
    {
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
      return NULL;
    }
  if (data != NULL)
    ok = ossa_grid_map_parse (&map, data, size, cli_input_label (path), name, NULL, err);
  else
    ok = ossa_grid_map_load (&map, path, NULL, err);   /* parsed as it is read */
  free (name);
  if (!ok)
    return NULL;
  doc = ossa_document_new ();
  if (doc == NULL || ossa_document_take_map (doc, &map, err) < 0)
    {
      if (doc == NULL)
        ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
      ossa_grid_map_clear (&map);
      ossa_document_free (doc);
      return NULL;
    }
  return doc;
}

const char *
cli_input_stem_path (const char *path)
{
  return cli_is_stdio (path) ? "stdin" : path;
}

OssaDocument *
cli_load_any (const char *path, CliFileKind *kind_out, OssaError *err)
{
  CliFileKind kind;
  OssaDocument *doc;
  OssaSmdImportOptions options;
  const char *label = cli_input_label (path);
  uint8_t *data;
  size_t size;
  struct stat st;

  /* A regular map file is parsed as it is read, never held whole: a bad row of a
   * huge file fails at once. */
  if (!cli_is_stdio (path) && stat (path, &st) == 0 && S_ISREG (st.st_mode)
      && cli_sniff (path, &kind, err) && kind == CLI_FILE_MAP)
    {
      doc = map_document (NULL, 0, path, err);
      if (kind_out != NULL)
        *kind_out = kind;
      return doc;
    }
  if (!read_any (path, &kind, &data, &size, err))
    return NULL;
  /* One reader per kind of file; each gives a document (an SMD as import-smd with
   * the default options would, a map file as a document holding that one map).
   * Names that come from the file's name come from "stdin" for standard input. */
  switch (kind)
    {
    case CLI_FILE_OSSA:
      doc = ossa_document_load_bytes (data, size, label, err);
      break;
    case CLI_FILE_SMD:
      ossa_smd_import_options_init (&options);
      doc = ossa_smd_import_bytes ((const char *) data, size, cli_input_stem_path (path),
                                   &options, err);
      if (doc == NULL && cli_is_stdio (path))
        ossa_error_set_location (err, label, err->line);
      break;
    case CLI_FILE_MAP:
      doc = map_document (data, size, path, err);
      break;
    default:
      free (data);
      ossa_error_set (err, OSSA_ERROR_FORMAT, "unsupported file type (%s files are not supported yet)",
                      cli_file_kind_name (kind));
      return NULL;
    }
  free (data);
  if (doc == NULL && err->path[0] == '\0')
    ossa_error_set_location (err, label, err->line);
  if (kind_out != NULL)
    *kind_out = kind;
  return doc;
}

OssaDocument *
cli_load_document (const char *path)
{
  OssaError err;
  OssaDocument *doc = cli_load_any (path, NULL, &err);

  if (doc == NULL)
    cli_error_ossa (&err, cli_input_label (path));
  return doc;
}

const OssaAnimation *
cli_find_animation (const OssaDocument *doc, const char *path, const char *name)
{
  ssize_t index = ossa_document_find_animation (doc, name);
  GString *names;

  if (index >= 0)
    return &doc->animations[index];
  path = cli_input_label (path);
  if (doc->n_animations == 0)
    {
      cli_error (path, "no animation named '%s' (the document has no animations)", name);
      return NULL;
    }
  names = g_string_new (NULL);
  for (size_t i = 0; i < doc->n_animations; i++)
    g_string_append_printf (names, "%s'%s'", i > 0 ? ", " : "", doc->animations[i].name);
  cli_error (path, "no animation named '%s' (available: %s)", name, names->str);
  g_string_free (names, TRUE);
  return NULL;
}

bool
cli_progress_due (CliProgress *p, size_t done, size_t total)
{
  gint64 now;

  if (!p->on)
    return false;
  now = g_get_monotonic_time ();
  if (p->last != 0 && now - p->last < 100000 && done < total)
    return false;
  p->last = now;
  p->drawn = true;
  return true;
}

void
cli_progress_end (CliProgress *p)
{
  if (p->drawn)
    {
      fputs ("\r\033[K", stderr);
      fflush (stderr);
    }
  p->drawn = false;
}

bool
cli_parse_double (const char *s, double *out)
{
  char *end = NULL;
  double v;

  if (s == NULL || *s == '\0' || g_ascii_isspace (*s))
    return false;
  v = ossa_number_parse (s, &end);
  if (end == s || *end != '\0' || !isfinite (v))
    return false;
  *out = v;
  return true;
}

bool
cli_parse_uint (const char *s, guint64 min, guint64 max, guint64 *out)
{
  return s != NULL && *s != '-' && *s != '+'
         && g_ascii_string_to_unsigned (s, 10, min, max, out, NULL);
}

const char *
cli_format (char *buf, size_t size, const char *format, double v)
{
  const char *p;

  g_ascii_formatd (buf, (int) size, format, v);
  if (buf[0] == '-')
    {
      for (p = buf + 1; *p == '0' || *p == '.'; p++)
        ;
      if (*p == '\0')
        memmove (buf, buf + 1, strlen (buf));
    }
  return buf;
}

const char *
cli_format_float (char *buf, size_t size, float v)
{
  ossa_number_format_float (buf, size, v);
  return buf;
}

char *
cli_display_name (const char *path)
{
  return g_filename_display_name (path);
}

void
cli_json_add_double (JsonBuilder *builder, const char *member, double v)
{
  json_builder_set_member_name (builder, member);
  if (isfinite (v))
    json_builder_add_double_value (builder, v);
  else
    json_builder_add_null_value (builder);
}

void
cli_json_add_float (JsonBuilder *builder, const char *member, float v)
{
  char buf[64];

  json_builder_set_member_name (builder, member);
  if (!isfinite (v))
    {
      json_builder_add_null_value (builder);
      return;
    }
  /* The shortest decimal that reads back as this float, so that 0.1f comes out as
   * the double nearest 0.1 rather than as 0.10000000149011612. */
  ossa_number_format_float (buf, sizeof buf, v);
  json_builder_add_double_value (builder, g_ascii_strtod (buf, NULL));
}

void
cli_json_add_string (JsonBuilder *builder, const char *member, const char *v)
{
  json_builder_set_member_name (builder, member);
  if (v != NULL)
    json_builder_add_string_value (builder, v);
  else
    json_builder_add_null_value (builder);
}

void
cli_json_add_int (JsonBuilder *builder, const char *member, gint64 v)
{
  json_builder_set_member_name (builder, member);
  json_builder_add_int_value (builder, v);
}

void
cli_json_add_bool (JsonBuilder *builder, const char *member, gboolean v)
{
  json_builder_set_member_name (builder, member);
  json_builder_add_boolean_value (builder, v);
}

void
cli_json_add_file (JsonBuilder *builder, const char *member, const char *path)
{
  char *name = cli_display_name (path);

  cli_json_add_string (builder, member, name);
  g_free (name);
}

void
cli_json_print (JsonBuilder *builder)
{
  JsonGenerator *generator = json_generator_new ();
  JsonNode *root = json_builder_get_root (builder);
  char *text;

  json_generator_set_root (generator, root);
  text = json_generator_to_data (generator, NULL);
  fputs (text, stdout);
  fputc ('\n', stdout);
  fflush (stdout);
  g_free (text);
  json_node_unref (root);
  g_object_unref (generator);
  g_object_unref (builder);
}

int
cli_text_width (const char *text)
{
  if (g_utf8_validate (text, -1, NULL))
    return (int) g_utf8_strlen (text, -1);
  return (int) strlen (text);
}

void
cli_print_padded (const char *text, int width)
{
  int w = cli_text_width (text);

  fputs (text, stdout);
  for (; w < width; w++)
    fputc (' ', stdout);
}
