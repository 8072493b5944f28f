// The profile editor: the view's fields as inputs and selects; a minor's fields follow the chosen year live. A new
// e-mail address asks for the current password and takes effect only from the letter the server sends to it.
import { useId, useState, type FormEvent } from 'react';
import type { RequestError } from '../../api/requestError.ts';
import type { Dictionaries, Disciple, DisciplePatch, MainLanguage } from '../../../common/wireTypes.ts';
import { FormErrorBlock, SelectField, TextAreaField, TextField, EmailField } from '../../components/form/fields.tsx';
import { isMinor, yearOfBirthOptions } from '../../../common/yearOptions.ts';
import styled from 'styled-components';
import { Form } from '../../components/form/FormLayout.ts';
import { NameFields } from '../../components/form/NameFields.tsx';
import { SaveCancelActions } from '../../components/form/SaveCancelActions.tsx';
import { fieldError, formErrorText } from '../../components/form/formErrors.ts';
import { selectValueToYear, yearToSelectValue, YearOfBirthField } from '../../components/form/YearOfBirthField.tsx';
import { countriesByName, MAIN_LANGUAGES, mainLanguageLabels, profileLabels, timezoneName } from './profileFields.ts';

const EDITOR_FIELDS = [
  'email',
  'currentPassword',
  'firstName',
  'lastName',
  'yearOfBirth',
  'country',
  'mainLanguage',
  'timezone',
  'visitSchool',
  'readWriteProblems',
  'otherInfo',
] as const;

interface EditorValues {
  email: string;
  currentPassword: string;
  firstName: string;
  lastName: string;
  yearOfBirth: string;
  country: string;
  mainLanguage: MainLanguage;
  timezone: string;
  /** '' until answered. */
  visitSchool: '' | 'true' | 'false';
  readWriteProblems: string;
  otherInfo: string;
}

function initialValues(disciple: Disciple): EditorValues {
  const { profile } = disciple;
  return {
    email: disciple.email,
    currentPassword: '',
    firstName: disciple.firstName,
    lastName: disciple.lastName,
    yearOfBirth: yearToSelectValue(disciple.yearOfBirth),
    country: profile.country ?? '',
    mainLanguage: profile.mainLanguage ?? 'Russian',
    timezone: profile.timezone ?? '',
    visitSchool: profile.visitSchool === null || profile.visitSchool === undefined ? '' : profile.visitSchool ? 'true' : 'false',
    readWriteProblems: profile.readWriteProblems ?? '',
    otherInfo: profile.otherInfo ?? '',
  };
}

/** A stored code the dictionary does not know is kept as a choice of its own rather than silently replaced. */
function withStored(pairs: [string, string][], stored: string, name: (code: string) => string = (code) => code): [string, string][] {
  if (!stored || pairs.some(([code]) => code === stored)) return pairs;
  return [[stored, name(stored)], ...pairs];
}

const CURRENT_PASSWORD_LABEL = 'Текущий пароль (нужен для смены адреса)';

const EmailChangeHint = styled.p`
  margin: -${({ theme }) => theme.space(2)} 0 ${({ theme }) => theme.space(4)};
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fonts.sizes.small};
`;

// The minors' questions together, apart from the «Дополнительная информация» every participant has: the note
// counts exactly the questions of its group.
const MinorsGroup = styled.fieldset`
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
`;

const MinorsLegend = styled.legend`
  padding: 0;
  margin-bottom: ${({ theme }) => theme.space(2)};
  font-weight: 600;
`;

