// The profile editor (spec section 2): saves the disciple through the update flow, whose saga returns to the profile.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { paths } from '../app/paths.ts';
import { ErrorScreen } from '../components/ErrorScreen.tsx';
import { Loader } from '../components/Loader.tsx';
import { PageTitle } from '../components/PageTitle.tsx';
import { discipleUpdateMutation } from '../features/account/index.ts';
import { useMutation } from '../data/mutation.ts';
import { useResetOnLeave } from '../features/auth/useResetOnLeave.ts';
import { useAccountData, useDictionaries } from '../features/profile/accountData.ts';
import { ProfileEditorForm } from '../features/profile/ProfileEditorForm.tsx';
import { PROFILE_TITLE } from '../features/profile/profileFields.ts';

const Section = styled.section`
  max-width: ${({ theme }) => theme.widths.form}px;
`;

export function ProfileEditorPage() {
  const account = useAccountData('anyone', true);
  const dictionaries = useDictionaries();
  const update = useMutation(discipleUpdateMutation);
  const [currentYear] = useState(() => new Date().getFullYear());
  useResetOnLeave(discipleUpdateMutation.reset);

  if (account.status === 'failed' || dictionaries.error) return <ErrorScreen />;
  const { user, disciple } = account;

  return (
    <Section>
      <PageTitle documentTitle="Редактирование профиля">{PROFILE_TITLE}</PageTitle>
      {account.status === 'loading' || !dictionaries.data ? (
        <Loader label="Загружаем профиль" />
      ) : !user || !disciple ? (
        <p>
          У этой учётной записи нет профиля участника. <Link to={paths.profile}>Вернуться в личный кабинет</Link>
        </p>
      ) : (
        <ProfileEditorForm
          disciple={disciple}
          dictionaries={dictionaries.data}
          currentYear={currentYear}
          loading={update.status === 'loading'}
          error={update.status === 'failure' ? update.error : null}
          onSubmit={(patch) => {
            if (user.disciple !== null) void update.run({ id: user.disciple, patch });
          }}
          cancelTo={paths.profile}
        />
      )}
    </Section>
  );
}
