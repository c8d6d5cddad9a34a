/* SPDX-License-Identifier: MIT */
#include "ossa-history.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define NOT_SAVED SIZE_MAX

struct OssaHistory
{
  OssaCommand **steps;
  size_t        n_steps;   /* steps[0 .. n_done) can be undone, the rest redone */
  size_t        n_done;
  size_t        capacity;
  size_t        limit;
  size_t        saved;     /* n_done when the document matched the file, or NOT_SAVED */

  /* An open group: commands applied since begin_group, recorded as one step. */
  bool          grouping;
  char         *group_label;
  OssaCommand **pending;
  size_t        n_pending;
  size_t        pending_capacity;
};

OssaHistory *
ossa_history_new (size_t limit)
{
  OssaHistory *history = calloc (1, sizeof *history);

  if (history != NULL)
    history->limit = limit;
  return history;
}

static void
drop_redo (OssaHistory *history)
{
  for (size_t i = history->n_done; i < history->n_steps; i++)
    ossa_command_free (history->steps[i]);
  history->n_steps = history->n_done;
  if (history->saved != NOT_SAVED && history->saved > history->n_done)
    history->saved = NOT_SAVED;
}

void
ossa_history_clear (OssaHistory *history)
{
  for (size_t i = 0; i < history->n_steps; i++)
    ossa_command_free (history->steps[i]);
  for (size_t i = 0; i < history->n_pending; i++)
    ossa_command_free (history->pending[i]);
  history->n_steps = history->n_done = history->n_pending = 0;
  history->saved = 0;
  history->grouping = false;
  free (history->group_label);
  history->group_label = NULL;
}

void
ossa_history_free (OssaHistory *history)
{
  if (history == NULL)
    return;
  ossa_history_clear (history);
  free (history->steps);
  free (history->pending);
  free (history);
}

static bool
grow (OssaCommand ***array, size_t *capacity, size_t n)
{
  OssaCommand **bigger;
  size_t cap;

  if (n < *capacity)
    return true;
  cap = *capacity ? *capacity * 2 : 32;
  bigger = realloc (*array, cap * sizeof *bigger);
  if (bigger == NULL)
    return false;
  *array = bigger;
  *capacity = cap;
  return true;
}

static bool
mergeable (const OssaCommand *earlier, const OssaCommand *later)
{
  uint64_t id = ossa_command_get_merge_id (later);

  return id != 0 && ossa_command_get_merge_id (earlier) == id
         && ossa_command_same_target (earlier, later);
}

/* Records an applied command as the newest step, dropping the oldest past the limit. */
static bool
push_step (OssaHistory *history, OssaCommand *cmd)
{
  drop_redo (history);
  if (history->n_done > 0 && mergeable (history->steps[history->n_done - 1], cmd))
    {
      /* The earlier step already holds the state before the whole drag; the
       * document holds the state after it. The newer command only knows the
       * middle, which nobody needs. */
      ossa_command_free (cmd);
      if (history->saved == history->n_done)
        history->saved = NOT_SAVED;
      return true;
    }
  if (!grow (&history->steps, &history->capacity, history->n_steps))
    return false;
  history->steps[history->n_steps++] = cmd;
  history->n_done = history->n_steps;
  if (history->limit > 0 && history->n_steps > history->limit)
    {
      ossa_command_free (history->steps[0]);
      memmove (history->steps, history->steps + 1, (history->n_steps - 1) * sizeof *history->steps);
      history->n_steps--;
      history->n_done--;
      history->saved = history->saved == 0 || history->saved == NOT_SAVED ? NOT_SAVED : history->saved - 1;
    }
  return true;
}

bool
ossa_history_execute (OssaHistory *history, OssaDocument *doc, OssaCommand *cmd, OssaError *err)
{
  if (cmd == NULL)
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "no command");
      return false;
    }
  if (!ossa_command_apply (cmd, doc, err))
    {
      ossa_command_free (cmd);
      return false;
    }
  if (history->grouping)
    {
      if (history->n_pending > 0 && mergeable (history->pending[history->n_pending - 1], cmd))
        {
          ossa_command_free (cmd);
          return true;
        }
      if (grow (&history->pending, &history->pending_capacity, history->n_pending))
        {
          history->pending[history->n_pending++] = cmd;
          return true;
        }
    }
  else if (push_step (history, cmd))
    return true;
  /* Out of memory while recording: take the edit back rather than keep a change
   * that could not be undone. */
  ossa_command_revert (cmd, doc, NULL);
  ossa_command_free (cmd);
  ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
  return false;
}

void
ossa_history_begin_group (OssaHistory *history, const char *label)
{
  if (history->grouping)
    return;
  history->grouping = true;
  free (history->group_label);
  history->group_label = strdup (label ? label : "");
}

void
ossa_history_end_group (OssaHistory *history)
{
  OssaCommand *group;

  if (!history->grouping)
    return;
  history->grouping = false;
  if (history->n_pending == 1)
    {
      ossa_command_set_label (history->pending[0], history->group_label ? history->group_label : "");
      group = history->pending[0];
    }
  else if (history->n_pending > 1)
    group = ossa_command_group (history->group_label ? history->group_label : "", history->pending,
                                history->n_pending, NULL);
  else
    group = NULL;
  history->n_pending = 0;
  if (group != NULL && !push_step (history, group))
    ossa_command_free (group);
}

bool
ossa_history_can_undo (const OssaHistory *history)
{
  return history->n_done > 0;
}

bool
ossa_history_can_redo (const OssaHistory *history)
{
  return history->n_done < history->n_steps;
}

const char *
ossa_history_undo_label (const OssaHistory *history)
{
  return history->n_done > 0 ? ossa_command_label (history->steps[history->n_done - 1]) : NULL;
}

const char *
ossa_history_redo_label (const OssaHistory *history)
{
  return ossa_history_can_redo (history) ? ossa_command_label (history->steps[history->n_done]) : NULL;
}

bool
ossa_history_undo (OssaHistory *history, OssaDocument *doc, OssaError *err)
{
  if (history->grouping)
    ossa_history_end_group (history);
  if (history->n_done == 0)
    {
      ossa_error_set (err, OSSA_ERROR_NOT_FOUND, "nothing to undo");
      return false;
    }
  if (!ossa_command_revert (history->steps[history->n_done - 1], doc, err))
    return false;
  history->n_done--;
  return true;
}

bool
ossa_history_redo (OssaHistory *history, OssaDocument *doc, OssaError *err)
{
  if (!ossa_history_can_redo (history))
    {
      ossa_error_set (err, OSSA_ERROR_NOT_FOUND, "nothing to redo");
      return false;
    }
  if (!ossa_command_apply (history->steps[history->n_done], doc, err))
    return false;
  history->n_done++;
  return true;
}

size_t
ossa_history_n_undo (const OssaHistory *history)
{
  return history->n_done;
}

void
ossa_history_mark_saved (OssaHistory *history)
{
  history->saved = history->n_done;
}

bool
ossa_history_is_modified (const OssaHistory *history)
{
  return history->saved != history->n_done || history->n_pending > 0;
}