const MinorsNote = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fonts.sizes.small};
`;

interface ProfileEditorFormProps {
  disciple: Disciple;
  dictionaries: Dictionaries;
  currentYear: number;
  loading: boolean;
  error: RequestError | null;
  onSubmit: (patch: DisciplePatch) => void;
  cancelTo: string;
}

export function ProfileEditorForm({ disciple, dictionaries, currentYear, loading, error, onSubmit, cancelTo }: ProfileEditorFormProps) {
  const [values, setValues] = useState(() => initialValues(disciple));
  const [yearOptions] = useState(() => yearOfBirthOptions(currentYear, disciple.yearOfBirth));
  const [countries] = useState(() => withStored(countriesByName(dictionaries), disciple.profile.country));
  const [timezones] = useState(() => withStored(dictionaries.timezones, disciple.profile.timezone, (zone) => timezoneName(zone, undefined)));
  const minor = isMinor(selectValueToYear(values.yearOfBirth), currentYear);
  const minorsNoteId = useId();
  const blockText = formErrorText(error, EDITOR_FIELDS);
  const newEmail = values.email.trim().toLowerCase();
  const emailChanges = newEmail !== disciple.email.toLowerCase();

  const set = <K extends keyof EditorValues>(key: K, value: EditorValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (loading) return;
    onSubmit({
      email: newEmail,
      ...(emailChanges ? { currentPassword: values.currentPassword } : {}),
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      yearOfBirth: selectValueToYear(values.yearOfBirth),
      profile: {
        country: values.country,
        mainLanguage: values.mainLanguage,
        timezone: values.timezone,
        // The minors' fields are sent only while they are on screen; an adult's stored answers stay as they were.
        ...(minor ? { visitSchool: values.visitSchool === '' ? null : values.visitSchool === 'true', readWriteProblems: values.readWriteProblems } : {}),
        otherInfo: values.otherInfo,
      },
    });
  };

  return (
    <Form onSubmit={submit} noValidate>
      {blockText && <FormErrorBlock>{blockText}</FormErrorBlock>}
      <NameFields firstName={values.firstName} lastName={values.lastName} onChange={set} error={error} />
      <EmailField
        label={profileLabels.email}
        value={values.email}
        onChange={(event) => set('email', event.target.value)}
        error={fieldError(error, 'email')}
      />
      {emailChanges && (
        <>
          <EmailChangeHint role="status">
            Адрес изменится, когда вы подтвердите его: после сохранения мы отправим письмо на {newEmail || 'новый адрес'}, откройте ссылку из этого
            письма. До тех пор для входа служит прежний адрес.
          </EmailChangeHint>
          <TextField
            label={CURRENT_PASSWORD_LABEL}
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
            value={values.currentPassword}
            onChange={(event) => set('currentPassword', event.target.value)}
            error={fieldError(error, 'currentPassword')}
          />
        </>
      )}
      <YearOfBirthField
        value={values.yearOfBirth}
        onChange={(year) => set('yearOfBirth', year)}
        options={yearOptions}
        error={fieldError(error, 'yearOfBirth')}
      />
      <SelectField
        label={profileLabels.country}
        name="country"
        autoComplete="country"
        value={values.country}
        onChange={(event) => set('country', event.target.value)}
        error={fieldError(error, 'country')}
      >
        <option value="">Не выбрана</option>
        {countries.map(([code, name]) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={profileLabels.mainLanguage}
        name="mainLanguage"
        value={values.mainLanguage}
        onChange={(event) => set('mainLanguage', event.target.value as MainLanguage)}
        error={fieldError(error, 'mainLanguage')}
      >
        {MAIN_LANGUAGES.map((language) => (
          <option key={language} value={language}>
            {mainLanguageLabels[language]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={profileLabels.timezone}
        name="timezone"
        value={values.timezone}
        onChange={(event) => set('timezone', event.target.value)}
        error={fieldError(error, 'timezone')}
      >
        <option value="">Не выбран</option>
        {timezones.map(([code, name]) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </SelectField>
      {minor && (
        <MinorsGroup aria-describedby={minorsNoteId}>
          <MinorsLegend>Для участников младше 18 лет</MinorsLegend>
          <MinorsNote id={minorsNoteId}>
            Два вопроса ниже задаются только участникам младше 18 лет: ответы помогают автору курса подготовить занятия
            для подростка. Отвечать необязательно; ответы видят только авторы курсов, на которые вы записаны.
          </MinorsNote>
          <SelectField
            label={profileLabels.visitSchool}
            name="visitSchool"
            value={values.visitSchool}
            onChange={(event) => set('visitSchool', event.target.value === 'true' ? 'true' : event.target.value === 'false' ? 'false' : '')}
            error={fieldError(error, 'visitSchool')}
          >
            <option value="">Не указано</option>
            <option value="true">Да</option>
            <option value="false">Нет</option>
          </SelectField>
          <TextAreaField
            label={profileLabels.readWriteProblems}
            name="readWriteProblems"
            rows={3}
            value={values.readWriteProblems}
            onChange={(event) => set('readWriteProblems', event.target.value)}
            error={fieldError(error, 'readWriteProblems')}
          />
        </MinorsGroup>
      )}
      <TextAreaField
        label={profileLabels.otherInfo}
        name="otherInfo"
        rows={4}
        value={values.otherInfo}
        onChange={(event) => set('otherInfo', event.target.value)}
        error={fieldError(error, 'otherInfo')}
      />
      <SaveCancelActions loading={loading} cancelTo={cancelTo} />
    </Form>
  );
}
