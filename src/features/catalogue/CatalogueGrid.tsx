// The course catalogue: age filter buttons and a grid of cards, 1, 2 or 3 columns by screen width.
import { useMemo, useState } from 'react';
import styled from 'styled-components';
import { CardGrid } from '../../components/cardParts.ts';
import type { Author, CourseShort } from '../../../common/wireTypes.ts';
import { VisuallyHidden } from '../../components/VisuallyHidden.ts';
import { catalogueCourses, type AgeFilter } from '../../../common/catalogue.ts';
import { AGE_GROUP_LABELS, authorFullName } from '../../lib/courseFacts.ts';
import { pluralize, type PluralForms } from '../../../common/plural.ts';
import { CourseCard } from './CourseCard.tsx';

const COURSE_FORMS: PluralForms = ['курс', 'курса', 'курсов'];
/** The widest row holds three cards: their thumbnails are what the first screen shows. */
const FIRST_ROW = 3;

const FILTERS: { value: AgeFilter; label: string }[] = [
  { value: 'all', label: 'Все' },
  { value: 'DISCIPLES_AGE_CHILDREN', label: AGE_GROUP_LABELS.DISCIPLES_AGE_CHILDREN },
  { value: 'DISCIPLES_AGE_ADULTS', label: AGE_GROUP_LABELS.DISCIPLES_AGE_ADULTS },
];

const Wrap = styled.div`
  max-width: ${({ theme }) => theme.widths.wide}px;
  margin: 0 auto;
`;

const Filters = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(6)};
`;

const FilterButton = styled.button.attrs({ type: 'button' })`
  min-height: 44px;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  font-size: 0.9375rem;
  border: 2px solid ${({ theme }) => theme.colors.primary};
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.primary};
  font-weight: 600;
  cursor: pointer;

  ${({ theme }) => theme.media.tablet} {
    padding-inline: ${({ theme }) => theme.space(4)};
    font-size: ${({ theme }) => theme.fonts.sizes.body};
  }

  &:hover {
    background: ${({ theme }) => theme.colors.paper};
  }

  &[aria-pressed='true'] {
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
  }
`;


const Empty = styled.p`
  color: ${({ theme }) => theme.colors.muted};
`;

interface CatalogueGridProps {
  courses: CourseShort[];
  authors: Author[];
}

export function CatalogueGrid({ courses, authors }: CatalogueGridProps) {
  const [filter, setFilter] = useState<AgeFilter>('all');
  const shown = useMemo(() => catalogueCourses(courses, filter), [courses, filter]);
  const namesById = useMemo(() => new Map(authors.map((author) => [author.id, authorFullName(author)])), [authors]);
  const authorNames = (course: CourseShort) =>
    course.authors
      .map((id) => namesById.get(id))
      .filter(Boolean)
      .join(', ');

  return (
    <Wrap>
      <Filters role="group" aria-label="Для кого курс">
        {FILTERS.map(({ value, label }) => (
          <FilterButton key={value} aria-pressed={filter === value} onClick={() => setFilter(value)}>
            {label}
          </FilterButton>
        ))}
      </Filters>
      <VisuallyHidden role="status">{`Показано: ${pluralize(shown.length, COURSE_FORMS)}`}</VisuallyHidden>
      {shown.length > 0 ? (
        <CardGrid $gap={6} aria-label="Каталог курсов">
          {shown.map((course, index) => (
            <li key={course.id}>
              <CourseCard course={course} authorNames={authorNames(course)} eager={index < FIRST_ROW} />
            </li>
          ))}
        </CardGrid>
      ) : (
        <Empty>{filter === 'all' ? 'Курсов пока нет.' : 'Таких курсов пока нет.'}</Empty>
      )}
    </Wrap>
  );
}
