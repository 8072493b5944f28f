// The header's account corner: sign-up and login for guests, the user's name once they are known (with a menu for authors).
import { useEffect } from 'react';
import { Link, NavLink } from 'react-router-dom';
import styled from 'styled-components';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { paths } from '../../app/paths.ts';
import { selectCurrentUser } from '../session/index.ts';
import { selectIsLoggedIn } from '../session/index.ts';
import { ensureResource } from '../../data/cache.ts';
import { useReturnState } from '../auth/index.ts';
import type { User } from '../../../common/wireTypes.ts';
import { AccountMenu } from './AccountMenu.tsx';
import { ButtonLink } from '../../components/Button.ts';

const Nav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  /* The height of the guest buttons, kept while the user loads so the header does not jump. */
  min-height: 44px;
`;

const UserLink = styled(Link)`
  font-weight: 600;
`;

// A NavLink, so that on the login page itself it is marked as the current page.
const LoginLink = styled(NavLink)`
  font-weight: 600;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(1)};
`;

function fullName(user: User): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}

export function AccountBlock() {
  const dispatch = useAppDispatch();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const me = useAppSelector(selectCurrentUser);
  // Logging in or signing up from any page comes back to it (common/landing.ts).
  const back = useReturnState();

  useEffect(() => {
    if (loggedIn) dispatch(ensureResource('me'));
  }, [loggedIn, dispatch]);

  if (!loggedIn) {
    return (
      <Nav aria-label="Вход и регистрация">
        <ButtonLink to={paths.signup} state={back}>
          Зарегистрироваться
        </ButtonLink>
        <LoginLink to={paths.login} state={back}>
          Войти
        </LoginLink>
      </Nav>
    );
  }

  const user = me.data;
  return (
    <Nav aria-label="Учётная запись" aria-busy={!user && !me.error}>
      {user ? (
        user.author ? (
          <AccountMenu name={fullName(user)} />
        ) : (
          <UserLink to={paths.profile}>{fullName(user)}</UserLink>
        )
      ) : me.error ? (
        <UserLink to={paths.profile}>Личный кабинет</UserLink>
      ) : null}
    </Nav>
  );
}
