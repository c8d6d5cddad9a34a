/* SPDX-License-Identifier: MIT */
/* The loader's first step (ossa-io-pb-check.c): every count, column length, index
 * and enum number of an unpacked message looked at before anything of the core is
 * allocated, since protobuf-c trusts what a file declares. It reads the message,
 * which stays the caller's, and allocates nothing. Not installed. */
#pragma once

#include <stdbool.h>

#include "ossa-error.h"
#include "ossa.pb-c.h"

/* Whether every array of msg is as long as the others say and within the OSSA_MAX_*
 * limits, and every index and enum number in range; the first problem goes into
 * err. After this, converting msg reads nothing outside its arrays. */
bool _ossa_pb_check_document (const Ossa__Document *msg, OssaError *err);
