/* SPDX-License-Identifier: MIT */
/* Reading .qc files. STUB: the contract's shapes only, filled in by the .qc work. */
#include "ossa-qc.h"

#include <stdlib.h>

OssaQc *
ossa_qc_read_bytes (const char *data, size_t size, const char *path, const OssaSmdCallbacks *callbacks,
                    OssaError *err)
{
  (void) data;
  (void) size;
  (void) callbacks;
  ossa_error_set (err, OSSA_ERROR_INVALID, ".qc files cannot be read yet");
  ossa_error_set_location (err, path, 0);
  return NULL;
}

OssaQc *
ossa_qc_read (const char *path, const OssaSmdCallbacks *callbacks, OssaError *err)
{
  return ossa_qc_read_bytes ("", 0, path, callbacks, err);
}

void
ossa_qc_free (OssaQc *qc)
{
  free (qc);
}
