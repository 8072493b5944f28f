// The new password after a reset; a dead or used link (`token`, `uidb64`) is told in the red block.
import { useState, type FormEvent } from 'react';
import type { RequestError } from '../../api/requestError.ts';
import { FormErrorBlock, TextField } from '../../components/form/fields.tsx';
import { Form, FormActions } from '../../components/form/FormLayout.ts';
import { fieldError, formErrorText } from '../../components/form/formErrors.ts';
import { SAVE_LABEL } from '../../components/form/formTexts.ts';
import { LoadingButton } from '../../components/form/LoadingButton.tsx';

const NEW_PASSWORD_FIELDS = ['password1', 'password2'] as const;

interface NewPasswordFormProps {
  loading: boolean;
  error: RequestError | null;
  onSubmit: (passwords: { password1: string; password2: string }) => void;
}

export function NewPasswordForm({ loading, error, onSubmit }: NewPasswordFormProps) {
  const [password1, setPassword1] = useState('');
  const [password2, setPassword2] = useState('');
  const blockText = formErrorText(error, NEW_PASSWORD_FIELDS);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!loading) onSubmit({ password1, password2 });
  };

  return (
    <Form onSubmit={submit} noValidate>
      {blockText && <FormErrorBlock>{blockText}</FormErrorBlock>}
      <TextField
        label="Новый пароль"
        name="password1"
        type="password"
        autoComplete="new-password"
        required
        value={password1}
        onChange={(event) => setPassword1(event.target.value)}
        error={fieldError(error, 'password1')}
      />
      <TextField
        label="Повторите новый пароль"
        name="password2"
        type="password"
        autoComplete="new-password"
        required
        value={password2}
        onChange={(event) => setPassword2(event.target.value)}
        error={fieldError(error, 'password2')}
      />
      <FormActions>
        <LoadingButton loading={loading}>{SAVE_LABEL}</LoadingButton>
      </FormActions>
    </Form>
  );
}
