// Taking part in a course without prices (spec section 4): ask to participate, then the queue, the reserved
// place or the confirmed participation, as the server reports it on the lessons; withdrawing deletes the participation.
import styled from 'styled-components';
import type { Lesson, ParticipationState } from '../../../common/wireTypes.ts';
import { useAppDispatch } from '../../app/hooks.ts';
import { Button } from '../../components/Button.ts';
import { participationCreateRequest, participationDeleteRequest } from './slices.ts';

export const PARTICIPATE_LABEL = 'Участвовать в курсе';
export const WITHDRAW_LABEL = 'Отказаться от участия';

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
  lessons: readonly Pick<Lesson, 'participationState'>[];
  busy: boolean;
}

export function ParticipationControl({ courseId, lessons, busy }: ParticipationControlProps) {
  const dispatch = useAppDispatch();
  const participation = courseParticipation(lessons);
  if (participation === null) {
    return (
      <Block>
        <Button disabled={busy} onClick={() => dispatch(participationCreateRequest.actions.request({ courseId }))}>
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
        <Button
          $variant="secondary"
          disabled={busy}
          onClick={() => dispatch(participationDeleteRequest.actions.request({ courseId }))}
        >
          {WITHDRAW_LABEL}
        </Button>
      )}
    </Block>
  );
}
