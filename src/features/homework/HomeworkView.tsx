// A lesson's homework page (issue 35): the assignment, its due time in the course's zone, the «стоп-занятие» note,
// the person's thread of answers and, as `next` says, the form to answer or change the answer, or where it stands.
import { useState } from 'react';
import styled from 'styled-components';
import { RichText } from '../../components/RichText.tsx';
import { formatLessonTime } from '../../../common/lessonTimeText.ts';
import type { LessonHomework } from '../../../common/homework.ts';
import { HomeworkAnswerForm } from './HomeworkAnswerForm.tsx';
import { HomeworkThread } from './HomeworkThread.tsx';

const Section = styled.section`
  margin-bottom: ${({ theme }) => theme.space(6)};

  h2 {
    font-size: ${({ theme }) => theme.fonts.sizes.h3};
  }
`;

const Due = styled.p`
  font-weight: 600;
`;

const StatusLine = styled.p`
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.paper};
`;

const Assignment = styled.div`
  padding: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  overflow-wrap: anywhere;
`;

interface HomeworkViewProps {
  homework: LessonHomework;
  /** Reads the thread again (after a sending or a conflict). */
  reload: () => void;
}

/** The status line for `wait` and `done`. */
const NEXT_STATUS = {
  wait: 'Ответ отправлен, авторы уже смотрят его. Изменить его нельзя — дождитесь их решения.',
  done: 'Ответ принят. Задание выполнено.',
} as const;

export function HomeworkView({ homework, reload }: HomeworkViewProps) {
  const [message, setMessage] = useState('');
  const last = homework.answers.at(-1) ?? null;
  const open = homework.next === 'edit' ? last : null;
  const editingSent = open !== null && open.state !== 'draft';
  return (
    <>
      <Section aria-labelledby="homework-assignment">
        <h2 id="homework-assignment">Задание</h2>
        {homework.dueAt ? <Due>Сдать до {formatLessonTime(homework.dueAt, homework.timeZone)}</Due> : null}
        {homework.required ? <p>Стоп-занятие: запись следующего занятия откроется, когда вы отправите ответ.</p> : null}
        <Assignment>
          <RichText source={homework.assignment} />
        </Assignment>
      </Section>
      {homework.answers.some((answer) => answer.state !== 'draft') ? (
        <Section aria-labelledby="homework-thread">
          <h2 id="homework-thread">Ваши ответы</h2>
          <HomeworkThread answers={homework.answers} timeZone={homework.timeZone} />
        </Section>
      ) : null}
      <div role="status" aria-live="polite">
        {message ? <StatusLine>{message}</StatusLine> : null}
      </div>
      {homework.next === 'wait' || homework.next === 'done' ? <StatusLine>{NEXT_STATUS[homework.next]}</StatusLine> : null}
      {homework.next === 'new' || homework.next === 'edit' ? (
        <Section aria-labelledby="homework-form">
          <h2 id="homework-form">{editingSent ? 'Изменить ответ' : last?.state === 'returned' ? 'Новый ответ' : 'Ответить'}</h2>
          {editingSent ? <p>Ответ отправлен. Пока авторы его не открыли, его можно изменить.</p> : null}
          <HomeworkAnswerForm
            key={`${homework.next}-${open?.id ?? 'new'}-${open?.state ?? ''}-${homework.answers.length}`}
            lessonId={homework.lessonId}
            open={open}
            onSent={(sent) => {
              setMessage(sent);
              reload();
            }}
            onConflict={reload}
          />
        </Section>
      ) : null}
    </>
  );
}
