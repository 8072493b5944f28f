// The «Содержание» section: the course's lessons as a plain list, or grouped into blocks when the course sells by block;
// each lesson's time in the visitor's zone (or that it has none yet) and whether it has begun, its calendar file, and for
// an approved participant the room and the recording when the server gives them, or when the room's link will appear
// (as the payment letter says). A recorded course's lessons, and a live course's begun lessons with a recording, are
// spoken of as recordings (no time, no calendar); an approved participant watches an uploaded one here, in the player.
import { useId, useState } from 'react';
import styled from 'styled-components';
import type { Lesson } from '../../../common/wireTypes.ts';
import { lessonBlocks, lessonHasBegun, usesBlocks } from '../../../common/lessonBlocks.ts';
import { lessonEndsAt, ROOM_OPENS_BEFORE_MS } from '../../../common/lessonSchedule.ts';
import { minutesCount } from '../../../common/plural.ts';
import { RichText } from '../../components/RichText.tsx';
import { VisuallyHidden } from '../../components/VisuallyHidden.ts';
import { LessonRoomLinks } from '../schedule/index.ts';
import { calendarFileUrl } from '../../api/endpoints.ts';
import { LessonTime } from '../schedule/index.ts';
import { useVisitorTimeZone } from '../schedule/index.ts';
import type { CourseFormat } from '../../../common/recordings.ts';
import { HomeworkBadge } from '../homework/index.ts';
import { canWatchRecording, RecordingPanel, recordingForSale, recordingLabel, WatchRecordingButton, watchedAsRecording } from '../recordings/index.ts';

const NO_PLACES_MARK = '[нет мест]';

const Lessons = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
`;

const Item = styled.li`
  padding-bottom: ${({ theme }) => theme.space(5)};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  &:last-child {
    border-bottom: 0;
    padding-bottom: 0;
  }
`;

const LessonTitle = styled.h3`
  margin: 0 0 ${({ theme }) => theme.space(1)};
  font-family: ${({ theme }) => theme.fonts.heading};
  line-height: 1.3;
  font-size: ${({ theme }) => theme.fonts.sizes.lead};
`;

const Meta = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0 0 ${({ theme }) => theme.space(2)};
  font-size: ${({ theme }) => theme.fonts.sizes.small};
  color: ${({ theme }) => theme.colors.muted};
`;

const Begun = styled.span`
  font-weight: 600;
`;

const NoPlaces = styled.span`
  font-weight: 600;
  color: ${({ theme }) => theme.colors.danger};
`;

const Blocks = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(6)};
`;

const Block = styled.li`
  padding: ${({ theme }) => theme.space(5)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
`;

const BlockTitle = styled.h3`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  font-size: ${({ theme }) => theme.fonts.sizes.h3};
`;

const Details = styled.details`
  summary {
    cursor: pointer;
    width: fit-content;
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 600;
  }
  &[open] summary {
    margin-bottom: ${({ theme }) => theme.space(2)};
  }
`;

/**
 * A lesson's description, folded: a course has up to a dozen of them, and showing every one at once made the
 * page long to read and slow to start (each is a draft-js view). It is rendered on first opening.
 */
function LessonContent({ source }: { source: string }) {
  const [opened, setOpened] = useState(false);
  return (
    <Details onToggle={(event) => setOpened((was) => was || event.currentTarget.open)}>
      <summary>Описание занятия</summary>
      {opened ? <RichText source={source} /> : null}
    </Details>
  );
}

const Links = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  margin: 0 0 ${({ theme }) => theme.space(2)};
`;

const RoomPending = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(2)};
  color: ${({ theme }) => theme.colors.muted};
`;

/** For an approved participant's lesson that has not ended and whose room link is not given yet: when it will be. */
function roomPendingText(lesson: Lesson, now: number): string | null {
  if (lesson.participationState !== 'approved' || lesson.roomUrl || lesson.startsAt === null) return null;
  const ends = lessonEndsAt(lesson);
  if (ends === null || ends <= now) return null;
  return Date.parse(lesson.startsAt) - ROOM_OPENS_BEFORE_MS > now
    ? `Ссылка на комнату вебинара появится здесь за ${ROOM_OPENS_BEFORE_MS / 60_000} минут до начала занятия.`
    : 'Ссылка на комнату вебинара появится здесь, как только её добавят: обновите страницу чуть позже.';
}

const CourseCalendar = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(5)};
`;

interface LessonItemProps {
  lesson: Lesson;
  level: 'h3' | 'h4';
  timeZone: string;
  now: number;
  format: CourseFormat;
}

