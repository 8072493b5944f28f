// The sign-up form of spec section 2: every server message under its field, nonFieldErrors in the red block.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../app/paths.ts';
import type { RequestError } from '../../api/requestError.ts';
import type { SignupPayload } from '../../../common/wireTypes.ts';
import { CheckboxField, FormErrorBlock, TextField, EmailField } from '../../components/form/fields.tsx';
import { Form, FormActions } from '../../components/form/FormLayout.ts';
import { fieldError, formErrorText } from '../../components/form/formErrors.ts';
import { EMAIL_LABEL, PASSWORD_LABEL } from '../../components/form/formTexts.ts';
import { LoadingButton } from '../../components/form/LoadingButton.tsx';
import { NameFields } from '../../components/form/NameFields.tsx';
import { selectValueToYear, YearOfBirthField } from '../../components/form/YearOfBirthField.tsx';
import { yearOfBirthOptions } from '../../../common/yearOptions.ts';

const SIGNUP_FIELDS = ['email', 'firstName', 'lastName', 'password1', 'password2', 'yearOfBirth', 'agreement'] as const;

const YEAR_REQUIRED = 'Выберите год рождения.';

interface SignupValues {
  email: string;
  firstName: string;
  lastName: string;
  password1: string;
  password2: string;
  /** '' until chosen; '0' is the «earlier» option. */
  yearOfBirth: string;
  agreement: boolean;
}

const emptyValues: SignupValues = {
  email: '',
  firstName: '',
  lastName: '',
  password1: '',
  password2: '',
  yearOfBirth: '',
  agreement: false,
};

interface SignupFormProps {
  loading: boolean;
  error: RequestError | null;
  onSubmit: (payload: SignupPayload) => void;
}

export function SignupForm({ loading, error, onSubmit }: SignupFormProps) {
  const [values, setValues] = useState(emptyValues);
  // The year is the one choice the server cannot tell «not chosen» from «earlier» (both would be null).
  const [yearMissing, setYearMissing] = useState(false);
  const [yearOptions] = useState(() => yearOfBirthOptions(new Date().getFullYear()));
  const blockText = formErrorText(error, SIGNUP_FIELDS);

  const set = <K extends keyof SignupValues>(key: K, value: SignupValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (loading) return;
    if (values.yearOfBirth === '') {
      setYearMissing(true);
      return;
    }
    onSubmit({
      email: values.email.trim().toLowerCase(),
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      password1: values.password1,
      password2: values.password2,
      yearOfBirth: selectValueToYear(values.yearOfBirth),
      agreement: values.agreement,
    });
  };

  return (
    <Form onSubmit={submit} noValidate>
      {blockText && <FormErrorBlock>{blockText}</FormErrorBlock>}
      <EmailField
        label={EMAIL_LABEL}
        value={values.email}
        onChange={(event) => set('email', event.target.value)}
        error={fieldError(error, 'email')}
      />
      <NameFields firstName={values.firstName} lastName={values.lastName} onChange={set} error={error} />
      <TextField
        label={PASSWORD_LABEL}
        name="password1"
        type="password"
        autoComplete="new-password"
        required
        value={values.password1}
        onChange={(event) => set('password1', event.target.value)}
        error={fieldError(error, 'password1')}
      />
      <TextField
        label="Повторите пароль"
        name="password2"
        type="password"
        autoComplete="new-password"
        required
        value={values.password2}
        onChange={(event) => set('password2', event.target.value)}
        error={fieldError(error, 'password2')}
      />
      <YearOfBirthField
        value={values.yearOfBirth}
        onChange={(year) => {
          set('yearOfBirth', year);
          setYearMissing(false);
        }}
        options={yearOptions}
        placeholder="Выберите год"
        error={yearMissing ? YEAR_REQUIRED : fieldError(error, 'yearOfBirth')}
      />
      <CheckboxField
        name="agreement"
        required
        checked={values.agreement}
        onChange={(event) => set('agreement', event.target.checked)}
        error={fieldError(error, 'agreement')}
        label={
          <>
            Я согласен(на) с{' '}
            <Link to={paths.policy} target="_blank" rel="noreferrer">
              политикой обработки персональных данных
            </Link>
          </>
        }
      />
      <FormActions>
        <LoadingButton loading={loading}>Зарегистрироваться</LoadingButton>
      </FormActions>
    </Form>
  );
}
