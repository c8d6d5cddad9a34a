/* SPDX-License-Identifier: GPL-3.0-or-later */
/* libossa: the runtime and model behind the Ossa editor. Include this one header. */
#pragma once

#include "ossa-animation.h"
#include "ossa-clip.h"
#include "ossa-command.h"
#include "ossa-document.h"
#include "ossa-error.h"
#include "ossa-gridmap.h"
#include "ossa-gridmap-io.h"
#include "ossa-history.h"
#include "ossa-interp.h"
#include "ossa-io.h"
#include "ossa-io-pb.h"
#include "ossa-math.h"
#include "ossa-mesh.h"
#include "ossa-number.h"
#include "ossa-pathfind.h"
#include "ossa-pose.h"
#include "ossa-skeleton.h"
#include "ossa-smd.h"
#include "ossa-smd-project.h"
#include "ossa-types.h"
