// The data model (spec section 3) as Drizzle pg-core tables; each change comes with a hand-written migration and its
// drizzle snapshot (server/README.md, «Migrations»).
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { AuditAction, AuditEntity } from '../../../common/mutabo/history.ts';
import type { MailingAudience } from '../../../common/mutabo/mailings.ts';
import type { RefundState } from '../../../common/mutabo/payments.ts';
import type { CourseFormat, StoredRecordingState } from '../../../common/recordings.ts';
import type { ConsentAction, ConsentKind, ConsentSource } from '../../../common/privacy.ts';
import type { AppliedDiscount, DiscountAmount } from '../../../common/discounts.ts';
import {
  COURSE_STATES,
  CURRENCIES,
  DISCIPLES_AGES,
  LESSON_STATES,
  MAIN_LANGUAGES,
  PARTICIPATION_STATES,
  PAYMENT_STATES,
  PAYMENT_SYSTEMS,
} from '../../../common/enums.ts';

export const courseState = pgEnum('course_state', COURSE_STATES);
export const disciplesAge = pgEnum('disciples_age', DISCIPLES_AGES);
export const currency = pgEnum('currency', CURRENCIES);
export const lessonState = pgEnum('lesson_state', LESSON_STATES);
export const participationState = pgEnum('participation_state', PARTICIPATION_STATES);
export const mainLanguage = pgEnum('main_language', MAIN_LANGUAGES);
export const paymentSystem = pgEnum('payment_system', PAYMENT_SYSTEMS);
export const paymentState = pgEnum('payment_state', PAYMENT_STATES);

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A payment's discount as recorded with it. */
export type PaymentDiscountRecord = Omit<AppliedDiscount, 'fullAmount'>;

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    /** `scrypt$N$r$p$salt$hash` (services/accounts/passwords.ts); a value starting with `!` can never match. */
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    yearOfBirth: integer('year_of_birth'),
    isActive: boolean('is_active').notNull().default(false),
    isAuthor: boolean('is_author').notNull().default(false),
    /** Tokens issued before this moment are no longer accepted. */
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** Bumped by every password-reset letter: the reset links made before it stop working. */
    passwordResetCount: integer('password_reset_count').notNull().default(0),
    createdAt: createdAt(),
    /** When the account was deleted (migration 0018, services/accounts/deletion.ts): the row stays, emptied. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    // Only live accounts hold an address: a deleted one's is '' and the address is free to sign up again.
    uniqueIndex('users_email_lower_unique').on(sql`lower(${table.email})`).where(sql`${table.deletedAt} IS NULL`),
    check('users_year_of_birth_range', sql`${table.yearOfBirth} IS NULL OR ${table.yearOfBirth} BETWEEN 0 AND 9999`),
    check(
      'users_deleted_emptied',
      sql`${table.deletedAt} IS NULL OR (${table.email} = '' AND ${table.firstName} = '' AND ${table.lastName} = '' AND ${table.yearOfBirth} IS NULL AND NOT ${table.isActive} AND NOT ${table.isAuthor})`,
    ),
  ],
);

export const disciples = pgTable('disciples', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  country: text('country').notNull().default(''),
  mainLanguage: mainLanguage('main_language').notNull().default('Russian'),
  /** A minor's answer; null until given (migration 0025): an unanswered question never reads as «Нет». */
  visitSchool: boolean('visit_school'),
  readWriteProblems: text('read_write_problems').notNull().default(''),
  otherInfo: text('other_info').notNull().default(''),
  timezone: text('timezone').notNull().default(''),
});

export const authors = pgTable('authors', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .unique()
    .references(() => users.id, { onDelete: 'set null' }),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull().default(''),
  genitive: text('genitive').notNull().default(''),
  description: text('description').notNull().default(''),
  photo: text('photo').notNull().default(''),
  quote: text('quote').notNull().default(''),
  /** 'female', 'male', or '' while unsaid (common/authorGender.ts): what the texts that speak of the author agree with. */
  gender: text('gender').notNull().default(''),
  /** Bumped by every write of the authors' API; a write that names an older version is refused. */
  version: integer('version').notNull().default(1),
}, (table) => [check('authors_gender_known', sql`${table.gender} IN ('', 'female', 'male')`)]);

