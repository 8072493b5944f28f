// The authors' API for running a course (participants, payments, refunds, the start page) as msw answers it in the
// area's tests, built from the contract in common/mutabo/.
import { http, HttpResponse } from 'msw';
import type { MutaboParticipant, MutaboParticipants, MutaboPerson } from '../../common/mutabo/participants.ts';
import type { MutaboPayment, MutaboPaymentsPage } from '../../common/mutabo/payments.ts';
import type { MutaboDashboard } from '../../common/mutabo/start.ts';

export const adult: MutaboPerson = {
  id: 21,
  firstName: 'Екатерина',
  lastName: 'Соколова',
  email: 'kate@example.com',
  yearOfBirth: 1990,
  age: 36,
  minor: false,
  country: 'RU',
  timezone: 'Europe/Moscow',
  mainLanguage: 'Russian',
  school: null,
};

export const minor: MutaboPerson = {
  id: 22,
  firstName: 'Петя',
  lastName: 'Иванов',
  email: 'petya@example.com',
  yearOfBirth: 2013,
  age: 13,
  minor: true,
  country: 'RU',
  timezone: 'Europe/Moscow',
  mainLanguage: 'Russian',
  school: { visitSchool: true, readWriteProblems: 'Пишет медленно', otherInfo: 'Любит стихи' },
};

export const third: MutaboPerson = { ...adult, id: 23, firstName: 'Игорь', lastName: 'Лебедев', email: 'igor@example.com', age: 40 };

export function participantRow(id: number, person: MutaboPerson, patch: Partial<MutaboParticipant> = {}): MutaboParticipant {
  return {
    id,
    lessonId: 51,
    state: 'reserved',
    createdAt: '2026-03-01T10:00:00Z',
    approvedAt: null,
    expiresAt: null,
    position: null,
    paid: false,
    payment: null,
    person,
    ...patch,
  };
}

/** A free course with two lessons: one awaiting approval, one approved, two in the queue of lesson 2. */
export function freeCourseParticipants(): MutaboParticipants {
  return {
    course: { id: 5, title: 'Медленное чтение', participantsLimit: 2, disciplesAge: 'DISCIPLES_AGE_ADULTS', paid: false },
    lessons: [
      { id: 51, number: 1, title: 'Пушкин', state: 'published', taken: 2, limit: 2, waiting: 0 },
      { id: 52, number: 2, title: 'Гоголь', state: 'published', taken: 2, limit: 2, waiting: 2 },
    ],
    participants: [
      participantRow(101, adult, { state: 'approved', approvedAt: '2026-03-02T09:00:00Z' }),
      participantRow(102, minor),
      participantRow(103, adult, { lessonId: 52, state: 'approved', approvedAt: '2026-03-02T09:00:00Z' }),
      participantRow(104, minor, { lessonId: 52, state: 'reserved' }),
      participantRow(105, third, { lessonId: 52, state: 'waiting_list', position: 1 }),
      participantRow(106, { ...third, id: 24, firstName: 'Вера', lastName: 'Орлова', email: 'vera@example.com' }, { lessonId: 52, state: 'waiting_list', position: 2 }),
    ],
  };
}

export function payment(id: number, patch: Partial<MutaboPayment> = {}): MutaboPayment {
  return {
    id,
    payer: { id: 21, firstName: 'Екатерина', lastName: 'Соколова', email: 'kate@example.com' },
    course: { id: 5, title: 'Медленное чтение' },
    lessons: [
      { id: 51, number: 1, title: 'Пушкин', refunded: false },
      { id: 52, number: 2, title: 'Гоголь', refunded: false },
      { id: 53, number: 3, title: 'Толстой', refunded: false },
    ],
    amount: 3000,
    currency: 'CURRENCY_CHOICE_RUB',
    system: 'yookassa',
    provider: 'yookassa',
    providerId: '2f9a1c3e-000f-5000-8000-1b2c3d4e5f60',
    state: 'STATE_COMPLETED',
    failureReason: null,
    refundRequired: false,
    createdAt: '2026-03-01T10:00:00Z',
    paidAt: '2026-03-01T10:05:00Z',
    offerVersion: 3,
    refunded: 0,
    refundable: 3000,
    releasable: false,
    refunds: [],
    discount: null,
    ...patch,
  };
}

