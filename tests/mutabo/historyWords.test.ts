// The history speaks Russian (issue 22, item 4): every code a history record can hold reads as words, and no
// combination of entity, action and stored values prints a code (no Latin letters at all: every code is Latin).
import { AUDIT_ACTIONS, AUDIT_ENTITIES, COURSE_STATES, CURRENCIES, DISCIPLES_AGES, LESSON_STATES, PARTICIPATION_STATES, PAYMENT_FAILURE_REASONS, PAYMENT_STATES } from '../../common/enums.ts';
import { HISTORY_WORDS, historyWord, RECEIPT_STATES, UNKNOWN_VALUE, type HistoryWordKind } from '../../common/historyWords.ts';
import { SHARED_HISTORY_ENTITIES } from '../../common/mutabo/history.ts';
import { MAILING_RECIPIENT_STATES, MAILING_STATES } from '../../common/mutabo/mailings.ts';
import { REFUND_STATES } from '../../common/mutabo/payments.ts';
import { describeSharedEntry } from '../../src/mutabo/content/sharedHistoryText.ts';
import { describeHistoryEntry } from '../../src/mutabo/courses/historyText.ts';
import { historyEntry as entry } from './historyData.ts';

const LATIN = /[A-Za-z]/;

/** Every enum the history can hold, with the kind of words it is read with. */
const CODES: [HistoryWordKind, readonly string[]][] = [
  ['courseState', COURSE_STATES],
  ['lessonState', LESSON_STATES],
  ['participantState', PARTICIPATION_STATES],
  ['paymentState', PAYMENT_STATES],
  ['failureReason', PAYMENT_FAILURE_REASONS],
  ['refundState', REFUND_STATES],
  ['receiptState', RECEIPT_STATES],
  ['mailingState', MAILING_STATES],
  ['letterState', MAILING_RECIPIENT_STATES],
  ['ageGroup', DISCIPLES_AGES],
  ['currency', CURRENCIES],
  ['entity', AUDIT_ENTITIES],
  ['action', AUDIT_ACTIONS],
];

/** Values a record's fields may hold: every code of every kind, an unknown code, and plain values. */
const STORED_VALUES: unknown[] = [...CODES.flatMap(([, codes]) => codes), 'some_new_code', true, false, null, 3, '2027-02-01T16:00:00Z'];

describe('the words of the history', () => {
  it.each(CODES)('has words for every %s code', (kind, codes) => {
    expect(Object.keys(HISTORY_WORDS[kind]).sort()).toEqual([...codes].sort());
    for (const code of codes) {
      const word = historyWord(kind, code);
      expect(word, code).not.toBe(UNKNOWN_VALUE);
      expect(word, code).not.toMatch(LATIN);
    }
  });

  it('never prints an unknown value as it is', () => {
    expect(historyWord('refundState', 'refunded_partially')).toBe(UNKNOWN_VALUE);
    expect(historyWord('courseState', { state: 'draft' })).toBe(UNKNOWN_VALUE);
    expect(historyWord('boolean', true)).toBe('да');
  });

  it('prints no code for any entity, action and stored value of a course history', () => {
    for (const entity of AUDIT_ENTITIES) {
      for (const action of AUDIT_ACTIONS) {
        for (const value of STORED_VALUES) {
          const side = {
            state: value,
            disciplesAge: value,
            fullYear: value,
            currency: value,
            user: 7,
            lesson: 52,
            lessons: [52],
            payment: 9,
            receipt: 3,
            reason: 'нет ИНН',
            position: 2,
            amount: 1200,
            prices: [{ currency: value, coursePrice: 5000, lessonPrice: 1200, lessonWholesalePrice: 1000 }],
            authors: [{ id: 1, name: 'Анна Мельникова' }],
          };
          const before = { ...side, state: 'pending' };
          const text = describeHistoryEntry(entry({ entity, action, before, after: side }));
          expect(`${text.who} ${text.what}`, `${entity} ${action} ${String(value)}`).not.toMatch(LATIN);
          const unnamed = describeHistoryEntry(entry({ entity, action, user: null, before: null, after: null }));
          expect(`${unnamed.who} ${unnamed.what}`, `${entity} ${action}`).not.toMatch(LATIN);
        }
      }
    }
  });

  it('prints no code for any entity and action of the shared content', () => {
    for (const entity of SHARED_HISTORY_ENTITIES) {
      for (const action of AUDIT_ACTIONS) {
        const text = describeSharedEntry(entry({ entity, action, before: { name: 'Старое' }, after: { name: 'Новое' } }));
        expect(`${text.who} ${text.what}`, `${entity} ${action}`).not.toMatch(LATIN);
      }
    }
  });
});