export const courses = pgTable(
  'courses',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull().default(''),
    /** Draft.js raw content serialised as JSON. */
    description: text('description').notNull().default(''),
    start: date('start'),
    end: date('end'),
    disciplesAge: disciplesAge('disciples_age').notNull(),
    image: text('image').notNull().default(''),
    thumbnail: text('thumbnail').notNull().default(''),
    state: courseState('state').notNull().default('draft'),
    participantsLimit: integer('participants_limit').notNull().default(0),
    url: text('url').notNull().default(''),
    fullYear: boolean('full_year').notNull().default(false),
    lessonsBlockSize: integer('lessons_block_size').notNull().default(1),
    /** The IANA zone the authors enter lesson times in. */
    timeZone: text('time_zone').notNull().default('Europe/Moscow'),
    /** The webinar room of the course's lessons that have no link of their own (services/mutabo/courseRoom.ts). */
    roomUrl: text('room_url').notNull().default(''),
    /** 'live' (webinars at set times) or 'recorded' (lessons without times, each watched as a recording; issue 34). */
    format: text('format').$type<CourseFormat>().notNull().default('live'),
    /** How many days after a lesson (or after its payment, for a recording bought later) its recording stays open; null: always. */
    recordingDays: integer('recording_days'),
    createdAt: createdAt(),
    /** Bumped by every write of the authors' API; a write that names an older version is refused. */
    version: integer('version').notNull().default(1),
  },
  (table) => [
    check('courses_participants_limit_non_negative', sql`${table.participantsLimit} >= 0`),
    check('courses_lessons_block_size_positive', sql`${table.lessonsBlockSize} >= 1`),
    check('courses_dates_ordered', sql`${table.start} IS NULL OR ${table.end} IS NULL OR ${table.start} <= ${table.end}`),
    check('courses_format_known', sql`${table.format} IN ('live', 'recorded')`),
    check('courses_recording_days_range', sql`${table.recordingDays} IS NULL OR ${table.recordingDays} BETWEEN 1 AND 3650`),
  ],
);

export const courseAuthors = pgTable(
  'course_authors',
  {
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => authors.id, { onDelete: 'cascade' }),
    /** 0 for the first author, who receives discount requests. */
    position: integer('position').notNull(),
  },
  (table) => [primaryKey({ columns: [table.courseId, table.authorId] }), unique('course_authors_position_unique').on(table.courseId, table.position)],
);

export const prices = pgTable(
  'prices',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    currency: currency('currency').notNull(),
    coursePrice: numeric('course_price', { precision: 12, scale: 2 }).notNull(),
    lessonPrice: numeric('lesson_price', { precision: 12, scale: 2 }).notNull(),
    lessonWholesalePrice: numeric('lesson_wholesale_price', { precision: 12, scale: 2 }).notNull(),
  },
  (table) => [
    unique('prices_course_currency_unique').on(table.courseId, table.currency),
    check('prices_non_negative', sql`${table.coursePrice} >= 0 AND ${table.lessonPrice} >= 0 AND ${table.lessonWholesalePrice} >= 0`),
  ],
);

export const lessons = pgTable(
  'lessons',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    title: text('title').notNull(),
    /** Draft.js raw content serialised as JSON, or plain text. */
    content: text('content').notNull().default(''),
    duration: integer('duration').notNull(),
    state: lessonState('state').notNull().default('draft'),
    /** Bumped by every write of the authors' API; a write that names an older version is refused. */
    version: integer('version').notNull().default(1),
    /** Null while the lesson is not scheduled. */
    startsAt: timestamp('starts_at', { withTimezone: true }),
    /** The webinar room (https, '' for none): given only to approved participants, from 30 minutes before the start. */
    roomUrl: text('room_url').notNull().default(''),
    /** The recording (https, '' for none): given only to approved participants, after the start. */
    recordingUrl: text('recording_url').notNull().default(''),
    /** iCalendar SEQUENCE: bumped when the time, the duration or the publication changes. */
    sequence: integer('sequence').notNull().default(0),
    /** When an author marked the lesson held (a lesson without a time): its settlement receipts are due then. */
    heldAt: timestamp('held_at', { withTimezone: true }),
    /** The homework (issue 35): draft-js raw, '' for none; shown to approved participants from the start. */
    assignment: text('assignment').notNull().default(''),
    assignmentDueAt: timestamp('assignment_due_at', { withTimezone: true }),
    /** «Стоп-занятие»: the next lesson's recording opens only to those who sent an answer. */
    assignmentRequired: boolean('assignment_required').notNull().default(false),
  },
  (table) => [
    unique('lessons_course_number_unique').on(table.courseId, table.number),
    check('lessons_duration_positive', sql`${table.duration} > 0`),
    index('lessons_starts_at_idx').on(table.startsAt).where(sql`${table.startsAt} IS NOT NULL`),
  ],
);

/**
 * A lesson's uploaded recording (issue 34, docs/RECORDINGS.md). At most one is ready and at most one is on its way
 * (uploading, processing or failed) per lesson: a new upload replaces the ready one only once it is ready itself. The
 * row is the processing job too (state 'processing'), claimed with FOR UPDATE SKIP LOCKED and a lease as letters are.
 * Its files are `lessons/<lessonId>/<generation>.mp4` and `.jpg` in the recordings' storage, never in the database.
 */
