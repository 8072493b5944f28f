// The reset request: the e-mail the letter with the reset link goes to.
import { useState, type FormEvent } from 'react';
import type { RequestError } from '../../api/requestError.ts';
import type { PasswordResetPayload } from '../../../common/wireTypes.ts';
import { FormErrorBlock, EmailField } from '../../components/form/fields.tsx';
import { Form, FormActions } from '../../components/form/FormLayout.ts';
import { fieldError, formErrorText } from '../../components/form/formErrors.ts';
import { EMAIL_LABEL } from '../../components/form/formTexts.ts';
import { LoadingButton } from '../../components/form/LoadingButton.tsx';

const RESET_FIELDS = ['email'] as const;

interface PasswordResetFormProps {
  loading: boolean;
  error: RequestError | null;
  onSubmit: (payload: PasswordResetPayload) => void;
}

export function PasswordResetForm({ loading, error, onSubmit }: PasswordResetFormProps) {
  const [email, setEmail] = useState('');
  const blockText = formErrorText(error, RESET_FIELDS);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!loading) onSubmit({ email: email.trim().toLowerCase() });
  };

  return (
    <Form onSubmit={submit} noValidate>
      {blockText && <FormErrorBlock>{blockText}</FormErrorBlock>}
      <EmailField
        label={EMAIL_LABEL}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={fieldError(error, 'email')}
      />
      <FormActions>
        <LoadingButton loading={loading}>Восстановить</LoadingButton>
      </FormActions>
    </Form>
  );
}
