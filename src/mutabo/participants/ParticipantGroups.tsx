// The participants' rows as tables: one per person (their lessons; the places they hold or asked for are approved or
// rejected with one decision for the person), or one per lesson (who holds, waits for or has a place in it, each row
// with its own actions), each row with its state, time and payment.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { MutaboParticipant, MutaboParticipants, MutaboParticipantsLesson, MutaboPerson } from '../../../common/mutabo/participants.ts';
import { Button } from '../../components/Button.ts';
import { areaPaths } from '../areaPaths.ts';
import { personName } from '../payments/paymentText.ts';
import { RowActions } from '../shell/areaParts.ts';
import { Badge, CellNote, DataTable, Td, Th, Tr } from '../shell/DataTable.tsx';
import { formatDateTime } from '../shell/timeText.ts';
import { ACTION_LABELS, actionsOf, type ActionKind } from './participantActions.tsx';
import { ageText, lessonName, lessonsText, paymentText, stateText, takenText } from './participantText.ts';
import { decisionButtonName, PERSON_DECISION_LABELS, type PersonDecision, type PersonDecisionKind } from './PersonDecision.tsx';

export type GroupBy = 'lessons' | 'people';

/** The rows one decision for the person covers: the places they hold or asked for (not yet approved, not queued). */
const decidedTogether = (row: MutaboParticipant) => row.state === 'reserved';

/** The actions a row offers in this view: per person, the rows decided together have none of their own. */
const rowActions = (row: MutaboParticipant, groupBy: GroupBy) =>
  actionsOf(row).filter((kind) => groupBy === 'lessons' || kind === 'promote' || !decidedTogether(row));

/** A row's actions column: its buttons, or the refund link of a paid place. */
const hasActions = (row: MutaboParticipant, groupBy: GroupBy) => row.paid || rowActions(row, groupBy).length > 0;

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

const PersonActions = styled(RowActions)`
  margin: ${({ theme }) => theme.space(2)} 0 ${({ theme }) => theme.space(3)};
`;

interface GroupsProps {
  table: MutaboParticipants;
  groupBy: GroupBy;
  busy: boolean;
  onAction: (kind: ActionKind, row: MutaboParticipant) => void;
  onDecide: (decision: PersonDecision) => void;
}

