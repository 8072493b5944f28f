// An image of a course: its address, with a preview of what visitors will see.
// (Uploading a file comes with POST /api/v1/mutabo/uploads/.)
import styled from 'styled-components';
import { TextField } from '../../components/form/fields.tsx';

const Preview = styled.img`
  display: block;
  max-width: 100%;
  max-height: 160px;
  margin: -${({ theme }) => theme.space(2)} 0 ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius};
  border: 1px solid ${({ theme }) => theme.colors.border};
  object-fit: cover;
`;

interface ImageFieldProps {
  label: string;
  name: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}

export function ImageField({ label, name, value, error, onChange }: ImageFieldProps) {
  return (
    <div>
      <TextField
        label={`${label} (адрес)`}
        name={name}
        type="url"
        inputMode="url"
        value={value}
        error={error}
        onChange={(event) => onChange(event.target.value)}
      />
      {value.trim() ? <Preview src={value.trim()} alt={`${label}: предпросмотр`} /> : null}
    </div>
  );
}
