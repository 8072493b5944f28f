// An author's corner of the header: the name leads to the admin area (spec), and a small disclosure menu beside it
// keeps the profile, the courses and the logout one click away on every page.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { paths } from '../../app/paths.ts';
import { useLogout } from '../session/index.ts';

const MENU_BUTTON_LABEL = 'Меню учётной записи';
const ADMIN_TITLE = 'Раздел авторов';

const Corner = styled.div`
  position: relative;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
  min-width: 0;
`;

const AdminLink = styled.a`
  font-weight: 600;
  overflow-wrap: anywhere;
`;

const Toggle = styled.button.attrs({ type: 'button' })`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: none;
  width: 44px;
  height: 44px;
  padding: 0;
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radius};
  background: transparent;
  color: ${({ theme }) => theme.colors.primary};
  cursor: pointer;

  &:hover,
  &[aria-expanded='true'] {
    border-color: ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.paper};
  }

  svg {
    transition: transform 0.15s ease;
  }

  &[aria-expanded='true'] svg {
    transform: rotate(180deg);
  }

  ${({ theme }) => theme.media.reducedMotion} {
    svg {
      transition: none;
    }
  }
`;

// Under the corner, from its left edge on a phone (the corner starts the line there) and its right edge beside it.
const Panel = styled.ul`
  position: absolute;
  top: calc(100% + ${({ theme }) => theme.space(1)});
  left: 0;
  z-index: 50;
  min-width: 13rem;
  max-width: calc(100vw - 2rem);
  margin: 0;
  padding: ${({ theme }) => theme.space(1)} 0;
  list-style: none;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: 0 8px 24px rgba(0, 0, 0, 0.15);

  ${({ theme }) => theme.media.tablet} {
    left: auto;
    right: 0;
  }
`;

const itemLook = `
  display: flex;
  align-items: center;
  width: 100%;
  min-height: 44px;
  padding: 0.5rem 1rem;
  border: 0;
  background: transparent;
  font: inherit;
  font-weight: 600;
  text-align: left;
  text-decoration: none;
  cursor: pointer;
`;

const ItemLink = styled(Link)`
  ${itemLook}
  color: ${({ theme }) => theme.colors.primary};

  &:hover {
    background: ${({ theme }) => theme.colors.paper};
  }
`;

const ItemButton = styled.button.attrs({ type: 'button' })`
  ${itemLook}
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.primary};

  &:hover {
    background: ${({ theme }) => theme.colors.paper};
  }
`;

function Chevron() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="M3 6l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

interface AccountMenuProps {
  name: string;
}

export function AccountMenu({ name }: AccountMenuProps) {
  const { pathname } = useLocation();
  // The page the menu was opened on: any move to another page (a followed item, the back button) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (value: boolean) => setOpenOn(value ? pathname : null);
  const cornerRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const logout = useLogout();
  const close = () => setOpen(false);

  useEffect(() => {
    if (!open) return;
    // A click or a tap anywhere else closes it, as does focus moving out of it.
    const closeOutside = (event: Event) => {
      if (event.target instanceof Node && !cornerRef.current?.contains(event.target)) setOpenOn(null);
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('focusin', closeOutside);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('focusin', closeOutside);
    };
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
      toggleRef.current?.focus();
    }
  };

  return (
    <Corner ref={cornerRef} onKeyDown={onKeyDown}>
      {/* The admin area is served outside the site: a plain link, not a router link. */}
      <AdminLink href={paths.admin} title={ADMIN_TITLE}>
        {name}
      </AdminLink>
      <Toggle
        ref={toggleRef}
        aria-label={MENU_BUTTON_LABEL}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        <Chevron />
      </Toggle>
      <Panel id={panelId} hidden={!open}>
        <li>
          <ItemLink to={paths.profile} onClick={close}>Личный кабинет</ItemLink>
        </li>
        <li>
          <ItemLink to={paths.accountCourses} onClick={close}>Мои курсы</ItemLink>
        </li>
        <li>
          <ItemButton onClick={logout}>Выйти</ItemButton>
        </li>
      </Panel>
    </Corner>
  );
}
