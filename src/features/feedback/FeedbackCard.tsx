// One review: its text, who wrote it, which course it is about, and an optional signature.
import type { Ref } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { Feedback } from '../../../common/wireTypes.ts';
import { paths } from '../../app/paths.ts';
import { RichText } from '../../components/RichText.tsx';
import { feedbackAuthorLabel, feedbackCourseLine } from './feedbackLines.ts';

const Card = styled.article`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(5)};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};

  /* On desktop the reviews read as one column divided by rules rather than as cards. */
  ${({ theme }) => theme.media.desktop} {
    padding: ${({ theme }) => theme.space(8)} 0;
    border: none;
    border-radius: 0;
    background: none;
  }

  &:focus {
    outline: none;
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 4px;
  }
`;

const Text = styled.blockquote`
  margin: 0;

  ${({ theme }) => theme.media.tablet} {
    font-size: ${({ theme }) => theme.fonts.sizes.lead};
  }
`;

const Signature = styled.footer`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};

  p {
    margin: 0;
  }
`;

const Author = styled.p`
  font-weight: 700;
`;

const Note = styled.p`
  color: ${({ theme }) => theme.colors.muted};
  font-style: italic;
`;

interface FeedbackCardProps {
  feedback: Feedback;
  /** Lets the list move focus to the first review of a page loaded by «Ещё отзывы». */
  ref?: Ref<HTMLElement>;
}

export function FeedbackCard({ feedback, ref }: FeedbackCardProps) {
  const authorId = `feedback-${feedback.id}-author`;
  return (
    <Card ref={ref} tabIndex={-1} aria-labelledby={authorId}>
      <Text>
        <RichText source={feedback.text} />
      </Text>
      <Signature>
        <Author id={authorId}>{feedbackAuthorLabel(feedback)}</Author>
        <p>
          <Link to={paths.course(feedback.course.id)}>{feedbackCourseLine(feedback)}</Link>
        </p>
        {feedback.footer.trim() ? <Note>{feedback.footer}</Note> : null}
      </Signature>
    </Card>
  );
}
