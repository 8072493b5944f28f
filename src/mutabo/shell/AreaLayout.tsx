// The frame of the authors' area: its own navigation above the section's page, and the ways out
// (back to the site, the profile, logout).
import type { ReactNode } from 'react';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { useAppDispatch } from '../../app/hooks.ts';
import { paths } from '../../app/paths.ts';
import { PageContainer } from '../../components/PageContainer.ts';
import { loggedOut } from '../../features/session/slice.ts';
import { areaSections } from './sections.ts';

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  margin-bottom: ${({ theme }) => theme.space(6)};
  padding-bottom: ${({ theme }) => theme.space(3)};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const AreaName = styled.p`
  margin: 0;
  font-family: ${({ theme }) => theme.fonts.heading};
  font-size: ${({ theme }) => theme.fonts.sizes.h3};
  font-weight: 700;
`;

const List = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(2)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const SectionLink = styled(NavLink)`
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  padding: 0 ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius};
  color: ${({ theme }) => theme.colors.text};
  font-weight: 600;
  text-decoration: none;

  &:hover {
    background: ${({ theme }) => theme.colors.paper};
  }

  &.active {
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
  }
`;

const SectionsNav = styled.nav`
  margin-bottom: ${({ theme }) => theme.space(6)};
`;

const ExitLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  padding: 0 ${({ theme }) => theme.space(1)};
`;

const ExitButton = styled.button`
  min-height: 44px;
  padding: 0 ${({ theme }) => theme.space(1)};
  border: 0;
  background: none;
  font: inherit;
  color: ${({ theme }) => theme.colors.primary};
  text-decoration: underline;
  text-decoration-thickness: 1px;
  text-underline-offset: 0.2em;
  cursor: pointer;
`;

export function AreaLayout({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const logout = () => {
    // Home first, committed at once: logged out inside the area, the guard would send the user to the login page.
    void navigate(paths.home, { flushSync: true });
    dispatch(loggedOut());
  };
  return (
    <PageContainer $width="wide">
      <Bar>
        <AreaName>Раздел авторов</AreaName>
        <nav aria-label="Выход из раздела">
          <List>
            <li>
              <ExitLink to={paths.home}>На сайт</ExitLink>
            </li>
            <li>
              <ExitLink to={paths.profile}>Профиль</ExitLink>
            </li>
            <li>
              <ExitButton type="button" onClick={logout}>
                Выйти
              </ExitButton>
            </li>
          </List>
        </nav>
      </Bar>
      <SectionsNav aria-label="Раздел авторов">
        <List>
          {areaSections.map((section) => (
            <li key={section.path}>
              <SectionLink to={section.path} end={section.end}>
                {section.label}
              </SectionLink>
            </li>
          ))}
        </List>
      </SectionsNav>
      {children}
    </PageContainer>
  );
}
