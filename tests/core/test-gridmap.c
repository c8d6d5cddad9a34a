/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Grid maps: the model, both text forms (with every error class and its line),
 * MovingAI scenarios, and maps inside .ossa documents. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "test-helpers.h"

static gboolean
cell (const OssaGridMap *map, uint32_t x, uint32_t y)
{
  return map->cells[(size_t) y * map->width + x] != 0;
}

/* Parses text expecting success. */
static void
parse_ok (const char *text, OssaGridMap *map, OssaMapFormat expected)
{
  OssaError err = { 0 };
  OssaMapFormat format;

  if (!ossa_grid_map_parse (map, text, strlen (text), "m.txt", "m", &format, &err))
    g_error ("parse failed: %s:%d: %s\n%s", err.path, err.line, err.message, text);
  g_assert_cmpint (format, ==, expected);
}

/* Parses text expecting an error at line with message containing needle. */
static void
parse_fails (const char *text, int line, const char *needle)
{
  OssaError err = { 0 };
  OssaGridMap map;

  if (ossa_grid_map_parse (&map, text, strlen (text), "bad.map", NULL, NULL, &err))
    g_error ("parse of this text should fail:\n%s", text);
  g_assert_cmpstr (err.path, ==, "bad.map");
  if (err.line != line || strstr (err.message, needle) == NULL)
    g_error ("expected line %d with '%s', got line %d: %s\n--\n%s", line, needle, err.line,
             err.message, text);
  g_assert_null (map.cells);
}

/* The name ossa_grid_map_load() gives a map: the base name without extension. */
static void
test_gridmap_name_for_path (void)
{
  static const char *const cases[][2] = {
    { "a/b/maze.map", "maze" }, { "maze.map", "maze" }, { "dir.d/maze", "maze" },
    { "a/.hidden", ".hidden" }, { "two.dots.map", "two.dots" },
  };

  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      char *name = ossa_grid_map_name_for_path (cases[i][0]);

      g_assert_cmpstr (name, ==, cases[i][1]);
      free (name);
    }
}

static void
test_gridmap_article (void)
{
  OssaGridMap map;
  OssaError err = { 0 };
  OssaMapFormat format;
  char *path = test_shared_data ("seed/map40.txt");

  if (path == NULL)
    return;
  g_assert_true (ossa_grid_map_load (&map, path, &format, &err));
  g_assert_cmpint (format, ==, OSSA_MAP_FORMAT_TEXT);
  g_assert_cmpstr (map.name, ==, "map40");
  g_assert_cmpuint (map.width, ==, 40);
  g_assert_cmpuint (map.height, ==, 40);
  /* Row 5 of the article's map reads 1 1 1 0 1 0 1 1 …; 1 is walkable. */
  g_assert_true (cell (&map, 0, 5));
  g_assert_true (cell (&map, 2, 5));
  g_assert_false (cell (&map, 3, 5));
  g_assert_true (cell (&map, 4, 5));
  g_assert_false (cell (&map, 5, 5));
  g_assert_true (cell (&map, 39, 39));
  g_assert_cmpuint (ossa_grid_map_count_walkable (&map), <, 1600);
  g_assert_cmpuint (ossa_grid_map_count_walkable (&map), >, 1300);
  g_assert_true (ossa_grid_map_validate (&map, &err));
  ossa_grid_map_clear (&map);
  g_free (path);
}

