// One decision for one person: their places on a course (a free course's requests, or the holds of a checkout) are
// approved or rejected together in one confirmation, through the bulk endpoints (all or none, one letter). The
// dialog lists the lessons, all chosen; unticking some leaves them for later (the per-lesson choice).
import { useState } from 'react';
import { lessonsCount } from '../../../common/plural.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { FieldError } from '../../components/form/fields.tsx';
import { personName } from '../payments/paymentText.ts';
import { ChoiceList, toggled } from '../shell/ChoiceList.ts';
import { approveParticipants, rejectParticipants } from './participantsApi.ts';
import { lessonName, lessonsText } from './participantText.ts';

export type PersonDecisionKind = 'approve' | 'reject';

/** A lesson of the person's, with the participant row the decision takes. */
export interface DecidedLesson {
  participantId: number;
  number: number;
  title: string;
  /** The payment in progress that holds this place (it ends with the decision). */
  paymentId?: number | null;
}

export interface PersonDecision {
  kind: PersonDecisionKind;
  person: { firstName: string; lastName: string; email: string };
  lessons: DecidedLesson[];
}

export const PERSON_DECISION_LABELS: Record<PersonDecisionKind, string> = { approve: 'Подтвердить', reject: 'Отклонить' };

/** The button's accessible name: «Подтвердить: Соколова Екатерина, 4 занятия». */
export const decisionButtonName = (kind: PersonDecisionKind, person: PersonDecision['person'], count: number) =>
  `${PERSON_DECISION_LABELS[kind]}: ${personName(person)}, ${lessonsCount(count)}`;

/** What the page says once the server has done it. */
export function decisionDoneText(decision: PersonDecision, chosen: DecidedLesson[]): string {
  const what = `${personName(decision.person)}, ${lessonsText(chosen)}`;
  return decision.kind === 'approve' ? `Участие подтверждено: ${what}.` : `Запись отклонена: ${what}.`;
}

export function runDecision(kind: PersonDecisionKind, chosen: DecidedLesson[]): Promise<unknown> {
  const ids = chosen.map((lesson) => lesson.participantId);
  return kind === 'approve' ? approveParticipants(ids) : rejectParticipants(ids);
}

interface DialogProps {
  decision: PersonDecision;
  busy: boolean;
  onConfirm: (chosen: DecidedLesson[]) => void;
  onClose: () => void;
}

/** The confirmation: who, which lessons (all ticked), what happens; confirms with the lessons left ticked. */
export function PersonDecisionDialog({ decision, busy, onConfirm, onClose }: DialogProps) {
  const [chosen, setChosen] = useState<number[]>(() => decision.lessons.map((lesson) => lesson.participantId));
  const picked = decision.lessons.filter((lesson) => chosen.includes(lesson.participantId));
  const who = personName(decision.person);
  const approve = decision.kind === 'approve';
  const payments = [...new Set(picked.flatMap((lesson) => (lesson.paymentId ? [lesson.paymentId] : [])))];
  const freedToo = decision.lessons.some((lesson) => !chosen.includes(lesson.participantId) && lesson.paymentId && payments.includes(lesson.paymentId));
  const toggle = (id: number, on: boolean) => setChosen((current) => toggled(current, id, on));
  const several = decision.lessons.length > 1;

  return (
    <ConfirmDialog
      open
      title={approve ? 'Подтвердить участие?' : 'Отклонить запись?'}
      message={
        <>
          <p>{several ? `${who}: ${lessonsCount(decision.lessons.length)}.` : `${who}, ${lessonsText(decision.lessons)}.`}</p>
          {several ? (
            <ChoiceList $legendGap={1}>
              <legend>{approve ? 'Подтвердить занятия' : 'Отклонить занятия'}</legend>
              {decision.lessons.map((lesson) => (
                <label key={lesson.participantId}>
                  <input type="checkbox" checked={chosen.includes(lesson.participantId)} onChange={(event) => toggle(lesson.participantId, event.target.checked)} />
                  <span>{lessonName(lesson)}</span>
                </label>
              ))}
              {picked.length === 0 ? <FieldError>Отметьте хотя бы одно занятие.</FieldError> : null}
            </ChoiceList>
          ) : null}
          <p>
            {approve
              ? 'Места будут закреплены за человеком.'
              : 'Записи будут удалены; освободившиеся места перейдут первым в очереди.'}
          </p>
          {payments.length > 0 ? (
            <p>
              {payments.length === 1 ? `Незавершённый платёж № ${payments[0]} будет отменён` : `Незавершённые платежи № ${payments.join(', № ')} будут отменены`}
              {freedToo ? `, а неотмеченные занятия, которые ${payments.length === 1 ? 'он держит' : 'они держат'}, освободятся.` : '.'}
            </p>
          ) : null}
          <p>{approve ? 'Человек получит одно письмо о подтверждении со списком занятий.' : 'Человек получит одно письмо со списком занятий.'}</p>
        </>
      }
      confirmLabel={picked.length > 0 && several ? `${PERSON_DECISION_LABELS[decision.kind]}: ${lessonsCount(picked.length)}` : PERSON_DECISION_LABELS[decision.kind]}
      cancelLabel="Отмена"
      busy={busy || picked.length === 0}
      onConfirm={() => onConfirm(picked)}
      onClose={() => {
        if (!busy) onClose();
      }}
    />
  );
}
