/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Writes the generated seeds of the OpenRaster targets into OUTDIR/ora-stack/gen-*
 * (stack.xml files: flat, with nested groups, with every attribute the reader
 * takes) and OUTDIR/ora-zip/gen-* (.ora archives made with libzip around them,
 * with small PNGs made by gdk-pixbuf, stored and deflated). build-aux/fuzz.sh
 * runs it when the targets are built. */
#include <errno.h>
#include <sys/stat.h>

#include <gdk-pixbuf/gdk-pixbuf.h>
#include <zip.h>

#include "fuzz-support.h"

static const char *out_dir;

static const char *const stacks[] = {
  /* flat */
  "<?xml version='1.0' encoding='UTF-8'?>\n"
  "<image version=\"0.0.3\" w=\"8\" h=\"6\">\n"
  " <stack>\n"
  "  <layer name=\"top\" src=\"data/top.png\" x=\"1\" y=\"2\" opacity=\"0.5\"/>\n"
  "  <layer name=\"back\" src=\"data/back.png\" visibility=\"hidden\"/>\n"
  " </stack>\n"
  "</image>\n",
  /* nested groups, offsets and opacities that add up and multiply */
  "<?xml version=\"1.0\"?>\n"
  "<image w=\"16\" h=\"16\" xres=\"72\" yres=\"72\">\n"
  " <stack name=\"root\">\n"
  "  <stack name=\"body\" x=\"2\" y=\"3\" opacity=\"0.8\" visibility=\"visible\">\n"
  "   <stack name=\"arm\" x=\"-1\" y=\"0.5\" composite-op=\"svg:multiply\">\n"
  "    <layer name=\"hand\" src=\"data/top.png\" x=\"4\" y=\"4\" selected=\"true\"/>\n"
  "   </stack>\n"
  "   <layer src=\"./data/back.png\" composite-op=\"svg:src-over\"/>\n"
  "  </stack>\n"
  "  <text x=\"0\" y=\"0\">ignored</text>\n"
  "  <layer name=\"bg\" src=\"/data/back.png\" opacity=\"1.0\"/>\n"
  " </stack>\n"
  "</image>\n",
  /* an empty image */
  "<image w=\"1\" h=\"1\"><stack/></image>",
  /* a hidden group of one layer, Krita style */
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<!DOCTYPE image>\n"
  "<image w=\"4\" h=\"4\" version=\"0.0.1\"><stack>"
  "<stack name=\"g\" visibility=\"hidden\" x=\"0\" y=\"0\" isolation=\"isolate\">"
  "<layer name=\"a &amp; b\" src=\"data/top.png\" x=\" 1 \" y=\"1e0\"/>"
  "</stack></stack></image>\n",
};

static void
out_path (char *path, size_t size, const char *target, const char *name)
{
  snprintf (path, size, "%s/%s", out_dir, target);
  if (mkdir (path, 0777) != 0 && errno != EEXIST)
    {
      fprintf (stderr, "fuzz-ora-seeds: %s: %s\n", path, strerror (errno));
      exit (1);
    }
  snprintf (path, size, "%s/%s/gen-%s", out_dir, target, name);
}

static void
write_seed (const char *target, const char *name, const void *data, size_t size)
{
  char path[4096];
  FILE *f;

  out_path (path, sizeof path, target, name);
  f = fopen (path, "wb");
  if (f == NULL || fwrite (data, 1, size, f) != size || fclose (f) != 0)
    {
      fprintf (stderr, "fuzz-ora-seeds: %s: cannot write\n", path);
      exit (1);
    }
}

/* A width × height PNG of one colour, from gdk-pixbuf; g_free() it. */
static gchar *
make_png (int width, int height, guint32 rgba, gsize *size)
{
  GdkPixbuf *pixbuf = gdk_pixbuf_new (GDK_COLORSPACE_RGB, TRUE, 8, width, height);
  gchar *png = NULL;
  GError *error = NULL;

  FUZZ_CHECK (pixbuf != NULL, "a pixbuf");
  gdk_pixbuf_fill (pixbuf, rgba);
  if (!gdk_pixbuf_save_to_buffer (pixbuf, &png, size, "png", &error, NULL))
    fprintf (stderr, "fuzz-ora-seeds: %s\n", error->message);
  FUZZ_CHECK (png != NULL, "a seed PNG");
  g_object_unref (pixbuf);
  return png;
}

static void
add_entry (zip_t *zip, const char *name, const void *data, size_t size, bool store)
{
  zip_source_t *source = zip_source_buffer (zip, data, size, 0);
  zip_int64_t index;

  FUZZ_CHECK (source != NULL, "a zip source");
  index = zip_file_add (zip, name, source, ZIP_FL_ENC_UTF_8);
  FUZZ_CHECK (index >= 0, "an entry added");
  FUZZ_CHECK (zip_set_file_compression (zip, (zip_uint64_t) index,
                                        store ? ZIP_CM_STORE : ZIP_CM_DEFLATE, 0) == 0,
              "its compression");
}

/* An .ora around stacks[stack]: the mimetype first and stored, as the
 * specification asks, and the two PNGs its layers name (stored or deflated). */
static void
write_ora (const char *name, size_t stack, bool store, bool with_thumbnail)
{
  char path[4096];
  gsize top_size, back_size;
  gchar *top = make_png (2, 3, 0xff000080u, &top_size);
  gchar *back = make_png (8, 6, 0x00ff00ffu, &back_size);
  int code = 0;
  zip_t *zip;

  out_path (path, sizeof path, "ora-zip", name);
  zip = zip_open (path, ZIP_CREATE | ZIP_TRUNCATE, &code);
  FUZZ_CHECK (zip != NULL, "a zip written");
  add_entry (zip, "mimetype", "image/openraster", strlen ("image/openraster"), true);
  add_entry (zip, "stack.xml", stacks[stack], strlen (stacks[stack]), store);
  add_entry (zip, "data/top.png", top, top_size, store);
  add_entry (zip, "data/back.png", back, back_size, store);
  if (with_thumbnail)
    add_entry (zip, "Thumbnails/thumbnail.png", top, top_size, true);
  FUZZ_CHECK (zip_close (zip) == 0, "the zip closes");
  g_free (top);
  g_free (back);
}

int
main (int argc, char **argv)
{
  char name[64];

  if (argc < 2)
    {
      fprintf (stderr, "usage: %s OUTDIR\n", argv[0]);
      return 2;
    }
  out_dir = argv[1];
  if (mkdir (out_dir, 0777) != 0 && errno != EEXIST)
    {
      fprintf (stderr, "fuzz-ora-seeds: %s: %s\n", out_dir, strerror (errno));
      return 1;
    }
  for (size_t i = 0; i < sizeof stacks / sizeof stacks[0]; i++)
    {
      snprintf (name, sizeof name, "%zu.xml", i);
      write_seed ("ora-stack", name, stacks[i], strlen (stacks[i]));
    }
  write_ora ("flat-stored.ora", 0, true, false);
  write_ora ("nested-deflated.ora", 1, false, true);
  write_ora ("empty.ora", 2, true, false);
  write_ora ("hidden-group.ora", 3, false, false);
  return 0;
}
