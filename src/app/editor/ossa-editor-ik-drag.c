/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-editor"

#include "config.h"

/* The IK tool's drag: a bone's tip follows the pointer and the chain above it, up
 * to the nearest pinned joint, the root or the chain length, bends to let it
 * (core's ossa_ik_solve_chain()). Pinned joints below the chain are held where
 * they were by bending the bones between them and the chain.
 *
 * While the drag runs the document does not change: the solved rotations are
 * shown over the pose on show (ossa-editor-pose.c calls the overlay), each solve
 * starting from the pose at the press, so that a place of the pointer always gives
 * the same pose. The release writes the rotations of every bone that moved in one
 * batch, one undo step: rest rotations in Setup mode, keys at the playhead in
 * Animate mode (pending edits with auto-key off), as a rotate drag would. Editing
 * the document on every motion instead would leave the history a command per bone
 * per motion, since it merges only consecutive edits of one target; and a cancel
 * (Escape) is only forgetting the overlay. */

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "ossa-editor-private.h"
#include "ossa-gerror.h"

/* Below this a solved rotation is the bone's own: the bone did not move. */
#define UNMOVED_EPSILON 1e-6

/* One solve: a chain (root-most first) and the goal of its last bone's tip. */
typedef struct
{
  guint    first;     /* into bones[] */
  guint    n;
  gboolean pin_goal;  /* holds a pinned joint below the drag (goal: where it was) */
  guint    pinned;    /* that pinned bone */
} Chain;

struct _OssaEditorIkDrag
{
  guint          chain_length;   /* 0: no limit */

  gboolean       active;
  gboolean       shown;          /* the overlay holds a solve */
  guint          bone;           /* the dragged bone */
  OssaEditMode   mode;
  double         offset_x, offset_y;   /* the tip minus the press, world */

  /* The pose at the press (n_bones each), and the scratch the pinned joints
   * below the chain are solved on. */
  gsize          n_bones;
  OssaTransform *start_local;
  OssaXform     *start_world;
  OssaTransform *work_local;
  OssaXform     *work_world;

  /* Every bone the drag may move: the chains one after another, each root-most
   * first; rotations[] their solved rotations, pinned[] the solver's flags. */
  GArray        *bones;          /* guint32 */
  GArray        *chains;         /* Chain */
  float         *rotations;
  bool          *pinned;
};

static OssaEditorIkDrag *
get_drag (OssaEditor *self)
{
  if (self->ik_drag == NULL)
    {
      self->ik_drag = g_new0 (OssaEditorIkDrag, 1);
      self->ik_drag->bones = g_array_new (FALSE, FALSE, sizeof (guint32));
      self->ik_drag->chains = g_array_new (FALSE, FALSE, sizeof (Chain));
    }
  return self->ik_drag;
}

static void
free_arrays (OssaEditorIkDrag *d)
{
  g_clear_pointer (&d->start_local, g_free);
  g_clear_pointer (&d->start_world, g_free);
  g_clear_pointer (&d->work_local, g_free);
  g_clear_pointer (&d->work_world, g_free);
  g_clear_pointer (&d->rotations, g_free);
  g_clear_pointer (&d->pinned, g_free);
  d->n_bones = 0;
}

void
_ossa_editor_ik_drag_free (OssaEditor *self)
{
  OssaEditorIkDrag *d = self->ik_drag;

  if (d == NULL)
    return;
  free_arrays (d);
  g_array_unref (d->bones);
  g_array_unref (d->chains);
  g_free (d);
  self->ik_drag = NULL;
}

guint
ossa_editor_get_ik_chain_length (OssaEditor *self)
{
  g_return_val_if_fail (OSSA_IS_EDITOR (self), 0);
  return self->ik_drag != NULL ? self->ik_drag->chain_length : 0;
}

void
ossa_editor_set_ik_chain_length (OssaEditor *self, guint n_bones)
{
  g_return_if_fail (OSSA_IS_EDITOR (self));
  get_drag (self)->chain_length = n_bones;
}

