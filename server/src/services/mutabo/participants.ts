// The authors' participants: the table of a course's places (and its CSV), and the author's actions on rows, which
// run by the shared rules of services/places/participants.ts (approve, move up in the queue, reject: each in one
// transaction under the course's lock, recorded in the course's history, with its letters) and answer the area's rows.
import type { MutaboParticipant, MutaboParticipants, MutaboParticipantState } from '../../../../common/mutabo/participants.ts';
import { DELETED_PERSON_NAME, isDeletedPerson } from '../../../../common/accountDeletion.ts';
import { ledCourse } from '../../repositories/ledCourses.ts';
import { lessonTitles } from '../../repositories/places/enrollmentRepository.ts';
import { lessonPlaces, participantRows } from '../../repositories/places/participantsRepository.ts';
import { approveParticipantRows, moveInQueue, participantErrors, type ParticipantsDeps } from '../places/participants.ts';
import { NoFreePlace } from '../places/places.ts';
import { csvCell } from '../csv.ts';
import { mutaboErrors, type Caller } from './context.ts';

export interface ParticipantsFilter {
  state?: MutaboParticipantState;
  lesson?: number;
}

export async function listParticipants(deps: ParticipantsDeps, caller: Caller, courseId: number, filter: ParticipantsFilter = {}): Promise<MutaboParticipants> {
  const course = await ledCourse(deps.db, caller.authorId, courseId);
  if (!course) throw mutaboErrors.courseNotFound();
  const [lessonRows, rows] = await Promise.all([lessonPlaces(deps.db, courseId), participantRows(deps.db, courseId)]);
  return {
    course: { id: course.id, title: course.title, participantsLimit: course.participantsLimit, disciplesAge: course.disciplesAge, paid: course.paid },
    lessons: lessonRows
      .filter((lesson) => lesson.state === 'published' || rows.some((row) => row.lessonId === lesson.id))
      .map((lesson) => ({ ...lesson, limit: course.participantsLimit })),
    participants: rows.filter((row) => (filter.state === undefined || row.state === filter.state) && (filter.lesson === undefined || row.lessonId === filter.lesson)),
  };
}

// ---- CSV

const CSV_STATE: Record<MutaboParticipantState, string> = { reserved: 'Бронь', waiting_list: 'В очереди', approved: 'Подтверждено' };

const moscowTime = (iso: string | null) => (iso ? new Date(iso).toLocaleString('ru-RU', { timeZone: 'Europe/Moscow' }) : '');

/** The table as CSV for spreadsheet programs: UTF-8 with BOM, `;` between cells, CRLF line ends, Moscow times. */
export function participantsCsv(table: MutaboParticipants): string {
  const header = ['Занятие', 'Название занятия', 'Фамилия', 'Имя', 'E-mail', 'Возраст', 'Состояние', 'Место в очереди', 'Бронь до', 'Записан(а)', 'Подтверждено', 'Оплачено', 'Платёж №', 'Ходит в школу', 'Трудности с чтением и письмом', 'Другое'];
  const lessonById = new Map(table.lessons.map((lesson) => [lesson.id, lesson]));
  const lines = table.participants.map((row: MutaboParticipant) => {
    const lesson = lessonById.get(row.lessonId);
    const school = row.person.school;
    return [
      lesson?.number ?? '',
      lesson?.title ?? '',
      isDeletedPerson(row.person) ? DELETED_PERSON_NAME : row.person.lastName,
      row.person.firstName,
      row.person.email,
      row.person.age,
      CSV_STATE[row.state],
      row.position,
      moscowTime(row.expiresAt),
      moscowTime(row.createdAt),
      moscowTime(row.approvedAt),
      row.paid ? 'да' : 'нет',
      row.payment?.id ?? null,
      school ? (school.visitSchool === null ? 'не указано' : school.visitSchool ? 'да' : 'нет') : '',
      school ? school.readWriteProblems || 'не указано' : '',
      school?.otherInfo ?? '',
    ]
      .map((cell) => csvCell(cell as string | number | null))
      .join(';');
  });
  return `\uFEFF${[header.map(csvCell).join(';'), ...lines].join('\r\n')}\r\n`;
}

// ---- The author's actions

/**
 * Approves every row or none (the rows of one course: 400 otherwise); 409 naming the lesson that has no free place.
 * Answers the approved rows as the table shows them.
 */
export async function approveParticipants(deps: ParticipantsDeps, caller: Caller, ids: number[]): Promise<MutaboParticipant[]> {
  let courseId: number;
  try {
    [courseId] = (await approveParticipantRows(deps, caller, ids, { oneCourse: true })) as [number];
  } catch (error) {
    if (!(error instanceof NoFreePlace)) throw error;
    const [lesson] = await lessonTitles(deps.db, [error.lessonId]);
    throw participantErrors.noFreePlace(lesson!);
  }
  return participantRows(deps.db, courseId, [...new Set(ids)]);
}

/** Moves a waiting-list row to a place in its lesson's queue; answers that queue as the table shows it. */
export async function promoteParticipant(deps: ParticipantsDeps, caller: Caller, id: number, position: number): Promise<MutaboParticipant[]> {
  const { courseId, lessonId } = await moveInQueue(deps, caller, id, position);
  return (await participantRows(deps.db, courseId)).filter((row) => row.lessonId === lessonId && row.state === 'waiting_list');
}
