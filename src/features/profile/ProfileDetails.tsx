// The read-only profile: the person's own fields, then the disciple's profile; a minor's two extra fields, «не указано»
// until answered.
import styled from 'styled-components';
import type { Dictionaries, DiscipleProfile } from '../../../common/wireTypes.ts';
import { isMinor } from '../../../common/yearOptions.ts';
import {
  countryName,
  mainLanguageText,
  answerText,
  profileLabels,
  timezoneName,
  yearOfBirthText,
  yesNo,
} from './profileFields.ts';

const List = styled.dl`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  margin: 0 0 ${({ theme }) => theme.space(6)};

  ${({ theme }) => theme.media.tablet} {
    grid-template-columns: minmax(10rem, 16rem) minmax(0, 1fr);
  }
`;

const Row = styled.div`
  display: contents;

  dt,
  dd {
    padding: ${({ theme }) => theme.space(2)} 0;
  }

  dt {
    color: ${({ theme }) => theme.colors.muted};
    font-weight: 600;
    padding-bottom: 0;
  }

  dd {
    margin: 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    white-space: pre-line;
  }

  ${({ theme }) => theme.media.tablet} {
    dt {
      padding-bottom: ${({ theme }) => theme.space(2)};
      padding-right: ${({ theme }) => theme.space(4)};
      border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    }
  }
`;

const EMPTY = '—';

interface ProfilePerson {
  email: string;
  firstName: string;
  lastName: string;
  yearOfBirth: number | null;
}

interface ProfileDetailsProps {
  person: ProfilePerson;
  /** Missing for an author who has no disciple. */
  profile: DiscipleProfile | undefined;
  dictionaries: Dictionaries | undefined;
  currentYear: number;
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Row>
      <dt>{label}</dt>
      <dd>{value.trim() || EMPTY}</dd>
    </Row>
  );
}

export function ProfileDetails({ person, profile, dictionaries, currentYear }: ProfileDetailsProps) {
  const minor = isMinor(person.yearOfBirth, currentYear);
  return (
    <List>
      <Field label={profileLabels.firstName} value={person.firstName} />
      <Field label={profileLabels.lastName} value={person.lastName} />
      <Field label={profileLabels.email} value={person.email} />
      <Field label={profileLabels.yearOfBirth} value={yearOfBirthText(person.yearOfBirth, currentYear)} />
      {profile && (
        <>
          <Field label={profileLabels.country} value={countryName(profile.country, dictionaries)} />
          <Field label={profileLabels.mainLanguage} value={mainLanguageText(profile.mainLanguage)} />
          <Field label={profileLabels.timezone} value={timezoneName(profile.timezone, dictionaries)} />
          {minor && (
            <>
              <Field label={profileLabels.visitSchool} value={yesNo(profile.visitSchool)} />
              <Field label={profileLabels.readWriteProblems} value={answerText(profile.readWriteProblems)} />
            </>
          )}
          <Field label={profileLabels.otherInfo} value={profile.otherInfo} />
        </>
      )}
    </List>
  );
}