export const lessonRecordings = pgTable(
  'lesson_recordings',
  {
    id: serial('id').primaryKey(),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    /** Random, unique: the files' names, so the addresses of a replaced recording lead nowhere. */
    generation: text('generation').notNull().unique(),
    state: text('state').$type<StoredRecordingState>().notNull(),
    /** Who uploaded it. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Whose quota (RECORDING_QUOTA_BYTES) it counts against: the uploading author. */
    authorId: integer('author_id').references(() => authors.id, { onDelete: 'set null' }),
    /** The tus upload's id while it is uploaded (and after, until the upload's files are gone). */
    uploadId: text('upload_id').unique(),
    fileName: text('file_name').notNull().default(''),
    /** The upload's declared length (Upload-Length): what the quota counts until the prepared size is known. */
    uploadSize: bigint('upload_size', { mode: 'number' }).notNull(),
    /** The prepared video's and poster's bytes, once ready. */
    size: bigint('size', { mode: 'number' }),
    /** Seconds, once probed. */
    duration: integer('duration'),
    /** Why it failed, in Russian, for the authors. */
    reason: text('reason').notNull().default(''),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: createdAt(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
  },
  (table) => [
    check('lesson_recordings_state_known', sql`${table.state} IN ('uploading', 'processing', 'ready', 'failed')`),
    check('lesson_recordings_upload_size_positive', sql`${table.uploadSize} > 0`),
    uniqueIndex('lesson_recordings_one_pending_idx').on(table.lessonId).where(sql`${table.state} IN ('uploading', 'processing', 'failed')`),
    uniqueIndex('lesson_recordings_one_ready_idx').on(table.lessonId).where(sql`${table.state} = 'ready'`),
    index('lesson_recordings_due_idx').on(table.nextAttemptAt, table.id).where(sql`${table.state} = 'processing'`),
    index('lesson_recordings_author_idx').on(table.authorId),
  ],
);

/** Where a person stopped watching a lesson's recording, and how far they got (seconds). */
export const recordingPositions = pgTable(
  'recording_positions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    seconds: integer('seconds').notNull().default(0),
    furthest: integer('furthest').notNull().default(0),
    firstWatchedAt: timestamp('first_watched_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.lessonId] }),
    check('recording_positions_seconds_range', sql`${table.seconds} >= 0 AND ${table.furthest} >= 0`),
    index('recording_positions_lesson_idx').on(table.lessonId),
  ],
);

/**
 * Who came to a lesson's room (issue 35, docs/ATTENDANCE.md): one row per person and lesson, written by the join link
 * (/lessons/{id}/join) before it sends the person on to the room. Deleted with the lesson, and with the account
 * (services/accounts/deletion.ts erases it, since the users row stays).
 */
export const lessonAttendance = pgTable(
  'lesson_attendance',
  {
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstJoinedAt: timestamp('first_joined_at', { withTimezone: true }).notNull().defaultNow(),
    lastJoinedAt: timestamp('last_joined_at', { withTimezone: true }).notNull().defaultNow(),
    joins: integer('joins').notNull().default(1),
  },
  (table) => [primaryKey({ columns: [table.lessonId, table.userId] }), index('lesson_attendance_user_idx').on(table.userId)],
);

/**
 * A participant's answer to a lesson's assignment (issue 35, docs/HOMEWORK.md). A thread is every answer of one person
 * to one lesson: at most one is open (a draft or sent and waiting), a returned one stays and a new one follows it.
 * `seen_at`: the first time an author opened it; from then on it cannot be changed.
 */
export const homeworkAnswers = pgTable(
  'homework_answers',
  {
    id: serial('id').primaryKey(),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull().default(''),
    state: text('state', { enum: ['draft', 'submitted', 'accepted', 'returned'] }).notNull().default('draft'),
    comment: text('comment').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    seenAt: timestamp('seen_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    check('homework_answers_state_check', sql`${table.state} IN ('draft', 'submitted', 'accepted', 'returned')`),
    index('homework_answers_lesson_user_idx').on(table.lessonId, table.userId),
    index('homework_answers_user_idx').on(table.userId),
    index('homework_answers_waiting_idx').on(table.submittedAt).where(sql`${table.state} = 'submitted'`),
    uniqueIndex('homework_answers_one_open').on(table.lessonId, table.userId).where(sql`${table.state} IN ('draft', 'submitted')`),
  ],
);

/** A file of an answer: its bytes are in the recordings' storage under `storage_key`, never in the database. */
export const homeworkFiles = pgTable(
  'homework_files',
  {
    id: serial('id').primaryKey(),
    answerId: integer('answer_id')
      .notNull()
      .references(() => homeworkAnswers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    size: integer('size').notNull(),
    kind: text('kind').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('homework_files_answer_idx').on(table.answerId), unique('homework_files_storage_key_unique').on(table.storageKey)],
);

/** When an author's daily digest of new answers was last queued: the next one names the answers sent since. */
export const homeworkDigests = pgTable('homework_digests', {
  authorUserId: integer('author_user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
});

/**
 * The Telegram chat bound to an account (issue 36, docs/TELEGRAM.md): one per account, and one account per chat (a new
 * binding of either replaces the old). `name` is the chat's name as Telegram gave it at binding.
 */
export const telegramChats = pgTable('telegram_chats', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  chatId: bigint('chat_id', { mode: 'number' }).notNull().unique('telegram_chats_chat_id_unique'),
  name: text('name').notNull().default(''),
  boundAt: timestamp('bound_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A binding code of the deep link, kept as its SHA-256 only: single-use, valid 15 minutes. */
export const telegramCodes = pgTable(
  'telegram_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('telegram_codes_user_idx').on(table.userId)],
);

/**
 * Telegram messages kept until sent (issue 36, docs/TELEGRAM.md, «Never lost, never doubled»): the letter queue's
 * pattern (claimed with FOR UPDATE SKIP LOCKED and a lease, retried with backoff, a dedupe key each), composed when
 * sent from the facts in `payload` (a reminder of a lesson moved meanwhile is dropped). `rerouted`: the person had
 * blocked the bot, the chat was unbound and the message went by e-mail instead.
 */
export const outboxTelegram = pgTable(
  'outbox_telegram',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** A course news mailing's message (migration 0034): its history counts it beside the mailing's letters. */
    mailingId: integer('mailing_id').references(() => mailings.id, { onDelete: 'cascade' }),
  },
  (table) => [
    unique('outbox_telegram_dedupe_key_unique').on(table.dedupeKey),
    check('outbox_telegram_state_known', sql`${table.state} IN ('pending', 'sent', 'failed', 'dropped', 'rerouted')`),
    index('outbox_telegram_due_idx').on(table.nextAttemptAt, table.id).where(sql`${table.state} = 'pending'`),
    index('outbox_telegram_user_idx').on(table.userId),
    index('outbox_telegram_mailing_idx').on(table.mailingId, table.id).where(sql`${table.mailingId} IS NOT NULL`),
  ],
);

/** A person's channels per kind of message (common/telegram.ts); no row: the defaults. */
export const notificationChoices = pgTable('notification_choices', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  choices: jsonb('choices').$type<Record<string, string[]>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An author's extension of one person's recording window in a course (courses.recording_days): open until `until`. */
export const recordingAccessExtensions = pgTable(
  'recording_access_extensions',
  {
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    until: timestamp('until', { withTimezone: true }).notNull(),
    grantedBy: integer('granted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.courseId, table.userId] })],
);

/**
 * Views of the public pages (issue 37, docs/STATS.md): one counter per page and day (the day in Moscow), never a row
 * per person, no address, no user agent. Written every minute from the counts kept in memory
 * (services/stats/viewCounter.ts); a course page's counters carry the course, so the funnel can sum them.
 */
export const pageViews = pgTable(
  'page_views',
  {
    day: date('day').notNull(),
    path: text('path').notNull(),
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'cascade' }),
    views: integer('views').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.day, table.path] }),
    check('page_views_views_non_negative', sql`${table.views} >= 0`),
    index('page_views_course_day_idx').on(table.courseId, table.day).where(sql`${table.courseId} IS NOT NULL`),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    system: paymentSystem('system').notNull(),
    currency: currency('currency').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    state: paymentState('state').notNull().default('STATE_IN_PROGRESS'),
    /** The provider's payment id, known once the provider has accepted the payment. */
    providerId: text('provider_id'),
    createdAt: createdAt(),
    /** Reserved places are released when a payment in progress passes this moment. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Where the payer confirms the payment (the provider's page); handed back to a repeated request. */
    redirectUrl: text('redirect_url'),
    /** When the provider confirmed that the money was taken. */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Paid, but the places could not be given (a late success after the places were sold): refund by hand. */
    refundRequired: boolean('refund_required').notNull().default(false),
    /**
     * When the payment ended in STATE_FAILURE (migration 0024); null for one in progress or paid, and for those that
     * ended before the column existed. A checkout cancelled at once ends long before its hold would have.
     */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Why a payment ended in STATE_FAILURE: canceled, expired, superseded, withdrawn, provider_error, no_places. */
    failureReason: text('failure_reason'),
    /** The version of the public offer (pages_content, slug `offer`) when the payment was made; null when there was none. */
    offerVersion: integer('offer_version'),
    /**
     * The payer's address as the payment's fiscal receipt gave it to YooKassa, kept when the payer deletes the account
     * (migration 0018): the settlement and refund receipts still to come go to it. Null otherwise.
     */
    receiptEmail: text('receipt_email'),
    /** What the same lessons cost without the discount the payment was charged with (migration 0021); null: none. */
    fullAmount: numeric('full_amount', { precision: 12, scale: 2 }),
    /** The discount applied, as it was then (common/discounts.ts AppliedDiscount without fullAmount); null: none. */
    discount: jsonb('discount').$type<PaymentDiscountRecord>(),
    /** The personal discount applied, while it exists. */
    discountId: integer('discount_id').references(() => discounts.id, { onDelete: 'set null' }),
    /** The promo code whose use the payment took: given back when the payment is cancelled or expires. */
    promoCodeId: integer('promo_code_id').references(() => promoCodes.id, { onDelete: 'set null' }),
    /**
     * The course of the payment's lessons (a payment names lessons of one course; migration 0035): set by a trigger when
     * its first payment_lessons row is written, so the statistics find a payment's course without a lookup per payment.
     */
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'set null' }),
  },
  (table) => [
    unique('payments_system_provider_id_unique').on(table.system, table.providerId),
    check('payments_amount_non_negative', sql`${table.amount} >= 0`),
    index('payments_user_idx').on(table.userId),
    index('payments_in_progress_expiry_idx').on(table.expiresAt).where(sql`${table.state} = 'STATE_IN_PROGRESS'`),
    // The statistics (issue 37): money by the day it was paid, checkouts by the day they began.
    index('payments_paid_at_idx').on(table.paidAt).where(sql`${table.paidAt} IS NOT NULL`),
    index('payments_created_at_idx').on(table.createdAt),
    index('payments_course_paid_at_idx').on(table.courseId, table.paidAt).where(sql`${table.paidAt} IS NOT NULL`),
  ],
);

export const paymentLessons = pgTable(
  'payment_lessons',
  {
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'restrict' }),
  },
  (table) => [primaryKey({ columns: [table.paymentId, table.lessonId] }), index('payment_lessons_lesson_idx').on(table.lessonId)],
);

