// A choice of one course among those the author leads (the one already chosen stays even when another author leads it).
import type { CourseRef } from '../../../common/wireTypes.ts';
import { SelectField } from '../../components/form/fields.tsx';
import { useResource } from '../../data/useResource.ts';
import { areaResources } from '../areaResources.ts';

interface CourseSelectProps {
  label: string;
  value: string;
  current: CourseRef | null;
  /** The text of the empty choice; without it a course must be chosen. */
  none: string;
  error?: string;
  onChange: (value: string) => void;
}

export function CourseSelect({ label, value, current, none, error, onChange }: CourseSelectProps) {
  const courses = useResource(areaResources.courses);
  const options: CourseRef[] = (courses.data ?? []).map((course) => ({ id: course.id, title: course.title }));
  if (current && !options.some((course) => course.id === current.id)) options.unshift(current);
  return (
    <SelectField label={label} name="course" value={value} error={error} onChange={(event) => onChange(event.target.value)}>
      <option value="">{none}</option>
      {options.map((course) => (
        <option key={course.id} value={String(course.id)}>
          {course.title || 'Курс без названия'}
        </option>
      ))}
    </SelectField>
  );
}