static void
test_gridmap_tolerated (void)
{
  OssaGridMap a, b;

  /* CRLF, blank lines between rows and in the header, trailing spaces, tabs, no final
   * newline, upper-case keywords, height before width. */
  parse_ok ("\r\nHEIGHT 2\r\nwidth  3\r\n\r\nmapstart\r\n1 0\t1 \r\n\r\n\r\n0 1 1", &a,
            OSSA_MAP_FORMAT_TEXT);
  g_assert_cmpuint (a.width, ==, 3);
  g_assert_cmpuint (a.height, ==, 2);
  g_assert_cmpmem (a.cells, 6, "\1\0\1\0\1\1", 6);

  /* MovingAI: CRLF, no final newline; . G S walkable, everything else blocked. */
  parse_ok ("type octile\r\nheight 2\r\nwidth 4\r\nmap\r\n.GS@\r\nOTW.", &b,
            OSSA_MAP_FORMAT_MOVINGAI);
  g_assert_cmpuint (b.width, ==, 4);
  g_assert_cmpmem (b.cells, 8, "\1\1\1\0\0\0\0\1", 8);
  ossa_grid_map_clear (&b);

  /* Trailing blank lines after the last row; LF and lone CR. */
  parse_ok ("type octile\rheight 1\rwidth 2\rmap\r..\r\r\n\n", &b, OSSA_MAP_FORMAT_MOVINGAI);
  g_assert_cmpmem (b.cells, 2, "\1\1", 2);
  ossa_grid_map_clear (&b);

  /* A UTF-8 byte order mark before the first word. */
  parse_ok ("\xef\xbb\xbfwidth 1\nheight 1\nmapstart\n0\n", &b, OSSA_MAP_FORMAT_TEXT);
  g_assert_cmpmem (b.cells, 1, "\0", 1);
  ossa_grid_map_clear (&b);
  ossa_grid_map_clear (&a);
}

static void
test_gridmap_errors (void)
{
  /* Not a map. */
  parse_fails ("", 1, "empty");
  parse_fails ("\n\n", 2, "empty");
  parse_fails ("hello 3\n", 1, "not a grid map");
  /* Sizes. */
  parse_fails ("width -3\nheight 2\nmapstart\n", 1, "negative");
  parse_fails ("width 3\nheight 0\nmapstart\n", 2, "is 0");
  parse_fails ("width 16385\nheight 2\nmapstart\n", 1, "over the limit");
  parse_fails ("width 99999999999999999999\nheight 2\nmapstart\n", 1, "over the limit");
  parse_fails ("width abc\nheight 2\nmapstart\n", 1, "not a whole number");
  parse_fails ("width 2.5\nheight 2\nmapstart\n", 1, "not a whole number");
  parse_fails ("width\nheight 2\nmapstart\n", 1, "one number");
  parse_fails ("type octile\nheight -1\nwidth 2\nmap\n", 2, "negative");
  parse_fails ("type octile\nheight 1\nwidth 0\nmap\n", 3, "is 0");
  parse_fails ("type octile\nheight 1\nwidth 20000\nmap\n", 3, "over the limit");
  /* Header. */
  parse_fails ("width 2\nmapstart\n1 1\n", 2, "before height");
  parse_fails ("width 2\nwidth 3\n", 2, "second 'width'");
  parse_fails ("width 2\nheight 1\ncolour blue\n", 3, "unexpected 'colour'");
  parse_fails ("width 2\nheight 1\n", 2, "ends before 'mapstart'");
  parse_fails ("type hex\nheight 1\nwidth 1\nmap\n.\n", 1, "octile");
  parse_fails ("height 1\nwidth 1\nmap\n.\n", 3, "unexpected 'map'");
  /* Rows, article form. */
  parse_fails ("width 3\nheight 2\nmapstart\n1 1\n1 1 1\n", 4, "short row");
  parse_fails ("width 3\nheight 2\nmapstart\n1 1 1\n1 1 1 1\n", 5, "long row");
  parse_fails ("width 3\nheight 3\nmapstart\n1 1 1\n\n1 1 1\n", 7, "too few rows");
  parse_fails ("width 3\nheight 2\nmapstart\n1 1 1\n1 2 1\n", 5, "unknown character '2'");
  parse_fails ("width 3\nheight 2\nmapstart\n1 1 1\n1 . 1\n", 5, "unknown character '.'");
  parse_fails ("width 3\nheight 1\nmapstart\n111\n", 4, "separated by spaces");
  parse_fails ("width 2\nheight 1\nmapstart\n1 1\n1 1\n", 5, "too many rows");
  /* Rows, MovingAI. */
  parse_fails ("type octile\nheight 2\nwidth 3\nmap\n...\n..\n", 6, "short row");
  parse_fails ("type octile\nheight 2\nwidth 3\nmap\n....\n...\n", 5, "long row");
  parse_fails ("type octile\nheight 3\nwidth 3\nmap\n...\n...", 7, "too few rows");
  parse_fails ("type octile\nheight 1\nwidth 3\nmap\n. .\n", 5, "unknown character a space");
  parse_fails ("type octile\nheight 1\nwidth 3\nmap\n.\x01.\n", 5, "byte 0x01");
  parse_fails ("type octile\nheight 1\nwidth 3\nmap\n.\xc3\xa9\n", 5, "byte 0xc3");
  /* A huge claimed size with a tiny body fails on the rows, never allocating 256 MB. */
  parse_fails ("type octile\nheight 16384\nwidth 16384\nmap\n...\n", 5, "short row");
  parse_fails ("width 16384\nheight 16384\nmapstart\n", 4, "too few rows");
}

