/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa"

#include "config.h"

#include <locale.h>

#include <glib/gi18n.h>

#include "ossa-application.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(OssaApplication) app = NULL;
  const char *localedir;

  setlocale (LC_ALL, "");

  /* An uninstalled build has its catalogs in <build>/po (build-aux/run.sh and
   * `meson devenv` set this); an installed one uses LOCALEDIR. */
  localedir = g_getenv ("OSSA_LOCALEDIR");
  if (localedir == NULL || localedir[0] == '\0')
    localedir = LOCALEDIR;
  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = ossa_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
