// The authors' discounts (issue 23): personal discounts on a course they lead (granted with a letter to the person,
// listed, revoked) and promo codes for one of their courses or all of them. The rules and messages are
// common/discounts.ts; what a payment is charged is decided at the checkout (services/payments/discounts.ts).
import { byGender, type AuthorGender } from '../../../../common/authorGender.ts';
import { discountText, type DiscountAmount, type DiscountPriceCourse, type MutaboDiscount, type MutaboPromoCode } from '../../../../common/discounts.ts';
import { amountLimitErrors, discountMessages as dm, type personalDiscountSchema, type promoCodeSchema } from '../../../../common/discountSchemas.ts';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import {
  courseDiscounts,
  discountById,
  discountCourses,
  discountsOfAddress,
  grantDiscount as insertDiscount,
  insertPromoCode,
  promoCodesOf,
  revokeDiscount as revokeDiscountRow,
  revokePromoCode as revokePromoCodeRow,
  termsOfRow,
  type DiscountRow,
} from '../../repositories/payments/discountsRepository.ts';
import { findAuthor } from '../../repositories/mutabo/pagesRepository.ts';
import { ledCourse } from '../../repositories/ledCourses.ts';
import { coursePage, greeting, signature } from '../places/enrollmentLetters.ts';
import { queueLetters } from '../letters/letterQueue.ts';
import { userText } from '../letters/userText.ts';
import { courseAnswers } from '../letters/replyTo.ts';
import { renderLetter } from '../letters/template.ts';
import type { Caller, MutaboContext } from './context.ts';
import type { AccountServices } from '../accounts/accountServices.ts';
import { discountLetterLimits, takeOrRefuse } from '../accounts/limits.ts';

type DiscountDeps = Pick<MutaboContext, 'db' | 'config' | 'publicCache'>;

const fieldError = (field: string, message: string) => new HttpError(400, { [field]: [message] });

/**
 * The amounts of a discount on `courses` (every course it applies to) must be in currencies they have prices in, and
 * none above the smallest payment one of them can have there: an amount comes off a payment once, so a larger one
 * would make that payment free (common/discountSchemas.ts amountLimitErrors). 400 with the messages by field.
 */
function checkAmounts(courses: DiscountPriceCourse[], amounts: DiscountAmount[] | null | undefined, several: boolean): void {
  const errors = amountLimitErrors(amounts, courses, several);
  if (Object.keys(errors).length > 0) throw new HttpError(400, Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, [message]])));
}

/** The courses the caller leads, as the discount forms show what a buyer will pay (GET /api/v1/mutabo/discount-prices/). */
export function listDiscountCourses(db: Executor, caller: Caller): Promise<DiscountPriceCourse[]> {
  return discountCourses(db, caller.authorId);
}

const expiryText = (iso: Date) => new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Moscow' }).format(iso);

/** The author who grants a discount, as the letter names them. */
interface GrantingAuthor {
  firstName: string;
  lastName: string;
  gender: AuthorGender;
}

/**
 * The letter that tells the person about the discount (to the address, with or without an account): who granted it,
 * in words that agree with the author's gender, and the author's message to the person if there is one. The
 * discount's note is the author's own and never goes into it. The name and the message are user text: no links.
 */
