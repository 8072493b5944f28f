// The course's webinar room link, as the course form and the series form both take it (lessons without a link of their
// own use it).
import { TextField } from '../../components/form/fields.tsx';

interface CourseRoomFieldProps {
  value: string;
  error: string | undefined;
  onChange: (roomUrl: string) => void;
}

export function CourseRoomField({ value, error, onChange }: CourseRoomFieldProps) {
  return (
    <TextField
      label="Комната вебинара для всех занятий (https://…)"
      name="roomUrl"
      type="url"
      inputMode="url"
      value={value}
      error={error}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
