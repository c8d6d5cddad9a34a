/* SPDX-License-Identifier: MIT */
/* The skeleton's internals for the core's loaders: its bone-name index
 * (ossa-skeleton.c owns it, in OssaSkeleton.names). Not installed. */
#pragma once

#include <stdbool.h>

#include "ossa-skeleton.h"

/* (Re)builds the name index from the bones as they are, for a loader that filled
 * them in itself; false on out of memory (the skeleton then has no index and
 * look-ups are linear). */
bool _ossa_skeleton_reindex (OssaSkeleton *skel);