describe('a line of the course history in words', () => {
  const about = { person: { firstName: 'Маша', lastName: 'Иванова', email: 'masha@example.com' }, lessons: [{ id: 52, number: 2, title: 'Гоголь' }] };

  it('says a refund was made, not «pending → succeeded», and who confirmed it', () => {
    const confirmed = describeHistoryEntry(
      entry({
        entity: 'refund',
        entityId: 4,
        user: null,
        before: { state: 'pending' },
        after: { state: 'succeeded', providerId: 'rf-1', lessons: [52], amount: 1200 },
        about: { ...about, paymentId: 9 },
      }),
    );
    expect(confirmed).toMatchObject({ who: 'платёжная система', what: 'Возврат денег за платёж № 9 (Иванова Маша), занятие 2. Гоголь: возврат в обработке → возврат выполнен' });
    const asked = describeHistoryEntry(
      entry({ entity: 'payment', entityId: 9, action: 'refund', after: { refund: 4, lessons: [52], amount: 1200, currency: 'CURRENCY_CHOICE_RUB' }, about: { ...about, paymentId: 9 } }),
    );
    expect(asked.what).toMatch(/^Запрошен возврат денег за платёж № 9 \(Иванова Маша\): 1\s200 ₽, занятие 2\. Гоголь$/);
    // A payment of 0 ₽ gives no money back: its places are released.
    const released = describeHistoryEntry(
      entry({ entity: 'payment', entityId: 9, action: 'refund', after: { refund: 5, lessons: [52], amount: 0, currency: 'CURRENCY_CHOICE_RUB', released: true }, about: { ...about, paymentId: 9 } }),
    );
    expect(released.what).toBe('Освобождены места по платежу № 9 (Иванова Маша) на 0 ₽, без возврата денег: занятие 2. Гоголь');
  });

  it('says why the site refunded money that arrived for an ended payment by itself', () => {
    const automatic = describeHistoryEntry(
      entry({
        entity: 'payment',
        entityId: 9,
        action: 'refund',
        user: null,
        after: { refund: 4, lessons: [52], amount: 1200, currency: 'CURRENCY_CHOICE_RUB', failureReason: 'superseded' },
        about: { ...about, paymentId: 9 },
      }),
    );
    expect(automatic.who).toBe('сайт (автоматически)');
    expect(automatic.what).toMatch(/^Запрошен возврат денег за платёж № 9 \(Иванова Маша\): 1\s200 ₽, занятие 2\. Гоголь; деньги пришли за закрытый платёж: заменён новым платежом$/);
  });

  it('names the course states, the age group and yes or no', () => {
    expect(describeHistoryEntry(entry({ before: { state: 'draft' }, after: { state: 'can_be_subscribed' } })).what).toBe('Изменено: состояние: черновик → запись открыта');
    expect(
      describeHistoryEntry(entry({ before: { disciplesAge: 'DISCIPLES_AGE_ADULTS', fullYear: false }, after: { disciplesAge: 'DISCIPLES_AGE_CHILDREN', fullYear: true } })).what,
    ).toBe('Изменено: возраст участников: для взрослых → для детей (подростки 11–17 лет); весь учебный год: нет → да');
    expect(describeHistoryEntry(entry({ before: { start: null, participantsLimit: 8 }, after: { start: '2027-09-01', participantsLimit: 10 } })).what).toBe(
      'Изменено: начало: — → 01.09.2027; количество мест: 8 мест → 10 мест',
    );
  });

  it('names the people approved, moved and rejected, with their lessons', () => {
    const snapshot = { user: 23, lesson: 52, payment: null };
    expect(describeHistoryEntry(entry({ entity: 'participant', action: 'approve', before: { ...snapshot, state: 'reserved' }, after: { ...snapshot, state: 'approved' }, about })).what).toBe(
      'Подтверждено участие: Иванова Маша, занятие 2. Гоголь',
    );
    expect(
      describeHistoryEntry(entry({ entity: 'participant', action: 'promote', before: { ...snapshot, state: 'waiting_list', position: 3 }, after: { ...snapshot, state: 'waiting_list', position: 1 }, about }))
        .what,
    ).toBe('Перемещение в очереди: Иванова Маша, занятие 2. Гоголь: 3-е место → 1-е место');
    expect(describeHistoryEntry(entry({ entity: 'participant', action: 'reject', before: { ...snapshot, state: 'reserved', payment: 9 }, after: null, about })).what).toBe(
      'Отклонена запись: Иванова Маша, занятие 2. Гоголь; незавершённый платёж № 9 отменён',
    );
    // Without the names (a lesson deleted since), still words.
    expect(describeHistoryEntry(entry({ entity: 'participant', action: 'reject', before: { ...snapshot, state: 'waiting_list' }, after: null })).what).toBe('Убран(а) из очереди: участник, занятие');
  });

  it('words prices, a receipt sent again and a copied course', () => {
    const rub = { currency: 'CURRENCY_CHOICE_RUB', coursePrice: 5000, lessonPrice: 1200, lessonWholesalePrice: 1000 };
    expect(describeHistoryEntry(entry({ entity: 'prices', action: 'create', after: { prices: [rub] } })).what).toMatch(
      /^Цены: рубли: курс 5\s000 ₽, занятие 1\s200 ₽, от 5 занятий 1\s000 ₽$/,
    );
    expect(describeHistoryEntry(entry({ entity: 'prices', before: { prices: [rub] }, after: { prices: [{ ...rub, lessonPrice: 1500 }] } })).what).toMatch(
      /^Изменены цены: рубли: занятие 1\s200 ₽ → 1\s500 ₽$/,
    );
    expect(describeHistoryEntry(entry({ entity: 'prices', before: { prices: [rub] }, after: { prices: [] } })).what).toBe('Цены убраны: курс бесплатный');
    expect(
      describeHistoryEntry(entry({ entity: 'payment', entityId: 9, before: { receipt: 3, state: 'failed', reason: 'Нет ИНН продавца' }, after: { receipt: 3, state: 'pending' } })).what,
    ).toBe('Чек по платежу № 9 отправлен снова: чек отклонён → чек ждёт отправки (причина отказа: Нет ИНН продавца)');
    expect(describeHistoryEntry(entry({ action: 'create', after: { title: 'Чехов, весна', copiedFrom: { id: 4, title: 'Чехов, осень' } } })).what).toBe(
      'Курс создан копией курса «Чехов, осень»',
    );
    expect(describeHistoryEntry(entry({ entity: 'lesson', before: { title: 'Гоголь', heldAt: null }, after: { title: 'Гоголь', heldAt: '2027-02-01T16:00:00Z' } })).what).toMatch(
      /^Изменено занятие «Гоголь»: проведено: — → \d{2}\.02\.2027, \d{2}:00$/,
    );
  });
});
