// The policy's numbered sections; the operator's e-mail inside the text becomes a mail link.
import { Fragment } from 'react';
import styled from 'styled-components';
import type { PolicySection } from './policySections.ts';

const Section = styled.section`
  margin-top: ${({ theme }) => theme.space(8)};

  h2 {
    font-size: ${({ theme }) => theme.fonts.sizes.h3};
  }

  p {
    text-align: left;
    hyphens: auto;
  }
`;

function WithMailLinks({ text, email }: { text: string; email: string }) {
  const parts = text.split(email);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <a href={`mailto:${email}`}>{email}</a> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}

export function PolicyText({ sections, email }: { sections: PolicySection[]; email: string }) {
  return (
    <>
      {sections.map((section, index) => {
        const headingId = `policy-section-${index + 1}`;
        return (
          <Section key={section.title} aria-labelledby={headingId}>
            <h2 id={headingId}>{section.title}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>
                <WithMailLinks text={paragraph} email={email} />
              </p>
            ))}
          </Section>
        );
      })}
    </>
  );
}