/** The lesson's line under its title: its time (or that it has none), length and state, or what recording it is. */
function LessonMeta({ lesson, timeZone, now, format }: Omit<LessonItemProps, 'level'>) {
  const begun = lessonHasBegun(lesson, now);
  if (format === 'recorded') {
    return (
      <Meta>
        <span>{lesson.hasRecording ? recordingLabel(lesson) : 'Запись скоро появится'}</span>
        {lesson.hasFreePlaces ? null : <NoPlaces>{NO_PLACES_MARK}</NoPlaces>}
      </Meta>
    );
  }
  if (recordingForSale(lesson, format, now)) {
    return (
      <Meta>
        <Begun>Можно купить запись</Begun>
        <span>{recordingLabel(lesson)}</span>
      </Meta>
    );
  }
  return (
    <Meta>
      {lesson.startsAt ? <LessonTime startsAt={lesson.startsAt} timeZone={timeZone} /> : <span>Дата пока не назначена</span>}
      {lesson.duration > 0 ? <span>{minutesCount(lesson.duration)}</span> : null}
      {begun ? <Begun>{(lessonEndsAt(lesson) ?? 0) <= now ? 'Прошло' : 'Идёт сейчас'}</Begun> : null}
      {lesson.hasFreePlaces || begun ? null : <NoPlaces>{NO_PLACES_MARK}</NoPlaces>}
    </Meta>
  );
}

function LessonItem({ lesson, level, timeZone, now, format }: LessonItemProps) {
  const name = `${lesson.number}. ${lesson.title}`;
  const roomPending = format === 'recorded' ? null : roomPendingText(lesson, now);
  const watchable = canWatchRecording(lesson);
  const [watching, setWatching] = useState(false);
  const playerId = useId();
  // An uploaded recording is watched here; a pasted link is kept only for a lesson without one.
  const links = { roomUrl: lesson.roomUrl, recordingUrl: lesson.hasRecording ? undefined : lesson.recordingUrl };
  const calendar = lesson.startsAt !== null && !watchedAsRecording(lesson, format, now);
  return (
    <Item>
      <LessonTitle as={level}>{name}</LessonTitle>
      <LessonMeta lesson={lesson} timeZone={timeZone} now={now} format={format} />
      {calendar || links.roomUrl || links.recordingUrl || watchable ? (
        <Links>
          {watchable ? (
            <WatchRecordingButton lesson={lesson} name={name} open={watching} controls={playerId} onToggle={() => setWatching((open) => !open)} />
          ) : null}
          <LessonRoomLinks lesson={links} name={name} />
          {calendar ? (
            <a href={calendarFileUrl.lesson(lesson.id)} download>
              Добавить в календарь{' '}<VisuallyHidden>занятие {name}</VisuallyHidden>
            </a>
          ) : null}
        </Links>
      ) : null}
      {watchable ? <RecordingPanel id={playerId} lessonId={lesson.id} name={name} open={watching} /> : null}
      {roomPending ? <RoomPending>{roomPending}</RoomPending> : null}
      {lesson.homework ? <HomeworkBadge lessonId={lesson.id} name={name} homework={lesson.homework} timeZone={timeZone} /> : null}
      {lesson.content ? <LessonContent source={lesson.content} /> : null}
    </Item>
  );
}

interface LessonListProps {
  /** The lessons to show: drafts already left out. */
  lessons: Lesson[];
  blockSize: number;
  courseId: number;
  /** A recorded course («в записи») has no times and nothing for a calendar. */
  format: CourseFormat;
}

export function LessonList({ lessons, blockSize, courseId, format }: LessonListProps) {
  const timeZone = useVisitorTimeZone(format === 'live' && lessons.some((lesson) => lesson.startsAt));
  const [now] = useState(Date.now);
  if (lessons.length === 0) return <p>Список занятий ещё не опубликован.</p>;
  const calendar = lessons.some((lesson) => lesson.startsAt && !watchedAsRecording(lesson, format, now)) ? (
    <CourseCalendar>
      <a href={calendarFileUrl.course(courseId)} download>
        Добавить все занятия курса в календарь
      </a>
    </CourseCalendar>
  ) : null;
  if (usesBlocks(blockSize)) {
    return (
      <>
        {calendar}
        <Blocks>
          {lessonBlocks(lessons, blockSize).map((block, index) => (
            <Block key={block.lessons[0]?.id ?? index}>
              <BlockTitle>Блок {index + 1}</BlockTitle>
              <Lessons>
                {block.lessons.map((lesson) => (
                  <LessonItem key={lesson.id} lesson={lesson} level="h4" timeZone={timeZone} now={now} format={format} />
                ))}
              </Lessons>
            </Block>
          ))}
        </Blocks>
      </>
    );
  }
  return (
    <>
      {calendar}
      <Lessons>
        {lessons.map((lesson) => (
          <LessonItem key={lesson.id} lesson={lesson} level="h3" timeZone={timeZone} now={now} format={format} />
        ))}
      </Lessons>
    </>
  );
}
