// «Мои данные» (issue 20, item 3; docs/PRIVACY.md): everything the site holds about a person as one JSON document,
// for GET /api/v1/users/me/export/. A fixed number of queries (one per part), whatever the account holds; nothing
// secret (password hash, tokens, keys) and nobody else's data. States, reasons and currencies are in words
// (common/historyWords.ts, the authors' history's), not codes: the file is read by the person.
import { accountMessages as m } from '../../../../common/accountMessages.ts';
import { historyWord } from '../../../../common/historyWords.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import {
  accountOf,
  consentRowsOf,
  discountRowsOf,
  letterRowsOf,
  participationRowsOf,
  paymentRowsOf,
  recordingExtensionRowsOf,
  recordingPositionRowsOf,
  refundRowsOf,
  subscriptionRowsOf,
} from '../../repositories/accounts/personalDataRepository.ts';
import { attendanceRowsOf } from '../../repositories/attendance/attendanceRepository.ts';
import { HOMEWORK_STATE_LABELS } from '../../../../common/homework.ts';
import { answersForExport } from '../../repositories/homework/answersRepository.ts';
import { chatOf } from '../../repositories/telegram/telegramRepository.ts';
import type { AccountServices } from './accountServices.ts';
import { takeOrRefuse } from './limits.ts';

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

/** Dates as ISO strings: the file reads the same whatever parses it. */
function withIsoDates<T extends Record<string, unknown>>(row: T): { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] } {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) result[key] = value instanceof Date ? iso(value) : value;
  return result as never;
}

/** A letter's state in words: the history's three, and the one only the queue knows. */
function letterStateWord(state: string): string {
  return state === 'dropped' ? 'письмо не отправлено: оно стало не нужно' : historyWord('letterState', state);
}

/** The person's data, or null when the account is gone. */
export async function exportPersonalData(db: Db, userId: number, now = new Date()) {
  const [account, participations, payments, refunds, subscriptions, consents, letters, discounts, recordingPositions, recordingExtensions, attendance, homework, telegram] = await Promise.all([
    accountOf(db, userId),
    participationRowsOf(db, userId),
    paymentRowsOf(db, userId),
    refundRowsOf(db, userId),
    subscriptionRowsOf(db, userId),
    consentRowsOf(db, userId),
    letterRowsOf(db, userId),
    discountRowsOf(db, userId),
    recordingPositionRowsOf(db, userId),
    recordingExtensionRowsOf(db, userId),
    attendanceRowsOf(db, userId),
    answersForExport(db, userId),
    chatOf(db, userId),
  ]);
  if (!account) return null;
  const { country, mainLanguage, visitSchool, readWriteProblems, otherInfo, timezone, ...user } = account;
  return {
    exportedAt: now.toISOString(),
    account: withIsoDates(user),
    // Every account made by sign-up has its profile; one made otherwise (an author's, by hand) may have none.
    profile: country === null ? null : { country, mainLanguage, visitSchool, readWriteProblems, otherInfo, timezone },
    participations: participations.map((row) => withIsoDates({ ...row, state: historyWord('participantState', row.state) })),
    payments: payments.map((row) =>
      withIsoDates({
        ...row,
        currency: historyWord('currency', row.currency),
        state: historyWord('paymentState', row.state),
        failureReason: row.failureReason === null ? null : historyWord('failureReason', row.failureReason),
      }),
    ),
    refunds: refunds.map((row) => withIsoDates({ ...row, currency: historyWord('currency', row.currency), state: historyWord('refundState', row.state) })),
    newsSubscriptions: subscriptions.map(withIsoDates),
    consents: consents.map(withIsoDates),
    letters: letters.map((row) => withIsoDates({ ...row, state: letterStateWord(row.state) })),
    discounts: discounts.map(withIsoDates),
    // Recorded lectures (docs/RECORDINGS.md, «Watching»): where they stopped, and the windows the authors extended.
    recordingPositions: recordingPositions.map(withIsoDates),
    recordingAccessExtensions: recordingExtensions.map(withIsoDates),
    // Who came to which lesson's room by its join link (docs/ATTENDANCE.md): the lesson, the course, the first join.
    lessonAttendance: attendance.map(withIsoDates),
    // Answers to the lessons' assignments (docs/HOMEWORK.md): the text, the state, the authors' comment, the files'
    // names and sizes (the files themselves are the person's own: they have them).
    homeworkAnswers: homework.map((row) => withIsoDates({ ...row, state: HOMEWORK_STATE_LABELS[row.state] })),
    // The Telegram chat bound to the account (docs/TELEGRAM.md): its id, its name as Telegram gave it, since when.
    telegram: telegram === null ? null : withIsoDates(telegram),
  };
}

type PersonalData = NonNullable<Awaited<ReturnType<typeof exportPersonalData>>>;

/** The caller's own data: a few exports an hour (heavier than a GET), 404 when the account is gone. */
export async function exportOwnData(deps: { db: Db; accounts: Pick<AccountServices, 'limits'> }, userId: number): Promise<PersonalData> {
  await takeOrRefuse(deps.accounts.limits, [['data-export', String(userId)]], m.dataExportsTooMany);
  const data = await exportPersonalData(deps.db, userId);
  if (!data) throw notFound();
  return data;
}
