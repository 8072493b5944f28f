// Loads the demo content (db/demo/types.ts) into an empty database, in one transaction.
import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';
import type { DemoContent } from './demo/types.ts';
import { courseDates, lessonTimes } from './demo/schedule.ts';
import { paragraphsToDraftRaw } from './draftRaw.ts';
import { hashPassword, UNUSABLE_PASSWORD } from '../services/accounts/passwords.ts';
import { testPasswordCost } from '../config.ts';
import * as t from './schema.ts';
import { paymentSystemFor, selectionTotal } from '../../../common/coursePrices.ts';

export interface SeedSummary {
  accounts: number;
  authors: number;
  courses: number;
  lessons: number;
  fillerUsers: number;
  feedback: number;
  quotations: number;
  libraryItems: number;
}

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ empty: sql<boolean>`NOT (EXISTS (SELECT 1 FROM ${t.users}) OR EXISTS (SELECT 1 FROM ${t.courses}) OR EXISTS (SELECT 1 FROM ${t.authors}))` })
    .from(sql`(SELECT 1) AS one`);
  return Boolean(row?.empty);
}

function lookup<T>(map: Map<string, T>, key: string, what: string): T {
  const value = map.get(key);
  if (value === undefined) throw new Error(`Demo content refers to an unknown ${what} "${key}"`);
  return value;
}

interface SeedOptions {
  /**
   * services/accounts/passwords.ts hashPassword at full cost, or at a test server's cost (config.ts testPasswordCost), unless
   * a test passes another.
   */
  hashPassword?: (password: string) => Promise<string>;
  /** The moment the lesson times are counted from (demo/schedule.ts): now unless a test passes another. */
  now?: Date;
}

/** Inserts the content; refuses to touch a database that already holds users, authors or courses. */
export async function seedDemo(db: Db, content: DemoContent, options: SeedOptions = {}): Promise<SeedSummary> {
  const cost = testPasswordCost() ?? undefined;
  const hash = options.hashPassword ?? ((password: string) => hashPassword(password, { cost }));
  const now = options.now ?? new Date();
  // scrypt is deliberately slow: hash before opening the transaction, in parallel on the thread pool.
  const hashes = await Promise.all(content.accounts.map((account) => hash(account.password)));
  return db.transaction(async (tx) => {
    if (!(await isDatabaseEmpty(tx as unknown as Db))) throw new Error('The database is not empty: the demo content is only loaded into an empty database');
    const accountIds = await insertAccounts(tx, content, hashes);
    const authorIds = await insertAuthors(tx, content, accountIds);
    const { courseIds, lessonIds, lessons, fillerUsers } = await insertCourses(tx, content, authorIds, now);
    await insertFeedbackAndQuotations(tx, content, courseIds);
    await insertLibrary(tx, content, courseIds);
    // The page lists the lessons itself, below the authors' text (GET /api/v1/lessons/upcoming/): the text does not.
    const timetable = [...content.timetable.intro, ...content.timetable.outro];
    await tx.insert(t.pagesContent).values({ slug: 'timetable', name: content.timetable.name, text: paragraphsToDraftRaw(timetable) });
    await tx.insert(t.seller).values(content.seller);
    await tx.insert(t.pagesContent).values({ slug: 'offer', name: content.offer.name, text: paragraphsToDraftRaw(content.offer.text) });
    await insertPurchases(tx, content, accountIds, lessonIds, now);
    return {
      accounts: content.accounts.length,
      authors: content.authors.length,
      courses: content.courses.length,
      lessons,
      fillerUsers,
      feedback: content.feedback.length,
      quotations: content.quotations.length,
      libraryItems: content.library.length,
    };
  });
}

async function insertAccounts(tx: Tx, content: DemoContent, hashes: string[]): Promise<Map<string, number>> {
  if (content.accounts.length === 0) return new Map();
  const authorAccounts = new Set(content.authors.map((author) => author.account));
  // Multi-row INSERT ... RETURNING gives the rows in the order of the VALUES list.
  const rows = await tx
    .insert(t.users)
    .values(
      content.accounts.map((account, index) => ({
        email: account.email.trim().toLowerCase(),
        passwordHash: hashes[index]!,
        firstName: account.firstName,
        lastName: account.lastName,
        yearOfBirth: account.yearOfBirth,
        isActive: true,
        isAuthor: authorAccounts.has(account.key),
      })),
    )
    .returning({ id: t.users.id });
  await tx.insert(t.disciples).values(content.accounts.map((account, index) => ({ userId: rows[index]!.id, ...account.profile })));
  return new Map(content.accounts.map((account, index) => [account.key, rows[index]!.id]));
}

