// The account area: the two tabs (profile and courses) above the tab's own page, which waits for the user
// and, for a non-author, their disciple (spec section 4, page gating).
import { NavLink, Outlet } from 'react-router-dom';
import styled from 'styled-components';
import { paths } from '../app/paths.ts';
import { ErrorScreen } from '../components/ErrorScreen.tsx';
import { Loader } from '../components/Loader.tsx';
import { PageContainer } from '../components/PageContainer.ts';
import { useAccountData } from '../features/profile/accountData.ts';

const Tabs = styled.nav`
  margin-bottom: ${({ theme }) => theme.space(6)};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  ul {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space(1)};
    margin: 0;
    padding: 0;
    list-style: none;
  }
`;

const Tab = styled(NavLink)`
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  margin-bottom: -1px;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  border-bottom: 3px solid transparent;
  color: ${({ theme }) => theme.colors.muted};
  font-weight: 600;
  text-decoration: none;

  &:hover {
    color: ${({ theme }) => theme.colors.primary};
  }

  &.active {
    color: ${({ theme }) => theme.colors.text};
    border-bottom-color: ${({ theme }) => theme.colors.primary};
  }
`;

export function AccountPage() {
  const account = useAccountData('nonAuthors', false);

  return (
    <PageContainer>
      <Tabs aria-label="Личный кабинет">
        <ul>
          <li>
            {/* Active under the profile's editor and password form too. */}
            <Tab to={paths.profile}>Личный кабинет</Tab>
          </li>
          <li>
            <Tab to={paths.accountCourses}>Курсы</Tab>
          </li>
        </ul>
      </Tabs>
      {account.status === 'failed' ? <ErrorScreen /> : account.status === 'loading' ? <Loader /> : <Outlet />}
    </PageContainer>
  );
}
