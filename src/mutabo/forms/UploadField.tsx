// A file of the site (a course image, an author's photo, a library document): its address, a button that uploads
// a file (checked first for type and size, then sent with a progress bar and the share sent, then «the server is
// working on it» until it answers), the reason a file was refused under the field, and for an image a preview of what
// visitors will see.
import { useId, useState, type ChangeEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { STORED_IMAGE_SIDE, UPLOAD_ACCEPT, type UploadResult } from '../../../common/mutabo/uploads.ts';
import { isRequestError } from '../../api/requestError.ts';
import { FieldError, TextField } from '../../components/form/fields.tsx';
import { InlineSpinner } from '../../components/InlineSpinner.ts';
import { uploadFile } from '../api.ts';
import { fileSize, uploadRefusal, type UploadKind } from './uploadCheck.ts';

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

const UploadLabel = styled.label<{ $busy: boolean }>`
  position: relative;
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  min-height: 44px;
  padding: 0 ${({ theme }) => theme.space(4)};
  border: 2px solid ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radius};
  color: ${({ theme }) => theme.colors.primary};
  font-weight: 600;
  cursor: ${({ $busy }) => ($busy ? 'progress' : 'pointer')};

  &:focus-within {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }

  input {
    position: absolute;
    inset: 0;
    width: 1px;
    height: 1px;
    opacity: 0;
  }
`;

const Track = styled.div`
  max-width: 360px;
  height: 12px;
  margin-top: ${({ theme }) => theme.space(2)};
  border: 1px solid ${({ theme }) => theme.colors.primary};
  border-radius: 6px;
  background: ${({ theme }) => theme.colors.surface};
  overflow: hidden;
`;

const Bar = styled.div`
  height: 100%;
  background: ${({ theme }) => theme.colors.primary};
  transition: width 0.2s linear;

  ${({ theme }) => theme.media.reducedMotion} {
    transition: none;
  }
`;

/** «42 %» as Russian writes it. */
const percentOf = (fraction: number) => `${Math.round(fraction * 100)}\u00a0%`;

const Status = styled.p`
  margin: ${({ theme }) => theme.space(1)} 0 0;
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fonts.sizes.small};
  overflow-wrap: anywhere;
`;

interface UploadFieldProps {
  kind: UploadKind;
  label: string;
  name: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  /** Also told the whole answer (an image's smaller copy). */
  onUploaded?: (result: UploadResult) => void;
  /** Shown under the button: what the field takes. */
  hint?: ReactNode;
}

export function UploadField({ kind, label, name, value, error, onChange, onUploaded, hint }: UploadFieldProps) {
  const [uploading, setUploading] = useState<File | null>(null);
  // The share of the file sent so far (0 to 1); at 1 the server is still storing it (an image is made smaller first).
  const [sent, setSent] = useState(0);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const errorId = useId();
  const statusId = useId();

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file can be chosen again after a failure.
    event.target.value = '';
    if (!file) return;
    const refusal = uploadRefusal(file, kind);
    setUploadError(refusal);
    if (refusal) return;
    setUploading(file);
    setSent(0);
    try {
      const result = await uploadFile(file, setSent);
      onChange(result.url);
      onUploaded?.(result);
    } catch (caught) {
      if (!isRequestError(caught)) throw caught;
      setUploadError(caught.byFields.file ?? caught.message);
    } finally {
      setUploading(null);
    }
  };

  const shown = value.trim();
  return (
    <Frame>
      <TextField label={`${label}: адрес`} name={name} inputMode="url" value={value} error={error} onChange={(event) => onChange(event.target.value)} />
      <UploadLabel $busy={uploading !== null}>
        {uploading ? <InlineSpinner /> : null}
        {uploading ? 'Загружаем…' : 'Загрузить файл'}
        <input
          type="file"
          accept={UPLOAD_ACCEPT[kind]}
          aria-label={`${label}: загрузить файл`}
          aria-describedby={[uploadError ? errorId : null, statusId].filter(Boolean).join(' ')}
          disabled={uploading !== null}
          onChange={(event) => void upload(event)}
        />
      </UploadLabel>
      {uploading ? (
        <Track
          role="progressbar"
          aria-label={`Загрузка «${uploading.name}»`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(sent * 100)}
          aria-valuetext={percentOf(sent)}
        >
          <Bar style={{ width: `${sent * 100}%` }} />
        </Track>
      ) : null}
      <Status id={statusId} aria-live="polite">
        {uploading
          ? sent < 1
            ? `Загружаем «${uploading.name}» (${fileSize(uploading.size)}): ${percentOf(sent)}. Не закрывайте страницу.`
            : kind === 'image'
              ? `Файл получен, сервер готовит изображение: большое уменьшит до ${STORED_IMAGE_SIDE} точек по длинной стороне.`
              : 'Файл получен, сервер сохраняет его.'
          : hint}
      </Status>
      {uploadError ? <FieldError id={errorId}>{uploadError}</FieldError> : null}
      {kind === 'image' && shown ? <Preview src={shown} alt={`${label}: предпросмотр`} /> : null}
      {kind === 'document' && shown ? (
        <Status>
          Сейчас: <a href={shown}>{shown.split('/').pop() || shown}</a>
        </Status>
      ) : null}
    </Frame>
  );
}
