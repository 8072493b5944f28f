// Failed enrollment requests (spec section 8): red text where they happened, and a dialog «Ошибка» with «Закрыть».
import { useState } from 'react';
import styled from 'styled-components';
import type { RequestError } from '../../api/requestError.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';

const ERROR_DIALOG_TITLE = 'Ошибка';

export interface ShownError {
  /** The stored error: a new failure is a new object, so its dialog opens again. */
  error: RequestError;
  text: string;
}

const ErrorText = styled.p`
  margin: ${({ theme }) => theme.space(3)} 0 0;
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 600;
`;

export function EnrollmentErrors({ errors }: { errors: ShownError[] }) {
  const [dismissed, setDismissed] = useState<readonly RequestError[]>([]);
  const open = errors.find((shown) => !dismissed.includes(shown.error));
  return (
    <>
      {errors.map((shown, index) => (
        // The dialog announces the error; the text stays for reading after it is closed.
        <ErrorText key={`${index}:${shown.text}`}>{shown.text}</ErrorText>
      ))}
      <ConfirmDialog
        open={open !== undefined}
        title={ERROR_DIALOG_TITLE}
        message={open?.text}
        onClose={() => {
          if (open) setDismissed((before) => [...before.slice(-9), open.error]);
        }}
      />
    </>
  );
}
