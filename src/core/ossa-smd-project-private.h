/* SPDX-License-Identifier: MIT */
/* What the SMD import (ossa-smd-project.c) and export (ossa-smd-export.c) share:
 * both compare 2D angles the same way. Nothing here allocates. Not installed. */
#pragma once

/* a in (−π, π]; one step for the difference of two angles in that range, a
 * remainder for anything further out. */
double _ossa_smd_wrap_angle (double a);
