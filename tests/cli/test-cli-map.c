/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ossa-cli astar, scen and map convert as a user runs them: spawn the real binary
 * ($OSSA_CLI) on the article's map, MovingAI files and broken maps written here;
 * check exit codes, "ossa-cli: FILE[:LINE]: " error lines, JSON fields, and every
 * returned path step by step (adjacent, walkable, no corner cut, cost adds up).
 * Each case runs under C.UTF-8 and de_DE.UTF-8 (skipped when not installed). */
#include <fcntl.h>
#include <math.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include <glib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "ossa.h"

#include "cli-test-support.h"

static char *map40;        /* ../shared/testdata/seed/map40.txt, NULL when absent */
static char *movingai;     /* ../shared/testdata/movingai, NULL when absent */

/* Exit 1 and "ossa-cli: PATH: " or "ossa-cli: PATH:LINE: " on stderr. */
static void
assert_input_error (const CliRun *run, const char *path, int line, const char *needle)
{
  char *prefix = line > 0 ? g_strdup_printf ("ossa-cli: %s:%d: ", path, line)
                          : g_strdup_printf ("ossa-cli: %s: ", path);

  cli_assert_exit (run, 1);
  if (!g_str_has_prefix (run->err, prefix) || (needle && !strstr (run->err, needle)))
    g_error ("stderr should start with '%s' and say '%s': %s", prefix, needle, run->err);
  g_assert_cmpstr (run->out, ==, "");
  g_free (prefix);
}

static char *
write_tmp (const char *name, const char *text)
{
  char *path = cli_tmp_file (name);

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  return path;
}

static gboolean
walkable (const OssaGridMap *map, gint64 x, gint64 y)
{
  return ossa_grid_map_walkable (map, x, y);
}

/* The JSON path is legal on map and its cost is the JSON length. */
static void
check_json_path (JsonObject *o, const OssaGridMap *map, int connect, int sx, int sy, int gx, int gy)
{
  JsonArray *path = json_object_get_array_member (o, "path");
  guint n = json_array_get_length (path);
  double length = 0;
  gint64 px = 0, py = 0;

  g_assert_true (json_object_get_boolean_member (o, "found"));
  g_assert_cmpuint (n, >=, 1);
  for (guint i = 0; i < n; i++)
    {
      JsonArray *c = json_array_get_array_element (path, i);
      gint64 x = json_array_get_int_element (c, 0), y = json_array_get_int_element (c, 1);

      g_assert_cmpuint (json_array_get_length (c), ==, 2);
      g_assert_true (walkable (map, x, y));
      if (i == 0)
        {
          g_assert_cmpint (x, ==, sx);
          g_assert_cmpint (y, ==, sy);
        }
      else
        {
          gint64 dx = x - px, dy = y - py;

          g_assert_true (dx >= -1 && dx <= 1 && dy >= -1 && dy <= 1 && (dx || dy));
          if (dx && dy)
            {
              g_assert_cmpint (connect, ==, 8);
              g_assert_true (walkable (map, px + dx, py) && walkable (map, px, py + dy));
              length += G_SQRT2;
            }
          else
            length += 1;
        }
      px = x;
      py = y;
    }
  g_assert_cmpint (px, ==, gx);
  g_assert_cmpint (py, ==, gy);
  g_assert_cmpfloat (fabs (json_object_get_double_member (o, "length") - length), <, 1e-9);
}

static gboolean
need_testdata (void)
{
  if (map40 == NULL || movingai == NULL)
    {
      g_test_skip ("../shared/testdata (OSSA_SHARED_TESTDATA) is absent");
      return FALSE;
    }
  return TRUE;
}