gboolean
ossa_editor_ik_drag_is_active (OssaEditor *self)
{
  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  return self->ik_drag != NULL && self->ik_drag->active;
}

const guint32 *
ossa_editor_ik_drag_get_bones (OssaEditor *self, gsize *n_bones)
{
  g_return_val_if_fail (OSSA_IS_EDITOR (self), NULL);
  g_return_val_if_fail (n_bones != NULL, NULL);
  if (!ossa_editor_ik_drag_is_active (self))
    {
      *n_bones = 0;
      return NULL;
    }
  *n_bones = self->ik_drag->bones->len;
  return (const guint32 *) (gpointer) self->ik_drag->bones->data;
}

static gboolean
in_drag (OssaEditorIkDrag *d, guint bone, guint from)
{
  for (guint i = from; i < d->bones->len; i++)
    if (g_array_index (d->bones, guint32, i) == bone)
      return TRUE;
  return FALSE;
}

/* Appends the chain that ends at last, climbing while it may: it stops at a
 * pinned joint (whose bone still turns about it), at limit bones (0: none), at
 * the root, or below a bone already in the drag (stop_at_drag). Returns its
 * length. */
static guint
add_chain (OssaEditor *self, OssaEditorIkDrag *d, guint last, guint limit, gboolean stop_at_drag)
{
  const OssaSkeleton *skel = &self->document->skeleton;
  guint first = d->bones->len, n = 0;
  gint64 b = last;

  while (b >= 0 && !(stop_at_drag && in_drag (d, (guint) b, 0)))
    {
      guint32 bone = (guint32) b;

      g_array_append_val (d->bones, bone);
      n++;
      if (ossa_editor_is_pinned (self, bone) || (limit > 0 && n == limit))
        break;
      b = skel->bones[bone].parent;
    }
  /* Root-most first, as the solver takes it. */
  for (guint i = 0; i < n / 2; i++)
    {
      guint32 *a = &g_array_index (d->bones, guint32, first + i);
      guint32 *z = &g_array_index (d->bones, guint32, first + n - 1 - i);
      guint32 t = *a;

      *a = *z;
      *z = t;
    }
  return n;
}

/* Whether bone lies below one of the drag's first n_chain bones. */
static gboolean
below_chain (const OssaSkeleton *skel, OssaEditorIkDrag *d, guint n_chain, guint bone)
{
  for (gint64 b = skel->bones[bone].parent; b >= 0; b = skel->bones[b].parent)
    for (guint i = 0; i < n_chain; i++)
      if (g_array_index (d->bones, guint32, i) == (guint32) b)
        return TRUE;
  return FALSE;
}

/* The chains of a drag of bone: its own, then one for each pinned joint below
 * it that the drag would carry away (a planted foot while the hips turn), from
 * the pinned bone's parent up to the bones the drag moves already. */
static void
plan_chains (OssaEditor *self, OssaEditorIkDrag *d, guint bone)
{
  const OssaSkeleton *skel = &self->document->skeleton;
  Chain chain = { 0, 0, FALSE, 0 };
  guint n_chain;

  g_array_set_size (d->bones, 0);
  g_array_set_size (d->chains, 0);
  chain.n = n_chain = add_chain (self, d, bone, d->chain_length, FALSE);
  g_array_append_val (d->chains, chain);
  for (guint q = 0; q < skel->n_bones; q++)
    {
      int32_t parent = skel->bones[q].parent;

      if (parent < 0 || !ossa_editor_is_pinned (self, q) || in_drag (d, q, 0)
          || !below_chain (skel, d, n_chain, q) || in_drag (d, (guint) parent, 0))
        continue;
      chain.first = d->bones->len;
      chain.n = add_chain (self, d, (guint) parent, 0, TRUE);
      chain.pin_goal = TRUE;
      chain.pinned = q;
      if (chain.n > 0)
        g_array_append_val (d->chains, chain);
    }
}

