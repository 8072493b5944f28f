// Paying for a priced course (spec sections 4, 5 and 9): the currency, the lessons to buy (whole blocks at a time,
// said before the first tick), the totals with the wholesale price, and the whole-course and selected-lessons buttons;
// the buyer's personal discount with the full prices struck through, and a promo code (issue 23) before the buttons.
// Lessons that have begun are shown but not sold (issue 32). A visitor's buttons lead to the sign-up with the choice
// kept in the address to come back to (keptSelection.ts), where the panel starts from it (the spec's disabled
// buttons for visitors are overruled by issue 32, item 11).
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import type { CourseDetails, Currency, Lesson, Price } from '../../../common/wireTypes.ts';
import { paths } from '../../app/paths.ts';
import { Button } from '../../components/Button.ts';
import { allowsLessonSelection, defaultPrice, paymentSystemFor } from '../../../common/coursePrices.ts';
import { isApproved, lessonBlocks, toggleLesson, usesBlocks, wholeCourseLessons, wholeCourseOffered, withPast } from '../../../common/lessonBlocks.ts';
import { lessonEndsAt } from '../../../common/lessonSchedule.ts';
import { formatLessonDateTime } from '../../../common/lessonTimeText.ts';
import { paymentCreateMutation } from '../enrollment/index.ts';
import { useMutation } from '../../data/mutation.ts';
import { paymentAmount } from '../../../common/paymentAmount.ts';
import { CURRENCY_NAMES, paymentPossible, selectableLessonIds, sessionsCount } from '../../lib/coursePanelRules.ts';
import { useVisitorTimeZone } from '../schedule/index.ts';
import { recordingLabel } from '../recordings/index.ts';
import { DiscountedMoney, DiscountNote, personalDiscountText } from './discountParts.tsx';
import { appliesTo, normalizePromoCode } from '../../../common/discounts.ts';
import { readSelection, selectionPath } from './keptSelection.ts';
import { PriceSummary } from './PriceSummary.tsx';
import { PromoCodeField } from './PromoCodeField.tsx';
import { targetKey, usePromoCode, type QuoteTarget } from './usePromoCode.ts';

/** An amount to pay, and what it would be without the discount when that is more. */
interface Shown {
  amount: number;
  full?: number;
}

function PayLabel({ action, shown, currency }: { action: string; shown: Shown; currency: Currency }) {
  return (
    <span>
      {action} — <DiscountedMoney amount={shown.amount} full={shown.full} currency={currency} />
    </span>
  );
}

const Form = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
`;

const Group = styled.fieldset`
  min-width: 0;
  margin: 0;
  padding: 0;
  border: 0;

  legend {
    margin-bottom: ${({ theme }) => theme.space(2)};
    padding: 0;
    font-weight: 600;
  }
`;

const Currencies = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

const CurrencyOption = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  min-height: 44px;
  padding: 0 ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  cursor: pointer;

  &:has(input:checked) {
    border-color: ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.paper};
  }

  input {
    width: 1.1rem;
    height: 1.1rem;
    margin: 0;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
`;

const LessonOptions = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
`;

const BlockGroup = styled.li`
  & + & {
    margin-top: ${({ theme }) => theme.space(3)};
  }
`;

const BlockLabel = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(1)};
  font-size: ${({ theme }) => theme.fonts.sizes.small};
  font-weight: 600;
  color: ${({ theme }) => theme.colors.muted};
`;

const LessonOption = styled.label<{ $disabled: boolean }>`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(1)} 0;
  line-height: 1.4;
  cursor: ${({ $disabled }) => ($disabled ? 'default' : 'pointer')};
  color: ${({ theme, $disabled }) => ($disabled ? theme.colors.muted : theme.colors.text)};

  input {
    flex: none;
    width: 1.15rem;
    height: 1.15rem;
    margin: 0.1rem 0 0;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
`;

const LessonDate = styled.span`
  display: block;
  margin: -${({ theme }) => theme.space(1)} 0 0 calc(1.15rem + ${({ theme }) => theme.space(2)});
  font-size: ${({ theme }) => theme.fonts.sizes.small};
  color: ${({ theme }) => theme.colors.muted};
`;

const Mark = styled.span<{ $tone: 'success' | 'danger' | 'muted' }>`
  white-space: nowrap;
  font-size: ${({ theme }) => theme.fonts.sizes.small};
  font-weight: 600;
  color: ${({ theme, $tone }) => theme.colors[$tone]};
`;

const Total = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(2)};

  strong {
    white-space: nowrap;
  }
`;

const Note = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fonts.sizes.small};
  color: ${({ theme }) => theme.colors.muted};
`;

const PayButton = styled(Button)`
  width: 100%;
`;