export function discountLetter(
  config: DiscountDeps['config'],
  course: { id: number; title: string },
  discount: Pick<DiscountRow, 'email' | 'expiresAt' | 'percent' | 'amounts'>,
  firstName: string,
  author: GrantingAuthor,
  message = '',
) {
  const page = coursePage(config, course);
  const until = discount.expiresAt ? ` Она действует до ${expiryText(discount.expiresAt)} включительно.` : '';
  const who = `${userText(`${author.firstName} ${author.lastName}`.trim())}, автор курса «${course.title}»,`;
  const granted = byGender(author.gender, { female: 'сделала для вас скидку', male: 'сделал для вас скидку', unsaid: 'даёт вам скидку' });
  const text = [
    greeting({ email: discount.email, firstName }),
    `${who} ${granted} ${discountText(termsOfRow(discount))}.${until}`,
    message ? `Сообщение от автора:\n${userText(message)}` : '',
    `Цены со скидкой видны на странице курса, когда вы входите на сайт с этим адресом (${discount.email}); если у вас ещё нет учётной записи, зарегистрируйтесь с ним. Оплатить занятия со скидкой можно картой на сайте: ${page.url}`,
    'На вопросы о курсе ответит его автор: просто ответьте на это письмо.',
    signature(config),
  ]
    .filter(Boolean)
    .join('\n\n');
  const letter = renderLetter(config, { to: discount.email, subject: `Скидка на курс «${course.title}»`, text, action: page });
  return { ...letter, kind: 'discount', answeredBy: courseAnswers(course) };
}

type DiscountListRow = Awaited<ReturnType<typeof courseDiscounts>>[number];

function toMutaboDiscount(row: DiscountListRow, now = Date.now()): MutaboDiscount {
  const { discount } = row;
  return {
    id: discount.id,
    course: { id: discount.courseId, title: row.courseTitle },
    email: discount.email,
    person: row.person ? { id: Number(row.person.id), firstName: row.person.firstName, lastName: row.person.lastName } : null,
    ...termsOfRow(discount),
    expiresAt: discount.expiresAt?.toISOString() ?? null,
    expired: discount.expiresAt !== null && discount.expiresAt.getTime() <= now,
    note: discount.note,
    createdAt: discount.createdAt.toISOString(),
    used: row.used,
  };
}

export async function listCourseDiscounts(db: Executor, courseId: number): Promise<MutaboDiscount[]> {
  return (await courseDiscounts(db, courseId)).map((row) => toMutaboDiscount(row));
}

/** A person's discounts on the caller's courses, for their card in «Люди» (none for an account without an address). */
export async function personDiscounts(db: Executor, caller: Caller, email: string): Promise<MutaboDiscount[]> {
  if (email === '') return [];
  return (await discountsOfAddress(db, email, caller.authorId)).map((row) => toMutaboDiscount(row));
}

/**
 * Grants a discount on a course the caller leads (checked by the route): replaces the person's active one, tells the
 * person by a letter queued in the same transaction, and drops the cached course forms so the prices follow.
 */
/**
 * Each grant sends an official letter: it takes a slot of the author's and the address's discount letters first
 * (services/accounts/limits.ts, counted in the database), given back when nothing is granted.
 */
export async function grantDiscountWithinLimits(
  deps: DiscountDeps & { accounts: Pick<AccountServices, 'limits'> },
  caller: Caller,
  courseId: number,
  payload: z.output<typeof personalDiscountSchema>,
): Promise<MutaboDiscount> {
  const slot = await takeOrRefuse(deps.accounts.limits, discountLetterLimits(caller.authorId, payload.email), (wait, refusedBy) =>
    (refusedBy === 'discount-letter' ? dm.addressLettersTooMany : dm.lettersTooMany).replace('{wait}', wait),
  );
  try {
    return await grantDiscount(deps, caller, courseId, payload);
  } catch (error) {
    await slot.release();
    throw error;
  }
}

