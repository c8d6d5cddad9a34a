/* SPDX-License-Identifier: MIT */
/* Interpolation between keys: the easing curves, and the rules for rotations.
 * Plain values and functions: nothing here allocates. */
#pragma once

#include <stdint.h>

#include "ossa-api.h"
#include "ossa-types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* CSS-style cubic-bezier easing: control points (0,0), (x1,y1), (x2,y2), (1,1);
 * x1 and x2 in [0, 1]. */
typedef struct
{
  float x1, y1, x2, y2;
} OssaCurve;

/* CSS `ease`, `ease-in`, `ease-out`, `ease-in-out`. */
#define OSSA_CURVE_EASE        ((OssaCurve) { 0.25f, 0.1f, 0.25f, 1.0f })
#define OSSA_CURVE_EASE_IN     ((OssaCurve) { 0.42f, 0.0f, 1.0f, 1.0f })
#define OSSA_CURVE_EASE_OUT    ((OssaCurve) { 0.0f, 0.0f, 0.58f, 1.0f })
#define OSSA_CURVE_EASE_IN_OUT ((OssaCurve) { 0.42f, 0.0f, 0.58f, 1.0f })

/* The eased progress y at x = u in [0, 1] (CSS cubic-bezier(): solves the x
 * polynomial for its parameter, then evaluates y). */
OSSA_API double ossa_curve_ease (const OssaCurve *curve, double u);

/* The signed angle a ROTATE segment from a to b turns through (DESIGN.md's rule):
 * SHORTEST wraps b − a into (−π, π]; COUNTERCLOCKWISE into [0, 2π) + 2π·turns;
 * CLOCKWISE into (−2π, 0] − 2π·turns; NUMERIC is b − a as stored. */
OSSA_API double ossa_rotation_delta (double a, double b, OssaSpin spin, uint32_t turns);

#ifdef __cplusplus
}
#endif
