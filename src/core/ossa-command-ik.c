/* SPDX-License-Identifier: MIT */
/* Commands on IK constraints and their keys. STUB: the contract's shapes only,
 * filled in by the IK model work. */
#include "ossa-command.h"

static OssaCommand *
not_yet (OssaError *err)
{
  ossa_error_set (err, OSSA_ERROR_INVALID, "IK commands are not implemented yet");
  return NULL;
}

OssaCommand *
ossa_command_remove_bone_ik (const OssaDocument *doc, size_t bone, OssaIkRemoval how, OssaError *err)
{
  (void) how;
  return ossa_command_remove_bone (doc, bone, err);
}

OssaCommand *
ossa_command_add_ik (const OssaDocument *doc, const char *name, const uint32_t *bones, uint32_t n_bones,
                     uint32_t target, bool bend_positive, float mix, OssaError *err)
{
  (void) doc; (void) name; (void) bones; (void) n_bones; (void) target; (void) bend_positive; (void) mix;
  return not_yet (err);
}

OssaCommand *
ossa_command_remove_ik (const OssaDocument *doc, size_t c, OssaError *err)
{
  (void) doc; (void) c;
  return not_yet (err);
}

OssaCommand *
ossa_command_set_ik (const OssaDocument *doc, size_t c, const char *name, const uint32_t *bones,
                     uint32_t n_bones, uint32_t target, bool bend_positive, float mix, OssaError *err)
{
  (void) doc; (void) c; (void) name; (void) bones; (void) n_bones; (void) target; (void) bend_positive;
  (void) mix;
  return not_yet (err);
}

OssaCommand *
ossa_command_reorder_ik (const OssaDocument *doc, size_t c, size_t new_index, OssaError *err)
{
  (void) doc; (void) c; (void) new_index;
  return not_yet (err);
}

OssaCommand *
ossa_command_set_ik_key (const OssaDocument *doc, size_t anim, size_t c, const OssaIkKey *key,
                         OssaError *err)
{
  (void) doc; (void) anim; (void) c; (void) key;
  return not_yet (err);
}

OssaCommand *
ossa_command_remove_ik_key (const OssaDocument *doc, size_t anim, size_t c, float time, OssaError *err)
{
  (void) doc; (void) anim; (void) c; (void) time;
  return not_yet (err);
}