static void
test_gridmap_round_trip (void)
{
  OssaGridMap map, back;
  OssaError err = { 0 };
  char *text;
  size_t size;

  g_assert_true (ossa_grid_map_init (&map, "r", 5, 3, &err));
  ossa_grid_map_fill_rect (&map, 1, 0, 3, 1, false);
  ossa_grid_map_set (&map, 4, 2, false);
  for (int f = 0; f < 2; f++)
    {
      g_assert_true (ossa_grid_map_to_text (&map, (OssaMapFormat) f, &text, &size, &err));
      g_assert_cmpuint (strlen (text), ==, size);
      parse_ok (text, &back, (OssaMapFormat) f);
      g_assert_cmpuint (back.width, ==, 5);
      g_assert_cmpuint (back.height, ==, 3);
      g_assert_cmpmem (back.cells, 15, map.cells, 15);
      if (f == OSSA_MAP_FORMAT_TEXT)
        g_assert_true (g_str_has_prefix (text, "width 5\nheight 3\nmapstart\n1 0 0 0 1\n"));
      else
        g_assert_true (g_str_has_prefix (text, "type octile\nheight 3\nwidth 5\nmap\n.@@@.\n"));
      ossa_grid_map_clear (&back);
      free (text);
    }
  ossa_grid_map_clear (&map);
}

static void
test_gridmap_edit (void)
{
  OssaGridMap map;
  OssaError err = { 0 };

  g_assert_true (ossa_grid_map_init (&map, "e", 4, 4, &err));
  g_assert_false (ossa_grid_map_resize (&map, 0, 3, &err));
  g_assert_cmpint (err.code, ==, OSSA_ERROR_LIMIT);
  g_assert_false (ossa_grid_map_resize (&map, 3, OSSA_MAX_MAP_SIDE + 1, &err));
  g_assert_cmpuint (map.width, ==, 4);
  ossa_grid_map_fill_rect (&map, 5, 5, -2, 2, false);   /* clipped, corners swapped */
  g_assert_cmpuint (ossa_grid_map_count_walkable (&map), ==, 8);
  map.has_goal = true;
  map.goal_x = 3;
  map.goal_y = 3;
  g_assert_true (ossa_grid_map_resize (&map, 3, 5, &err));
  g_assert_false (map.has_goal);
  g_assert_true (ossa_grid_map_walkable (&map, 0, 0));
  g_assert_false (ossa_grid_map_walkable (&map, 0, 2));
  g_assert_false (ossa_grid_map_walkable (&map, 2, 3));
  g_assert_true (ossa_grid_map_walkable (&map, 2, 4));      /* new row: walkable */
  g_assert_false (ossa_grid_map_walkable (&map, -1, 0));
  g_assert_false (ossa_grid_map_walkable (&map, 3, 0));
  g_assert_true (ossa_grid_map_validate (&map, &err));
  ossa_grid_map_clear (&map);
}