export function paymentsPage(results: MutaboPayment[], patch: Partial<MutaboPaymentsPage> = {}): MutaboPaymentsPage {
  return {
    count: results.length,
    next: null,
    results,
    currentPage: 1,
    pages: 1,
    revenue: [
      { currency: 'CURRENCY_CHOICE_RUB', payments: 2, paid: 5000, refunded: 1000, net: 4000 },
      { currency: 'CURRENCY_CHOICE_EURO', payments: 1, paid: 40, refunded: 0, net: 40 },
    ],
    discountCosts: [],
    ...patch,
  };
}

export function dashboard(patch: Partial<MutaboDashboard> = {}): MutaboDashboard {
  return {
    upcomingLessons: [],
    courses: [
      {
        id: 5,
        title: 'Медленное чтение',
        state: 'can_be_subscribed',
        participantsLimit: 10,
        placesLeft: 3,
        mostPlacesLeft: 3,
        publishedLessons: 4,
        fullLessons: [],
        waiting: 2,
        awaitingApproval: 2,
        participants: 5,
        inTelegram: 3,
      },
      { id: 6, title: 'Мастерская текста', state: 'announced', participantsLimit: 8, placesLeft: 8, mostPlacesLeft: 8, publishedLessons: 7, fullLessons: [], waiting: 0, awaitingApproval: 0, participants: 0, inTelegram: 0 },
    ],
    awaitingPeople: [
      {
        courseId: 5,
        courseTitle: 'Медленное чтение',
        person: { id: 23, firstName: 'Маша', lastName: 'Иванова', email: 'masha@example.com' },
        lessons: [
          { participantId: 401, id: 51, number: 1, title: 'Пушкин' },
          { participantId: 402, id: 52, number: 2, title: 'Гоголь' },
          { participantId: 403, id: 53, number: 3, title: 'Толстой' },
          { participantId: 404, id: 54, number: 4, title: 'Чехов' },
        ],
        since: '2026-02-27T09:00:00Z',
      },
      {
        courseId: 5,
        courseTitle: 'Медленное чтение',
        person: { id: 24, firstName: 'Игорь', lastName: 'Лебедев', email: 'igor@example.com' },
        lessons: [{ participantId: 405, id: 52, number: 2, title: 'Гоголь' }],
        since: '2026-02-28T09:00:00Z',
      },
    ],
    lapsingHolds: [
      {
        courseId: 6,
        courseTitle: 'Мастерская текста',
        paymentId: 88,
        person: { id: 21, firstName: 'Екатерина', lastName: 'Соколова', email: 'kate@example.com' },
        lessons: Array.from({ length: 7 }, (_, index) => ({ participantId: 301 + index, id: 61 + index, number: index + 1, title: `Абзац ${index + 1}` })),
        expiresAt: '2026-03-01T10:20:00Z',
      },
      {
        courseId: 6,
        courseTitle: 'Мастерская текста',
        paymentId: 89,
        person: { id: 22, firstName: 'Олег', lastName: 'Смирнов', email: 'oleg@example.com' },
        lessons: [{ participantId: 310, id: 61, number: 1, title: 'Абзац 1' }],
        expiresAt: '2026-03-01T10:25:00Z',
      },
    ],
    waitingLists: [{ courseId: 5, courseTitle: 'Медленное чтение', lessonId: 52, lessonNumber: 2, lessonTitle: 'Гоголь', waiting: 2 }],
    refundsRequired: [payment(77, { refundRequired: true, course: { id: 6, title: 'Мастерская текста' }, amount: 1500 })],
    revenue: [
      { currency: 'CURRENCY_CHOICE_RUB', payments: 3, paid: 9000, refunded: 1500, net: 7500 },
      { currency: 'CURRENCY_CHOICE_EURO', payments: 1, paid: 40, refunded: 0, net: 40 },
    ],
    discountCosts: [],
    homeworkWaiting: 0,
    ...patch,
  };
}

export const dashboardHandler = (answer: MutaboDashboard = dashboard()) => http.get('*/api/v1/mutabo/dashboard/', () => HttpResponse.json(answer));