export function ParticipantGroups({ table, groupBy, busy, onAction, onDecide }: GroupsProps) {
  const lessons = new Map(table.lessons.map((lesson) => [lesson.id, lesson]));
  const row = (entry: MutaboParticipant[], withActions: boolean) =>
    entry.length > 1 ? (
      <MergedRow key={entry[0]!.id} rows={entry} lessons={lessons} withActions={withActions} coursePaid={table.course.paid} />
    ) : (
      <ParticipantRow
        key={entry[0]!.id}
        row={entry[0]!}
        lesson={lessons.get(entry[0]!.lessonId)}
        groupBy={groupBy}
        withActions={withActions}
        courseId={table.course.id}
        coursePaid={table.course.paid}
        busy={busy}
        onAction={onAction}
      />
    );
  const lessonOf = (row: MutaboParticipant) => lessons.get(row.lessonId) ?? { number: 0, title: '' };

  if (groupBy === 'people') {
    const people = new Map<number, { person: MutaboPerson; rows: MutaboParticipant[] }>();
    for (const participant of table.participants) {
      const entry = people.get(participant.person.id) ?? { person: participant.person, rows: [] };
      entry.rows.push(participant);
      people.set(participant.person.id, entry);
    }
    return (
      <>
        {[...people.values()].map(({ person, rows }) => {
          const together = rows.filter(decidedTogether);
          const decide = (kind: PersonDecisionKind) =>
            onDecide({
              kind,
              person,
              lessons: together.map((item) => ({ participantId: item.id, ...lessonOf(item), paymentId: item.payment?.state === 'STATE_IN_PROGRESS' ? item.payment.id : null })),
            });
          return (
            <Group key={person.id} aria-labelledby={`person-${person.id}`}>
              <h3 id={`person-${person.id}`}>{personName(person)}</h3>
              <PersonFacts person={person} />
              {together.length > 0 ? (
                <>
                  <GroupFacts>
                    {together.some((item) => item.expiresAt) ? 'Бронь, пока идёт оплата' : 'Ждёт подтверждения'}: {lessonsText(together.map(lessonOf))}
                  </GroupFacts>
                  <PersonActions>
                    {(['approve', 'reject'] as const).map((kind) => (
                      <Button
                        key={kind}
                        $variant={kind === 'approve' ? 'primary' : 'secondary'}
                        disabled={busy}
                        aria-label={decisionButtonName(kind, person, together.length)}
                        onClick={() => decide(kind)}
                      >
                        {PERSON_DECISION_LABELS[kind]}
                      </Button>
                    ))}
                  </PersonActions>
                </>
              ) : null}
              <RowsTable first="Занятие" entries={merged(rows, table.course.paid)} groupBy={groupBy} render={row} />
            </Group>
          );
        })}
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
            <RowsTable first="Участник" entries={rows.map((item) => [item])} groupBy={groupBy} render={row} />
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

/**
 * A person's rows with the ones decided together that read the same (state, its detail, payment: the holds of one
 * checkout, a free course's requests) made one entry, so seven holds are one line, not seven.
 */
function merged(rows: MutaboParticipant[], coursePaid: boolean): MutaboParticipant[][] {
  const entries: MutaboParticipant[][] = [];
  const byKey = new Map<string, MutaboParticipant[]>();
  for (const row of rows) {
    if (!decidedTogether(row)) {
      entries.push([row]);
      continue;
    }
    const state = stateText(row);
    const key = `${state.label}|${state.detail}|${paymentText(row, coursePaid)}`;
    const entry = byKey.get(key);
    if (entry) entry.push(row);
    else {
      const created = [row];
      byKey.set(key, created);
      entries.push(created);
    }
  }
  return entries;
}

interface RowsTableProps {
  first: string;
  /** Each entry one line of the table: one row, or rows that read the same. */
  entries: MutaboParticipant[][];
  groupBy: GroupBy;
  render: (entry: MutaboParticipant[], withActions: boolean) => ReactNode;
}

/** The rows of a group; without the actions column when no row of it has an action. */
function RowsTable({ first, entries, groupBy, render }: RowsTableProps) {
  const withActions = entries.some((entry) => entry.some((row) => hasActions(row, groupBy)));
  return (
    <DataTable>
      <thead>
        <Tr>
          <Th>{first}</Th>
          <Th>Состояние</Th>
          <Th>Записан(а)</Th>
          <Th>Оплата</Th>
          {withActions ? <Th>Действия</Th> : null}
        </Tr>
      </thead>
      <tbody>{entries.map((entry) => render(entry, withActions))}</tbody>
    </DataTable>
  );
}

function PersonFacts({ person }: { person: MutaboPerson }) {
  const age = ageText(person.age);
  return (
    <Profile>
      {person.email ? (
        <div>
          <dt>E-mail</dt>
          <dd>
            <a href={`mailto:${person.email}`}>{person.email}</a>
          </dd>
        </div>
      ) : null}
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
            <dd>{person.school.visitSchool === null ? 'не указано' : person.school.visitSchool ? 'да' : 'нет'}</dd>
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

const LessonLines = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;

/** Rows of one person that read the same, as one line: their lessons, then the state, time and payment once. */
function MergedRow({ rows, lessons, withActions, coursePaid }: { rows: MutaboParticipant[]; lessons: Map<number, MutaboParticipantsLesson>; withActions: boolean; coursePaid: boolean }) {
  const first = rows[0]!;
  const state = stateText(first);
  const since = rows.map((row) => row.createdAt).sort()[0]!;
  return (
    <Tr>
      <Td label="Занятия">
        <LessonLines>
          {rows.map((row) => {
            const lesson = lessons.get(row.lessonId);
            return <li key={row.id}>{lesson ? lessonName(lesson) : ''}</li>;
          })}
        </LessonLines>
      </Td>
      <Td label="Состояние">
        <Badge $tone={first.state === 'reserved' && !first.expiresAt ? 'attention' : 'plain'}>{state.label}</Badge>
        {state.detail ? <CellNote>{state.detail}</CellNote> : null}
      </Td>
      <Td label="Записан(а)">{formatDateTime(since)}</Td>
      <Td label="Оплата">{paymentText(first, coursePaid)}</Td>
      {withActions ? <Td label="Действия">{null}</Td> : null}
    </Tr>
  );
}

interface RowProps {
  row: MutaboParticipant;
  lesson: MutaboParticipantsLesson | undefined;
  groupBy: GroupBy;
  withActions: boolean;
  courseId: number;
  coursePaid: boolean;
  busy: boolean;
  onAction: (kind: ActionKind, row: MutaboParticipant) => void;
}

function ParticipantRow({ row, lesson, groupBy, withActions, courseId, coursePaid, busy, onAction }: RowProps) {
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
      {withActions ? (
        <Td label="Действия">
          <RowActions>
            {rowActions(row, groupBy).map((kind) => (
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
            {row.paid ? <Link to={areaPaths.coursePayments(courseId)}>{row.payment?.amount === 0 ? 'Освободить место' : 'Вернуть деньги'}</Link> : null}
          </RowActions>
        </Td>
      ) : null}
    </Tr>
  );
}