/* Every MovingAI map here loads with the size its scenario names. */
static void
test_gridmap_movingai_files (void)
{
  static const struct { const char *name; uint32_t w, h; } maps[] = {
    { "arena.map", 49, 49 }, { "den312d.map", 65, 81 }, { "brc202d.map", 530, 481 },
    { "Berlin_0_256.map", 256, 256 }, { "Aurora.map", 1024, 768 },
    { "random512-10-0.map", 512, 512 }, { "8room_000.map", 512, 512 },
    { "maze512-1-0.map", 512, 512 }, { "AR0011SR.map", 512, 512 },
  };

  for (size_t i = 0; i < G_N_ELEMENTS (maps); i++)
    {
      char *rel = g_build_filename ("movingai", maps[i].name, NULL);
      char *path = test_shared_data (rel);
      OssaGridMap map;
      OssaError err = { 0 };
      OssaMapFormat format;

      g_free (rel);
      if (path == NULL)
        return;
      if (!ossa_grid_map_load (&map, path, &format, &err))
        g_error ("%s:%d: %s", err.path, err.line, err.message);
      g_assert_cmpint (format, ==, OSSA_MAP_FORMAT_MOVINGAI);
      g_assert_cmpuint (map.width, ==, maps[i].w);
      g_assert_cmpuint (map.height, ==, maps[i].h);
      g_assert_cmpuint (ossa_grid_map_count_walkable (&map), >, 0);
      ossa_grid_map_clear (&map);
      g_free (path);
    }
}

static void
test_gridmap_scenario (void)
{
  static const char v1[] =
    "version 1\n"
    "0\tmaps/dao/arena.map\t49\t49\t1\t11\t1\t12\t1\n"
    "3\tarena.map\t49\t49\t2\t3\t4\t5\t3.41421\n\n";
  static const char v10[] = "version 1.0\r\n61 maps/bgmaps/AR0011SR.map 512 512 210 395 87 201 244.95\r\n";
  OssaScenario scen;
  OssaError err = { 0 };
  char *path;

  g_assert_true (ossa_scenario_parse (&scen, v1, strlen (v1), "a.scen", &err));
  g_assert_cmpuint (scen.n_problems, ==, 2);
  g_assert_cmpstr (scen.problems[0].map, ==, "maps/dao/arena.map");
  g_assert_cmpuint (scen.problems[1].bucket, ==, 3);
  g_assert_cmpuint (scen.problems[1].start_x, ==, 2);
  g_assert_cmpuint (scen.problems[1].goal_y, ==, 5);
  assert_close (scen.problems[1].optimal, 3.41421, 1e-12);
  g_assert_cmpint (scen.problems[1].line, ==, 3);
  ossa_scenario_clear (&scen);

  g_assert_true (ossa_scenario_parse (&scen, v10, strlen (v10), "b.scen", &err));
  g_assert_cmpuint (scen.n_problems, ==, 1);
  g_assert_cmpuint (scen.problems[0].bucket, ==, 61);
  assert_close (scen.problems[0].optimal, 244.95, 1e-12);
  ossa_scenario_clear (&scen);

  g_assert_false (ossa_scenario_parse (&scen, "version 2\n", 10, "c.scen", &err));
  g_assert_cmpint (err.line, ==, 1);
  g_assert_false (ossa_scenario_parse (&scen, "version 1\n0 a.map 4 4 1 1 1\n", 28, "c.scen", &err));
  g_assert_cmpint (err.line, ==, 2);
  g_assert_nonnull (strstr (err.message, "7 fields"));
  g_assert_false (ossa_scenario_parse (&scen, "version 1\n0 a.map 4 4 1 -1 1 1 2\n", 33, "c.scen",
                                       &err));
  g_assert_nonnull (strstr (err.message, "start y '-1'"));
  g_assert_cmpstr (err.path, ==, "c.scen");
  /* A NUL byte in the map field would cut the path short (to "" here): refused. */
  {
    static const char nul[] = "version 1\n0\t\0b.map\t2\t2\t0\t0\t1\t1\t1\n";

    g_assert_false (ossa_scenario_parse (&scen, nul, sizeof nul - 1, "d.scen", &err));
    g_assert_cmpint (err.line, ==, 2);
    g_assert_nonnull (strstr (err.message, "NUL"));
  }

  /* Tolerance: max(1e-4 × length, 0.005). */
  g_assert_true (ossa_scen_length_matches (244.954, 244.95));
  g_assert_false (ossa_scen_length_matches (244.99, 244.95));
  g_assert_true (ossa_scen_length_matches (1000.09, 1000));
  g_assert_false (ossa_scen_length_matches (1000.11, 1000));

  path = test_shared_data ("movingai/maze512-1-0.map.scen");
  if (path == NULL)
    return;
  g_assert_true (ossa_scenario_load (&scen, path, &err));
  g_assert_cmpuint (scen.n_problems, ==, 11960);
  ossa_scenario_clear (&scen);
  g_free (path);
}

