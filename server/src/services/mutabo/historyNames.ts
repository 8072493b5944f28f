// A course's history names people and lessons by id (a participant's record keeps the user and the lesson, a
// payment's or refund's the payment and the lessons): the names are read when the history is, so the records keep no
// personal data and a deleted account's records name nobody.
import type { HistoryAbout, HistoryEntry } from '../../../../common/mutabo/history.ts';
import type { Executor } from '../../db/client.ts';
import { historyNames } from '../../repositories/history/auditRepository.ts';

const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

const ids = (value: unknown): number[] => (Array.isArray(value) ? value : [value]).filter((item): item is number => Number.isInteger(item));

/** The ids a record names: its person, its payment or refund, its lessons. */
function namedIds(entry: HistoryEntry) {
  const sides = [record(entry.before), record(entry.after)];
  return {
    userIds: entry.entity === 'participant' ? sides.flatMap((side) => ids(side.user)) : [],
    paymentIds: entry.entity === 'payment' ? [entry.entityId] : [],
    refundIds: entry.entity === 'refund' ? [entry.entityId] : [],
    lessonIds: entry.entity === 'participant' || entry.entity === 'payment' || entry.entity === 'refund' ? sides.flatMap((side) => [...ids(side.lesson), ...ids(side.lessons)]) : [],
  };
}

/** The entries with `about`: the names behind their ids (left out where there is nothing to name). */
export async function withHistoryNames(db: Executor, entries: HistoryEntry[]): Promise<HistoryEntry[]> {
  const wanted = entries.map(namedIds);
  if (wanted.every((item) => item.userIds.length + item.paymentIds.length + item.refundIds.length === 0)) return entries;
  const names = await historyNames(db, {
    userIds: [...new Set(wanted.flatMap((item) => item.userIds))],
    paymentIds: [...new Set(wanted.flatMap((item) => item.paymentIds))],
    refundIds: [...new Set(wanted.flatMap((item) => item.refundIds))],
    lessonIds: [...new Set(wanted.flatMap((item) => item.lessonIds))],
  });
  return entries.map((entry, index) => {
    const item = wanted[index]!;
    const paymentId = item.paymentIds[0] ?? (item.refundIds[0] === undefined ? undefined : names.refundPayments.get(item.refundIds[0]));
    const userId = item.userIds[0] ?? (paymentId === undefined ? undefined : names.payers.get(paymentId));
    const about: HistoryAbout = {};
    const person = userId === undefined ? undefined : names.people.get(userId);
    if (person) about.person = person;
    if (paymentId !== undefined) about.paymentId = paymentId;
    const lessons = [...new Set(item.lessonIds)].flatMap((id) => names.lessons.get(id) ?? []).sort((a, b) => a.number - b.number);
    if (lessons.length > 0) about.lessons = lessons;
    return Object.keys(about).length > 0 ? { ...entry, about } : entry;
  });
}
