// What a buyer will pay with the discount being typed, for each course it applies to (issue 15): the whole course and
// the smallest payment of lessons («Одно занятие», or a block), before and after, by the rule the server charges with
// (common/paymentAmount.ts). Shown under the terms of every discount form, before saving.
import styled from 'styled-components';
import { formatMoney } from '../../../common/coursePrices.ts';
import { appliesTo, type DiscountPriceCourse, type DiscountTerms } from '../../../common/discounts.ts';
import type { LessonForSale } from '../../../common/lessonBlocks.ts';
import { paymentAmount } from '../../../common/paymentAmount.ts';
import type { MutaboCourse } from '../../../common/mutabo/courses.ts';
import type { Price } from '../../../common/wireTypes.ts';
import { pluralForm } from '../../../common/plural.ts';

/** A course of the area's form as the preview reads it: its published lessons count. */
export const previewCourseOf = (course: Pick<MutaboCourse, 'id' | 'title' | 'prices' | 'lessons' | 'lessonsBlockSize'>): DiscountPriceCourse => ({
  id: course.id,
  title: course.title,
  prices: course.prices,
  lessonsCount: course.lessons.filter((lesson) => lesson.state === 'published').length,
  lessonsBlockSize: course.lessonsBlockSize,
});

interface PreviewLine {
  label: string;
  full: number;
  charged: number;
}

/**
 * The payments the preview shows in a price: the whole course (all its published lessons, each with a place) and the
 * least lessons one payment may take (one lesson, or one block).
 */
export function previewLines(course: DiscountPriceCourse, price: Price, terms: DiscountTerms): PreviewLine[] {
  const lessons: LessonForSale[] = Array.from({ length: course.lessonsCount }, (_, index) => ({ id: index + 1, hasFreePlaces: true, participationState: null }));
  const blockSize = course.lessonsBlockSize;
  const line = (label: string, ids: number[]): PreviewLine[] => {
    const full = paymentAmount(price, lessons, ids, blockSize);
    const charged = paymentAmount(price, lessons, ids, blockSize, terms);
    return full.ok && charged.ok && full.amount > 0 ? [{ label, full: full.amount, charged: charged.amount }] : [];
  };
  const first = Math.min(Math.max(1, blockSize), lessons.length);
  return [
    ...(price.coursePrice > 0 && lessons.length > 0 ? line('Курс целиком', lessons.map((lesson) => lesson.id)) : []),
    ...(price.lessonPrice > 0 && first > 0 && first < lessons.length
      ? line(first === 1 ? 'Одно занятие' : `Блок из ${first} ${pluralForm(first, ['занятия', 'занятий', 'занятий'])}`, lessons.slice(0, first).map((lesson) => lesson.id))
      : []),
  ];
}

/** The terms typed, when they can be previewed: a percent from 1 to 100, or the amounts above zero. */
function previewTerms(terms: DiscountTerms): DiscountTerms | null {
  if (terms.percent !== undefined) return Number.isInteger(terms.percent) && terms.percent >= 1 && terms.percent <= 100 ? terms : null;
  const amounts = (terms.amounts ?? []).filter((item) => Number.isFinite(item.amount) && item.amount > 0);
  return amounts.length > 0 ? { amounts } : null;
}

const Box = styled.section`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(3)};
  border-left: 3px solid ${({ theme }) => theme.colors.primary};
  background: ${({ theme }) => theme.colors.paper};

  h3 {
    margin: 0 0 ${({ theme }) => theme.space(2)};
    font-size: inherit;
  }

  h4 {
    margin: ${({ theme }) => theme.space(2)} 0 ${({ theme }) => theme.space(1)};
    font-size: inherit;
    font-weight: 600;
  }

  ul {
    margin: 0;
    padding: 0;
    list-style: none;
  }

  li {
    overflow-wrap: anywhere;
  }
`;

const Figure = styled.span`
  white-space: nowrap;
`;

interface DiscountPreviewProps {
  /** Every course the discount applies to; undefined while they load. */
  courses: readonly DiscountPriceCourse[] | undefined;
  terms: DiscountTerms;
}

export function DiscountPreview({ courses, terms }: DiscountPreviewProps) {
  const shown = previewTerms(terms);
  if (!shown || !courses) return null;
  const groups = courses
    .map((course) => ({
      course,
      lines: course.prices
        .filter((price) => appliesTo(shown, price.currency))
        .flatMap((price) => previewLines(course, price, shown).map((line) => ({ ...line, currency: price.currency }))),
    }))
    .filter((group) => group.lines.length > 0);
  if (groups.length === 0) return null;
  return (
    <Box aria-labelledby="discount-preview-title" aria-live="polite">
      <h3 id="discount-preview-title">Покупатель заплатит</h3>
      {groups.map(({ course, lines }) => (
        <div key={course.id}>
          <h4>{course.title || 'Курс без названия'}</h4>
          <ul>
            {lines.map((line) => (
              <li key={`${line.currency}:${line.label}`}>
                {line.label}: <Figure>{formatMoney(line.full, line.currency)}</Figure> → <Figure>{formatMoney(line.charged, line.currency)}</Figure>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </Box>
  );
}
