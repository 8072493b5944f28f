// The sign-up form of spec section 2: every server message under its field, nonFieldErrors in the red block.
import { useEffect, useRef, useState, type FormEvent } from 'react';
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
import { accountMessages } from '../../../common/accountMessages.ts';
import { localRequestError, missingSignupFields, type SignupField, type SignupValues } from './signupChecks.ts';

const SIGNUP_FIELDS = ['email', 'firstName', 'lastName', 'password1', 'password2', 'yearOfBirth', 'agreement'] as const;

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
  const [missing, setMissing] = useState<Partial<Record<SignupField, string>>>({});
  // Counts the submits the form refused itself, so focus moves to the first missing field after each.
  const [refusals, setRefusals] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const [yearOptions] = useState(() => yearOfBirthOptions(new Date().getFullYear()));
  // While the form's own messages stand, they replace an older answer of the server.
  const shownError = localRequestError(missing) ?? error;
  const blockText = formErrorText(shownError, SIGNUP_FIELDS);

  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  const set = <K extends keyof SignupValues>(key: K, value: SignupValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setMissing((current) => (current[key] ? { ...current, [key]: undefined } : current));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (loading) return;
    const found = missingSignupFields(values);
    setMissing(found);
    if (Object.keys(found).length > 0) {
      setRefusals((count) => count + 1);
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
    <Form ref={formRef} onSubmit={submit} noValidate>
      {blockText && <FormErrorBlock>{blockText}</FormErrorBlock>}
      <EmailField
        label={EMAIL_LABEL}
        value={values.email}
        onChange={(event) => set('email', event.target.value)}
        error={fieldError(shownError, 'email')}
      />
      <NameFields firstName={values.firstName} lastName={values.lastName} onChange={set} error={shownError} />
      <TextField
        label={PASSWORD_LABEL}
        name="password1"
        type="password"
        autoComplete="new-password"
        required
        hint={accountMessages.passwordRules}
        value={values.password1}
        onChange={(event) => set('password1', event.target.value)}
        error={fieldError(shownError, 'password1')}
      />
      <TextField
        label="Повторите пароль"
        name="password2"
        type="password"
        autoComplete="new-password"
        required
        value={values.password2}
        onChange={(event) => set('password2', event.target.value)}
        error={fieldError(shownError, 'password2')}
      />
      <YearOfBirthField
        value={values.yearOfBirth}
        onChange={(year) => set('yearOfBirth', year)}
        options={yearOptions}
        placeholder="Выберите год"
        error={fieldError(shownError, 'yearOfBirth')}
      />
      <CheckboxField
        name="agreement"
        required
        checked={values.agreement}
        onChange={(event) => set('agreement', event.target.checked)}
        error={fieldError(shownError, 'agreement')}
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