/* A map survives a trip through an .ossa document (GridMap), start and goal too. */
static void
test_gridmap_in_document (void)
{
  OssaDocument *doc = ossa_document_new (), *back;
  OssaGridMap map;
  OssaError err = { 0 };
  uint8_t *data;
  size_t size;

  g_assert_true (ossa_grid_map_init (&map, "level", 7, 3, &err));
  ossa_grid_map_fill_rect (&map, 3, 0, 3, 1, false);
  map.has_start = map.has_goal = true;
  map.goal_x = 6;
  map.goal_y = 2;
  g_assert_cmpint (ossa_document_take_map (doc, &map, &err), ==, 0);
  g_assert_true (ossa_document_to_bytes (doc, &data, &size, &err));
  back = ossa_document_load_bytes (data, size, "mem.ossa", &err);
  g_assert_nonnull (back);
  g_assert_cmpuint (back->n_maps, ==, 1);
  g_assert_cmpstr (back->maps[0].name, ==, "level");
  g_assert_cmpuint (back->maps[0].width, ==, 7);
  g_assert_cmpmem (back->maps[0].cells, 21, doc->maps[0].cells, 21);
  g_assert_true (back->maps[0].has_goal);
  g_assert_cmpuint (back->maps[0].goal_x, ==, 6);
  free (data);
  ossa_document_free (back);
  ossa_document_free (doc);
}

/* Peak resident memory of this process so far, from /proc/self/status. */
static long
peak_rss_kib (void)
{
  FILE *f = fopen ("/proc/self/status", "r");
  char line[256];
  long kib = -1;

  if (f == NULL)
    return -1;
  while (fgets (line, sizeof line, f) != NULL)
    if (sscanf (line, "VmHWM: %ld kB", &kib) == 1)
      break;
  fclose (f);
  return kib;
}

/* A file of size bytes that starts with head and is NUL bytes after it (sparse:
 * no disk is used, and reading it costs no memory unless the reader keeps it). */
static char *
junk_file (const char *dir, const char *name, const char *head, off_t size)
{
  char *path = g_build_filename (dir, name, NULL);
  int fd = open (path, O_WRONLY | O_CREAT | O_TRUNC, 0644);

  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (write (fd, head, strlen (head)), ==, (ssize_t) strlen (head));
  g_assert_cmpint (ftruncate (fd, size), ==, 0);
  close (fd);
  return path;
}

/* A header and 1000 MiB of junk: the load fails at the first bad row, with its
 * line, having held at most a line of the file (the whole file was read into
 * memory before: 1000 MiB). */
