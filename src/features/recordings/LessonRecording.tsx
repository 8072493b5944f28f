// «Смотреть запись» for an approved participant's lesson with a recording, and the player it opens below the lesson.
// The player's code comes in its own chunk on first opening: nothing of it is in the public pages' first load.
import { lazy, Suspense } from 'react';
import styled from 'styled-components';
import { formatDuration } from '../../../common/recordings.ts';
import type { Lesson } from '../../../common/wireTypes.ts';
import { VisuallyHidden } from '../../components/VisuallyHidden.ts';

const RecordingPlayer = lazy(() => import('./RecordingPlayer.tsx'));

const Toggle = styled.button.attrs({ type: 'button' })`
  padding: 0;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.primary};
  font: inherit;
  font-weight: 600;
  text-decoration: underline;
  text-underline-offset: 2px;
  cursor: pointer;

  &:hover {
    color: ${({ theme }) => theme.colors.primaryHover};
  }
`;

const Waiting = styled.p`
  margin: ${({ theme }) => theme.space(2)} 0 ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.colors.muted};
`;

interface WatchButtonProps {
  lesson: Pick<Lesson, 'recordingDuration'>;
  /** «3. Название», for screen readers. */
  name: string;
  open: boolean;
  /** The id of the player's place (aria-controls). */
  controls: string;
  onToggle: () => void;
}

/** «Смотреть запись (1:05:09)» / «Скрыть запись». */
export function WatchRecordingButton({ lesson, name, open, controls, onToggle }: WatchButtonProps) {
  return (
    <Toggle aria-expanded={open} aria-controls={controls} onClick={onToggle}>
      {open ? 'Скрыть запись' : 'Смотреть запись'} <VisuallyHidden>занятия {name}</VisuallyHidden>
      {!open && lesson.recordingDuration ? ` (${formatDuration(lesson.recordingDuration)})` : null}
    </Toggle>
  );
}

/** The player's place: present (empty) while closed, so the button's aria-controls always names something. */
export function RecordingPanel({ id, lessonId, name, open }: { id: string; lessonId: number; name: string; open: boolean }) {
  return (
    <div id={id}>
      {open ? (
        <Suspense fallback={<Waiting role="status">Загружаем запись…</Waiting>}>
          <RecordingPlayer lessonId={lessonId} name={name} />
        </Suspense>
      ) : null}
    </div>
  );
}
