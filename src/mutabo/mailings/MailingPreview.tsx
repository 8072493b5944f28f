// The letter as its recipients will read it (server/src/services/mutabo/mailings.ts newsLetter): the subject, the text
// in paragraphs (split by empty lines), the button to the course page, and the footer every news letter gets: why
// the recipient has it, and the personal unsubscribe link the server adds to each letter.
import styled from 'styled-components';
import { MAILING_REASONS, type MailingAudience } from '../../../common/mutabo/mailings.ts';

const Letter = styled.article`
  max-width: ${({ theme }) => theme.widths.text}px;
  padding: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.background};
  overflow-wrap: anywhere;
`;

const Head = styled.dl`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding-bottom: ${({ theme }) => theme.space(3)};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  font-size: ${({ theme }) => theme.fonts.sizes.small};

  div {
    display: flex;
    gap: ${({ theme }) => theme.space(2)};
  }

  dt {
    flex: none;
    color: ${({ theme }) => theme.colors.muted};
  }

  dd {
    margin: 0;
  }
`;

const Body = styled.div`
  p {
    white-space: pre-line;
  }
`;

const CourseButton = styled.span`
  display: inline-block;
  margin-bottom: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(5)}`};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-weight: 600;
`;

const Footer = styled.div`
  margin: ${({ theme }) => theme.space(2)} 0 0;
  padding-top: ${({ theme }) => theme.space(3)};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fonts.sizes.small};

  p {
    margin: 0 0 ${({ theme }) => theme.space(1)};
  }
`;

/** The paragraphs of a plain-text letter: split by empty lines, single line breaks kept. */
export const paragraphs = (text: string) =>
  text
    .split(/\r?\n\s*\r?\n/)
    .map((part) => part.trim())
    .filter(Boolean);

interface MailingPreviewProps {
  subject: string;
  text: string;
  courseTitle: string;
  to: MailingAudience;
}

export function MailingPreview({ subject, text, courseTitle, to }: MailingPreviewProps) {
  const parts = paragraphs(text);
  return (
    <Letter aria-label="Предпросмотр письма">
      <Head>
        <div>
          <dt>От кого:</dt>
          <dd>Мутабор</dd>
        </div>
        <div>
          <dt>Тема:</dt>
          <dd>
            <strong>{subject.trim() || 'без темы'}</strong>
          </dd>
        </div>
      </Head>
      <Body>{parts.length > 0 ? parts.map((part, index) => <p key={index}>{part}</p>) : <p>Текст письма появится здесь.</p>}</Body>
      <CourseButton>Открыть страницу курса</CourseButton>
      <Footer>
        <p>{MAILING_REASONS[to](courseTitle)}</p>
        <p>
          Отписаться от новостей курса: <em>личная ссылка получателя</em>. Она добавляется в каждое письмо и работает без входа на сайт.
        </p>
      </Footer>
    </Letter>
  );
}
