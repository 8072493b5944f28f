// Taking part in a course without prices (spec section 4): ask to participate, then the queue, the reserved
// place or the confirmed participation, as the server reports it on the lessons; withdrawing deletes the participation.
import { useState } from 'react';
import styled from 'styled-components';
import type { Lesson, ParticipationState } from '../../../common/wireTypes.ts';
import { Button } from '../../components/Button.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useMutation } from '../../data/mutation.ts';
import { participationCreateMutation, participationDeleteMutation } from './mutations.ts';

export const PARTICIPATE_LABEL = 'Участвовать в курсе';
const WITHDRAW_LABEL = 'Отказаться от участия';
const WITHDRAW_CONFIRM_LABEL = 'Да, отказаться';
const KEEP_LABEL = 'Нет, остаться';
const withdrawQuestion = (courseTitle: string) => `Отказаться от участия в курсе «${courseTitle}»?`;
/** What is given up: a held place or a place in the queue; getting either back again is not promised. */
const WITHDRAW_WARNINGS: Record<Exclude<CourseParticipation, 'approved'>, string> = {
  reserved: 'Забронированное место достанется другим. Записаться снова можно будет, только если останутся свободные места.',
  waiting_list: 'Вы потеряете своё место в очереди. Если запишетесь снова, окажетесь в её конце.',
};

/** A course-level participation: the furthest state any of its lessons has reached for the caller. */
export type CourseParticipation = Exclude<ParticipationState, 'subscribed'>;

const STATE_ORDER: readonly CourseParticipation[] = ['approved', 'reserved', 'waiting_list'];

export const PARTICIPATION_MESSAGES: Record<CourseParticipation, string> = {
  waiting_list: 'Вы в очереди на этот курс',
  reserved: 'Место забронировано — ожидается оплата',
  approved: 'Ваше участие подтверждено. Ждите новостей по почте',
};

/** The caller's participation in a course, read from the lessons; null when there is none beyond news. */
export function courseParticipation(lessons: readonly Pick<Lesson, 'participationState'>[]): CourseParticipation | null {
  return STATE_ORDER.find((state) => lessons.some((lesson) => lesson.participationState === state)) ?? null;
}

const Block = styled.div`
  display: grid;
  justify-items: start;
  gap: ${({ theme }) => theme.space(3)};
`;

const Message = styled.p<{ $state: CourseParticipation }>`
  margin: 0;
  font-weight: 600;
  color: ${({ theme, $state }) => ($state === 'approved' ? theme.colors.success : theme.colors.text)};
`;

interface ParticipationControlProps {
  courseId: number;
  courseTitle: string;
  lessons: readonly Pick<Lesson, 'participationState'>[];
  busy: boolean;
}

export function ParticipationControl({ courseId, courseTitle, lessons, busy }: ParticipationControlProps) {
  const create = useMutation(participationCreateMutation).run;
  const remove = useMutation(participationDeleteMutation).run;
  // Withdrawing gives up a limited place: it is asked first.
  const [confirming, setConfirming] = useState(false);
  const participation = courseParticipation(lessons);
  if (participation === null) {
    return (
      <Block>
        <Button disabled={busy} onClick={() => void create({ courseId })}>
          {PARTICIPATE_LABEL}
        </Button>
      </Block>
    );
  }
  return (
    <Block>
      <Message $state={participation} role="status">
        {PARTICIPATION_MESSAGES[participation]}
      </Message>
      {participation === 'approved' ? null : (
        <>
          <Button $variant="secondary" disabled={busy} onClick={() => setConfirming(true)}>
            {WITHDRAW_LABEL}
          </Button>
          <ConfirmDialog
            open={confirming}
            title={withdrawQuestion(courseTitle)}
            message={WITHDRAW_WARNINGS[participation]}
            confirmLabel={WITHDRAW_CONFIRM_LABEL}
            cancelLabel={KEEP_LABEL}
            onConfirm={() => {
              setConfirming(false);
              void remove({ courseId });
            }}
            onClose={() => setConfirming(false)}
          />
        </>
      )}
    </Block>
  );
}
