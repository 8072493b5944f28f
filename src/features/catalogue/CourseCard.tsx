// One course in the catalogue grid: thumbnail, title (the link), subtitle, authors, age label (with «В записи» for a
// course watched as recordings), enrolment mark.
import styled from 'styled-components';
import { CardTitleLink } from '../../components/cardParts.ts';
import { paths } from '../../app/paths.ts';
import type { CourseShort } from '../../../common/wireTypes.ts';
import { AGE_GROUP_LABELS } from '../../lib/courseFacts.ts';
import { formatDayMonth } from '../../lib/dates.ts';
import { COURSE_FORMAT_LABELS } from '../../../common/recordings.ts';

/** The generated thumbnails are 600 × 400; the attributes reserve the space before the image arrives. */
const THUMB_WIDTH = 600;
const THUMB_HEIGHT = 400;

/** A recorded course has no start to wait for (null): it is watched from the day it is bought. */
function enrollmentHint(start: string | null): string {
  const day = formatDayMonth(start);
  return day ? `Идёт набор. Старт курса - ${day}.` : 'Идёт набор.';
}

const Card = styled.article`
  position: relative;
  display: flex;
  flex-direction: column;
  height: 100%;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  overflow: hidden;
  transition: box-shadow 0.15s ease, transform 0.15s ease;

  ${({ theme }) => theme.media.hover} {
    &:hover {
      box-shadow: 0 6px 20px rgba(31, 42, 48, 0.12);
      transform: translateY(-2px);
    }
  }
`;

const Thumb = styled.img`
  display: block;
  width: 100%;
  height: auto;
  aspect-ratio: ${THUMB_WIDTH} / ${THUMB_HEIGHT};
  object-fit: cover;
  background: ${({ theme }) => theme.colors.paper};
`;

const Body = styled.div`
  display: flex;
  flex-direction: column;
  flex: 1;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(5)} ${({ theme }) => theme.space(5)};
`;

const Title = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fonts.sizes.h3};
`;


const Subtitle = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
  line-height: 1.45;
`;

const Footer = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: auto;
  padding-top: ${({ theme }) => theme.space(2)};
  font-size: ${({ theme }) => theme.fonts.sizes.small};
`;

const Authors = styled.p`
  flex: 1 1 auto;
  min-width: 0;
  margin: 0;
  font-weight: 600;
  line-height: 1.4;
`;

const AgeLabel = styled.p`
  flex: none;
  margin: 0 0 0 auto;
  padding: ${({ theme }) => theme.space(0.5)} ${({ theme }) => theme.space(2.5)};
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.paper};
  white-space: nowrap;
`;

const Hint = styled.span`
  /* Read by screen readers always; shown on hover only where there is a mouse. */
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`;

const Enrollment = styled.p`
  position: absolute;
  z-index: 1;
  top: ${({ theme }) => theme.space(3)};
  right: ${({ theme }) => theme.space(3)};
  margin: 0;
  padding: 6px;
  line-height: 0;

  ${({ theme }) => theme.media.hover} {
    &:hover ${Hint}, ${Card}:focus-within & ${Hint} {
      top: calc(100% + 4px);
      right: 0;
      width: auto;
      height: auto;
      overflow: visible;
      clip: auto;
      padding: ${({ theme }) => theme.space(1.5)} ${({ theme }) => theme.space(3)};
      border-radius: ${({ theme }) => theme.radius};
      background: ${({ theme }) => theme.colors.text};
      color: ${({ theme }) => theme.colors.surface};
      font-size: ${({ theme }) => theme.fonts.sizes.small};
      line-height: 1.4;
      box-shadow: 0 4px 12px rgba(0, 0, 0, 0.2);
    }
  }
`;

const Dot = styled.span`
  display: block;
  width: 18px;
  height: 18px;
  border-radius: 50%;
  background: #2e9e4a;
  border: 3px solid ${({ theme }) => theme.colors.surface};
  box-shadow: 0 0 0 1px rgba(0, 0, 0, 0.25);
`;

interface CourseCardProps {
  course: CourseShort;
  authorNames: string;
  /** Cards of the first row load their thumbnails at once; the rest wait until scrolled near. */
  eager: boolean;
}

export function CourseCard({ course, authorNames, eager }: CourseCardProps) {
  return (
    <Card>
      {course.thumbnail ? (
        <Thumb
          src={course.thumbnail}
          alt={`Иллюстрация к курсу «${course.title}»`}
          width={THUMB_WIDTH}
          height={THUMB_HEIGHT}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
      ) : null}
      <Body>
        <Title>
          <CardTitleLink to={paths.course(course.id)}>{course.title}</CardTitleLink>
        </Title>
        {course.state === 'can_be_subscribed' ? (
          <Enrollment>
            <Dot aria-hidden="true" />
            <Hint>{enrollmentHint(course.format === 'recorded' ? null : course.start)}</Hint>
          </Enrollment>
        ) : null}
        {course.subtitle ? <Subtitle>{course.subtitle}</Subtitle> : null}
        <Footer>
          {authorNames ? <Authors>{authorNames}</Authors> : null}
          <AgeLabel>
            {course.format === 'recorded' ? `${COURSE_FORMAT_LABELS.recorded} · ` : null}
            {AGE_GROUP_LABELS[course.disciplesAge]}
          </AgeLabel>
        </Footer>
      </Body>
    </Card>
  );
}
