// The public sections on every page, under the header: a row of links on wide screens, and on phones a menu button
// that opens the same list (a disclosure: aria-expanded, aria-controls; closed on any move to another page and on Escape).
import { useId, useState, type KeyboardEvent } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { paths } from '../app/paths.ts';

const SECTION_NAV_LABEL = 'Разделы сайта';
const SECTION_MENU_BUTTON = 'Разделы';

/** The sections, in the order of the spec's pages; the catalogue is the home page. */
const SECTIONS: readonly { to: string; label: string }[] = [
  { to: paths.home, label: 'Курсы' },
  { to: paths.timetable, label: 'Расписание' },
  { to: paths.library, label: 'Библиотека' },
  { to: paths.feedbacks, label: 'Отзывы' },
  { to: paths.about, label: 'О проекте' },
];

const Bar = styled.nav`
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  padding: 0 ${({ theme }) => theme.space(4)};

  ${({ theme }) => theme.media.tablet} {
    padding-inline: ${({ theme }) => theme.space(6)};
  }
`;

const Inner = styled.div`
  max-width: ${({ theme }) => theme.widths.wide}px;
  margin: 0 auto;
`;

const Toggle = styled.button.attrs({ type: 'button' })`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  min-height: 44px;
  padding: 0 ${({ theme }) => theme.space(2)};
  margin-left: -${({ theme }) => theme.space(2)};
  border: 0;
  background: transparent;
  color: ${({ theme }) => theme.colors.primary};
  font: inherit;
  font-weight: 600;
  cursor: pointer;

  ${({ theme }) => theme.media.tablet} {
    display: none;
  }
`;

const List = styled.ul<{ $open: boolean }>`
  list-style: none;
  margin: 0;
  padding: 0 0 ${({ theme }) => theme.space(2)};
  display: ${({ $open }) => ($open ? 'grid' : 'none')};

  ${({ theme }) => theme.media.tablet} {
    display: flex;
    flex-wrap: wrap;
    gap: 0 ${({ theme }) => theme.space(6)};
    padding: 0;
  }
`;

const SectionLink = styled(NavLink)`
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  font-weight: 600;
  text-decoration: none;
  border-bottom: 3px solid transparent;

  &:hover {
    text-decoration: underline;
  }

  &[aria-current='page'] {
    color: ${({ theme }) => theme.colors.text};
    border-bottom-color: ${({ theme }) => theme.colors.accent};
  }
`;

function MenuIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path d="M3 5h14M3 10h14M3 15h14" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

export function SectionNav() {
  const { pathname } = useLocation();
  // The page the menu was opened on: following a link (or Back) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const listId = useId();

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      setOpenOn(null);
      (event.currentTarget.querySelector('button') as HTMLButtonElement | null)?.focus();
    }
  };

  return (
    <Bar aria-label={SECTION_NAV_LABEL} onKeyDown={onKeyDown}>
      <Inner>
        <Toggle aria-expanded={open} aria-controls={listId} onClick={() => setOpenOn(open ? null : pathname)}>
          <MenuIcon />
          {SECTION_MENU_BUTTON}
        </Toggle>
        <List id={listId} $open={open}>
          {SECTIONS.map((section) => (
            <li key={section.to}>
              <SectionLink to={section.to} end={section.to === paths.home}>
                {section.label}
              </SectionLink>
            </li>
          ))}
        </List>
      </Inner>
    </Bar>
  );
}
