/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ossa-preferences-window.h"

G_BEGIN_DECLS

/* The instance struct of OssaPreferencesWindow, for its tests, which drive the
 * controls as a person would. The template owns the controls. */
struct _OssaPreferencesWindow
{
  GtkWindow       parent_instance;

  GSettings      *settings;

  GtkDropDown    *style_dropdown;       /* 0 dark, 1 follow the system */
  GtkSwitch      *auto_key_switch;
  GtkSpinButton  *ghosts_before_spin;
  GtkSpinButton  *ghosts_after_spin;
  GtkColorButton *past_color_button;
  GtkColorButton *future_color_button;
  GtkSpinButton  *rotation_step_spin;   /* degrees */
  GtkSpinButton  *scale_step_spin;
  GtkSwitch      *snap_keys_switch;
  GtkDropDown    *plane_dropdown;       /* in the order of OssaSmdPlane */
  GtkSpinButton  *fps_spin;
  GtkSpinButton  *autosave_spin;        /* seconds */
};

G_END_DECLS
