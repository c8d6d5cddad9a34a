/* SPDX-License-Identifier: GPL-3.0-or-later */
/* An animation SMD added to a document imported from a fixed reference (the bones
 * root, spine, arm, leg), as File ▸ Import SMD does with several files; the document
 * must validate, sample, export the animation back as SMD, read that again, and
 * survive a save and a load. */
#include "fuzz-support.h"

static const char reference[] =
  "version 1\n"
  "nodes\n"
  "  0 \"root\" -1\n"
  "  1 \"spine\" 0\n"
  "  2 \"arm\" 1\n"
  "  3 \"leg\" 0\n"
  "end\n"
  "skeleton\n"
  "time 0\n"
  "  0 0 0 0 0 0 0\n"
  "  1 0 0 10 0 0 0\n"
  "  2 5 0 8 0 0.5 0\n"
  "  3 0 0 -10 0 -0.3 0\n"
  "end\n";

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  OssaError err = { 0 };
  OssaSmdImportOptions options;
  OssaSmd *ref, *anim;
  OssaDocument *doc;
  ssize_t index;

  ossa_smd_import_options_init (&options);
  ref = ossa_smd_read_bytes (reference, sizeof reference - 1, "ref.smd", NULL, &err);
  FUZZ_CHECK (ref != NULL, "the fixed reference reads");
  doc = ossa_smd_to_document (ref, "ref", &options, &err);
  FUZZ_CHECK (doc != NULL, "the fixed reference imports");

  anim = ossa_smd_read_bytes ((const char *) data, size, "fuzz.smd", NULL, &err);
  if (anim == NULL)
    {
      FUZZ_CHECK (err.message[0] != '\0', "a refused SMD says why");
      goto out;
    }
  options.simplify = size % 2 ? 0.01f : 0.0f;
  options.fps = size % 3 ? 30.0f : 24.0f;
  index = ossa_smd_add_animation (doc, ref, anim, "fuzz", &options, &err);
  if (index < 0)
    FUZZ_CHECK (err.message[0] != '\0', "a refused animation says why");
  else
    {
      char *text = NULL;
      size_t length = 0;

      const OssaAnimation *a = &doc->animations[index];
      double poses = (a->duration * a->fps + 1) * (double) doc->skeleton.n_bones;

      fuzz_sample_document (doc);
      fuzz_round_trip_document (doc);
      /* The export writes every frame: a few frames far apart make a long one.
       * Within the reader's limit it must work and read back (tried up to a
       * size a fuzzer can afford); past it, it must be refused. */
      if (poses <= (double) OSSA_SMD_MAX_POSES && poses > 200000)
        goto done;
      if (!ossa_smd_export_animation (doc, (size_t) index, &text, &length, &err))
        {
          if (err.code != OSSA_ERROR_LIMIT || poses <= (double) OSSA_SMD_MAX_POSES)
            fprintf (stderr, "exporting: %s\n", err.message);
          FUZZ_CHECK (err.code == OSSA_ERROR_LIMIT && poses > (double) OSSA_SMD_MAX_POSES,
                      "an imported animation exports unless it is too long for SMD");
          goto done;
        }
      FUZZ_CHECK (poses <= (double) OSSA_SMD_MAX_POSES + doc->skeleton.n_bones,
                  "an export the reader would refuse is refused");
      {
        OssaSmd *back = ossa_smd_read_bytes (text, length, "export.smd", NULL, &err);

        if (back == NULL)
          fprintf (stderr, "reading the export: %s\n", err.message);
        FUZZ_CHECK (back != NULL, "an exported animation reads again");
        ossa_smd_free (back);
      }
      free (text);
    }
done:
  ossa_smd_free (anim);
out:
  ossa_document_free (doc);
  ossa_smd_free (ref);
  return 0;
}