static void
test_gridmap_huge_junk (void)
{
  static const struct
  {
    const char *head;
    int         line;
    const char *needle;
  } cases[] = {
    { "type octile\nheight 4\nwidth 4\nmap\n", 5, "unknown character byte 0x00 in column 1" },
    { "type octile\nheight 4\nwidth 4\nmap\n....\n", 6, "unknown character byte 0x00 in column 1" },
    { "width 4\nheight 4\nmapstart\n1 1 1 1\n\n1 0 1 1\n", 7, "unknown character byte 0x00 in column 1" },
    { "type octile\nheight 4096\nwidth 4096\nmap\n", 5, "unknown character byte 0x00" },
  };
  char *dir = g_dir_make_tmp ("ossa-gridmap-XXXXXX", NULL);
  long before = peak_rss_kib ();

  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      char *path = junk_file (dir, "junk.map", cases[i].head, (off_t) 1000 << 20);
      OssaGridMap map;
      OssaError err = { 0 };

      g_assert_false (ossa_grid_map_load (&map, path, NULL, &err));
      g_assert_cmpstr (err.path, ==, path);
      if (err.line != cases[i].line || strstr (err.message, cases[i].needle) == NULL)
        g_error ("case %zu: expected line %d with '%s', got %d: %s", i, cases[i].line,
                 cases[i].needle, err.line, err.message);
      g_assert_null (map.cells);
      g_unlink (path);
      g_free (path);
    }
  /* Memory: the line buffer (at most OSSA_MAX_MAP_LINE_BYTES) and the map's cells,
   * 16 MiB for the last case (untouched zero pages normally, but meson's
   * MALLOC_PERTURB_ makes calloc write them): well under 64 MiB. */
  if (before > 0)
    g_assert_cmpint (peak_rss_kib () - before, <, 64 * 1024);
  g_rmdir (dir);
  g_free (dir);
}

/* Reading a file in chunks gives what parsing its bytes gives, wherever the chunk
 * edges fall: CRLF split across two reads, a lone CR at the end of a read, a byte
 * order mark, no final newline. */
static void
test_gridmap_streamed (void)
{
  char *dir = g_dir_make_tmp ("ossa-gridmap-XXXXXX", NULL);
  static const char *const eols[] = { "\n", "\r\n", "\r" };

  for (int bom = 0; bom < 2; bom++)
    for (size_t k = 0; k < G_N_ELEMENTS (eols); k++)
      for (uint32_t w = 253; w <= 259; w += 3)
        {
          GString *s = g_string_new (bom ? "\xef\xbb\xbf" : "");
          OssaGridMap a, b;
          OssaError err = { 0 };
          char *path;

          g_string_append_printf (s, "type octile%sheight %u%swidth %u%smap%s", eols[k], w,
                                  eols[k], w, eols[k], eols[k]);
          for (uint32_t y = 0; y < w; y++)
            {
              for (uint32_t x = 0; x < w; x++)
                g_string_append_c (s, (x * 7 + y * 13) % 5 == 0 ? '@' : '.');
              if (y + 1 < w || k != 0)
                g_string_append (s, eols[k]);
            }
          path = g_build_filename (dir, "s.map", NULL);
          g_assert_true (g_file_set_contents (path, s->str, (gssize) s->len, NULL));
          if (!ossa_grid_map_load (&a, path, NULL, &err))
            g_error ("bom %d eol %zu w %u: %d: %s", bom, k, w, err.line, err.message);
          g_assert_true (ossa_grid_map_parse (&b, s->str, s->len, path, "s", NULL, &err));
          g_assert_cmpuint (a.width, ==, w);
          g_assert_cmpmem (a.cells, (size_t) w * w, b.cells, (size_t) w * w);
          ossa_grid_map_clear (&a);
          ossa_grid_map_clear (&b);
          g_unlink (path);
          g_free (path);
          g_string_free (s, TRUE);
        }
  g_rmdir (dir);
  g_free (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/gridmap/article", test_gridmap_article);
  g_test_add_func ("/gridmap/name-for-path", test_gridmap_name_for_path);
  g_test_add_func ("/gridmap/tolerated", test_gridmap_tolerated);
  g_test_add_func ("/gridmap/errors", test_gridmap_errors);
  g_test_add_func ("/gridmap/round-trip", test_gridmap_round_trip);
  g_test_add_func ("/gridmap/edit", test_gridmap_edit);
  g_test_add_func ("/gridmap/movingai-files", test_gridmap_movingai_files);
  g_test_add_func ("/gridmap/scenario", test_gridmap_scenario);
  g_test_add_func ("/gridmap/in-document", test_gridmap_in_document);
  g_test_add_func ("/gridmap/huge-junk", test_gridmap_huge_junk);
  g_test_add_func ("/gridmap/streamed", test_gridmap_streamed);
  return g_test_run ();
}
