/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-gl-program"

#include "config.h"

#include <string.h>

#include <gio/gio.h>
#include <glib/gi18n.h>

#include "ossa-gl-program.h"

#define DESKTOP_HEADER "#version 330 core\n"
#define ES_HEADER "#version 300 es\nprecision highp float;\nprecision highp int;\n"

static GLuint
compile_shader (GLenum       type,
                const char  *resource,
                gboolean     use_es,
                GError     **error)
{
  g_autofree char *path = g_strconcat (RESOURCE_BASE "/", resource, NULL);
  g_autoptr(GBytes) body = NULL;
  const char *sources[2];
  GLint lengths[2];
  GLuint shader;
  GLint ok = GL_FALSE;

  body = g_resources_lookup_data (path, G_RESOURCE_LOOKUP_FLAGS_NONE, error);
  if (body == NULL)
    return 0;

  sources[0] = use_es ? ES_HEADER : DESKTOP_HEADER;
  lengths[0] = (GLint) strlen (sources[0]);
  sources[1] = g_bytes_get_data (body, NULL);
  lengths[1] = (GLint) g_bytes_get_size (body);

  shader = glCreateShader (type);
  glShaderSource (shader, 2, sources, lengths);
  glCompileShader (shader);
  glGetShaderiv (shader, GL_COMPILE_STATUS, &ok);
  if (ok != GL_TRUE)
    {
      GLint log_length = 0;
      g_autofree char *log = NULL;

      glGetShaderiv (shader, GL_INFO_LOG_LENGTH, &log_length);
      log = g_malloc0 ((gsize) MAX (log_length, 1) + 1);
      glGetShaderInfoLog (shader, MAX (log_length, 1), NULL, log);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   _("Could not compile the shader %s: %s"), resource, log);
      glDeleteShader (shader);
      return 0;
    }
  return shader;
}

GLuint
ossa_gl_program_new (const char  *vertex_resource,
                     const char  *fragment_resource,
                     gboolean     use_es,
                     GError     **error)
{
  GLuint vertex, fragment, program;
  GLint ok = GL_FALSE;

  vertex = compile_shader (GL_VERTEX_SHADER, vertex_resource, use_es, error);
  if (vertex == 0)
    return 0;
  fragment = compile_shader (GL_FRAGMENT_SHADER, fragment_resource, use_es, error);
  if (fragment == 0)
    {
      glDeleteShader (vertex);
      return 0;
    }

  program = glCreateProgram ();
  glAttachShader (program, vertex);
  glAttachShader (program, fragment);
  glLinkProgram (program);
  glGetProgramiv (program, GL_LINK_STATUS, &ok);
  /* The program keeps what it needs; the shader objects can go either way. */
  glDetachShader (program, vertex);
  glDetachShader (program, fragment);
  glDeleteShader (vertex);
  glDeleteShader (fragment);
  if (ok != GL_TRUE)
    {
      GLint log_length = 0;
      g_autofree char *log = NULL;

      glGetProgramiv (program, GL_INFO_LOG_LENGTH, &log_length);
      log = g_malloc0 ((gsize) MAX (log_length, 1) + 1);
      glGetProgramInfoLog (program, MAX (log_length, 1), NULL, log);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   _("Could not link the shaders %s and %s: %s"),
                   vertex_resource, fragment_resource, log);
      glDeleteProgram (program);
      return 0;
    }
  return program;
}

static GdkGLContext *
try_context (GdkSurface *surface, GdkGLAPI api, int major, int minor, GError **error)
{
  GdkGLContext *context = gdk_surface_create_gl_context (surface, error);

  if (context == NULL)
    return NULL;
  gdk_gl_context_set_allowed_apis (context, api);
  gdk_gl_context_set_required_version (context, major, minor);
  if (!gdk_gl_context_realize (context, error))
    {
      g_object_unref (context);
      return NULL;
    }
  return context;
}

GdkGLContext *
ossa_gl_area_create_context (GtkGLArea *area)
{
  GdkSurface *surface = gtk_native_get_surface (gtk_widget_get_native (GTK_WIDGET (area)));
  g_autoptr(GError) error = NULL;
  GdkGLContext *context;

  context = try_context (surface, GDK_GL_API_GL, 3, 3, &error);
  if (context != NULL)
    return context;
  g_debug ("no OpenGL 3.3 (%s), trying OpenGL ES 3.0", error->message);
  g_clear_error (&error);
  context = try_context (surface, GDK_GL_API_GLES, 3, 0, &error);
  if (context == NULL)
    gtk_gl_area_set_error (area, error);
  return context;
}
