// What the tests of the discount pages share (tests/mutabo/discounts, personDiscounts, promoCodes): the author signed in
// with their courses, money as the page reads, a personal discount as the area's API answers it, and the POST and
// DELETE of a list the server keeps (a grant answered after a moment, so a double click lands while it is pending).
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse, type JsonBodyType, type PathParams } from 'msw';
import { formatMoney } from '../../common/coursePrices.ts';
import type { DiscountPriceCourse, MutaboDiscount } from '../../common/discounts.ts';
import { server } from '../support/server.ts';
import { storeSession } from '../support/tokens.ts';
import { author, meHandler } from '../support/users.ts';
import { renderApp } from '../support/renderApp.tsx';
import { siteApiHandlers } from '../support/siteData.ts';
import { listItem, mutaboHandlers } from './mutaboData.ts';
import { FIRST_RENDER } from './preloadArea.ts';

/** A course as `GET /api/v1/mutabo/discount-prices/` answers it: by default 8 lessons, 12 000 ₽ whole, 1 800 ₽ one. */
export const priceCourse = (id: number, title: string, patch: Partial<DiscountPriceCourse> = {}): DiscountPriceCourse => ({
  id,
  title,
  prices: [
    { currency: 'CURRENCY_CHOICE_RUB', coursePrice: 12000, lessonPrice: 1800, lessonWholesalePrice: 1500 },
    { currency: 'CURRENCY_CHOICE_EURO', coursePrice: 140, lessonPrice: 20, lessonWholesalePrice: 17 },
  ],
  lessonsCount: 8,
  lessonsBlockSize: 1,
  ...patch,
});

/** The author signed in, leading these courses (by default «Медленное чтение» and «Мастерская текста»), priced so. */
export function signInAuthor(courses = [listItem(5, 'Медленное чтение'), listItem(6, 'Мастерская текста')], prices = courses.map((course) => priceCourse(course.id, course.title))) {
  storeSession();
  server.use(...siteApiHandlers(), meHandler(author), ...mutaboHandlers(courses), http.get('*/api/v1/mutabo/discount-prices/', () => HttpResponse.json(prices)));
}

/** The page at `path` once its title and its list's region (named by its heading) are there and the list has loaded. */
export async function openListPage(path: string, title: string, listTitle: string) {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: title }, FIRST_RENDER);
  const region = await screen.findByRole('region', { name: listTitle });
  // The region is there at once, with a status while its list loads: on a busy machine the answer comes later.
  await waitFor(() => expect(within(region).queryByRole('status')).toBeNull(), FIRST_RENDER);
  return view;
}

/** Queries inside the form, and inside the region, of that name. */
export const inForm = (name: string) => within(screen.getByRole('form', { name }));
export const inRegion = (name: string) => within(screen.getByRole('region', { name }));

/** As getByText reads the page: its matcher collapses the no-break spaces of the number format into spaces. */
export const money = (amount: number, currency: Parameters<typeof formatMoney>[1] = 'CURRENCY_CHOICE_RUB') =>
  formatMoney(amount, currency).replace(/\s/g, ' ');

/** Kate's expired 500 ₽ on «Медленное чтение», with a note, used three times. */
export const discount = (id: number, patch: Partial<MutaboDiscount> = {}): MutaboDiscount => ({
  id,
  course: { id: 5, title: 'Медленное чтение' },
  email: 'kate@example.com',
  person: { id: 21, firstName: 'Екатерина', lastName: 'Соколова' },
  amounts: [{ currency: 'CURRENCY_CHOICE_RUB', amount: 500 }],
  expiresAt: '2026-01-31T20:59:59.999Z',
  expired: true,
  note: 'За помощь с залом',
  createdAt: '2026-01-10T10:00:00Z',
  used: 3,
  ...patch,
});

/** A percent discount as the server makes it of a grant's body: to the end of 2099, not used yet. */
export const granted = (id: number, body: Record<string, unknown>, patch: Partial<MutaboDiscount> = {}) =>
  discount(id, {
    amounts: undefined,
    percent: body.percent as number,
    expiresAt: '2099-12-31T20:59:59.999Z',
    expired: false,
    note: String(body.note ?? ''),
    used: 0,
    ...patch,
  });

type Refusal = Record<string, string[]>;

interface Creation {
  /** Each request as it comes, before the answer. */
  record: (body: Record<string, unknown>, request: Request) => void;
  /** The server's field messages: every request refused with them. */
  refuse?: Refusal;
  /** What the server keeps and answers. */
  create: (body: Record<string, unknown>, params: PathParams) => JsonBodyType;
}

/** A POST the server answers after 50 ms: refused as a 400, or created as a 201. */
export const creating = (path: string, { record, refuse, create }: Creation) =>
  http.post(path, async ({ request, params }) => {
    const body = (await request.json()) as Record<string, unknown>;
    record(body, request);
    await delay(50);
    if (refuse) return HttpResponse.json(refuse, { status: 400 });
    return HttpResponse.json(create(body, params), { status: 201 });
  });

/** A DELETE of `:id`, recorded in `revoked`; `revoke` changes what the server keeps. */
export const revoking = (path: string, revoked: number[], revoke: (id: number) => void) =>
  http.delete(path, ({ params }) => {
    const id = Number(params.id);
    revoked.push(id);
    revoke(id);
    return new HttpResponse(null, { status: 204 });
  });