/** Numbers the waiting lists' rows (participants.queue_order, migration 0012, which makes the column own it). */
export const participantsQueueOrderSeq = pgSequence('participants_queue_order_seq');

export const participants = pgTable(
  'participants',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    state: participationState('state').notNull(),
    participatedAt: timestamp('participated_at', { withTimezone: true }),
    /** For a reserved place: when the reservation lapses unless paid. */
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** A waiting list's order (then id): from a sequence, so a new row goes last; moving up exchanges values. */
    queueOrder: bigint('queue_order', { mode: 'number' })
      .notNull()
      .default(sql`nextval('participants_queue_order_seq')`),
  },
  (table) => [
    unique('participants_user_lesson_unique').on(table.userId, table.lessonId),
    index('participants_lesson_state_idx').on(table.lessonId, table.state),
    index('participants_payment_idx').on(table.paymentId),
  ],
);

/**
 * A refund of a payment, whole or for some of its lessons (services/payments/refunds.ts): written (pending, with its
 * idempotence key) before the provider is asked, so asking again never refunds twice; the places are freed when the
 * provider confirms. `source` is `provider` for a refund made in the provider's dashboard, learnt from its notification.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    lessonIds: integer('lesson_ids').array().notNull().default(sql`'{}'`),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    currency: currency('currency').notNull(),
    state: text('state').$type<RefundState>().notNull().default('pending'),
    source: text('source').$type<'area' | 'provider'>().notNull().default('area'),
    system: paymentSystem('system').notNull(),
    providerId: text('provider_id'),
    idempotenceKey: text('idempotence_key').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    failure: text('failure'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    unique('refunds_idempotence_key_unique').on(table.idempotenceKey),
    unique('refunds_system_provider_id_unique').on(table.system, table.providerId),
    // 0 ₽: the release of places bought at 0 ₽ (migration 0026).
    check('refunds_amount_non_negative', sql`${table.amount} >= 0`),
    check('refunds_state_known', sql`${table.state} IN ('pending', 'succeeded', 'failed')`),
    check('refunds_source_known', sql`${table.source} IN ('area', 'provider')`),
    index('refunds_payment_idx').on(table.paymentId),
    index('refunds_completed_at_idx').on(table.completedAt).where(sql`${table.state} = 'succeeded'`),
  ],
);

export const mailingSubscriptions = pgTable(
  'mailing_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [unique('mailing_subscriptions_user_course_unique').on(table.userId, table.courseId)],
);

/**
 * A consent given or withdrawn (migration 0017, docs/PRIVACY.md): the sign-up's consent to processing (no course) and a
 * course's news consent, with the policy version, where it was given, the client address and user agent. Only
 * inserted (repositories/accounts/consentsRepository.ts), in the transaction of the change it records; never updated or deleted
 * while the account exists.
 */
