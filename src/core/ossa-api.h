/* SPDX-License-Identifier: MIT */
/* OSSA_API marks a function of libossa's public API: the shared library exports it
 * and nothing else (the library is built with hidden visibility, so a function
 * declared only in a -private.h stays inside). Every function declared in an
 * installed header carries it; src/core/libossa.symbols lists what it exports and
 * the runtime suite checks the two agree. Nothing here is allocated or owned. */
#pragma once

/* OSSA_COMPILATION is defined only while libossa itself is compiled (its meson.build):
 * a program that includes the headers sees a plain declaration. */
#if defined(OSSA_COMPILATION) && defined(__GNUC__)
#define OSSA_API __attribute__ ((visibility ("default")))
#else
#define OSSA_API
#endif
