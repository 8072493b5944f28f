// Form fields with their label and the server's message for that field shown under it.
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import styled, { css } from 'styled-components';

const FieldRow = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  margin-bottom: ${({ theme }) => theme.space(4)};
`;

const Label = styled.label`
  font-weight: 600;
`;

const control = css<{ $invalid: boolean }>`
  width: 100%;
  min-height: 44px;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  font: inherit;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.danger : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius};
`;

const Input = styled.input<{ $invalid: boolean }>`
  ${control}
`;
const Select = styled.select<{ $invalid: boolean }>`
  ${control}
`;
const TextArea = styled.textarea<{ $invalid: boolean }>`
  ${control}
  min-height: 6rem;
  resize: vertical;
`;

export const FieldError = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.fonts.sizes.small};
`;

/** A red block for messages that belong to the whole form (`nonFieldErrors`, the login `detail`). */
export const FormErrorBlock = styled.div.attrs({ role: 'alert' })`
  margin-bottom: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(4)}`};
  border: 1px solid ${({ theme }) => theme.colors.danger};
  border-radius: ${({ theme }) => theme.radius};
  color: ${({ theme }) => theme.colors.danger};
  background: #fdf1f0;
`;

const FieldHint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fonts.sizes.small};
`;

interface FieldFrameProps {
  label: ReactNode;
  error?: string;
  /** What the field takes, said between the label and the field, before anything is typed. */
  hint?: ReactNode;
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}

function FieldFrame({ label, error, hint, children }: FieldFrameProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <FieldRow>
      <Label htmlFor={id}>{label}</Label>
      {hint ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
      {children({ id, describedBy, invalid: Boolean(error) })}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </FieldRow>
  );
}

type Common = { label: ReactNode; error?: string };

export function TextField({ label, error, hint, ...input }: Common & { hint?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FieldFrame label={label} error={error} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <Input id={id} aria-describedby={describedBy} aria-invalid={invalid || undefined} $invalid={invalid} {...input} />
      )}
    </FieldFrame>
  );
}

export function SelectField({ label, error, children, ...select }: Common & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <FieldFrame label={label} error={error}>
      {({ id, describedBy, invalid }) => (
        <Select id={id} aria-describedby={describedBy} aria-invalid={invalid || undefined} $invalid={invalid} {...select}>
          {children}
        </Select>
      )}
    </FieldFrame>
  );
}

export function TextAreaField({ label, error, ...textarea }: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <FieldFrame label={label} error={error}>
      {({ id, describedBy, invalid }) => (
        <TextArea id={id} aria-describedby={describedBy} aria-invalid={invalid || undefined} $invalid={invalid} {...textarea} />
      )}
    </FieldFrame>
  );
}

const CheckboxLabel = styled.label`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  align-items: flex-start;
  input {
    width: 1.25rem;
    height: 1.25rem;
    margin-top: 0.15rem;
    flex: none;
  }
`;

export function CheckboxField({ label, error, ...input }: Common & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <FieldRow>
      <CheckboxLabel>
        <input type="checkbox" aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined} {...input} />
        <span>{label}</span>
      </CheckboxLabel>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </FieldRow>
  );
}

/** An e-mail address field: the keyboard, autofill and spelling settings every e-mail field wants. */
export function EmailField(props: Common & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <TextField
      name="email"
      type="email"
      inputMode="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      required
      {...props}
    />
  );
}
