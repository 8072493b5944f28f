// The bar of the lesson about to start, under the header on every page of a signed-in participant (issue 32, item 4):
// «Занятие через 6 мин — Войти в комнату», from 30 minutes before the start to the end, when the server gives the
// room's link. Its own chunk, loaded only after login (Layout.tsx): guests never download it.
import styled from 'styled-components';
import { buttonLook, type ButtonLookProps } from '../../components/Button.ts';
import { VisuallyHidden } from '../../components/VisuallyHidden.ts';
import { lessonToJoin, startsInText, type LessonToJoin } from './lessonToJoin.ts';
import { useMyCourses, useNow } from './useMyCourses.ts';

const Bar = styled.div`
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};

  ${({ theme }) => theme.media.tablet} {
    padding-inline: ${({ theme }) => theme.space(6)};
  }
`;

const Inner = styled.div`
  max-width: ${({ theme }) => theme.widths.wide}px;
  margin: 0 auto;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
`;

const When = styled.p`
  margin: 0;
  font-weight: 600;
  flex: 1 1 12rem;
  min-width: 0;
`;

const Title = styled.span`
  font-weight: 400;
`;

export const RoomButton = styled.a<ButtonLookProps>`
  ${buttonLook}
  background: ${({ theme }) => theme.colors.onPrimary};
  border-color: ${({ theme }) => theme.colors.onPrimary};
  color: ${({ theme }) => theme.colors.primary};

  &:hover {
    background: ${({ theme }) => theme.colors.paper};
    color: ${({ theme }) => theme.colors.primaryHover};
  }

  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.onPrimary};
    outline-offset: 2px;
  }
`;

/** «Войти в комнату» with the lesson named for screen readers. */
export function RoomLink({ found, as: Look = RoomButton }: { found: LessonToJoin; as?: typeof RoomButton }) {
  if (!found.lesson.roomUrl) return null;
  return (
    <Look href={found.lesson.roomUrl} target="_blank" rel="noopener noreferrer">
      Войти в комнату
      <VisuallyHidden>
        {' '}
        (занятие {found.lesson.number}. {found.lesson.title}, курс «{found.course.title}»)
      </VisuallyHidden>
    </Look>
  );
}

export default function UpcomingLessonBar() {
  const participants = useMyCourses();
  const rows = participants.data;
  const now = useNow(15_000, (rows ?? []).length > 0);
  const found = lessonToJoin(rows, now);
  if (!found?.lesson.roomUrl) return null;
  return (
    <Bar role="region" aria-label="Занятие скоро начнётся">
      <Inner>
        <When>
          {startsInText(found.lesson.startsAt, now)} <Title>— {found.course.title}</Title>
        </When>
        <RoomLink found={found} />
      </Inner>
    </Bar>
  );
}