static void
test_astar (gconstpointer data)
{
  const char *locale = data;
  JsonParser *parser = json_parser_new ();
  JsonObject *o;
  OssaGridMap map;
  CliRun run;
  double astar_length;
  gint64 astar_expansions;

  if (!cli_locale_usable (locale) || !need_testdata ())
    {
      g_object_unref (parser);
      return;
    }
  g_assert_true (ossa_grid_map_load (&map, map40, NULL, NULL));

  cli_run (&run, locale, "astar", map40, "--from", "0,0", "--to", "39,39", "--json", NULL);
  cli_assert_ok (&run);
  o = cli_parse_json (parser, run.out);
  g_assert_cmpstr (json_object_get_string_member (o, "algo"), ==, "astar");
  check_json_path (o, &map, 8, 0, 0, 39, 39);
  astar_length = json_object_get_double_member (o, "length");
  astar_expansions = json_object_get_int_member (o, "expansions");
  g_assert_cmpint (astar_expansions, >, 0);
  cli_run_clear (&run);

  /* Dijkstra: same length, more expansions; greedy: longer. */
  cli_run (&run, locale, "astar", map40, "--from", "0,0", "--to", "39,39", "--algo", "dijkstra",
           "--json", NULL);
  cli_assert_ok (&run);
  o = cli_parse_json (parser, run.out);
  check_json_path (o, &map, 8, 0, 0, 39, 39);
  g_assert_cmpfloat (fabs (json_object_get_double_member (o, "length") - astar_length), <, 1e-9);
  g_assert_cmpint (json_object_get_int_member (o, "expansions"), >, astar_expansions);
  cli_run_clear (&run);
  cli_run (&run, locale, "astar", map40, "--from", "0,0", "--to", "39,39", "--algo", "greedy",
           "--json", NULL);
  cli_assert_ok (&run);
  o = cli_parse_json (parser, run.out);
  check_json_path (o, &map, 8, 0, 0, 39, 39);
  g_assert_cmpfloat (json_object_get_double_member (o, "length"), >, astar_length);
  cli_run_clear (&run);

  /* 4-connected: only straight steps. */
  cli_run (&run, locale, "astar", map40, "--from", "0,0", "--to", "39,39", "--connect", "4",
           "--json", NULL);
  cli_assert_ok (&run);
  o = cli_parse_json (parser, run.out);
  check_json_path (o, &map, 4, 0, 0, 39, 39);
  cli_run_clear (&run);

  /* Human text. */
  cli_run (&run, locale, "astar", map40, "--from", "0,0", "--to", "39,39", NULL);
  cli_assert_ok (&run);
  g_assert_nonnull (strstr (run.out, "length: 62.18"));
  g_assert_nonnull (strstr (run.out, "path: 0,0 "));
  cli_run_clear (&run);
  ossa_grid_map_clear (&map);
  g_object_unref (parser);
}

static void
test_astar_no_path (gconstpointer data)
{
  const char *locale = data;
  JsonParser *parser = json_parser_new ();
  char *walled = write_tmp ("walled.map", "type octile\r\nheight 3\r\nwidth 5\r\nmap\r\n..@..\r\n"
                                          "..@..\r\n..@..");
  JsonObject *o;
  CliRun run;

  if (!cli_locale_usable (locale))
    goto out;
  cli_run (&run, locale, "astar", walled, "--from", "0,0", "--to", "4,2", "--json", NULL);
  cli_assert_ok (&run);
  o = cli_parse_json (parser, run.out);
  g_assert_false (json_object_get_boolean_member (o, "found"));
  g_assert_true (json_object_get_null_member (o, "length"));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "path")), ==, 0);
  g_assert_cmpint (json_object_get_int_member (o, "expansions"), ==, 6);
  cli_run_clear (&run);
  cli_run (&run, locale, "astar", walled, "--from", "0,0", "--to", "2,1", NULL);
  cli_assert_ok (&run);
  g_assert_nonnull (strstr (run.out, "the goal is blocked"));
  cli_run_clear (&run);
out:
  g_free (walled);
  g_object_unref (parser);
}

