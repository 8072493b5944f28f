// Discounts are arranged by mail with the course's first author (spec sections 1 and 9).
import styled from 'styled-components';
import type { CourseDetails } from '../../../common/wireTypes.ts';

const DISCOUNT_LINK_TEXT = 'Написать автору о скидке';

const Note = styled.p`
  margin: ${({ theme }) => theme.space(5)} 0 0;
  font-size: ${({ theme }) => theme.fonts.sizes.small};
  color: ${({ theme }) => theme.colors.muted};
`;

export function DiscountLink({ course }: { course: Pick<CourseDetails, 'title' | 'authors'> }) {
  const email = course.authors[0]?.email;
  if (!email) return null;
  const subject = encodeURIComponent(`Скидка на курс «${course.title}»`);
  return (
    <Note>
      Нужна скидка? <a href={`mailto:${email}?subject=${subject}`}>{DISCOUNT_LINK_TEXT}</a>
    </Note>
  );
}
