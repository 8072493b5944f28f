// The library's filter checkboxes: by type of material (category) and by course.
import styled from 'styled-components';
import type { CourseShort, LibraryCategory } from '../../../common/wireTypes.ts';
import type { LibraryFilters } from '../../../common/libraryQuery.ts';
import { toggleFilter } from './useLibraryFilters.ts';

const Panel = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  margin-bottom: ${({ theme }) => theme.space(6)};
  padding: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};

  &[hidden] {
    display: none;
  }

  ${({ theme }) => theme.media.tablet} {
    grid-template-columns: minmax(0, 1fr) minmax(0, 2fr);
    padding: ${({ theme }) => theme.space(5)};
  }
`;

const Group = styled.fieldset`
  margin: 0;
  padding: 0;
  border: none;
  min-width: 0;

  legend {
    padding: 0;
    margin-bottom: ${({ theme }) => theme.space(2)};
    font-weight: 700;
  }
`;

const Options = styled.ul<{ $columns: number }>`
  list-style: none;
  margin: 0;
  padding: 0;

  ${({ theme }) => theme.media.tablet} {
    columns: ${({ $columns }) => $columns};
    column-gap: ${({ theme }) => theme.space(6)};
  }

  li {
    break-inside: avoid;
  }
`;

const Option = styled.label`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(1)} 0;
  line-height: 1.4;
  cursor: pointer;

  input {
    flex: none;
    width: 1.125rem;
    height: 1.125rem;
    margin: 0.1rem 0 0;
    accent-color: ${({ theme }) => theme.colors.primary};
    cursor: pointer;
  }
`;

interface CheckboxGroupProps {
  legend: string;
  options: { id: number; name: string }[];
  checked: number[];
  columns: number;
  onToggle: (id: number) => void;
}

function CheckboxGroup({ legend, options, checked, columns, onToggle }: CheckboxGroupProps) {
  return (
    <Group>
      <legend>{legend}</legend>
      <Options $columns={columns}>
        {options.map((option) => (
          <li key={option.id}>
            <Option>
              <input type="checkbox" checked={checked.includes(option.id)} onChange={() => onToggle(option.id)} />
              <span>{option.name}</span>
            </Option>
          </li>
        ))}
      </Options>
    </Group>
  );
}

interface LibraryFilterPanelProps {
  id: string;
  open: boolean;
  filters: LibraryFilters;
  categories: LibraryCategory[];
  courses: CourseShort[];
  onChange: (next: LibraryFilters) => void;
}

export function LibraryFilterPanel({ id, open, filters, categories, courses, onChange }: LibraryFilterPanelProps) {
  return (
    <Panel id={id} hidden={!open}>
      <CheckboxGroup
        legend="Тип материала"
        options={categories}
        checked={filters.categories}
        columns={1}
        onToggle={(categoryId) => onChange(toggleFilter(filters, 'categories', categoryId))}
      />
      <CheckboxGroup
        legend="Курс"
        options={courses.map((course) => ({ id: course.id, name: course.title }))}
        checked={filters.courses}
        columns={2}
        onToggle={(courseId) => onChange(toggleFilter(filters, 'courses', courseId))}
      />
    </Panel>
  );
}
