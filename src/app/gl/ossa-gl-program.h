/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <epoxy/gl.h>
#include <gtk/gtk.h>

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

/* A GtkGLArea::create-context handler: OpenGL 3.3 core, else OpenGL ES 3.0.
 * GTK 4.8's GtkGLArea asks for one API and one version only, so the editor's GL
 * views make their context themselves; a failure goes to gtk_gl_area_set_error(). */
GdkGLContext *ossa_gl_area_create_context (GtkGLArea *area);

G_END_DECLS
