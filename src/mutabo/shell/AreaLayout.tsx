// The frame of the authors' area: its own navigation above the section's page, and the ways out
// (back to the site, the profile, logout). On a phone the sections are behind one button naming the current one (a
// list of twelve would fill the screen); from the tablet's width up they are all shown as a row of links.
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link, NavLink, matchPath, useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { useAppDispatch } from '../../app/hooks.ts';
import { paths } from '../../app/paths.ts';
import { PageContainer } from '../../components/PageContainer.ts';
import { loggedOut } from '../../features/session/slice.ts';
import { areaSections } from './sections.ts';

/**
 * The area's page. A checkbox or radio button is tapped through its label: every such label in the area is at least
 * 44 px tall, its box centred on the text's line.
 */
const Area = styled(PageContainer)`
  label:has(> input[type='checkbox']),
  label:has(> input[type='radio']) {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
    min-height: 44px;
  }

  label > input:is([type='checkbox'], [type='radio']) {
    margin-block: 0;
  }
`;

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

/** Below the tablet's width (the theme's media are all from a width up). */
const phone = ({ theme }: { theme: { breakpoints: { tablet: number } } }) => `@media (max-width: ${theme.breakpoints.tablet - 0.02}px)`;

/** The phone's way to the sections: closed, one line with the current section's name. */
const MenuButton = styled.button`
  display: none;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  width: 100%;
  min-height: 48px;
  padding: 0 ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-weight: 600;
  text-align: left;
  cursor: pointer;

  &[aria-expanded='true'] > span:last-child {
    transform: rotate(180deg);
  }

  ${phone} {
    display: flex;
  }
`;

const Arrow = styled.span`
  flex: none;
  transition: transform 0.15s;
`;

/** On a phone a column shown only while the menu is open; from the tablet's width up a row that is always there. */
const SectionList = styled(List)<{ $open: boolean }>`
  ${phone} {
    display: ${({ $open }) => ($open ? 'flex' : 'none')};
    flex-direction: column;
    margin-top: ${({ theme }) => theme.space(1)};
  }
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
    <Area $width="wide">
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
      <AreaSections />
      {children}
    </Area>
  );
}

/** The area's sections: a menu button on a phone (Escape or a section chosen closes it), links in a row on wider screens. */
function AreaSections() {
  const { pathname } = useLocation();
  // Open at the address where it was opened: another page (a link followed, the browser's back) finds it closed.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === pathname;
  const setOpen = (next: boolean) => setOpenAt(next ? pathname : null);
  const button = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const current = areaSections.find((section) => matchPath({ path: section.path, end: section.end ?? false }, pathname));
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.preventDefault();
    setOpen(false);
    button.current?.focus();
  };
  return (
    <SectionsNav aria-label="Раздел авторов" onKeyDown={closeOnEscape}>
      <MenuButton ref={button} type="button" aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)}>
        <span>Разделы{current ? `: ${current.label}` : ''}</span>
        <Arrow aria-hidden="true">▾</Arrow>
      </MenuButton>
      <SectionList id={listId} $open={open} data-open={open}>
        {areaSections.map((section) => (
          <li key={section.path}>
            <SectionLink to={section.path} end={section.end} onClick={() => setOpen(false)}>
              {section.label}
            </SectionLink>
          </li>
        ))}
      </SectionList>
    </SectionsNav>
  );
}
