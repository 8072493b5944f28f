// Paying for a priced course (spec sections 4, 5 and 9): the currency, the lessons to buy (whole blocks at a time),
// the totals with the wholesale price, and the whole-course and selected-lessons buttons.
import { useId, useState } from 'react';
import styled from 'styled-components';
import type { CourseDetails, Currency, Lesson } from '../../../common/wireTypes.ts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { paths } from '../../app/paths.ts';
import { Button } from '../../components/Button.ts';
import {
  allowsLessonSelection,
  defaultPrice,
  formatMoney,
  paymentSystemFor,
  selectionTotal,
  wholeCourseTotal,
  WHOLESALE_THRESHOLD,
  wholesaleCanApply,
} from '../../../common/coursePrices.ts';
import { isApproved, lessonBlocks, toggleLesson, usesBlocks, wholeCourseLessons, wholeCourseOffered } from '../../../common/lessonBlocks.ts';
import { paymentCreateRequest } from '../enrollment/slices.ts';
import { paymentAmount } from '../../../common/paymentAmount.ts';
import { CURRENCY_NAMES, paymentPossible, selectableLessonIds, sessionsCount } from '../../lib/coursePanelRules.ts';

// An amount never breaks across lines: «140» on one, «€» on the next reads badly.
const Amount = styled.span`
  white-space: nowrap;
`;

function PayLabel({ action, amount }: { action: string; amount: string }) {
  return (
    <span>
      {action} — <Amount>{amount}</Amount>
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

const PriceList = styled.dl`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
  margin: 0;
  font-size: ${({ theme }) => theme.fonts.sizes.small};

  dt {
    color: ${({ theme }) => theme.colors.muted};
  }

  dd {
    margin: 0;
    font-weight: 600;
    text-align: right;
    white-space: nowrap;
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

function LessonCheckbox({
  lesson,
  checked,
  disabled,
  onToggle,
}: {
  lesson: Lesson;
  checked: boolean;
  disabled: boolean;
  onToggle: (id: number) => void;
}) {
  // A place held for an unfinished payment is said so: paying for it again continues that payment.
  const mark = isApproved(lesson) ? (
    <Mark $tone="success">(оплачено)</Mark>
  ) : !lesson.hasFreePlaces ? (
    <Mark $tone="danger">(нет мест)</Mark>
  ) : lesson.participationState === 'reserved' ? (
    <Mark $tone="muted">(ожидает оплаты)</Mark>
  ) : null;
  return (
    <LessonOption $disabled={disabled}>
      <input type="checkbox" checked={checked} disabled={disabled} onChange={() => onToggle(lesson.id)} />
      <span>
        {lesson.number}. {lesson.title}
        {mark ? <> {mark}</> : null}
      </span>
    </LessonOption>
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

export function PaymentForm({ course, lessons, loggedIn, busy }: PaymentFormProps) {
  const dispatch = useAppDispatch();
  const paying = useAppSelector((state) => state.paymentCreate.status === 'loading' || state.paymentCreate.status === 'success');
  const [currency, setCurrency] = useState<Currency | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const currencyName = useId();
  const price = course.prices.find((candidate) => candidate.currency === currency) ?? defaultPrice(course.prices);
  if (!price) return null;

  const blockSize = course.lessonsBlockSize;
  const selectable = selectableLessonIds(lessons, blockSize);
  // What the course's new state no longer offers drops out of the selection.
  const chosen = lessons.filter((lesson) => selected.has(lesson.id) && selectable.has(lesson.id));
  // The amount the server will charge: the course price when the choice is the whole course, else per lesson.
  const decision = paymentAmount(price, lessons, chosen.map((lesson) => lesson.id), blockSize);
  const total = decision.ok ? decision.amount : selectionTotal(price, chosen.length);
  const byLesson = allowsLessonSelection(price);
  const wholeOffered = wholeCourseOffered(lessons, blockSize);
  // The lower of the course price and the same lessons one by one, as the server charges it.
  const wholeTotal = wholeCourseTotal(price, wholeCourseLessons(lessons).length);
  const blocked = !paymentPossible(course, lessons) || !loggedIn || busy || paying;

  const pay = (lessonIds: number[]) =>
    dispatch(paymentCreateRequest.actions.request({ system: paymentSystemFor(price.currency), currency: price.currency, lessons: lessonIds }));
  const toggle = (id: number) => setSelected(toggleLesson(selected, id, lessons, blockSize));
  const checkbox = (lesson: Lesson) => (
    <LessonCheckbox
      key={lesson.id}
      lesson={lesson}
      checked={isApproved(lesson) || chosen.includes(lesson)}
      disabled={!selectable.has(lesson.id)}
      onToggle={toggle}
    />
  );

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
                  onChange={() => setCurrency(option.currency)}
                />
                {CURRENCY_NAMES[option.currency]}
              </CurrencyOption>
            ))}
          </Currencies>
        </Group>
      ) : null}

      <PriceList>
        {wholeOffered && price.coursePrice > 0 ? (
          <>
            <dt>Весь курс</dt>
            <dd>{formatMoney(wholeTotal, price.currency)}</dd>
          </>
        ) : null}
        {byLesson ? (
          <>
            <dt>Одно занятие</dt>
            <dd>{formatMoney(price.lessonPrice, price.currency)}</dd>
          </>
        ) : null}
        {wholesaleCanApply(price, selectable.size) ? (
          <>
            <dt>От {WHOLESALE_THRESHOLD} занятий, за каждое</dt>
            <dd>{formatMoney(price.lessonWholesalePrice, price.currency)}</dd>
          </>
        ) : null}
      </PriceList>

      {wholeOffered ? (
        <PayButton
          disabled={blocked || price.coursePrice <= 0}
          onClick={() => pay(wholeCourseLessons(lessons).map((lesson) => lesson.id))}
        >
          <PayLabel action="Оплатить весь курс" amount={formatMoney(wholeTotal, price.currency)} />
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
                      {block.participated ? ' — вы участвуете' : block.available ? '' : ' — нет мест'}
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
                  Выбрано {sessionsCount(chosen.length)} на сумму <strong>{formatMoney(total, price.currency)}</strong>
                </>
              )}
            </Total>
            <PayButton
              $variant={wholeOffered ? 'secondary' : 'primary'}
              disabled={blocked || chosen.length === 0}
              onClick={() => pay(chosen.map((lesson) => lesson.id))}
            >
              <PayLabel action="Оплатить выбранные занятия" amount={formatMoney(total, price.currency)} />
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