async function insertAuthors(tx: Tx, content: DemoContent, accountIds: Map<string, number>): Promise<Map<string, number>> {
  if (content.authors.length === 0) return new Map();
  const rows = await tx
    .insert(t.authors)
    .values(
      content.authors.map((author) => ({
        userId: lookup(accountIds, author.account, 'account'),
        firstName: author.firstName,
        lastName: author.lastName,
        genitive: author.genitive,
        gender: author.gender ?? '',
        email: author.email,
        description: author.description,
        photo: author.photo,
        quote: author.quote,
      })),
    )
    .returning({ id: t.authors.id });
  return new Map(content.authors.map((author, index) => [author.key, rows[index]!.id]));
}

/** A demo lesson's homework as the lessons table holds it (no homework: the columns' defaults). */
function demoAssignment(lesson: DemoContent['courses'][number]['lessons'][number], startsAt: Date | null) {
  if (!lesson.assignment) return {};
  const { text, dueDaysAfterStart, required } = lesson.assignment;
  const due = dueDaysAfterStart !== undefined && startsAt !== null ? new Date(startsAt.getTime() + dueDaysAfterStart * 86_400_000) : null;
  return { assignment: paragraphsToDraftRaw(text), assignmentDueAt: due, assignmentRequired: Boolean(required) };
}

async function insertCourses(tx: Tx, content: DemoContent, authorIds: Map<string, number>, now: Date) {
  /** Course key → its lessons' ids by number. */
  const lessonIds = new Map<string, number[]>();
  if (content.courses.length === 0) return { courseIds: new Map<string, number>(), lessonIds, lessons: 0, fillerUsers: 0 };
  const times = new Map(content.courses.map((course) => [course.key, lessonTimes(course, now)]));
  const rows = await tx
    .insert(t.courses)
    .values(
      content.courses.map((course) => ({
        title: course.title,
        subtitle: course.subtitle,
        description: paragraphsToDraftRaw(course.description),
        ...courseDates(course, times.get(course.key)!, now),
        disciplesAge: course.disciplesAge,
        image: course.image,
        thumbnail: course.thumbnail,
        state: course.state,
        participantsLimit: course.participantsLimit,
        fullYear: course.fullYear,
        lessonsBlockSize: course.lessonsBlockSize,
      })),
    )
    .returning({ id: t.courses.id });
  const courseIds = new Map(content.courses.map((course, index) => [course.key, rows[index]!.id]));
  const withIds = content.courses.map((course, index) => ({ course, courseId: rows[index]!.id }));

  const links = withIds.flatMap(({ course, courseId }) => course.authors.map((key, position) => ({ courseId, authorId: lookup(authorIds, key, 'author'), position })));
  if (links.length > 0) await tx.insert(t.courseAuthors).values(links);

  const priceRows = withIds.flatMap(({ course, courseId }) =>
    course.prices.map((price) => ({
      courseId,
      currency: price.currency,
      coursePrice: String(price.coursePrice),
      lessonPrice: String(price.lessonPrice),
      lessonWholesalePrice: String(price.lessonWholesalePrice),
    })),
  );
  if (priceRows.length > 0) await tx.insert(t.prices).values(priceRows);

  const lessonRows = withIds.flatMap(({ course, courseId }) =>
    course.lessons.map((lesson, index) => ({
      courseKey: course.key,
      courseId,
      number: index + 1,
      startsAt: times.get(course.key)![index]!.startsAt,
      roomUrl: times.get(course.key)![index]!.roomUrl,
      recordingUrl: times.get(course.key)![index]!.recordingUrl,
      title: lesson.title,
      content: paragraphsToDraftRaw(lesson.content),
      duration: lesson.duration,
      state: lesson.draft ? ('draft' as const) : ('published' as const),
      full: Boolean(lesson.full),
      places: course.participantsLimit,
      ...demoAssignment(lesson, times.get(course.key)![index]!.startsAt),
    })),
  );
  const fullLessons: { lessonId: number; places: number }[] = [];
  if (lessonRows.length > 0) {
    const inserted = await tx
      .insert(t.lessons)
      .values(lessonRows.map(({ full: _full, places: _places, courseKey: _courseKey, ...lesson }) => lesson))
      .returning({ id: t.lessons.id });
    lessonRows.forEach((lesson, index) => {
      if (lesson.full) fullLessons.push({ lessonId: inserted[index]!.id, places: lesson.places });
      lessonIds.set(lesson.courseKey, [...(lessonIds.get(lesson.courseKey) ?? []), inserted[index]!.id]);
    });
  }
  const fillerUsers = await fillLessons(tx, fullLessons);
  return { courseIds, lessonIds, lessons: lessonRows.length, fillerUsers };
}

/**
 * A lesson marked `full` gets as many approved participants as its course has places. They are inactive
 * accounts that cannot log in; the same fillers take a place in every full lesson.
 */
