/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A MovingAI .scen: parse; every problem read names its map and the line it was
 * read from (the version line is optional, as in the published files' readers). */
#include "fuzz-support.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  OssaError err = { 0 };
  OssaScenario scen;

  if (!ossa_scenario_parse (&scen, data, size, "fuzz.scen", &err))
    {
      FUZZ_CHECK (err.message[0] != '\0', "a refused scenario says why");
      return 0;
    }
  for (size_t i = 0; i < scen.n_problems; i++)
    {
      const OssaScenProblem *p = &scen.problems[i];

      FUZZ_CHECK (p->map != NULL && p->map[0] != '\0', "a problem names its map");
      FUZZ_CHECK (p->line >= 1, "a problem says where it was read");
      (void) ossa_scen_length_matches (p->optimal, p->optimal);
    }
  ossa_scenario_clear (&scen);
  return 0;
}