export const consents = pgTable(
  'consents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ConsentKind>().notNull(),
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'set null' }),
    action: text('action').$type<ConsentAction>().notNull(),
    policyVersion: text('policy_version').notNull(),
    source: text('source').$type<ConsentSource>().notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (table) => [
    check('consents_kind_known', sql`${table.kind} IN ('processing', 'news')`),
    check('consents_action_known', sql`${table.action} IN ('given', 'withdrawn')`),
    check('consents_source_known', sql`${table.source} IN ('signup', 'course-page', 'account', 'payment', 'unsubscribe-link', 'account-deletion')`),
    check('consents_course_of_news', sql`${table.kind} = 'news' OR ${table.courseId} IS NULL`),
    check('consents_user_agent_length', sql`char_length(${table.userAgent}) <= 500`),
    index('consents_user_idx').on(table.userId, table.id),
  ],
);

export const feedback = pgTable(
  'feedback',
  {
    id: serial('id').primaryKey(),
    author: text('author').notNull(),
    authorAge: integer('author_age'),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    footer: text('footer').notNull().default(''),
    /** Draft.js raw content serialised as JSON, or plain text. */
    text: text('text').notNull(),
    createdAt: createdAt(),
    /** Bumped by every write of the authors' API; a write that names an older version is refused. */
    version: integer('version').notNull().default(1),
  },
  (table) => [check('feedback_author_age_range', sql`${table.authorAge} IS NULL OR ${table.authorAge} BETWEEN 0 AND 150`)],
);

