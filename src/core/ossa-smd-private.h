/* SPDX-License-Identifier: MIT */
/* What an OssaSmd owns besides its public arrays: the string pool its names point
 * into, freed with it by ossa_smd_free(). Not installed. */
#pragma once

typedef struct
{
  char *pool;   /* every node name and material name, NUL-separated */
} OssaSmdPrivate;
