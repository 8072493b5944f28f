// An image of a course: upload a file (or give its address), with a preview of what visitors will see.
import { useId, useState, type ChangeEvent } from 'react';
import styled from 'styled-components';
import { MAX_IMAGE_BYTES, mutaboMessages, UPLOAD_ACCEPT } from '../../../common/mutabo.ts';
import { isRequestError } from '../../api/requestError.ts';
import { FieldError, TextField } from '../../components/form/fields.tsx';
import { InlineSpinner } from '../../components/InlineSpinner.ts';
import { uploadFile } from '../api.ts';

const Frame = styled.div`
  margin-bottom: ${({ theme }) => theme.space(4)};

  & > div {
    margin-bottom: ${({ theme }) => theme.space(2)};
  }
`;

const Preview = styled.img`
  display: block;
  max-width: 100%;
  max-height: 160px;
  margin-top: ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radius};
  border: 1px solid ${({ theme }) => theme.colors.border};
  object-fit: cover;
`;

const UploadLabel = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  min-height: 44px;
  padding: 0 ${({ theme }) => theme.space(4)};
  border: 2px solid ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radius};
  color: ${({ theme }) => theme.colors.primary};
  font-weight: 600;
  cursor: pointer;

  &:focus-within {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }

  input {
    position: absolute;
    width: 1px;
    height: 1px;
    opacity: 0;
  }
`;

interface ImageFieldProps {
  label: string;
  name: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}

export function ImageField({ label, name, value, error, onChange }: ImageFieldProps) {
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const errorId = useId();

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file can be chosen again after a failure.
    event.target.value = '';
    if (!file) return;
    setUploadError(null);
    if (file.size > MAX_IMAGE_BYTES) {
      setUploadError(mutaboMessages.uploadImageTooLarge);
      return;
    }
    setUploading(true);
    try {
      onChange((await uploadFile(file)).url);
    } catch (caught) {
      if (!isRequestError(caught)) throw caught;
      setUploadError(caught.byFields.file ?? caught.message);
    } finally {
      setUploading(false);
    }
  };

  return (
    <Frame>
      <TextField
        label={`${label}: адрес`}
        name={name}
        inputMode="url"
        value={value}
        error={error}
        onChange={(event) => onChange(event.target.value)}
      />
      <UploadLabel>
        {uploading ? <InlineSpinner /> : null}
        {uploading ? 'Загружаем…' : 'Загрузить файл'}
        <input
          type="file"
          accept={UPLOAD_ACCEPT.image}
          aria-label={`${label}: загрузить файл`}
          aria-describedby={uploadError ? errorId : undefined}
          disabled={uploading}
          onChange={(event) => void upload(event)}
        />
      </UploadLabel>
      {uploadError ? <FieldError id={errorId}>{uploadError}</FieldError> : null}
      {value.trim() ? <Preview src={value.trim()} alt={`${label}: предпросмотр`} /> : null}
    </Frame>
  );
}
