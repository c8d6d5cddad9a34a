/* SPDX-License-Identifier: GPL-3.0-or-later */
/* An OpenRaster stack.xml's bytes: parsed alone (ossa_ora_parse_stack(), the
 * editor's, with its default limits); a result must hold what the reader promises,
 * a refusal must say why in a sentence (never longer than twice the input and a
 * line: a message that names a number does so as stack.xml writes it). */
#include "fuzz-support.h"

#include "ossa-ora.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  GError *error = NULL;
  OssaOra *ora = ossa_ora_parse_stack ((const char *) data, size, NULL, &error);

  if (ora == NULL)
    {
      FUZZ_CHECK (error != NULL && error->domain == OSSA_ART_ERROR
                  && error->message[0] != '\0', "a refused stack.xml says why");
      FUZZ_CHECK (strlen (error->message) <= 2 * size + 256, "a message of a sentence");
      g_error_free (error);
      return 0;
    }
  FUZZ_CHECK (error == NULL, "no error with a result");
  FUZZ_CHECK (memchr (data, '\0', size) == NULL, "a NUL byte is refused");
  FUZZ_CHECK (ora->width >= 1 && ora->width <= OSSA_ART_MAX_SIDE
              && ora->height >= 1 && ora->height <= OSSA_ART_MAX_SIDE, "the image has a size");
  FUZZ_CHECK (ora->layers->len <= OSSA_ORA_MAX_LAYERS, "no more layers than the limit");
  for (guint i = 0; i < ora->layers->len; i++)
    {
      const OssaOraLayer *layer = g_ptr_array_index (ora->layers, i);

      FUZZ_CHECK (layer->name != NULL && layer->group != NULL && layer->src != NULL
                  && layer->src[0] != '\0' && layer->composite_op != NULL, "a layer's strings");
      FUZZ_CHECK (layer->opacity >= 0 && layer->opacity <= 1, "an opacity in [0, 1]");
      FUZZ_CHECK (layer->png == NULL && layer->texture == NULL && layer->width == 0
                  && layer->height == 0, "no picture from stack.xml alone");
    }
  ossa_ora_free (ora);
  return 0;
}
