/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* What an OssaSmd owns besides its public arrays. Not installed. */
typedef struct
{
  char *pool;   /* every node name and material name, NUL-separated */
} OssaSmdPrivate;