gboolean
ossa_editor_ik_drag_begin (OssaEditor *self, guint bone, double x, double y, GError **error)
{
  const OssaDocument *doc;
  OssaEditorIkDrag *d;
  OssaVec2 tip;
  gsize n;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  doc = self->document;
  d = get_drag (self);
  if (d->active)
    ossa_editor_ik_drag_cancel (self);
  if (bone >= doc->skeleton.n_bones)
    {
      g_set_error (error, OSSA_CORE_ERROR, OSSA_ERROR_INVALID, _("There is no bone %u"), bone);
      return FALSE;
    }
  if (self->mode == OSSA_EDIT_MODE_ANIMATE && self->animation < 0)
    {
      g_set_error_literal (error, OSSA_CORE_ERROR, OSSA_ERROR_INVALID,
                           _("There is no animation to key: create one first"));
      return FALSE;
    }
  n = doc->skeleton.n_bones;
  free_arrays (d);
  d->n_bones = n;
  d->start_local = g_memdup2 (ossa_editor_get_local (self), n * sizeof *d->start_local);
  d->start_world = g_memdup2 (ossa_editor_get_world (self), n * sizeof *d->start_world);
  plan_chains (self, d, bone);
  d->rotations = g_new (float, d->bones->len);
  d->pinned = g_new0 (bool, d->bones->len);
  if (d->chains->len > 1)
    {
      d->work_local = g_new (OssaTransform, n);
      d->work_world = g_new (OssaXform, n);
    }
  for (guint i = 0; i < d->bones->len; i++)
    {
      guint32 b = g_array_index (d->bones, guint32, i);

      d->rotations[i] = d->start_local[b].rotation;
      d->pinned[i] = ossa_editor_is_pinned (self, b);
    }
  tip = ossa_pose_tip (&d->start_world[bone], doc->skeleton.bones[bone].length);
  d->offset_x = tip.x - x;
  d->offset_y = tip.y - y;
  d->bone = bone;
  d->mode = self->mode;
  d->active = TRUE;
  d->shown = FALSE;
  return TRUE;
}

/* The solver's rotation, the nearest turn to the bone's own: a key then plays
 * the small motion the drag showed, whatever the segment's spin. */
static float
near_turn (float solved, float start)
{
  return start + (float) remainder ((double) solved - start, 2 * G_PI);
}

/* Solves one chain on the pose (local, world) towards goal; FALSE when the solver
 * refused it (rotations left as they were). */
static gboolean
solve (OssaEditor *self, OssaEditorIkDrag *d, const Chain *chain, const OssaTransform *local,
       const OssaXform *world, OssaVec2 goal)
{
  const guint32 *bones = &g_array_index (d->bones, guint32, chain->first);
  float solved[OSSA_IK_MAX_CHAIN];
  OssaIkSolveOptions options;

  if (chain->n == 0 || chain->n > OSSA_IK_MAX_CHAIN)
    return FALSE;
  ossa_ik_solve_options_init (&options);
  if (ossa_ik_solve_chain (&self->document->skeleton, local, world, bones, chain->n,
                           &d->pinned[chain->first], goal, &options, solved) < 0)
    return FALSE;
  for (guint i = 0; i < chain->n; i++)
    d->rotations[chain->first + i] = near_turn (solved[i], d->start_local[bones[i]].rotation);
  return TRUE;
}

/* The drag's rotations so far over the pose at the press, world matrices again. */
static void
update_work_pose (OssaEditor *self, OssaEditorIkDrag *d, guint n_bones)
{
  memcpy (d->work_local, d->start_local, d->n_bones * sizeof *d->work_local);
  for (guint i = 0; i < n_bones; i++)
    d->work_local[g_array_index (d->bones, guint32, i)].rotation = d->rotations[i];
  ossa_pose_compute_world (&self->document->skeleton, d->work_local, d->work_world);
}