// The total and its button stay in view while the lessons are chosen: at the bottom of the panel's own scroll on a
// desktop, at the bottom of the window on a phone, for as long as the list of lessons is on screen. The bar reaches
// the panel's edges (its padding, panelParts.ts) so that the lessons scroll under it, not beside it.
const PayBar = styled.div`
  position: sticky;
  bottom: 0;
  z-index: 1;
  margin: 0 calc(-1 * ${({ theme }) => theme.space(5)});
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(5)};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};

  /* Inside the panel's scroll the bar sits on the panel's bottom padding, so no lesson shows beneath it. */
  ${({ theme }) => theme.media.desktop} {
    bottom: calc(-1 * ${({ theme }) => theme.space(6)});
    padding-bottom: ${({ theme }) => theme.space(4)};
  }
`;

type LessonOnPanel = Lesson & { past: boolean; asRecording?: boolean };

function LessonCheckbox({
  lesson,
  checked,
  disabled,
  onToggle,
  timeZone,
  now,
  recorded,
}: {
  lesson: LessonOnPanel;
  checked: boolean;
  disabled: boolean;
  onToggle: (id: number) => void;
  timeZone: string;
  now: number;
  /** The course is «в записи»: its lessons have no times. */
  recorded: boolean;
}) {
  // A place held for an unfinished payment is said so: paying for it again continues that payment.
  const mark = isApproved(lesson) ? (
    <Mark $tone="success">(оплачено)</Mark>
  ) : lesson.past ? (
    <Mark $tone="muted">{recorded ? '(запись готовится)' : (lessonEndsAt(lesson) ?? 0) <= now ? '(прошло)' : '(уже идёт)'}</Mark>
  ) : !lesson.hasFreePlaces ? (
    <Mark $tone="danger">(нет мест)</Mark>
  ) : lesson.participationState === 'reserved' ? (
    <Mark $tone="muted">(ожидает оплаты)</Mark>
  ) : null;
  // The date is the checkbox's description, not its name: the name stays the lesson and its state.
  const dateId = useId();
  return (
    <>
      <LessonOption $disabled={disabled}>
        <input type="checkbox" checked={checked} disabled={disabled} onChange={() => onToggle(lesson.id)} aria-describedby={dateId} />
        <span>
          {lesson.number}. {lesson.title}
          {mark ? <> {mark}</> : null}
        </span>
      </LessonOption>
      <LessonDate id={dateId}>
        {/* A lesson sold as its recording (common/lessonBlocks.ts lessonSale) says its length instead of a time. */}
        {lesson.asRecording
          ? recordingLabel(lesson)
          : lesson.startsAt
            ? formatLessonDateTime(lesson.startsAt, timeZone)
            : recorded
              ? 'Запись скоро появится'
              : 'Дата пока не назначена'}
      </LessonDate>
    </>
  );
}

interface PaymentFormProps {
  course: CourseDetails;
  /** The lessons on show: drafts left out, in order. */
  lessons: Lesson[];
  loggedIn: boolean;
  /** Some enrollment request is under way: nothing can be paid meanwhile. */
  busy: boolean;
}

/** The price in `currency` (the charged one, with the buyer's discount), else the default one. */
const priceIn = (prices: Price[], currency: Currency | null) =>
  prices.find((candidate) => candidate.currency === currency) ?? defaultPrice(prices);

export function PaymentForm(props: PaymentFormProps) {
  return props.course.prices.length > 0 ? <PricedPaymentForm {...props} /> : null;
}