static void
test_astar_errors (gconstpointer data)
{
  const char *locale = data;
  char *small = write_tmp ("small.txt", "width 3\nheight 2\nmapstart\n1 1 1\n1 1 1\n");
  char *short_row = write_tmp ("short.txt", "width 3\nheight 2\nmapstart\n1 1 1\n1 1\n");
  char *long_row = write_tmp ("long.map", "type octile\nheight 1\nwidth 2\nmap\n...\n");
  char *few = write_tmp ("few.map", "type octile\nheight 3\nwidth 2\nmap\n..\n..\n");
  char *odd = write_tmp ("odd.txt", "width 2\nheight 1\nmapstart\n1 x\n");
  char *negative = write_tmp ("neg.txt", "width -2\nheight 1\nmapstart\n1 1\n");
  char *zero = write_tmp ("zero.map", "type octile\nheight 0\nwidth 2\nmap\n");
  char *huge = write_tmp ("huge.txt", "width 16385\nheight 1\nmapstart\n");
  char *missing = cli_tmp_file ("missing.map");
  CliRun run;

  if (!cli_locale_usable (locale))
    goto out;

  /* Cells outside the map: exit 1 naming the file. */
  cli_run (&run, locale, "astar", small, "--from", "0,0", "--to", "3,0", NULL);
  assert_input_error (&run, small, 0, "goal (3, 0) lies outside the 3 × 2 map");
  cli_run_clear (&run);
  cli_run (&run, locale, "astar", small, "--from", "-1,0", "--to", "1,1", "--json", NULL);
  assert_input_error (&run, small, 0, "start (-1, 0) lies outside");
  cli_run_clear (&run);

  /* Malformed maps: exit 1 with FILE:LINE. */
  cli_run (&run, locale, "astar", short_row, "--from", "0,0", "--to", "1,1", NULL);
  assert_input_error (&run, short_row, 5, "short row");
  cli_run_clear (&run);
  cli_run (&run, locale, "astar", long_row, "--from", "0,0", "--to", "1,0", NULL);
  assert_input_error (&run, long_row, 5, "long row");
  cli_run_clear (&run);
  cli_run (&run, locale, "astar", few, "--from", "0,0", "--to", "1,0", NULL);
  assert_input_error (&run, few, 7, "too few rows");
  cli_run_clear (&run);
  cli_run (&run, locale, "astar", odd, "--from", "0,0", "--to", "1,0", NULL);
  assert_input_error (&run, odd, 4, "unknown character 'x'");
  cli_run_clear (&run);
  cli_run (&run, locale, "astar", negative, "--from", "0,0", "--to", "1,0", NULL);
  assert_input_error (&run, negative, 1, "negative");
  cli_run_clear (&run);
  cli_run (&run, locale, "astar", zero, "--from", "0,0", "--to", "1,0", NULL);
  assert_input_error (&run, zero, 2, "is 0");
  cli_run_clear (&run);
  cli_run (&run, locale, "astar", huge, "--from", "0,0", "--to", "1,0", NULL);
  assert_input_error (&run, huge, 1, "over the limit");
  cli_run_clear (&run);
  cli_run (&run, locale, "astar", missing, "--from", "0,0", "--to", "1,0", NULL);
  assert_input_error (&run, missing, 0, NULL);
  cli_run_clear (&run);

  /* Usage. */
  {
    static const char *const bad[][2] = {
      { "--from", "abc" }, { "--from", "1" }, { "--from", "1,2,3" }, { "--from", "1, 2" },
      { "--algo", "bfs" }, { "--connect", "6" },
    };

    for (size_t i = 0; i < G_N_ELEMENTS (bad); i++)
      {
        cli_run (&run, locale, "astar", small, "--to", "1,1", "--from", "0,0", bad[i][0], bad[i][1],
                 NULL);
        cli_assert_usage_error (&run, "astar");
        cli_run_clear (&run);
      }
    cli_run (&run, locale, "astar", small, "--from", "0,0", NULL);
    cli_assert_usage_error (&run, "astar");
    g_assert_nonnull (strstr (run.err, "missing --to"));
    cli_run_clear (&run);
    cli_run (&run, locale, "astar", "--from", "0,0", "--to", "1,1", NULL);
    cli_assert_usage_error (&run, "astar");
    cli_run_clear (&run);
  }
out:
  g_free (small);
  g_free (short_row);
  g_free (long_row);
  g_free (few);
  g_free (odd);
  g_free (negative);
  g_free (zero);
  g_free (huge);
  g_free (missing);
}

