/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <epoxy/gl.h>
#include <glib.h>

G_BEGIN_DECLS

/* Builds a shader program from two GLSL bodies in the application's resources
 * (paths under the resource base, e.g. "shaders/bone.vert"). The bodies carry no
 * #version line: "#version 330 core" or, for OpenGL ES, "#version 300 es" with
 * default precisions is put in front, so one file serves both APIs. Vertex inputs
 * use layout(location = N). Needs a current GL context. Returns 0 with @error set
 * (the compiler's or linker's log) on failure. */
GLuint ossa_gl_program_new (const char  *vertex_resource,
                            const char  *fragment_resource,
                            gboolean     use_es,
                            GError     **error);

G_END_DECLS
