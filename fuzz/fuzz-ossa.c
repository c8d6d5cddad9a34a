/* SPDX-License-Identifier: GPL-3.0-or-later */
/* .ossa bytes: load, validate, sample, save and load again. */
#include "fuzz-support.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  OssaError err = { 0 };
  OssaDocument *doc = ossa_document_load_bytes (data, size, "fuzz.ossa", &err);

  if (doc == NULL)
    {
      FUZZ_CHECK (err.message[0] != '\0', "a refused document says why");
      return 0;
    }
  fuzz_sample_document (doc);
  fuzz_round_trip_document (doc);
  ossa_document_free (doc);
  return 0;
}
