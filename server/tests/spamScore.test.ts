// Every kind of letter the site sends, scored by Debian's SpamAssassin with its default rules and no network tests
// (issue 21, item 7): at most 1.0 each (5 is spam). The letters are made by the letter modules, recorded through the
// queue (which adds the Reply-To), sent by the queue's worker (which names the person in To) through the real outbox
// transport (the RFC 822 message nodemailer builds), and each scored by a run of `spamassassin --local --test-mode`.
// Skipped, with the reason printed, where spamassassin is not installed (`apt-get install spamassassin`; .ci/run does).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../src/config.ts';
import { confirmationLetter, confirmationLink, emailChangeLetter, emailChangeLink, emailChangeNotice, resetLetter, resetLink } from '../src/services/accounts/letters.ts';
import { checkoutReminderLetter } from '../src/services/payments/checkoutReminders.ts';
import { approvalLetter, promotionLetter, refundLetter } from '../src/services/places/enrollmentLetters.ts';
import { receiptLetter } from '../src/services/payments/receiptLetters.ts';
import { lessonChangeLetter, reminderLetter, type NoticeLesson, type NoticeRecipient } from '../src/services/schedule/lessonLetters.ts';
import { LetterQueue, queueLetters, type QueuedLetter } from '../src/services/letters/letterQueue.ts';
import { createMailer } from '../src/services/letters/mail.ts';
import { discountLetter } from '../src/services/mutabo/discounts.ts';
import { newsLetter } from '../src/services/mutabo/mailings.ts';
import { queueMovedLetter, refundedLetter, rejectedLetter } from '../src/services/places/participantLetters.ts';
import { currentSellerFooter } from '../src/services/payments/sellerFooter.ts';
import { decisionLetter, digestLetter } from '../src/services/homework/reviewLetters.ts';
import { ids, seedFixture, testConfig } from './fixtures.ts';
import { parseLetter } from './mailbox.ts';
import { createTestDatabase, type TestDatabase } from './testDb.ts';

/**
 * The most a letter may score (SpamAssassin calls 5 spam; issue 21 asks for at most 1). What is left at this domain:
 * MIXED_ES (1.0, «Latin and Cyrillic e mixed») on letters with more than 20 Latin «e» in their links, which
 * `courses.example.org` has three of each; a site whose address has fewer is not hit.
 */
const MOST = 1.0;

const spamassassin = spawnSync('spamassassin', ['--version'], { encoding: 'utf8' });
const installed = spamassassin.status === 0;
if (!installed) {
  console.warn(
    'spamScore.test.ts is skipped: spamassassin is not installed here (apt-get install spamassassin, as .ci/run does), so the letters are not scored.',
  );
}

interface Score {
  points: number;
  /** `points RULE description`, every rule hit. */
  rules: string[];
}

/** One message's report: `spamassassin --local --test-mode` prints it under the message. */
function scoreOne(message: Buffer, dir: string): Promise<Score> {
  return new Promise((resolve, reject) => {
    const run = spawn('spamassassin', ['--local', '--test-mode', '--prefspath', path.join(dir, 'user_prefs')], { env: { ...process.env, HOME: dir } });
    let out = '';
    let err = '';
    run.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    run.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    run.on('error', reject);
    run.on('close', (status) => {
      const points = /Content analysis details:\s+\((-?[\d.]+) points/.exec(out);
      if (status !== 0 || !points) return reject(new Error(`spamassassin failed (${status}): ${err}\n${out.slice(-2000)}`));
      const rules = out
        .slice(points.index)
        .split('\n')
        .filter((line) => /^\s*-?\d+(\.\d+)?\s+[A-Z][A-Z0-9_]+\s/.test(line))
        .map((line) => line.trim());
      resolve({ points: Number(points[1]), rules });
    });
    run.stdin.end(message);
  });
}

/**
 * Scores each message in a run of its own (an mbox of several in one run scored some differently from alone), two at
 * a time: each run starts SpamAssassin afresh (about a second).
 */
async function score(messages: Buffer[], dir: string): Promise<Score[]> {
  writeFileSync(path.join(dir, 'user_prefs'), '');
  const scores: Score[] = new Array(messages.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < messages.length; index = next++) scores[index] = await scoreOne(messages[index]!, dir);
  };
  await Promise.all([worker(), worker()]);
  return scores;
}

