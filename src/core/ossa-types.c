/* SPDX-License-Identifier: MIT */
#include "ossa-types.h"

const char *
ossa_channel_name (OssaChannel channel)
{
  static const char *const names[] = { "translate_x", "translate_y", "rotate", "scale_x", "scale_y" };

  return (unsigned) channel < OSSA_N_CHANNELS ? names[channel] : NULL;
}

const char *
ossa_interp_name (OssaInterp interp)
{
  static const char *const names[] = { "linear", "step", "bezier" };

  return (unsigned) interp < OSSA_N_INTERPS ? names[interp] : NULL;
}

const char *
ossa_spin_name (OssaSpin spin)
{
  static const char *const names[] = { "shortest", "clockwise", "counterclockwise", "numeric" };

  return (unsigned) spin < OSSA_N_SPINS ? names[spin] : NULL;
}

const char *
ossa_slot_channel_name (OssaSlotChannel channel)
{
  static const char *const names[] = { "attachment", "color" };

  return (unsigned) channel < OSSA_N_SLOT_CHANNELS ? names[channel] : NULL;
}
