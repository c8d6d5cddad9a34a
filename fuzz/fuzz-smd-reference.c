/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A reference SMD: read, turn into a document as the import does (in every plane),
 * which must validate, sample and survive a save and a load. */
#include "fuzz-support.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  OssaError err = { 0 };
  OssaSmdImportOptions options;
  OssaSmd *smd = ossa_smd_read_bytes ((const char *) data, size, "fuzz.smd", NULL, &err);
  OssaDocument *doc;

  if (smd == NULL)
    {
      FUZZ_CHECK (err.message[0] != '\0', "a refused SMD says why");
      return 0;
    }
  ossa_smd_import_options_init (&options);
  /* The plane and simplification from the input's size: one input, one path. */
  options.plane = (OssaSmdPlane) (size % 3);
  options.simplify = size % 2 ? 0.01f : 0.0f;
  doc = ossa_smd_to_document (smd, "fuzz", &options, &err);
  if (doc != NULL)
    {
      fuzz_sample_document (doc);
      fuzz_round_trip_document (doc);
      ossa_document_free (doc);
    }
  else
    FUZZ_CHECK (err.message[0] != '\0', "a refused import says why");
  ossa_smd_free (smd);
  return 0;
}