static void
test_scen (gconstpointer data)
{
  const char *locale = data;
  JsonParser *parser = json_parser_new ();
  JsonObject *o;
  CliRun run;
  char *arena_scen = NULL, *old = NULL, *lost = NULL, *broken = NULL, *outside = NULL;

  if (!cli_locale_usable (locale) || !need_testdata ())
    goto out;
  arena_scen = g_build_filename (movingai, "arena.map.scen", NULL);
  cli_run (&run, locale, "scen", arena_scen, "--json", NULL);
  cli_assert_ok (&run);
  o = cli_parse_json (parser, run.out);
  g_assert_cmpint (json_object_get_int_member (o, "problems"), ==, 160);
  g_assert_cmpint (json_object_get_int_member (o, "optimal"), ==, 160);
  g_assert_cmpfloat (json_object_get_double_member (o, "mean_us"), >, 0);
  cli_run_clear (&run);

  /* The old form: version 1.0, spaces, a map path that only its base name finds;
   * one wrong optimal length is counted as not optimal. */
  old = write_tmp ("old.scen", "version 1.0\n"
                               "0 maps/dao/arena.map 49 49 1 11 1 12 1\n"
                               "1 maps/dao/arena.map 49 49 1 11 1 12 1.2\n"
                               "0 maps/dao/arena.map 49 49 1 11 1 12 1.004\n");
  cli_run (&run, locale, "scen", old, "--maps", movingai, "--json", NULL);
  cli_assert_ok (&run);
  o = cli_parse_json (parser, run.out);
  g_assert_cmpint (json_object_get_int_member (o, "problems"), ==, 3);
  g_assert_cmpint (json_object_get_int_member (o, "optimal"), ==, 2);
  cli_run_clear (&run);
  cli_run (&run, locale, "scen", old, "--maps", movingai, NULL);
  cli_assert_ok (&run);
  g_assert_nonnull (strstr (run.out, "3 problems, 2 optimal"));
  g_assert_nonnull (strstr (run.out, "line 3:"));
  cli_run_clear (&run);

  /* Without --maps the map is looked for beside the scenario: not there. */
  cli_run (&run, locale, "scen", old, NULL);
  assert_input_error (&run, old, 2, "map 'maps/dao/arena.map' not found");
  cli_run_clear (&run);
  lost = write_tmp ("lost.scen", "version 1\n0\tnowhere.map\t4\t4\t0\t0\t1\t1\t1.41421\n");
  cli_run (&run, locale, "scen", lost, "--maps", movingai, NULL);
  assert_input_error (&run, lost, 2, "not found");
  cli_run_clear (&run);
  broken = write_tmp ("broken.scen", "version 1\n0\tarena.map\t49\t49\t1\t11\t1\n");
  cli_run (&run, locale, "scen", broken, "--maps", movingai, NULL);
  assert_input_error (&run, broken, 2, "7 fields");
  cli_run_clear (&run);
  outside = write_tmp ("outside.scen", "version 1\n0\tarena.map\t49\t49\t1\t11\t1\t12\t1\n"
                                       "0\tarena.map\t49\t49\t1\t11\t49\t12\t1\n");
  cli_run (&run, locale, "scen", outside, "--maps", movingai, NULL);
  assert_input_error (&run, outside, 3, "goal lies outside");
  cli_run_clear (&run);
  cli_run (&run, locale, "scen", NULL);
  cli_assert_usage_error (&run, "scen");
  cli_run_clear (&run);
out:
  g_free (arena_scen);
  g_free (old);
  g_free (lost);
  g_free (broken);
  g_free (outside);
  g_object_unref (parser);
}

