// One author on the about page, from the author's record: portrait, name, text about themselves and a saying; its id
// is the anchor the header and footer link to.
import styled from 'styled-components';
import { RichText } from '../../components/RichText.tsx';
import type { SiteAuthor } from '../authors/index.ts';

const Section = styled.section<{ $withPhoto: boolean }>`
  display: grid;
  gap: ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(8)};
  padding: ${({ theme }) => theme.space(8)} 0;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  /* A little air above the heading when the page opens at /about#anna. */
  scroll-margin-top: ${({ theme }) => theme.space(4)};

  ${({ theme }) => theme.media.tablet} {
    grid-template-columns: ${({ $withPhoto }) => ($withPhoto ? '200px minmax(0, 1fr)' : 'minmax(0, 1fr)')};
    align-items: start;
  }
`;

const Photo = styled.img`
  width: 160px;
  height: 160px;
  border-radius: 50%;
  object-fit: cover;

  ${({ theme }) => theme.media.tablet} {
    width: 200px;
    height: 200px;
  }
`;

const Body = styled.div`
  min-width: 0;

  h3 {
    font-size: ${({ theme }) => theme.fonts.sizes.h2};
  }
`;

const Quote = styled.blockquote`
  margin: ${({ theme }) => theme.space(6)} 0 0;
  padding: ${({ theme }) => theme.space(1)} 0 ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(5)};
  border-left: 4px solid ${({ theme }) => theme.colors.accent};
  font-family: ${({ theme }) => theme.fonts.heading};
  font-size: ${({ theme }) => theme.fonts.sizes.lead};
  font-style: italic;

  p {
    margin: 0;
  }
`;

export function AuthorSection({ author }: { author: SiteAuthor }) {
  const headingId = `${author.anchor}-name`;
  return (
    <Section id={author.anchor} aria-labelledby={headingId} $withPhoto={author.photo !== ''}>
      {author.photo ? <Photo src={author.photo} alt={`Фотография: ${author.name}`} width={200} height={200} /> : null}
      <Body>
        <h3 id={headingId}>{author.name}</h3>
        <RichText source={author.description} />
        {author.quote ? (
          <Quote>
            <p>«{author.quote}»</p>
          </Quote>
        ) : null}
      </Body>
    </Section>
  );
}