export const quotations = pgTable('quotations', {
  id: serial('id').primaryKey(),
  source: text('source').notNull(),
  text: text('text').notNull(),
  courseId: integer('course_id').references(() => courses.id, { onDelete: 'set null' }),
  /** Bumped by every write of the authors' API; a write that names an older version is refused. */
  version: integer('version').notNull().default(1),
});

export const libraryCategories = pgTable('library_categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** Bumped by every write of the authors' API; a write that names an older version is refused. */
  version: integer('version').notNull().default(1),
});

export const libraryItems = pgTable('library_items', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  author: text('author').notNull().default(''),
  externalLink: text('external_link'),
  /** Site-relative URL of a downloadable file. */
  file: text('file'),
  createdAt: createdAt(),
  /** Bumped by every write of the authors' API; a write that names an older version is refused. */
  version: integer('version').notNull().default(1),
});

export const libraryItemCategories = pgTable(
  'library_item_categories',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => libraryItems.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => libraryCategories.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.itemId, table.categoryId] }), index('library_item_categories_category_idx').on(table.categoryId)],
);

export const libraryItemCourses = pgTable(
  'library_item_courses',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => libraryItems.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.itemId, table.courseId] }), index('library_item_courses_course_idx').on(table.courseId)],
);

/** Editable page texts; the timetable is the row with slug `timetable`. */
export const pagesContent = pgTable('pages_content', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  /** Draft.js raw content serialised as JSON. */
  text: text('text').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** Bumped by every write of the authors' API; a write that names an older version is refused. */
  version: integer('version').notNull().default(1),
});

/**
 * The seller's details (issue 19): one row (id 1), made by the authors' first save; until then every field reads ''.
 * Behind the public GET /api/v1/seller/, so its trigger drops the public cache like the other public tables'.
 */
export const seller = pgTable(
  'seller',
  {
    id: integer('id').primaryKey().default(1),
    /** An organisation's name or an individual entrepreneur's full name. */
    name: text('name').notNull().default(''),
    /** 10 digits (an organisation) or 12 (an ИП), check digits verified by common/sellerNumbers.ts. */
    inn: text('inn').notNull().default(''),
    /** ОГРН (13 digits) or ОГРНИП (15). */
    ogrn: text('ogrn').notNull().default(''),
    address: text('address').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Bumped by every write of the authors' API; a write that names an older version is refused. */
    version: integer('version').notNull().default(1),
  },
  (table) => [check('seller_single_row', sql`${table.id} = 1`)],
);

/**
 * What account endpoints limit (failed logins, password checks, letters), one row per kind and key: the times of its
 * events still in the window, oldest first, so that taking a slot is one atomic upsert (services/accounts/limits.ts).
 * Kept in the database so that every server process counts the same; rows idle for a day are pruned.
 */
export const authLimits = pgTable(
  'auth_limits',
  {
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    times: timestamp('times', { withTimezone: true }).array().notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ name: 'auth_limits_pkey', columns: [table.kind, table.key] }), index('auth_limits_last_at_idx').on(table.lastAt)],
);