describe.runIf(installed)('letters in SpamAssassin (default rules, no network tests)', () => {
  let testDb: TestDatabase;
  let dataDir: string;
  let config: AppConfig;
  const letters: { kind: string; raw: Buffer }[] = [];

  beforeAll(async () => {
    testDb = await createTestDatabase('pglite');
    await seedFixture(testDb.database.db);
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'spam-score-'));
    const env = testConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://courses.example.org', OPERATOR_EMAIL: 'office@courses.example.org' });
    config = { ...env, jwtSecret: env.jwtSecret! };
    const db = testDb.database.db;
    const silent = { info() {}, warn() {}, error() {} } as never;
    const queue = new LetterQueue({ db, mailer: createMailer(config, silent), log: silent });
    const outbox = path.join(dataDir, 'outbox');

    // The people of the fixture: Пётр Учеников learns; Анна Петрова leads the courses (Борис Иванов first on «Открытый курс»).
    const pupil = { userId: 7, email: 'pupil@example.org', firstName: 'Пётр', timeZone: 'Europe/Berlin' } satisfies NoticeRecipient;
    const anna = { id: ids.users.anna, email: 'anna@example.org', firstName: 'Анна' };
    const course = { id: ids.courses.open, title: 'Открытый курс' };
    const lessons = [
      { id: ids.lessons.free, number: 1, title: 'Свободное занятие' },
      { id: ids.lessons.last, number: 4, title: 'Последнее занятие' },
    ];
    const lesson: NoticeLesson = {
      id: ids.lessons.free,
      courseId: course.id,
      courseTitle: course.title,
      courseTimeZone: 'Europe/Moscow',
      number: 1,
      title: 'Свободное занятие',
      duration: 90,
      sequence: 2,
      roomUrl: 'https://meet.example.org/mutabor-room-1',
    };
    const before = new Date('2030-01-10T16:00:00Z');
    const after = new Date('2030-01-12T16:00:00Z');
    const now = new Date('2030-01-05T10:00:00Z');
    const paid = { id: 42, amount: 2400, currency: 'CURRENCY_CHOICE_RUB' as const, paidAt: now, offerVersion: 1, fiscalReceiptByEmail: true };
    const footer = await currentSellerFooter(db);
    const link = { uidb64: 'Mw', token: 'cdq3x1-6f2d0b6c0f4c1ad5e6b3a1c2d9e8f7a6' };
    const news = {
      subject: 'Новости курса: расписание на февраль',
      text: 'Друзья, добрый день!\n\nВ феврале занятия пройдут по средам в 19:00 по Москве. Записи прошлых занятий уже в разделе «Мои курсы».\n\nДо встречи!\nБорис Иванов',
      to: 'subscribers' as const,
    };

    const kinds: [string, QueuedLetter][] = [
      ['confirmation', { kind: 'confirmation', userId: ids.users.pupil, ...confirmationLetter(config, pupil, confirmationLink(config, link)) }],
      ['reset', { kind: 'reset', userId: ids.users.pupil, ...resetLetter(config, pupil, resetLink(config, link)) }],
      ['email-change', { kind: 'email-change', userId: ids.users.pupil, ...emailChangeLetter(config, pupil, 'petr.uchenikov@example.net', emailChangeLink(config, { ...link, address: 'cGV0cg' })) }],
      ['email-change-notice', { kind: 'email-change-notice', userId: ids.users.pupil, ...emailChangeNotice(config, pupil, 'petr.uchenikov@example.net') }],
      [
        'payment',
        {
          kind: 'receipt',
          userId: ids.users.pupil,
          ...receiptLetter(
            config,
            pupil,
            { ...course, timeZone: 'Europe/Moscow' },
            [
              { ...lessons[0]!, duration: 90, sequence: 2, roomUrl: '', startsAt: after },
              { ...lessons[1]!, id: ids.lessons.free + 1, duration: 90, sequence: 0, roomUrl: '', startsAt: null },
            ],
            paid,
            true,
            footer,
            now,
          ),
        },
      ],
      ['late-payment-refund', { kind: 'late-payment-refund', userId: ids.users.pupil, ...refundLetter(config, pupil, course, lessons, paid, footer) }],
      ['refund', { kind: 'refund', userId: ids.users.pupil, ...refundedLetter(config, pupil, course, lessons.slice(0, 1), { paymentId: 42, amount: 1200, currency: 'CURRENCY_CHOICE_RUB' }, footer) }],
      ['approval', { kind: 'approval', userId: ids.users.pupil, ...approvalLetter(config, pupil, course, lessons, true) }],
      ['promotion', { kind: 'promotion', userId: ids.users.pupil, ...promotionLetter(config, pupil, course, lessons.slice(0, 1)) }],
      ['rejection', { kind: 'rejection', userId: ids.users.pupil, ...rejectedLetter(config, pupil, course, lessons.slice(0, 1)) }],
      ['queue-moved', { kind: 'queue-moved', userId: ids.users.pupil, ...queueMovedLetter(config, pupil, course, lessons[0]!, 1) }],
      ['lesson time set', { kind: 'lesson-change', userId: ids.users.pupil, ...lessonChangeLetter(config, pupil, lesson, { kind: 'scheduled', after }, now) }],
      ['lesson moved', { kind: 'lesson-change', userId: ids.users.pupil, ...lessonChangeLetter(config, pupil, lesson, { kind: 'moved', before, after }, now) }],
      ['lesson time taken away', { kind: 'lesson-change', userId: ids.users.pupil, ...lessonChangeLetter(config, pupil, lesson, { kind: 'unscheduled', before }, now) }],
      ['lesson cancelled', { kind: 'lesson-change', userId: ids.users.pupil, ...lessonChangeLetter(config, pupil, lesson, { kind: 'cancelled', before }, now) }],
      ['reminder 24 h', { kind: 'reminder', userId: ids.users.pupil, ...reminderLetter(config, pupil, lesson, after, '24h') }],
      ['reminder 1 h', { kind: 'reminder', userId: ids.users.pupil, ...reminderLetter(config, { ...pupil, timeZone: '' }, { ...lesson, roomUrl: '' }, after, '1h') }],
      [
        'checkout reminder',
        {
          kind: 'checkout-reminder',
          userId: ids.users.pupil,
          ...checkoutReminderLetter(config, ids.users.pupil, { ...pupil, course: { ...course, timeZone: 'Europe/Moscow' }, lessons: [{ id: lesson.id, number: 1, title: lesson.title, startsAt: after }] }),
        },
      ],
      [
        'discount',
        {
          userId: ids.users.pupil,
          ...discountLetter(config, course, { email: pupil.email, expiresAt: after, percent: 15, amounts: null }, 'Пётр', { firstName: 'Анна', lastName: 'Петрова', gender: 'female' }, 'Как договорились после занятия: скидка на весь курс.'),
        },
      ],
      [
        'homework returned',
        {
          kind: 'homework-decision',
          userId: ids.users.pupil,
          ...decisionLetter(config, pupil, {
            decision: 'returned',
            comment: 'Хорошее начало. Во втором абзаце не хватает примера из текста, а вывод стоит сформулировать своими словами.\nПришлите, пожалуйста, исправленный вариант до пятницы.',
            lesson: lessons[0]!,
            course,
          }),
        },
      ],
      [
        'homework accepted',
        { kind: 'homework-decision', userId: ids.users.pupil, ...decisionLetter(config, pupil, { decision: 'accepted', comment: 'Отличная работа, спасибо!', lesson: lessons[0]!, course }) },
      ],
      [
        'homework digest',
        {
          kind: 'homework-digest',
          userId: anna.id,
          ...digestLetter(config, { email: anna.email, firstName: 'Анна' }, [
            { title: course.title, lessons: [{ ...lessons[0]!, answers: 2, people: ['Пётр Учеников', 'Мария Соколова'] }, { ...lessons[1]!, answers: 1, people: ['Пётр Учеников'] }] },
            { title: 'Годовой курс', lessons: [{ number: 3, title: 'Чтение вслух', answers: 1, people: ['Иван Кузнецов'] }] },
          ]),
        },
      ],
      ['news', { kind: 'news', userId: ids.users.pupil, ...newsLetter(config, course, news, { id: ids.users.pupil, email: pupil.email, firstName: 'Пётр', lastName: 'Учеников' }) }],
      ['test letter', { kind: 'news', userId: anna.id, ...newsLetter(config, course, { subject: 'Проверка', text: 'Проверка рассылки.', to: 'test' }, { id: anna.id, email: anna.email, firstName: 'Анна', lastName: 'Петрова' }) }],
    ];
    for (const [kind, letter] of kinds) {
      const known = new Set(existsSync(outbox) ? readdirSync(outbox) : []);
      await queueLetters(db, [letter]);
      await queue.drain();
      const written = readdirSync(outbox).filter((name) => !known.has(name));
      if (written.length !== 1) throw new Error(`expected one letter in the outbox for ${kind}, found ${written.length}`);
      letters.push({ kind, raw: readFileSync(path.join(outbox, written[0]!)) });
    }
    await queue.close();
  }, 120_000);

  afterAll(async () => {
    await testDb?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends every kind as a person would read it: To with the name, a Reply-To where someone answers', () => {
    for (const { kind, raw } of letters) {
      const letter = parseLetter(raw.toString('utf8'));
      expect(letter.toName, kind).toBe(kind === 'test letter' || kind === 'homework digest' ? 'Анна Петрова' : 'Пётр Учеников');
      expect(letter.headers.get('to'), kind).toMatch(/^=\?UTF-8\?[BQ]\?.+\?= <[^<>@]+@[^<>]+>$/);
      expect(letter.headers.get('reply-to'), kind).toBeTruthy();
    }
  });

  it(`scores at most ${MOST} for every kind`, async () => {
    const scores = await score(
      letters.map((letter) => letter.raw),
      dataDir,
    );
    expect(scores).toHaveLength(letters.length);
    const over = letters.flatMap(({ kind }, index) => (scores[index]!.points > MOST ? [`${kind}: ${scores[index]!.points}\n    ${scores[index]!.rules.join('\n    ')}`] : []));
    expect(over, `letters scoring over ${MOST}:\n${over.join('\n')}`).toEqual([]);
  }, 120_000);
});
