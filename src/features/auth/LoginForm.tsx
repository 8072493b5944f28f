// The login form: e-mail and password; the server's `detail` in the red block, field messages under fields.
import { useState, type FormEvent } from 'react';
import type { RequestError } from '../../api/requestError.ts';
import type { LoginPayload } from '../../../common/wireTypes.ts';
import { FormErrorBlock, TextField, EmailField } from '../../components/form/fields.tsx';
import { Form, FormActions } from '../../components/form/FormLayout.ts';
import { fieldError, formErrorText } from '../../components/form/formErrors.ts';
import { EMAIL_LABEL, PASSWORD_LABEL } from '../../components/form/formTexts.ts';
import { LoadingButton } from '../../components/form/LoadingButton.tsx';

/** The login call names the e-mail `username` (spec section 7); its messages go under the e-mail field. */
const LOGIN_FIELDS = ['username', 'password'] as const;

interface LoginFormProps {
  loading: boolean;
  error: RequestError | null;
  /** The saga trims and lower-cases the e-mail. */
  onSubmit: (payload: LoginPayload) => void;
  /** The address to start with (an account just confirmed); the password field then takes the focus. */
  initialEmail?: string;
}

export function LoginForm({ loading, error, onSubmit, initialEmail = '' }: LoginFormProps) {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const blockText = formErrorText(error, LOGIN_FIELDS);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!loading) onSubmit({ username: email, password });
  };

  return (
    <Form onSubmit={submit} noValidate>
      {blockText && <FormErrorBlock>{blockText}</FormErrorBlock>}
      <EmailField
        label={EMAIL_LABEL}
        autoComplete="username"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={fieldError(error, 'username')}
      />
      <TextField
        label={PASSWORD_LABEL}
        name="password"
        type="password"
        autoComplete="current-password"
        autoFocus={initialEmail !== ''}
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={fieldError(error, 'password')}
      />
      <FormActions>
        <LoadingButton loading={loading}>Войти</LoadingButton>
      </FormActions>
    </Form>
  );
}