export async function grantDiscount(deps: DiscountDeps, caller: Caller, courseId: number, payload: z.output<typeof personalDiscountSchema>): Promise<MutaboDiscount> {
  const course = await ledCourse(deps.db, caller.authorId, courseId);
  if (!course) throw notFound(dm.discountNotFound);
  if (payload.amounts) checkAmounts(await discountCourses(deps.db, caller.authorId, courseId), payload.amounts, false);
  const id = await deps.db.transaction(async (tx) => {
    const row = await insertDiscount(tx, {
      courseId,
      email: payload.email,
      percent: payload.percent ?? null,
      amounts: payload.amounts ?? null,
      expiresAt: payload.expiresAt ? new Date(payload.expiresAt) : null,
      note: payload.note ?? '',
      createdBy: caller.userId,
    });
    const [listed] = await courseDiscounts(tx, courseId, row.id);
    const author = await findAuthor(tx, caller.authorId);
    const granting = { firstName: author?.firstName ?? '', lastName: author?.lastName ?? '', gender: (author?.gender ?? '') as AuthorGender };
    await queueLetters(tx, [discountLetter(deps.config, course, row, listed?.person?.firstName ?? '', granting, payload.message ?? '')]);
    return row.id;
  });
  deps.publicCache.invalidate();
  const [row] = await courseDiscounts(deps.db, courseId, id);
  return toMutaboDiscount(row!);
}

/** Revokes a discount of a course the caller leads; 404 for anything else. */
export async function revokeDiscount(deps: DiscountDeps, caller: Caller, id: number): Promise<void> {
  const row = await discountById(deps.db, id);
  if (!row || row.revokedAt !== null || !(await ledCourse(deps.db, caller.authorId, row.courseId))) throw notFound(dm.discountNotFound);
  await revokeDiscountRow(deps.db, id);
  deps.publicCache.invalidate();
}

// ---- Promo codes

type PromoListRow = Awaited<ReturnType<typeof promoCodesOf>>[number];

function toMutaboPromoCode({ code, courseTitle, madeBy }: PromoListRow, caller: Caller): MutaboPromoCode {
  return {
    id: code.id,
    code: code.code,
    course: code.courseId !== null ? { id: code.courseId, title: courseTitle ?? '' } : null,
    madeBy: code.authorId === caller.authorId ? null : madeBy,
    ...termsOfRow(code),
    validFrom: code.validFrom?.toISOString() ?? null,
    validUntil: code.validUntil?.toISOString() ?? null,
    maxUses: code.maxUses,
    uses: code.uses,
    createdAt: code.createdAt.toISOString(),
    revokedAt: code.revokedAt?.toISOString() ?? null,
  };
}

export async function listPromoCodes(db: Executor, caller: Caller): Promise<MutaboPromoCode[]> {
  return (await promoCodesOf(db, caller.authorId)).map((row) => toMutaboPromoCode(row, caller));
}

export async function createPromoCode(db: Executor, caller: Caller, payload: z.output<typeof promoCodeSchema>): Promise<MutaboPromoCode> {
  if (payload.course !== null && !(await ledCourse(db, caller.authorId, payload.course))) throw fieldError('course', dm.courseUnknown);
  // A code for every course the author leads is checked against each of them.
  if (payload.amounts) checkAmounts(await discountCourses(db, caller.authorId, payload.course ?? undefined), payload.amounts, payload.course === null);
  const row = await insertPromoCode(db, {
    code: payload.code,
    courseId: payload.course,
    authorId: caller.authorId,
    percent: payload.percent ?? null,
    amounts: payload.amounts ?? null,
    validFrom: payload.validFrom ? new Date(payload.validFrom) : null,
    validUntil: payload.validUntil ? new Date(payload.validUntil) : null,
    maxUses: payload.maxUses ?? null,
  });
  if (!row) throw fieldError('code', dm.codeTaken);
  const [listed] = await promoCodesOf(db, caller.authorId, row.id);
  return toMutaboPromoCode(listed!, caller);
}

/**
 * Revokes a code the caller sees (made by them, or discounting a course they lead: a co-author may stop a code for
 * every course of the other author, which then works on none); 404 otherwise.
 */
export async function revokePromoCode(db: Executor, caller: Caller, id: number): Promise<void> {
  const [listed] = await promoCodesOf(db, caller.authorId, id);
  if (!listed || listed.code.revokedAt !== null) throw notFound(dm.promoCodeNotFound);
  await revokePromoCodeRow(db, id);
}
