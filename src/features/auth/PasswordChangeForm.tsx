// The password change of a logged-in user: the current password and the new one twice; Save and Cancel.
import { useState, type FormEvent } from 'react';
import type { RequestError } from '../../api/requestError.ts';
import type { PasswordUpdatePayload } from '../../../common/wireTypes.ts';
import { FormErrorBlock, TextField } from '../../components/form/fields.tsx';
import { Form } from '../../components/form/FormLayout.ts';
import { SaveCancelActions } from '../../components/form/SaveCancelActions.tsx';
import { fieldError, formErrorText } from '../../components/form/formErrors.ts';

const PASSWORD_CHANGE_FIELDS = ['oldPassword', 'newPassword1', 'newPassword2'] as const;

interface PasswordChangeFormProps {
  loading: boolean;
  error: RequestError | null;
  onSubmit: (payload: PasswordUpdatePayload) => void;
  /** Where «Отмена» leads. */
  cancelTo: string;
}

export function PasswordChangeForm({ loading, error, onSubmit, cancelTo }: PasswordChangeFormProps) {
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword1, setNewPassword1] = useState('');
  const [newPassword2, setNewPassword2] = useState('');
  const blockText = formErrorText(error, PASSWORD_CHANGE_FIELDS);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!loading) onSubmit({ oldPassword, newPassword1, newPassword2 });
  };

  return (
    <Form onSubmit={submit} noValidate>
      {blockText && <FormErrorBlock>{blockText}</FormErrorBlock>}
      <TextField
        label="Текущий пароль"
        name="oldPassword"
        type="password"
        autoComplete="current-password"
        required
        value={oldPassword}
        onChange={(event) => setOldPassword(event.target.value)}
        error={fieldError(error, 'oldPassword')}
      />
      <TextField
        label="Новый пароль"
        name="newPassword1"
        type="password"
        autoComplete="new-password"
        required
        value={newPassword1}
        onChange={(event) => setNewPassword1(event.target.value)}
        error={fieldError(error, 'newPassword1')}
      />
      <TextField
        label="Новый пароль ещё раз"
        name="newPassword2"
        type="password"
        autoComplete="new-password"
        required
        value={newPassword2}
        onChange={(event) => setNewPassword2(event.target.value)}
        error={fieldError(error, 'newPassword2')}
      />
      <SaveCancelActions loading={loading} cancelTo={cancelTo} />
    </Form>
  );
}
