/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A .qc read from bytes: a result or an error that says why, and a result whose
 * every place names one of its files and whose every sequence has a file and a
 * frame rate. The path lies in a folder that does not exist, so that relative
 * $include and SMD names reach nothing on the fuzzing machine. */
#include <math.h>

#include "fuzz-support.h"

static void
check_place (const OssaQc *qc, OssaQcPlace place)
{
  bool found = false;

  for (size_t i = 0; i < qc->n_files && !found; i++)
    found = place.file == qc->files[i];
  FUZZ_CHECK (found, "a place names one of the files read");
  FUZZ_CHECK (place.line >= 1, "a place has a line");
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  OssaError err = { 0 };
  OssaQc *qc = ossa_qc_read_bytes ((const char *) data, size, "/nonexistent-ossa-fuzz/model.qc", NULL, &err);

  if (qc == NULL)
    {
      FUZZ_CHECK (err.message[0] != '\0', "a refused .qc says why");
      return 0;
    }
  FUZZ_CHECK (qc->n_files >= 1 && strcmp (qc->files[0], "/nonexistent-ossa-fuzz/model.qc") == 0,
              "files[0] is the one asked for");
  FUZZ_CHECK (qc->scale > 0 && isfinite (qc->scale), "the scale is a scale");
  for (size_t i = 0; i < qc->n_bodies; i++)
    {
      const OssaQcBodygroup *g = &qc->bodies[i];

      FUZZ_CHECK (g->name != NULL && ossa_utf8_valid (g->name, strlen (g->name)), "a group has a UTF-8 name");
      check_place (qc, g->place);
      for (size_t j = 0; j < g->n_choices; j++)
        {
          FUZZ_CHECK (g->choices[j].name != NULL, "a choice has a name");
          for (size_t k = 0; k < j; k++)
            FUZZ_CHECK (strcmp (g->choices[j].name, g->choices[k].name) != 0, "choices have distinct names");
          check_place (qc, g->choices[j].place);
        }
    }
  for (size_t i = 0; i < qc->n_sequences; i++)
    {
      const OssaQcSequence *s = &qc->sequences[i];

      FUZZ_CHECK (s->name != NULL && s->smd != NULL, "a sequence has a name and a file");
      FUZZ_CHECK (s->fps > 0 && isfinite (s->fps), "a sequence has a frame rate");
      for (size_t k = 0; k < i; k++)
        FUZZ_CHECK (strcmp (s->name, qc->sequences[k].name) != 0, "sequences have distinct names");
      check_place (qc, s->place);
    }
  ossa_qc_free (qc);
  return 0;
}
