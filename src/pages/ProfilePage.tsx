// The own profile, read-only (spec section 2): the fields, then Edit, Change password and Logout; then, when the site
// has a Telegram bot, «Telegram» and «Куда присылать сообщения» (issue 36); then «Мои данные» and «Удалить аккаунт».
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { paths } from '../app/paths.ts';
import { Button, ButtonLink } from '../components/Button.ts';
import { ErrorScreen } from '../components/ErrorScreen.tsx';
import { Loader } from '../components/Loader.tsx';
import { PageTitle } from '../components/PageTitle.tsx';
import { FormActions } from '../components/form/FormLayout.ts';
import { useAccountData, useDictionaries } from '../features/profile/accountData.ts';
import { DeleteAccountBlock } from '../features/profile/DeleteAccountBlock.tsx';
import { MyDataBlock } from '../features/profile/MyDataBlock.tsx';
import { ProfileDetails } from '../features/profile/ProfileDetails.tsx';
import { PROFILE_TITLE } from '../features/profile/profileFields.ts';
import { useLogout } from '../features/session/useLogout.ts';
import { TelegramSettings } from '../features/telegram/index.ts';

const Section = styled.section`
  max-width: ${({ theme }) => theme.widths.text}px;
`;

const EmailNotice = styled.p`
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(4)}`};
  border-left: 4px solid ${({ theme }) => theme.colors.primary};
  background: ${({ theme }) => theme.colors.surface};
`;

export function ProfilePage() {
  const logout = useLogout();
  const account = useAccountData('anyone', true);
  const dictionaries = useDictionaries();
  const [currentYear] = useState(() => new Date().getFullYear());
  // Set by the editor's save when it asked for a new e-mail address (EMAIL_CHANGE_REQUESTED_ROUTE).
  const emailChangeRequested = useSearchParams()[0].get('email-change') === 'requested';

  if (account.status === 'failed') return <ErrorScreen />;
  const person = account.disciple ?? account.user;
  // Without the dictionaries the country is shown by its code, so their failure does not hide the profile.
  const waiting = account.status === 'loading' || !person || (!dictionaries.data && !dictionaries.error);

  return (
    <Section>
      <PageTitle documentTitle="Личный кабинет">{PROFILE_TITLE}</PageTitle>
      {waiting ? (
        <Loader label="Загружаем профиль" />
      ) : (
        <>
          {emailChangeRequested && (
            <EmailNotice role="status">
              Мы отправили письмо на новый адрес электронной почты. Адрес изменится, когда вы откроете ссылку из этого письма; до тех пор
              для входа служит прежний.
            </EmailNotice>
          )}
          <ProfileDetails
            person={person}
            profile={account.disciple?.profile}
            dictionaries={dictionaries.data}
            currentYear={currentYear}
          />
          <FormActions>
            {account.disciple && <ButtonLink to={paths.profileEditor}>Редактировать</ButtonLink>}
            <ButtonLink to={paths.passwordChange} $variant="secondary">
              Сменить пароль
            </ButtonLink>
            <Button $variant="secondary" onClick={logout}>
              Выйти
            </Button>
          </FormActions>
          <TelegramSettings />
          <MyDataBlock />
          <DeleteAccountBlock isAuthor={Boolean(account.user?.author)} />
        </>
      )}
    </Section>
  );
}
