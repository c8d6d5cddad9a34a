/* SPDX-License-Identifier: GPL-3.0-or-later */
/* An .ora file's bytes: read from memory (ossa_ora_read_bytes(), the editor's)
 * without decoding the pixels, under small limits so that a run allocates little;
 * a result must hold what the reader promises. */
#include "fuzz-support.h"

#include "ossa-ora.h"

static const OssaArtLimits limits = {
  .max_side = 4096,
  .max_png_bytes = 1u << 20,
  .max_total_bytes = 4u << 20,
  .max_layers = 64,
  .max_depth = 8,
  .max_stack_bytes = 256u << 10,
};

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  GError *error = NULL;
  GBytes *bytes = g_bytes_new_static (data, size);
  OssaOra *ora = ossa_ora_read_bytes (bytes, "fuzz.ora", OSSA_ART_READ_DEFAULT, &limits, NULL,
                                      &error);
  guint64 total = 0;

  g_bytes_unref (bytes);
  if (ora == NULL)
    {
      FUZZ_CHECK (error != NULL && error->domain == OSSA_ART_ERROR
                  && g_str_has_prefix (error->message, "fuzz.ora: "),
                  "a refused .ora says why, naming the file");
      FUZZ_CHECK (strlen (error->message) <= 2 * size + 256, "a message of a sentence");
      /* 22 bytes: a zip's end record alone, the smallest zip there is. */
      FUZZ_CHECK (size >= 22 || error->code == OSSA_ART_ERROR_NOT_ZIP, "fewer bytes are no zip");
      g_error_free (error);
      return 0;
    }
  FUZZ_CHECK (error == NULL, "no error with a result");
  FUZZ_CHECK (ora->layers->len <= limits.max_layers, "no more layers than the limit");
  for (guint i = 0; i < ora->layers->len; i++)
    {
      const OssaOraLayer *layer = g_ptr_array_index (ora->layers, i);

      FUZZ_CHECK (layer->png != NULL && layer->texture == NULL, "its PNG, not decoded");
      FUZZ_CHECK (g_bytes_get_size (layer->png) <= limits.max_png_bytes, "a PNG under the limit");
      FUZZ_CHECK (layer->width >= 1 && layer->width <= limits.max_side && layer->height >= 1
                  && layer->height <= limits.max_side, "a layer's size under the limit");
      FUZZ_CHECK (layer->opacity >= 0 && layer->opacity <= 1, "an opacity in [0, 1]");
      total += g_bytes_get_size (layer->png);
    }
  FUZZ_CHECK (total <= limits.max_total_bytes, "the layers under the limit together");
  ossa_ora_free (ora);
  return 0;
}
