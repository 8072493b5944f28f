// The site footer: links to the about, reviews, policy and offer pages, a word about each author, and who sells (the
// seller's details, which the first HTML of every page carries).
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { paths } from '../../app/paths.ts';
import { SITE_NAME } from '../../app/siteInfo.ts';
import { aboutAuthorPath, useSiteAuthors } from '../authors/index.ts';
import { SellerDetails } from '../seller/index.ts';
import { useSeller } from '../seller/index.ts';
import { sellerLines } from '../../../common/seller.ts';
import { authorBlurb } from '../../lib/authorBlurb.ts';

// Laid out and painted when near the screen: below the fold on most pages, it stays out of their first frame.
const Bar = styled.footer`
  content-visibility: auto;
  contain-intrinsic-size: auto 400px;
  margin-top: ${({ theme }) => theme.space(12)};
  padding: ${({ theme }) => theme.space(8)} ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.colors.paper};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  font-size: ${({ theme }) => theme.fonts.sizes.small};

  ${({ theme }) => theme.media.tablet} {
    padding-inline: ${({ theme }) => theme.space(6)};
  }
`;

const Inner = styled.div`
  max-width: ${({ theme }) => theme.widths.wide}px;
  margin: 0 auto;
  display: grid;
  gap: ${({ theme }) => theme.space(6)};

  ${({ theme }) => theme.media.tablet} {
    grid-template-columns: minmax(0, 1fr) minmax(0, 2fr);
  }
`;

const LinkList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(1)};

  a {
    display: inline-block;
    padding: ${({ theme }) => theme.space(1)} 0;
  }
`;

const Authors = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(4)};

  ${({ theme }) => theme.media.tablet} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const AuthorName = styled(Link)`
  font-weight: 600;
`;

const Blurb = styled.p`
  margin: ${({ theme }) => theme.space(1)} 0 0;
  color: ${({ theme }) => theme.colors.muted};
`;

const SellerBlock = styled.section`
  color: ${({ theme }) => theme.colors.muted};

  ${({ theme }) => theme.media.tablet} {
    grid-column: 1 / -1;
  }
`;

const Copyright = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};

  ${({ theme }) => theme.media.tablet} {
    grid-column: 1 / -1;
  }
`;

export function Footer() {
  const { authors = [] } = useSiteAuthors();
  const seller = useSeller();
  return (
    <Bar>
      <Inner>
        <nav aria-label="О сайте">
          <LinkList>
            <li>
              <Link to={paths.about}>О проекте</Link>
            </li>
            <li>
              <Link to={paths.feedbacks}>Отзывы</Link>
            </li>
            <li>
              <Link to={paths.policy}>Политика конфиденциальности</Link>
            </li>
            <li>
              <Link to={paths.offer}>Договор-оферта</Link>
            </li>
          </LinkList>
        </nav>
        {authors.length > 0 ? (
          <Authors aria-label="Авторы">
            {authors.map((author) => {
              const blurb = authorBlurb(author.description);
              return (
                <li key={author.id}>
                  <AuthorName to={aboutAuthorPath(author)}>{author.name}</AuthorName>
                  {blurb ? <Blurb>{blurb}</Blurb> : null}
                </li>
              );
            })}
          </Authors>
        ) : null}
        {seller && sellerLines(seller).length > 0 ? (
          <SellerBlock aria-label="Продавец">
            <SellerDetails seller={seller} />
          </SellerBlock>
        ) : null}
        <Copyright>
          © {new Date().getFullYear()} {SITE_NAME}
        </Copyright>
      </Inner>
    </Bar>
  );
}