static void
test_convert (gconstpointer data)
{
  const char *locale = data;
  JsonParser *parser = json_parser_new ();
  char *as_map = cli_tmp_file ("map40.map"), *as_txt = cli_tmp_file ("back.txt");
  char *as_ossa = cli_tmp_file ("map40.ossa"), *from_ossa = cli_tmp_file ("from-ossa.map");
  char *bad = write_tmp ("bad.txt", "width 2\nheight 2\nmapstart\n1 1\n");
  char *bad_out = cli_tmp_file ("bad-out.map");
  OssaGridMap a, b;
  JsonObject *o;
  CliRun run;

  if (!cli_locale_usable (locale) || !need_testdata ())
    goto out;
  g_assert_true (ossa_grid_map_load (&a, map40, NULL, NULL));

  cli_run (&run, locale, "convert", map40, as_map, "--json", NULL);
  cli_assert_ok (&run);
  o = cli_parse_json (parser, run.out);
  g_assert_cmpstr (json_object_get_string_member (o, "from"), ==, "text");
  g_assert_cmpstr (json_object_get_string_member (o, "to"), ==, "movingai");
  g_assert_cmpint (json_object_get_int_member (o, "width"), ==, 40);
  cli_run_clear (&run);
  g_assert_true (ossa_grid_map_load (&b, as_map, NULL, NULL));
  g_assert_cmpmem (a.cells, 1600, b.cells, 1600);
  ossa_grid_map_clear (&b);

  cli_run (&run, locale, "convert", as_map, as_txt, NULL);
  cli_assert_ok (&run);
  cli_run_clear (&run);
  {
    char *x, *y;

    g_assert_true (g_file_get_contents (as_txt, &x, NULL, NULL));
    g_assert_true (g_file_get_contents (map40, &y, NULL, NULL));
    g_assert_cmpstr (x, ==, y);   /* the article's own layout, byte for byte */
    g_free (x);
    g_free (y);
  }

  /* Into a document, searched there, and out again. */
  cli_run (&run, locale, "convert", map40, as_ossa, NULL);
  cli_assert_ok (&run);
  cli_run_clear (&run);
  cli_run (&run, locale, "info", as_ossa, "--json", NULL);
  cli_assert_ok (&run);
  g_assert_nonnull (strstr (run.out, "\"name\":\"map40\""));
  cli_run_clear (&run);
  cli_run (&run, locale, "astar", as_ossa, "--from", "0,0", "--to", "39,39", "--json", NULL);
  cli_assert_ok (&run);
  o = cli_parse_json (parser, run.out);
  check_json_path (o, &a, 8, 0, 0, 39, 39);
  cli_run_clear (&run);
  cli_run (&run, locale, "convert", as_ossa, from_ossa, "--map", "map40", NULL);
  cli_assert_ok (&run);
  cli_run_clear (&run);
  g_assert_true (ossa_grid_map_load (&b, from_ossa, NULL, NULL));
  g_assert_cmpmem (a.cells, 1600, b.cells, 1600);
  ossa_grid_map_clear (&b);
  cli_run (&run, locale, "convert", as_ossa, from_ossa, "--map", "nope", NULL);
  assert_input_error (&run, as_ossa, 0, "no map named 'nope'");
  cli_run_clear (&run);

  /* A broken map: exit 1 naming it and its line; OUT is not created. */
  cli_run (&run, locale, "convert", bad, bad_out, NULL);
  assert_input_error (&run, bad, 5, "too few rows");
  g_assert_false (g_file_test (bad_out, G_FILE_TEST_EXISTS));
  cli_run_clear (&run);
  ossa_grid_map_clear (&a);
out:
  g_free (as_map);
  g_free (as_txt);
  g_free (as_ossa);
  g_free (from_ossa);
  g_free (bad);
  g_free (bad_out);
  g_object_unref (parser);
}

