// The home page's quotation: its text, the source in capitals, a link to the library and to the course it comes from.
import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { paths } from '../../app/paths.ts';
import type { Quotation } from '../../../common/wireTypes.ts';

const Banner = styled.figure`
  margin: 0 auto ${({ theme }) => theme.space(8)};
  max-width: ${({ theme }) => theme.widths.wide}px;
  padding: ${({ theme }) => theme.space(6)} ${({ theme }) => theme.space(5)};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.paper};
  border-left: 4px solid ${({ theme }) => theme.colors.accent};

  ${({ theme }) => theme.media.tablet} {
    padding: ${({ theme }) => theme.space(8)} ${({ theme }) => theme.space(10)};
  }
`;

const Text = styled.blockquote`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  font-family: ${({ theme }) => theme.fonts.heading};
  font-size: ${({ theme }) => theme.fonts.sizes.lead};
  font-style: italic;
  line-height: 1.5;

  ${({ theme }) => theme.media.tablet} {
    font-size: ${({ theme }) => theme.fonts.sizes.h3};
  }

  p {
    margin: 0;
  }
`;

const Caption = styled.figcaption`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(6)};
  font-size: ${({ theme }) => theme.fonts.sizes.small};
`;

const Source = styled.cite`
  font-style: normal;
  font-weight: 600;
  letter-spacing: 0.04em;
  text-transform: uppercase;
`;

const Links = styled.span`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(4)};
`;

/** Verse comes with its lines joined by « / »: each goes on a line of its own. */
function verseLines(text: string): string[] {
  return text.split(/\s+\/\s+/);
}

export function QuotationBanner({ quotation }: { quotation: Quotation }) {
  return (
    <Banner aria-label="Цитата">
      <Text>
        <p>
          {verseLines(quotation.text).map((line, index) => (
            <Fragment key={index}>
              {index > 0 ? <br /> : null}
              {line}
            </Fragment>
          ))}
        </p>
      </Text>
      <Caption>
        {quotation.source ? <Source>{quotation.source}</Source> : null}
        <Links>
          <Link to={paths.library}>Библиотека</Link>
          {quotation.course ? (
            <Link to={paths.course(quotation.course.id)}>Из материалов курса «{quotation.course.title}»</Link>
          ) : null}
        </Links>
      </Caption>
    </Banner>
  );
}
