// The participants' rows as tables: one per lesson (who holds, waits for or has a place in it), or one per person
// (their lessons), each row with its state, time, payment and the actions it offers.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { MutaboParticipant, MutaboParticipants, MutaboParticipantsLesson, MutaboPerson } from '../../../common/mutabo.ts';
import { Button } from '../../components/Button.ts';
import { areaPaths } from '../areaPaths.ts';
import { personName } from '../payments/paymentText.ts';
import { RowActions } from '../shell/areaParts.ts';
import { Badge, CellNote, DataTable, Td, Th, Tr } from '../shell/DataTable.tsx';
import { formatDateTime } from '../shell/timeText.ts';
import { ACTION_LABELS, actionsOf, type ActionKind } from './participantActions.tsx';
import { ageText, lessonName, paymentText, stateText, takenText } from './participantText.ts';

export type GroupBy = 'lessons' | 'people';

const Group = styled.section`
  margin-bottom: ${({ theme }) => theme.space(6)};

  h3 {
    margin-bottom: ${({ theme }) => theme.space(1)};
    overflow-wrap: anywhere;
  }
`;

const GroupFacts = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(2)};
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fonts.sizes.small};
`;

const Profile = styled.dl`
  margin: ${({ theme }) => theme.space(1)} 0 0;
  font-size: ${({ theme }) => theme.fonts.sizes.small};

  div {
    display: flex;
    flex-wrap: wrap;
    gap: 0 ${({ theme }) => theme.space(1)};
  }

  dt {
    color: ${({ theme }) => theme.colors.muted};
  }

  dt::after {
    content: ':';
  }

  dd {
    margin: 0;
  }
`;

interface GroupsProps {
  table: MutaboParticipants;
  groupBy: GroupBy;
  busy: boolean;
  onAction: (kind: ActionKind, row: MutaboParticipant) => void;
}

export function ParticipantGroups({ table, groupBy, busy, onAction }: GroupsProps) {
  const lessons = new Map(table.lessons.map((lesson) => [lesson.id, lesson]));
  const row = (participant: MutaboParticipant) => (
    <ParticipantRow
      key={participant.id}
      row={participant}
      lesson={lessons.get(participant.lessonId)}
      groupBy={groupBy}
      courseId={table.course.id}
      coursePaid={table.course.paid}
      busy={busy}
      onAction={onAction}
    />
  );

  if (groupBy === 'people') {
    const people = new Map<number, { person: MutaboPerson; rows: MutaboParticipant[] }>();
    for (const participant of table.participants) {
      const entry = people.get(participant.person.id) ?? { person: participant.person, rows: [] };
      entry.rows.push(participant);
      people.set(participant.person.id, entry);
    }
    return (
      <>
        {[...people.values()].map(({ person, rows }) => (
          <Group key={person.id} aria-labelledby={`person-${person.id}`}>
            <h3 id={`person-${person.id}`}>{personName(person)}</h3>
            <PersonFacts person={person} />
            <RowsTable first="Занятие">{rows.map(row)}</RowsTable>
          </Group>
        ))}
      </>
    );
  }

  return (
    <>
      {table.lessons
        .map((lesson) => ({ lesson, rows: table.participants.filter((participant) => participant.lessonId === lesson.id) }))
        .filter((group) => group.rows.length > 0)
        .map(({ lesson, rows }) => (
          <Group key={lesson.id} aria-labelledby={`lesson-${lesson.id}`}>
            <h3 id={`lesson-${lesson.id}`}>Занятие {lessonName(lesson)}</h3>
            <GroupFacts>{placesText(lesson)}</GroupFacts>
            <RowsTable first="Участник">{rows.map(row)}</RowsTable>
          </Group>
        ))}
    </>
  );
}

/** «Занято 2 из 10 · в очереди 3». */
function placesText(lesson: MutaboParticipantsLesson): string {
  const taken = `Занято ${takenText(lesson)}`;
  return lesson.waiting > 0 ? `${taken} · в очереди ${lesson.waiting}` : taken;
}

function RowsTable({ first, children }: { first: string; children: ReactNode }) {
  return (
    <DataTable>
      <thead>
        <Tr>
          <Th>{first}</Th>
          <Th>Состояние</Th>
          <Th>Записан(а)</Th>
          <Th>Оплата</Th>
          <Th>Действия</Th>
        </Tr>
      </thead>
      <tbody>{children}</tbody>
    </DataTable>
  );
}

function PersonFacts({ person }: { person: MutaboPerson }) {
  const age = ageText(person.age);
  return (
    <Profile>
      <div>
        <dt>E-mail</dt>
        <dd>
          <a href={`mailto:${person.email}`}>{person.email}</a>
        </dd>
      </div>
      {age ? (
        <div>
          <dt>Возраст</dt>
          <dd>{person.minor ? `${age}, несовершеннолетний(-яя)` : age}</dd>
        </div>
      ) : null}
      {person.school ? (
        <>
          <div>
            <dt>Ходит в школу</dt>
            <dd>{person.school.visitSchool ? 'да' : 'нет'}</dd>
          </div>
          {person.school.readWriteProblems ? (
            <div>
              <dt>Трудности с чтением и письмом</dt>
              <dd>{person.school.readWriteProblems}</dd>
            </div>
          ) : null}
          {person.school.otherInfo ? (
            <div>
              <dt>Другое</dt>
              <dd>{person.school.otherInfo}</dd>
            </div>
          ) : null}
        </>
      ) : null}
    </Profile>
  );
}

interface RowProps {
  row: MutaboParticipant;
  lesson: MutaboParticipantsLesson | undefined;
  groupBy: GroupBy;
  courseId: number;
  coursePaid: boolean;
  busy: boolean;
  onAction: (kind: ActionKind, row: MutaboParticipant) => void;
}

function ParticipantRow({ row, lesson, groupBy, courseId, coursePaid, busy, onAction }: RowProps) {
  const state = stateText(row);
  const who = personName(row.person);
  const lessonLabel = lesson ? lessonName(lesson) : '';
  return (
    <Tr>
      {groupBy === 'lessons' ? (
        <Td label="Участник">
          <strong>{who}</strong>
          <PersonFacts person={row.person} />
        </Td>
      ) : (
        <Td label="Занятие">{lessonLabel}</Td>
      )}
      <Td label="Состояние">
        <Badge $tone={row.state === 'approved' ? 'done' : row.state === 'reserved' && !row.expiresAt ? 'attention' : 'plain'}>{state.label}</Badge>
        {state.detail ? <CellNote>{state.detail}</CellNote> : null}
      </Td>
      <Td label="Записан(а)">{formatDateTime(row.createdAt)}</Td>
      <Td label="Оплата">{paymentText(row, coursePaid)}</Td>
      <Td label="Действия">
        <RowActions>
          {actionsOf(row).map((kind) => (
            <Button
              key={kind}
              $variant={kind === 'approve' ? 'primary' : 'secondary'}
              disabled={busy}
              aria-label={`${ACTION_LABELS[kind]}: ${who}, занятие ${lessonLabel}`}
              onClick={() => onAction(kind, row)}
            >
              {ACTION_LABELS[kind]}
            </Button>
          ))}
          {row.paid ? <Link to={areaPaths.coursePayments(courseId)}>Вернуть деньги</Link> : null}
        </RowActions>
      </Td>
    </Tr>
  );
}