/**
 * Every write of the authors (services/mutabo/audit.ts), recorded in the transaction of the write. `entity` and
 * `action` are text so that each area adds its names without a migration; `course_id` has no foreign key, so the
 * record of a course's deletion outlives the course.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    entity: text('entity').$type<AuditEntity>().notNull(),
    entityId: integer('entity_id').notNull(),
    courseId: integer('course_id'),
    action: text('action').$type<AuditAction>().notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (table) => [index('audit_log_course_idx').on(table.courseId, table.id), index('audit_log_entity_idx').on(table.entity, table.entityId)],
);

/** Binary data as a Buffer (node-postgres gives a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Files the authors upload, served at `/media/<key>`: in the database, so every server process has them. */
export const uploads = pgTable('uploads', {
  id: serial('id').primaryKey(),
  /** `<first 16 hex digits of sha256>/<name>`. */
  key: text('key').notNull().unique(),
  sha256: text('sha256').notNull(),
  name: text('name').notNull(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  data: bytea('data').notNull(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/** Secrets shared by every server process on this database, by name (`jwt`: the signing key when JWT_SECRET is unset). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/** An author's letter to a course's news subscribers or participants; its letters are outbox_letters rows. */
export const mailings = pgTable(
  'mailings',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** The author's user who sent it. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    audience: text('audience').$type<MailingAudience>().notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('mailings_course_idx').on(table.courseId, table.id),
    check('mailings_audience_known', sql`${table.audience} IN ('subscribers', 'participants', 'test')`),
  ],
);

export type OutboxLetterState = 'pending' | 'sent' | 'failed' | 'dropped';

/** A file a letter carries (a lesson's calendar entry): text content, kept with the queued letter until it is sent. */
export interface LetterAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/**
 * The durable queue of letters (services/letters/letterQueue.ts): recorded in the transaction of the change that causes
 * them, claimed by the workers of every process with FOR UPDATE SKIP LOCKED and a lease, retried with backoff.
 */
export const outboxLetters = pgTable(
  'outbox_letters',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    recipient: text('recipient'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Null only until a letter composed at sending time (an approval) is composed. */
    subject: text('subject'),
    text: text('text'),
    html: text('html'),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    /** Emptied with the body once the letter is sent. */
    attachments: jsonb('attachments').$type<LetterAttachment[]>().notNull().default([]),
    mailingId: integer('mailing_id').references(() => mailings.id, { onDelete: 'cascade' }),
    dedupeKey: text('dedupe_key'),
    /** Letters that gather (approvals of one person and course) while unsent: what they are composed from. */
    gatherKey: text('gather_key'),
    payload: jsonb('payload'),
    state: text('state').$type<OutboxLetterState>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    unique('outbox_letters_dedupe_key_unique').on(table.dedupeKey),
    check('outbox_letters_state_known', sql`${table.state} IN ('pending', 'sent', 'failed', 'dropped')`),
    index('outbox_letters_due_idx').on(table.nextAttemptAt, table.id).where(sql`${table.state} = 'pending'`),
    index('outbox_letters_mailing_idx').on(table.mailingId, table.id).where(sql`${table.mailingId} IS NOT NULL`),
    index('outbox_letters_gather_idx').on(table.gatherKey).where(sql`${table.state} = 'pending' AND ${table.gatherKey} IS NOT NULL`),
  ],
);

/**
 * The secret of a user's personal calendar feed (GET /api/v1/calendar/{token}.ics); a new one replaces it. It opens
 * the feed only while `password_changed_at` is the user's: a password change or a reset ends it, as it ends the tokens.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique(),
  /** The user's password stamp when the secret was made. */
  passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/**
 * What a user's feed last told their calendar about each lesson (services/schedule/calendarFeed.ts): a lesson that leaves the
 * feed is sent once more as cancelled. No foreign key to lessons, so a deleted lesson is remembered too.
 */
export const calendarFeedEvents = pgTable(
  'calendar_feed_events',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id').notNull(),
    courseId: integer('course_id').notNull(),
    courseTitle: text('course_title').notNull(),
    number: integer('number').notNull(),
    title: text('title').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    duration: integer('duration').notNull(),
    sequence: integer('sequence').notNull(),
    cancelled: boolean('cancelled').notNull().default(false),
  },
  (table) => [primaryKey({ columns: [table.userId, table.lessonId] })],
);

export const RECEIPT_TYPES = ['payment', 'refund', 'settlement'] as const;
export type ReceiptType = (typeof RECEIPT_TYPES)[number];
export type ReceiptState = 'pending' | 'sent' | 'failed';

/**
 * Every 54-ФЗ receipt the server sends through YooKassa (migration 0016, docs/PAYMENTS.md): a payment's and a partial
 * refund's go with their request and are recorded as sent; a settlement receipt is queued once per payment and lesson
 * and sent by the workers (services/payments/settlements.ts), claimed with FOR UPDATE SKIP LOCKED and a lease.
 */
export const receipts = pgTable(
  'receipts',
  {
    id: serial('id').primaryKey(),
    type: text('type').$type<ReceiptType>().notNull(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    refundId: integer('refund_id').references(() => refunds.id, { onDelete: 'cascade' }),
    /** A settlement's lesson (its unique key with the payment); null for a payment's or a refund's receipt. */
    lessonId: integer('lesson_id').references(() => lessons.id, { onDelete: 'cascade' }),
    /** The receipt's lessons in its order, and each one's amount in kopecks. */
    lessonIds: integer('lesson_ids').array().notNull().default(sql`'{}'`),
    lessonCents: integer('lesson_cents').array().notNull().default(sql`'{}'`),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    currency: currency('currency').notNull(),
    /** The items' payment_mode: full_prepayment or full_payment. */
    paymentMode: text('payment_mode').notNull(),
    state: text('state').$type<ReceiptState>().notNull().default('pending'),
    /** YooKassa's description of a refusal, or the last failure of a receipt still being retried. */
    reason: text('reason'),
    idempotenceKey: text('idempotence_key').notNull(),
    /** YooKassa's receipt id (a settlement's). */
    providerId: text('provider_id'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    unique('receipts_idempotence_key_unique').on(table.idempotenceKey),
    unique('receipts_payment_lesson_type_unique').on(table.paymentId, table.lessonId, table.type),
    check('receipts_type_known', sql`${table.type} IN ('payment', 'refund', 'settlement')`),
    check('receipts_state_known', sql`${table.state} IN ('pending', 'sent', 'failed')`),
    check('receipts_amount_non_negative', sql`${table.amount} >= 0`),
    index('receipts_due_idx').on(table.nextAttemptAt, table.id).where(sql`${table.state} = 'pending'`),
    index('receipts_failed_idx').on(table.id).where(sql`${table.state} = 'failed'`),
  ],
);

/**
 * The link-preview pictures (og:image) made from course covers (services/content/ogImages.ts, migration 0019), by `key`: 16 hex
 * digits of the hash of the recipe and the cover's content, so a changed cover gets a new row and a new address.
 */
export const ogImages = pgTable('og_images', {
  key: text('key').primaryKey(),
  data: bytea('data').notNull(),
  createdAt: createdAt(),
});

/**
 * The permanent refusals in a row of letters to a person's address (migration 0020, repositories/letters/letterDeliveryRepository.ts):
 * from UNDELIVERABLE_AFTER (letterQueue.ts) on, the address gets no news. Only the SHA-256 of the lower-case address is
 * kept, so a changed address no longer matches; a delivered letter deletes the row, and so does the deletion of the user row.
 */
export const mailDeliveryFailures = pgTable(
  'mail_delivery_failures',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    addressHash: text('address_hash').notNull(),
    failures: integer('failures').notNull(),
    firstFailedAt: timestamp('first_failed_at', { withTimezone: true }).notNull().defaultNow(),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('mail_delivery_failures_failures_positive', sql`${table.failures} > 0`)],
);

/**
 * A personal discount (migration 0021, issue 23): a percent or amounts per currency off a course's prices for the
 * person with the address `email` (lower-case; an account made later with it gets it too), until `expires_at`. One
 * active (not revoked) per course and address: a new one revokes the old in the same transaction.
 */
export const discounts = pgTable(
  'discounts',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    percent: integer('percent'),
    amounts: jsonb('amounts').$type<DiscountAmount[]>(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    note: text('note').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    check('discounts_terms_one', sql`(${table.percent} IS NULL) <> (${table.amounts} IS NULL)`),
    check('discounts_percent_range', sql`${table.percent} BETWEEN 1 AND 100`),
    uniqueIndex('discounts_course_email_active_unique').on(table.courseId, table.email).where(sql`${table.revokedAt} IS NULL`),
    index('discounts_email_idx').on(table.email).where(sql`${table.revokedAt} IS NULL`),
  ],
);

/**
 * A promo code (migration 0021, issue 23): `code` upper-case, for one course or (course_id null) every course its
 * author leads, valid from–until, used at most `max_uses` times. `uses` counts the payments completed or in progress
 * that took it: taken in the transaction that holds the places, given back when such a payment is cancelled or expires.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'cascade' }),
    /** The author who made it: a code for every course covers the courses they lead. */
    authorId: integer('author_id').references(() => authors.id, { onDelete: 'cascade' }),
    percent: integer('percent'),
    amounts: jsonb('amounts').$type<DiscountAmount[]>(),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    check('promo_codes_terms_one', sql`(${table.percent} IS NULL) <> (${table.amounts} IS NULL)`),
    check('promo_codes_percent_range', sql`${table.percent} BETWEEN 1 AND 100`),
    check('promo_codes_uses_range', sql`${table.uses} >= 0 AND (${table.maxUses} IS NULL OR ${table.maxUses} > 0)`),
    uniqueIndex('promo_codes_code_active_unique').on(table.code).where(sql`${table.revokedAt} IS NULL`),
  ],
);
