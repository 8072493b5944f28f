// A lesson's webinar room and recording links, as the server gives them to an approved participant in their windows.
import styled from 'styled-components';
import type { Lesson } from '../../../common/wireTypes.ts';
import { VisuallyHidden } from '../../components/VisuallyHidden.ts';

const RoomLink = styled.a`
  font-weight: 600;
`;

/** `name` is «3. Название»: screen readers hear which lesson each link belongs to. */
export function LessonRoomLinks({ lesson, name }: { lesson: Pick<Lesson, 'roomUrl' | 'recordingUrl'>; name: string }) {
  return (
    <>
      {lesson.roomUrl ? (
        <RoomLink href={lesson.roomUrl} target="_blank" rel="noopener noreferrer">
          Войти в комнату вебинара <VisuallyHidden>(занятие {name})</VisuallyHidden>
        </RoomLink>
      ) : null}
      {lesson.recordingUrl ? (
        <a href={lesson.recordingUrl} target="_blank" rel="noopener noreferrer">
          Запись занятия <VisuallyHidden>{name}</VisuallyHidden>
        </a>
      ) : null}
    </>
  );
}