function PricedPaymentForm({ course, lessons: published, loggedIn, busy }: PaymentFormProps) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const payment = useMutation(paymentCreateMutation);
  const paying = payment.status === 'loading' || payment.status === 'success';
  // The moment the page was opened decides which lessons have begun; the server checks again when paying.
  const [now] = useState(Date.now);
  const lessons: LessonOnPanel[] = withPast(published, now, course.format) as LessonOnPanel[];
  const timeZone = useVisitorTimeZone(lessons.some((lesson) => lesson.startsAt));
  // The choice a visitor made before signing up, back in the address (keptSelection.ts).
  const [kept] = useState(() => readSelection(search));
  const [currency, setCurrency] = useState<Currency | null>(() => (course.prices.some((option) => option.currency === kept.currency) ? kept.currency : null));
  const [selected, setSelected] = useState<ReadonlySet<number>>(() =>
    kept.lessons.reduce<ReadonlySet<number>>((chosen, id) => (chosen.has(id) ? chosen : toggleLesson(chosen, id, lessons, course.lessonsBlockSize)), new Set()),
  );
  const currencyName = useId();
  const promo = usePromoCode(kept.promoCode);
  const keptCodeApplied = useRef(false);
  // Never undefined: PaymentForm renders this only for a course with prices.
  const price = priceIn(course.prices, currency)!;
  // With a personal discount `price` has the figures the buyer sees (a percent off each) and `full` the course's own
  // price: which figures apply (lessons one by one, the wholesale price, the whole course) is decided by `full`, so a
  // figure brought to 0 stays, and every total is the common rule's with the discount's terms (an amount comes off
  // each payment once).
  const full = course.discount?.fullPrices.find((candidate) => candidate.currency === price.currency) ?? price;
  const terms = course.discount && appliesTo(course.discount, price.currency) ? course.discount : null;

  const blockSize = course.lessonsBlockSize;
  const selectable = selectableLessonIds(lessons, blockSize);
  // What the course's new state no longer offers drops out of the selection.
  const chosenFrom = (ids: ReadonlySet<number>) => lessons.filter((lesson) => ids.has(lesson.id) && selectable.has(lesson.id));
  const chosen = chosenFrom(selected);
  const chosenIds = chosen.map((lesson) => lesson.id);
  // The amount the server will charge: the course price when the choice is the whole course, else per lesson.
  const amountOf = (ids: number[], discount: typeof terms) => {
    const decision = paymentAmount(full, lessons, ids, blockSize, discount);
    return decision.ok ? decision.amount : 0;
  };
  const total = amountOf(chosenIds, terms);
  const fullTotal = amountOf(chosenIds, null);
  const byLesson = allowsLessonSelection(full);
  const wholeOffered = wholeCourseOffered(lessons, blockSize);
  const wholeIds = wholeCourseLessons(lessons).map((lesson) => lesson.id);
  // The lower of the course price and the same lessons one by one, as the server charges it.
  const wholeTotal = amountOf(wholeIds, terms);
  const wholeFull = amountOf(wholeIds, null);
  const wholeSold = wholeOffered && full.coursePrice > 0;
  const blocked = !paymentPossible(course, lessons) || busy || paying || promo.quoting;

  // A promo code is quoted for the lessons chosen, or for the whole course while none are.
  const targetOf = (ids: number[], charged: Price): QuoteTarget => ({
    system: paymentSystemFor(charged.currency),
    currency: charged.currency,
    lessons: ids,
  });
  const quoteTargetFor = (ids: number[], charged: Price): QuoteTarget | null =>
    ids.length > 0 ? targetOf(ids, charged) : wholeSold ? targetOf(wholeIds, charged) : null;
  const quoteTarget = quoteTargetFor(chosenIds, price);
  // Back from the sign-up with a promo code: it is applied to the kept choice once the person is logged in.
  useEffect(() => {
    if (!loggedIn || keptCodeApplied.current || !kept.promoCode) return;
    keptCodeApplied.current = true;
    promo.apply(quoteTarget);
  }, [loggedIn, kept.promoCode, promo, quoteTarget]);
  const quote = promo.quoteFor(quoteTarget);
  /** What paying for `ids` shows: the promo code's quote when it is for them, else the prices with the personal discount. */
  const shownFor = (ids: number[], amount: number, fullAmount: number | undefined): Shown => {
    if (quote?.discount?.kind === 'promoCode' && quoteTarget && targetKey(quoteTarget) === targetKey(targetOf(ids, price))) {
      return { amount: quote.amount, full: quote.discount.fullAmount };
    }
    return { amount, full: fullAmount };
  };
  const wholeShown = shownFor(wholeIds, wholeTotal, wholeFull);
  const totalShown = shownFor(chosenIds, total, fullTotal);

  const pay = (lessonIds: number[], whole: boolean) => {
    if (!loggedIn) {
      // To the sign-up (it links to the login), coming back to this choice.
      const from = selectionPath(pathname, { lessons: whole ? [] : lessonIds, currency: currency ? price.currency : null, promoCode: normalizePromoCode(promo.input) });
      navigate(paths.signup, { state: { from } });
      return;
    }
    void payment.run({
      ...targetOf(lessonIds, price),
      ...(promo.code ? { promoCode: promo.code } : {}),
    });
  };
  const toggle = (id: number) => {
    const next = toggleLesson(selected, id, lessons, blockSize);
    setSelected(next);
    promo.follow(quoteTargetFor(chosenFrom(next).map((lesson) => lesson.id), price));
  };
  const chooseCurrency = (next: Currency) => {
    setCurrency(next);
    const charged = priceIn(course.prices, next);
    if (charged) promo.follow(quoteTargetFor(chosenIds, charged));
  };
  const checkbox = (lesson: LessonOnPanel) => (
    <LessonCheckbox
      key={lesson.id}
      lesson={lesson}
      checked={isApproved(lesson) || chosen.includes(lesson)}
      disabled={!selectable.has(lesson.id)}
      onToggle={toggle}
      timeZone={timeZone}
      now={now}
      recorded={course.format === 'recorded'}
    />
  );
  const promoField =
    wholeSold || (byLesson && lessons.length > 0) ? (
      <PromoCodeField
        promo={promo}
        target={quoteTarget}
        currency={price.currency}
        lessons={lessons}
        disabled={blocked && !promo.quoting}
        guest={!loggedIn}
      />
    ) : null;
  const guestNote = loggedIn ? null : <Note>Перед оплатой нужно зарегистрироваться или войти: выбранные занятия, валюта и промокод сохранятся.</Note>;

  return (
    <Form>
      {course.prices.length > 1 ? (
        <Group>
          <legend>Валюта</legend>
          <Currencies>
            {course.prices.map((option) => (
              <CurrencyOption key={option.currency}>
                <input
                  type="radio"
                  name={currencyName}
                  value={option.currency}
                  checked={option.currency === price.currency}
                  onChange={() => chooseCurrency(option.currency)}
                />
                {CURRENCY_NAMES[option.currency]}
              </CurrencyOption>
            ))}
          </Currencies>
        </Group>
      ) : null}

      {course.discount ? <DiscountNote>{personalDiscountText(course.discount)}</DiscountNote> : null}

      <PriceSummary
        price={price}
        full={full}
        blockSize={blockSize}
        whole={wholeSold ? { amount: wholeTotal, full: wholeFull } : null}
        choosable={selectable.size}
      />

      {promoField}
      {guestNote}

      {wholeOffered ? (
        <PayButton disabled={blocked || full.coursePrice <= 0} onClick={() => pay(wholeIds, true)}>
          <PayLabel action="Оплатить весь курс" shown={wholeShown} currency={price.currency} />
        </PayButton>
      ) : null}

      {byLesson && lessons.length > 0 ? (
        <>
          <Group>
            <legend>
              {wholeOffered ? 'Или выберите' : 'Выберите'} {usesBlocks(blockSize) ? 'блоки занятий' : 'занятия'}
            </legend>
            {usesBlocks(blockSize) ? (
              <LessonOptions>
                {lessonBlocks(lessons, blockSize).map((block, index) => (
                  <BlockGroup key={block.lessons[0]?.id ?? index}>
                    <BlockLabel>
                      Блок {index + 1}
                      {block.participated ? ' — вы участвуете' : block.begun ? ' — уже начался' : block.available ? '' : ' — нет мест'}
                    </BlockLabel>
                    {/* the group wraps the list: a list with role="group" would leave its items without a list */}
                    <div role="group" aria-label={`Блок ${index + 1}`}>
                      <LessonOptions>
                        {block.lessons.map((lesson) => (
                          <li key={lesson.id}>{checkbox(lesson)}</li>
                        ))}
                      </LessonOptions>
                    </div>
                  </BlockGroup>
                ))}
              </LessonOptions>
            ) : (
              <LessonOptions>
                {lessons.map((lesson) => (
                  <li key={lesson.id}>{checkbox(lesson)}</li>
                ))}
              </LessonOptions>
            )}
          </Group>
          <PayBar>
            <Total aria-live="polite">
              {chosen.length === 0 ? (
                'Занятия не выбраны'
              ) : (
                <>
                  Выбрано {sessionsCount(chosen.length)} на сумму{' '}
                  <strong>
                    <DiscountedMoney amount={totalShown.amount} full={totalShown.full} currency={price.currency} />
                  </strong>
                </>
              )}
            </Total>
            <PayButton
              $variant={wholeOffered ? 'secondary' : 'primary'}
              disabled={blocked || chosen.length === 0}
              onClick={() => pay(chosen.map((lesson) => lesson.id), false)}
            >
              <PayLabel action="Оплатить выбранные занятия" shown={totalShown} currency={price.currency} />
            </PayButton>
          </PayBar>
        </>
      ) : (
        <Note>
          {lessons.length === 0
            ? 'Занятия курса ещё не опубликованы.'
            : wholeOffered
              ? 'В этой валюте курс оплачивается только целиком.'
              : 'Отдельные занятия в этой валюте не продаются.'}
        </Note>
      )}


      {wholeOffered || (byLesson && lessons.length > 0) ? (
        <Note>
          Оплачивая курс, вы принимаете условия{' '}
          <a href={paths.offer} target="_blank" rel="noopener">
            договора-оферты
          </a>
          .
        </Note>
      ) : null}

      {paying ? <Note role="status">Переходим к оплате…</Note> : null}
    </Form>
  );
}