gboolean
ossa_editor_ik_drag_update (OssaEditor *self, double x, double y)
{
  OssaEditorIkDrag *d;
  OssaVec2 goal = { (float) (x), (float) (y) };
  gboolean ok;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  if (!ossa_editor_ik_drag_is_active (self))
    return FALSE;
  d = self->ik_drag;
  goal.x = (float) (x + d->offset_x);
  goal.y = (float) (y + d->offset_y);
  ok = solve (self, d, &g_array_index (d->chains, Chain, 0), d->start_local, d->start_world,
              goal);
  /* Each pinned joint below the chain back where it was at the press, on the pose
   * the solves before it left. */
  for (guint c = 1; ok && c < d->chains->len; c++)
    {
      const Chain *chain = &g_array_index (d->chains, Chain, c);

      update_work_pose (self, d, chain->first);
      solve (self, d, chain, d->work_local, d->work_world,
             ossa_pose_joint (&d->start_world[chain->pinned]));
    }
  d->shown = ok;
  self->pose_stale = TRUE;
  _ossa_editor_pose_changed (self);
  return ok;
}

void
_ossa_editor_ik_drag_overlay (OssaEditor *self, OssaPose *pose)
{
  OssaEditorIkDrag *d = self->ik_drag;

  if (d == NULL || !d->active || !d->shown || d->mode != self->mode
      || d->n_bones != self->document->skeleton.n_bones)
    return;
  for (guint i = 0; i < d->bones->len; i++)
    pose->local[g_array_index (d->bones, guint32, i)].rotation = d->rotations[i];
}

void
_ossa_editor_ik_drag_document_changed (OssaEditor *self)
{
  /* The pose at the press is not the document's any more (an undo while the
   * button is down): the drag ends with nothing written. */
  if (ossa_editor_ik_drag_is_active (self))
    ossa_editor_ik_drag_cancel (self);
}

void
ossa_editor_ik_drag_cancel (OssaEditor *self)
{
  OssaEditorIkDrag *d;

  g_return_if_fail (OSSA_IS_EDITOR (self));
  d = self->ik_drag;
  if (d == NULL || !d->active)
    return;
  d->active = FALSE;
  d->shown = FALSE;
  free_arrays (d);
  self->pose_stale = TRUE;
  _ossa_editor_pose_changed (self);
}

/* The bones whose rotation the drag changed, and to what. */
static guint
moved_bones (OssaEditorIkDrag *d, guint32 *bones, float *rotations)
{
  guint n = 0;

  for (guint i = 0; i < d->bones->len; i++)
    {
      guint32 b = g_array_index (d->bones, guint32, i);

      if (fabs ((double) d->rotations[i] - d->start_local[b].rotation) <= UNMOVED_EPSILON)
        continue;
      bones[n] = b;
      rotations[n] = d->rotations[i];
      n++;
    }
  return n;
}

gboolean
ossa_editor_ik_drag_end (OssaEditor *self, GError **error)
{
  OssaEditorIkDrag *d;
  g_autofree guint32 *bones = NULL;
  g_autofree float *rotations = NULL;
  guint n;
  guint64 before;
  gboolean ok = TRUE;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  if (!ossa_editor_ik_drag_is_active (self))
    return TRUE;
  d = self->ik_drag;
  bones = g_new (guint32, d->bones->len + 1);
  rotations = g_new (float, d->bones->len + 1);
  n = d->shown && d->mode == self->mode ? moved_bones (d, bones, rotations) : 0;
  /* From here the pose on show is the document's again: each edit below is told
   * apart from it, as a rotate drag's is. */
  d->active = FALSE;
  d->shown = FALSE;
  self->pose_stale = TRUE;
  before = ossa_editor_get_n_edits (self);
  _ossa_editor_batch_begin (self, _("IK Drag"));
  for (guint i = 0; i < n && ok; i++)
    {
      OssaTransform local = ossa_editor_get_local (self)[bones[i]];

      local.rotation = rotations[i];
      ok = ossa_editor_set_bone_local (self, bones[i], &local, 0, error);
    }
  _ossa_editor_batch_end (self);
  /* A refused edit leaves none of the drag behind. */
  if (!ok && ossa_editor_get_n_edits (self) != before)
    ossa_editor_undo (self, NULL);
  free_arrays (d);
  self->pose_stale = TRUE;
  _ossa_editor_pose_changed (self);
  return ok;
}
