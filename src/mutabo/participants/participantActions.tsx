// The actions on a participant row (approve, move up in the queue, reject): which a row offers, and what the
// confirmation says before the server is asked.
import type { ReactNode } from 'react';
import type { MutaboParticipant, MutaboParticipantsLesson } from '../../../common/mutabo/participants.ts';
import { personName } from '../payments/paymentText.ts';
import { approveParticipant, promoteParticipant, rejectParticipant } from './participantsApi.ts';
import { lessonName } from './participantText.ts';

export type ActionKind = 'approve' | 'promote' | 'reject';

export interface ParticipantAction {
  kind: ActionKind;
  row: MutaboParticipant;
  lesson: MutaboParticipantsLesson | undefined;
}

export const ACTION_LABELS: Record<ActionKind, string> = {
  approve: 'Подтвердить',
  promote: 'Выше в очереди',
  reject: 'Отклонить',
};

/** What a row offers; a paid place is given back with a refund on the payments page instead of a rejection. */
export function actionsOf(row: MutaboParticipant): ActionKind[] {
  const kinds: ActionKind[] = [];
  if (row.state === 'reserved' || row.state === 'waiting_list') kinds.push('approve');
  if (row.state === 'waiting_list' && row.position !== null && row.position > 1) kinds.push('promote');
  if (!row.paid) kinds.push('reject');
  return kinds;
}

const where = (action: ParticipantAction) => (action.lesson ? `занятие ${lessonName(action.lesson)}` : 'занятие');

/** The confirmation: its title, its text and the confirm button's label. */
export function confirmation(action: ParticipantAction): { title: string; message: ReactNode; confirm: string } {
  const who = personName(action.row.person);
  const { row } = action;
  switch (action.kind) {
    case 'approve': {
      const unpaid = row.payment && !row.paid && row.payment.state === 'STATE_IN_PROGRESS';
      return {
        title: 'Подтвердить участие?',
        message: (
          <>
            <p>
              {who}, {where(action)}.{' '}
              {row.state === 'waiting_list' ? 'Человек займёт свободное место вне очереди.' : 'Место станет закреплённым за человеком.'}
            </p>
            {unpaid ? <p>Незавершённый платёж № {row.payment!.id} за это место будет отменён.</p> : null}
            <p>Человек получит письмо о подтверждении.</p>
          </>
        ),
        confirm: 'Подтвердить',
      };
    }
    case 'promote': {
      const position = Math.max(1, (row.position ?? 2) - 1);
      return {
        title: 'Поднять в очереди?',
        message: (
          <p>
            {who} станет {position}-м в очереди, {where(action)}. Человек получит письмо.
          </p>
        ),
        confirm: 'Поднять',
      };
    }
    case 'reject':
      return {
        title: row.state === 'waiting_list' ? 'Убрать из очереди?' : 'Отклонить участие?',
        message: (
          <p>
            {row.state === 'waiting_list'
              ? `${who} будет убран(а) из очереди, ${where(action)}.`
              : `Запись ${who}, ${where(action)}, будет удалена; место перейдёт первому в очереди.`}{' '}
            Человек получит письмо.
          </p>
        ),
        confirm: row.state === 'waiting_list' ? 'Убрать из очереди' : 'Отклонить',
      };
  }
}

/** What the page says once the server has done it. */
export function doneText(action: ParticipantAction): string {
  const who = `${personName(action.row.person)}, ${where(action)}`;
  switch (action.kind) {
    case 'approve':
      return `Участие подтверждено: ${who}.`;
    case 'promote':
      return `Поднят(а) в очереди: ${who}.`;
    case 'reject':
      return action.row.state === 'waiting_list' ? `Убран(а) из очереди: ${who}.` : `Участие отклонено: ${who}.`;
  }
}

export function runAction(action: ParticipantAction): Promise<unknown> {
  switch (action.kind) {
    case 'approve':
      return approveParticipant(action.row.id);
    case 'promote':
      return promoteParticipant(action.row.id, Math.max(1, (action.row.position ?? 2) - 1));
    case 'reject':
      return rejectParticipant(action.row.id);
  }
}