/* A header and 1000 MiB of NUL bytes (a sparse file: no disk used): each command
 * that reads a map fails at row 1, line 5, at once, and never holds the file (it
 * read all of it first before: ossa-cli peaked at 1.28 GB). The peak is the
 * largest of any ossa-cli this test process has run, all on small files before. */
static void
test_huge_junk (gconstpointer data)
{
  const char *locale = data;
  char *path = cli_tmp_file ("junk.map");
  const char *head = "type octile\nheight 4096\nwidth 4096\nmap\n";
  int fd = open (path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  const char *const commands[][8] = {
    { "validate", NULL },
    { "info", NULL },
    { "astar", NULL, "--from", "0,0", "--to", "3,3", NULL },
    { "convert", NULL, NULL },
  };
  char *expected = g_strdup_printf ("%s:5: unknown character byte 0x00 in column 1", path);
  char *out = cli_tmp_file ("junk-out.txt");
  struct rusage usage;

  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (write (fd, head, strlen (head)), ==, (ssize_t) strlen (head));
  g_assert_cmpint (ftruncate (fd, (off_t) 1000 << 20), ==, 0);
  close (fd);
  for (size_t i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      const char *args[8];
      CliRun run;

      memcpy (args, commands[i], sizeof args);
      args[1] = path;
      if (strcmp (args[0], "convert") == 0)
        args[2] = out;
      cli_runv (&run, locale, args);
      cli_assert_exit (&run, 1);
      if (strstr (run.err, expected) == NULL)
        g_error ("%s: expected '%s' on stderr, got: %s", args[0], expected, run.err);
      cli_run_clear (&run);
    }
  g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
  g_assert_cmpint (getrusage (RUSAGE_CHILDREN, &usage), ==, 0);
  g_assert_cmpint (usage.ru_maxrss, <, 64 * 1024);   /* KiB */
  g_unlink (path);
  g_free (path);
  g_free (out);
  g_free (expected);
}

int
main (int argc, char **argv)
{
  static const char *const locales[] = { "C.UTF-8", "de_DE.UTF-8" };
  static const struct { const char *name; GTestDataFunc func; } cases[] = {
    { "astar", test_astar }, { "astar-no-path", test_astar_no_path },
    { "astar-errors", test_astar_errors }, { "scen", test_scen }, { "convert", test_convert },
    { "huge-junk", test_huge_junk },
  };
  const char *shared = g_getenv ("OSSA_SHARED_TESTDATA");
  int status;

  g_test_init (&argc, &argv, NULL);
  if (cli_test_binary () == NULL)
    {
      g_print ("1..0 # SKIP OSSA_CLI is not set\n");
      return 0;
    }
  cli_tmp_dir_create ("ossa-cli-map-XXXXXX");
  if (shared != NULL)
    {
      map40 = g_build_filename (shared, "seed", "map40.txt", NULL);
      movingai = g_build_filename (shared, "movingai", NULL);
      if (!g_file_test (map40, G_FILE_TEST_EXISTS) || !g_file_test (movingai, G_FILE_TEST_IS_DIR))
        {
          g_clear_pointer (&map40, g_free);
          g_clear_pointer (&movingai, g_free);
        }
    }
  for (size_t l = 0; l < G_N_ELEMENTS (locales); l++)
    for (size_t c = 0; c < G_N_ELEMENTS (cases); c++)
      {
        char *path = g_strdup_printf ("/cli-map/%s/%s", cases[c].name, locales[l]);

        g_test_add_data_func (path, locales[l], cases[c].func);
        g_free (path);
      }
  status = g_test_run ();
  cli_tmp_dir_remove ();
  g_free (map40);
  g_free (movingai);
  return status;
}