async function fillLessons(tx: Tx, fullLessons: { lessonId: number; places: number }[]): Promise<number> {
  const needed = Math.max(0, ...fullLessons.map((lesson) => lesson.places));
  if (needed === 0) return 0;
  const fillers = await tx
    .insert(t.users)
    .values(
      Array.from({ length: needed }, (_, index) => ({
        email: `participant-${index + 1}@demo.invalid`,
        passwordHash: UNUSABLE_PASSWORD,
        firstName: 'Участник',
        lastName: `№${index + 1}`,
        isActive: false,
      })),
    )
    .returning({ id: t.users.id });
  const participatedAt = new Date();
  await tx
    .insert(t.participants)
    .values(fullLessons.flatMap(({ lessonId, places }) => fillers.slice(0, places).map((filler) => ({ userId: filler.id, lessonId, state: 'approved' as const, participatedAt }))));
  return fillers.length;
}

/**
 * The demo participant's paid places: one completed payment (through YooKassa, in the course's first currency, at the
 * site's own price for that many lessons), its lessons approved, as if bought in the test checkout a week ago.
 */
async function insertPurchases(tx: Tx, content: DemoContent, accountIds: Map<string, number>, lessonIds: Map<string, number[]>, now: Date) {
  const weekAgo = new Date(now.getTime() - 7 * 86_400_000);
  for (const purchase of content.purchases) {
    const course = content.courses.find((candidate) => candidate.key === purchase.course);
    if (!course) throw new Error(`Demo content refers to an unknown course "${purchase.course}"`);
    const price = course.prices[0];
    if (!price) throw new Error(`The demo course "${course.key}" has no price to pay`);
    const userId = lookup(accountIds, purchase.account, 'account');
    const courseLessons = lessonIds.get(course.key) ?? [];
    const ids = purchase.lessons.map((number) => lookup(new Map(courseLessons.map((id, index) => [String(index + 1), id])), String(number), `lesson number of ${course.key}`));
    const [payment] = await tx
      .insert(t.payments)
      .values({
        userId,
        system: paymentSystemFor(price.currency),
        currency: price.currency,
        amount: String(selectionTotal(price, ids.length)),
        state: 'STATE_COMPLETED',
        providerId: `sandbox-demo-${purchase.account}-${course.key}`,
        createdAt: weekAgo,
        expiresAt: weekAgo,
        paidAt: weekAgo,
        // Under the offer the seed has just written (its first version).
        offerVersion: 1,
      })
      .returning({ id: t.payments.id });
    await tx.insert(t.paymentLessons).values(ids.map((lessonId) => ({ paymentId: payment!.id, lessonId })));
    await tx.insert(t.participants).values(ids.map((lessonId) => ({ userId, lessonId, state: 'approved' as const, participatedAt: weekAgo, paymentId: payment!.id })));
  }
}

async function insertFeedbackAndQuotations(tx: Tx, content: DemoContent, courseIds: Map<string, number>) {
  if (content.feedback.length > 0) {
    await tx.insert(t.feedback).values(
      content.feedback.map((item) => ({
        author: item.author,
        authorAge: item.authorAge,
        courseId: lookup(courseIds, item.course, 'course'),
        footer: item.footer,
        text: paragraphsToDraftRaw(item.text),
      })),
    );
  }
  if (content.quotations.length > 0) {
    await tx.insert(t.quotations).values(
      content.quotations.map((quotation) => ({
        source: quotation.source,
        text: quotation.text,
        courseId: quotation.course === null ? null : lookup(courseIds, quotation.course, 'course'),
      })),
    );
  }
}

async function insertLibrary(tx: Tx, content: DemoContent, courseIds: Map<string, number>) {
  const categoryIds = new Map<string, number>();
  if (content.libraryCategories.length > 0) {
    const rows = await tx
      .insert(t.libraryCategories)
      .values(content.libraryCategories.map((category) => ({ name: category.name })))
      .returning({ id: t.libraryCategories.id });
    content.libraryCategories.forEach((category, index) => categoryIds.set(category.key, rows[index]!.id));
  }
  if (content.library.length === 0) return;
  const items = await tx
    .insert(t.libraryItems)
    .values(content.library.map((item) => ({ title: item.title, author: item.author, externalLink: item.externalLink, file: item.file })))
    .returning({ id: t.libraryItems.id });
  const categoryLinks = content.library.flatMap((item, index) =>
    [...new Set(item.categories)].map((key) => ({ itemId: items[index]!.id, categoryId: lookup(categoryIds, key, 'library category') })),
  );
  const courseLinks = content.library.flatMap((item, index) => [...new Set(item.courses)].map((key) => ({ itemId: items[index]!.id, courseId: lookup(courseIds, key, 'course') })));
  if (categoryLinks.length > 0) await tx.insert(t.libraryItemCategories).values(categoryLinks);
  if (courseLinks.length > 0) await tx.insert(t.libraryItemCourses).values(courseLinks);
}
