/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Valve SMD in the editor, for those who want all of it (the window, the tests):
 * the import worker (SMD files, or a whole model through its .qc), the Import SMD
 * and Import Valve Model dialogs, the notices message and the export.
 * Each piece has its own header and file; none of them knows the window, which
 * drives them (ossa-window-files.c) and takes the imported document. */

#include "ossa-import-dialog.h"
#include "ossa-smd-export.h"
#include "ossa-smd-import-dialog.h"
#include "ossa-smd-import-worker.h"
#include "ossa-smd-notices.h"
#include "ossa-qc-import-dialog.h"
