/* SPDX-License-Identifier: MIT */
/* 2D transforms and matrices, and angles. Plain values and functions: nothing
 * here allocates. */
#pragma once

#include <stdbool.h>

#include "ossa-api.h"

#ifdef __cplusplus
extern "C" {
#endif

#define OSSA_PI  3.14159265358979323846
#define OSSA_TAU 6.28318530717958647692

typedef struct
{
  float x, y;
} OssaVec2;

/* A local transform as a person edits it: T(x, y) · R(rotation) · S(scale_x, scale_y).
 * Rotation in radians, counter-clockwise positive, y up. */
typedef struct
{
  float x, y, rotation, scale_x, scale_y;
} OssaTransform;

/* A 2D affine matrix [a c tx; b d ty] acting on column vectors: the first column
 * (a, b) is the image of the x axis, (tx, ty) the image of the origin. */
typedef struct
{
  float a, b, c, d, tx, ty;
} OssaXform;

/* The identity local transform (scale 1). */
OSSA_API OssaTransform ossa_transform_identity (void);

/* The matrix of a local transform. */
OSSA_API OssaXform ossa_xform_from_transform (const OssaTransform *t);

/* parent · child */
OSSA_API OssaXform ossa_xform_multiply (const OssaXform *parent, const OssaXform *child);

/* Inverse; false (and *out untouched) when the matrix is singular. */
OSSA_API bool ossa_xform_invert (const OssaXform *m, OssaXform *out);

/* m applied to point p. */
OSSA_API OssaVec2 ossa_xform_apply (const OssaXform *m, OssaVec2 p);

/* atan2(b, a): the rotation DESIGN.md reports for a world matrix. */
OSSA_API float ossa_xform_rotation (const OssaXform *m);

/* Splits a matrix back into T·R·S (shear, if any, is dropped: exact for matrices
 * that came from T·R·S chains without non-uniform parent scale). */
OSSA_API OssaTransform ossa_xform_decompose (const OssaXform *m);

/* Wraps an angle in radians into (-π, π]. */
OSSA_API double ossa_angle_normalize (double a);

/* Both at once; accurate to about 1 ulp of float over any finite input. */
OSSA_API void ossa_sincosf (float a, float *s, float *c);

/* True when every field is finite. */
OSSA_API bool ossa_transform_is_finite (const OssaTransform *t);

#ifdef __cplusplus
}
#endif
