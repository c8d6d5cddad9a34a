/* SPDX-License-Identifier: MIT */
/* A whole .qc model into one document. STUB: the contract's shapes only, filled
 * in by the .qc work. */
#include "ossa-qc.h"

OssaDocument *
ossa_qc_import (const OssaQc *qc, const OssaSmdImportOptions *options, OssaError *err)
{
  (void) qc;
  (void) options;
  ossa_error_set (err, OSSA_ERROR_INVALID, ".qc models cannot be imported yet");
  return NULL;
}

OssaDocument *
ossa_qc_import_file (const char *path, const OssaSmdImportOptions *options, OssaError *err)
{
  OssaQc *qc = ossa_qc_read (path, options != NULL ? &options->callbacks : NULL, err);
  OssaDocument *doc;

  if (qc == NULL)
    return NULL;
  doc = ossa_qc_import (qc, options, err);
  ossa_qc_free (qc);
  return doc;
}
