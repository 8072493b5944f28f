// The site header: logo, site name, the description with links to the authors, and the account corner.
import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { paths } from '../../app/paths.ts';
import { LOGO_SRC, SITE_DESCRIPTION, SITE_NAME } from '../../app/siteInfo.ts';
import { aboutAuthorPath, useSiteAuthors, type SiteAuthor } from '../authors/index.ts';
import { AccountBlock } from './AccountBlock.tsx';

interface HeaderProps {
  /** The compact header of the login, sign-up and password pages: a 50 px logo and no description. */
  simple?: boolean;
}

// The padding sits outside the 1167 px column, so the header lines up with the course grid below it.
const Bar = styled.header<{ $simple: boolean }>`
  padding: ${({ theme, $simple }) => theme.space($simple ? 2 : 4)} ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  ${({ theme }) => theme.media.tablet} {
    padding-inline: ${({ theme }) => theme.space(6)};
  }
`;

const Inner = styled.div<{ $simple: boolean }>`
  max-width: ${({ theme }) => theme.widths.wide}px;
  margin: 0 auto;
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  grid-template-areas: ${({ $simple }) =>
    $simple ? `'logo name' 'account account'` : `'logo name' 'description description' 'account account'`};
  align-items: center;
  gap: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};

  ${({ theme }) => theme.media.tablet} {
    grid-template-columns: auto minmax(0, 1fr) auto;
    grid-template-areas: ${({ $simple }) =>
      $simple ? `'logo name account'` : `'logo name account' 'logo description account'`};
    row-gap: ${({ theme }) => theme.space(1)};
  }
`;

const LogoLink = styled(Link)`
  grid-area: logo;
  display: block;
  line-height: 0;
`;

const Logo = styled.img<{ $size: number }>`
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
`;

const SiteName = styled(Link)<{ $simple: boolean }>`
  grid-area: name;
  justify-self: start;

  ${({ theme }) => theme.media.tablet} {
    align-self: ${({ $simple }) => ($simple ? 'center' : 'end')};
  }
  font-family: ${({ theme }) => theme.fonts.heading};
  font-size: ${({ $simple }) => ($simple ? '1.375rem' : '1.75rem')};
  font-weight: 700;
  line-height: 1.2;
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;

  &:hover {
    color: ${({ theme }) => theme.colors.primary};
  }
`;

const Description = styled.p`
  grid-area: description;
  align-self: start;
  margin: 0;
  max-width: ${({ theme }) => theme.widths.text}px;
  color: ${({ theme }) => theme.colors.muted};
  text-wrap: pretty;

  a {
    white-space: nowrap;
  }
  font-size: ${({ theme }) => theme.fonts.sizes.small};
  line-height: 1.5;

  ${({ theme }) => theme.media.tablet} {
    font-size: ${({ theme }) => theme.fonts.sizes.body};
  }
`;

const Account = styled.div`
  grid-area: account;
  justify-self: start;

  ${({ theme }) => theme.media.tablet} {
    justify-self: end;
  }
`;

export function Header({ simple = false }: HeaderProps) {
  const logoSize = simple ? 50 : 80;
  return (
    <Bar $simple={simple}>
      <Inner $simple={simple}>
        {/* The site name next to it is the link that assistive technology reads. */}
        <LogoLink to={paths.home} tabIndex={-1} aria-hidden="true">
          <Logo src={LOGO_SRC} alt="" width={logoSize} height={logoSize} $size={logoSize} />
        </LogoLink>
        <SiteName to={paths.home} $simple={simple}>
          {SITE_NAME}
        </SiteName>
        {simple ? null : <SiteDescription />}
        <Account>
          <AccountBlock />
        </Account>
      </Inner>
    </Bar>
  );
}

/** The site's description and who teaches, each name linking to the author's section on the about page. */
function SiteDescription() {
  const { authors } = useSiteAuthors();
  return (
    <Description>
      {SITE_DESCRIPTION}.{authors && authors.length > 0 ? <> Ведут <AuthorLinks authors={authors} />.</> : null}
    </Description>
  );
}

function AuthorLinks({ authors }: { authors: SiteAuthor[] }) {
  return authors.map((author, index) => (
    <Fragment key={author.id}>
      {index > 0 ? (index === authors.length - 1 ? ' и ' : ', ') : null}
      <Link to={aboutAuthorPath(author)}>{author.name}</Link>
    </Fragment>
  ));
}
