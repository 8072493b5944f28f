// One page of library materials: «author. title», the download link, and chips for categories and courses.
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { LibraryItem } from '../../../common/wireTypes.ts';
import { paths } from '../../app/paths.ts';
import { buttonLook, type ButtonLookProps } from '../../components/Button.ts';
import { VisuallyHidden } from '../../components/VisuallyHidden.ts';
import { downloadLink } from './libraryLinks.ts';

const Items = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const Item = styled.li`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(4)} 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  ${({ theme }) => theme.media.tablet} {
    grid-template-columns: minmax(0, 1fr) auto;
    column-gap: ${({ theme }) => theme.space(6)};
  }
`;

const Title = styled.h2`
  margin: 0;
  font-family: inherit;
  font-size: ${({ theme }) => theme.fonts.sizes.lead};
  font-weight: 600;
  line-height: 1.4;
`;

const Author = styled.span`
  color: ${({ theme }) => theme.colors.muted};
`;

const Download = styled.a.attrs<ButtonLookProps>({ $variant: 'secondary' })`
  ${buttonLook}
  justify-self: start;
  padding: 0 ${({ theme }) => theme.space(4)};

  ${({ theme }) => theme.media.tablet} {
    grid-column: 2;
    grid-row: 1 / span 2;
    align-self: start;
  }
`;

const Chips = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  font-size: ${({ theme }) => theme.fonts.sizes.small};
`;

const chipLook = `
  display: inline-block;
  padding: 0.125rem 0.625rem;
  /* Not a full pill: a long course title wraps to two lines on a phone. */
  border-radius: 0.875rem;
  line-height: 1.5;
`;

const CategoryChip = styled.span`
  ${chipLook}
  background: ${({ theme }) => theme.colors.paper};
  color: ${({ theme }) => theme.colors.text};
`;

const CourseChip = styled(Link)`
  ${chipLook}
  border: 1px solid ${({ theme }) => theme.colors.primary};
  text-decoration: none;

  &:hover {
    background: ${({ theme }) => theme.colors.paper};
  }
`;

function itemName(item: LibraryItem): string {
  return item.author.trim() ? `${item.author}. ${item.title}` : item.title;
}

function DownloadLink({ item }: { item: LibraryItem }) {
  const link = downloadLink(item);
  if (!link) return null;
  // Read aloud, «Скачать» alone would not say what; the eye sees the title next to it.
  return link.kind === 'external' ? (
    <Download href={link.href} target="_blank" rel="noopener noreferrer">
      Скачать<VisuallyHidden>: {itemName(item)} (откроется в новой вкладке)</VisuallyHidden>
    </Download>
  ) : (
    <Download href={link.href} download>
      Скачать<VisuallyHidden>: {itemName(item)}</VisuallyHidden>
    </Download>
  );
}

interface LibraryItemListProps {
  items: LibraryItem[];
  categoryNames: Map<number, string>;
  courseTitles: Map<number, string>;
}

export function LibraryItemList({ items, categoryNames, courseTitles }: LibraryItemListProps) {
  return (
    <Items>
      {items.map((item) => {
        // Ids the lists do not know (a category or course since removed, a test course) have no chip.
        const categories = item.categories.flatMap((id) => {
          const name = categoryNames.get(id);
          return name ? [{ id, name }] : [];
        });
        const courses = item.courses.flatMap((id) => {
          const title = courseTitles.get(id);
          return title ? [{ id, title }] : [];
        });
        return (
          <Item key={item.id}>
            <Title>
              {item.author.trim() ? (
                <>
                  <Author>{item.author}.</Author>{' '}
                </>
              ) : null}
              {item.title}
            </Title>
            <DownloadLink item={item} />
            {categories.length + courses.length > 0 ? (
              <Chips aria-label="Тип материала и курсы">
                {categories.map((category) => (
                  <li key={`category-${category.id}`}>
                    <CategoryChip>{category.name}</CategoryChip>
                  </li>
                ))}
                {courses.map((course) => (
                  <li key={`course-${course.id}`}>
                    <CourseChip to={paths.course(course.id)}>{course.title}</CourseChip>
                  </li>
                ))}
              </Chips>
            ) : null}
          </Item>
        );
      })}
    </Items>
  );
}
