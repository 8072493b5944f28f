// The reviews of every loaded page as one list, and the «Ещё отзывы» button under it.
import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { InlineSpinner } from '../../components/InlineSpinner.ts';
import { useAppSelector } from '../../app/hooks.ts';
import { Button } from '../../components/Button.ts';
import { GENERIC_ERROR_TEXT } from '../../components/ErrorScreen.tsx';
import { VisuallyHidden } from '../../components/VisuallyHidden.ts';
import { selectResource } from '../../data/selectors.ts';
import { FeedbackCard } from './FeedbackCard.tsx';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(4)};

  ${({ theme }) => theme.media.desktop} {
    gap: 0;

    li + li {
      border-top: 1px solid ${({ theme }) => theme.colors.border};
    }
  }
`;

function FeedbackPageItems({ page, takeFocus }: { page: number; takeFocus: boolean }) {
  const { data } = useAppSelector((state) => selectResource(state, 'feedbackPage', page));
  const firstCard = useRef<HTMLElement>(null);

  useEffect(() => {
    if (takeFocus && data) firstCard.current?.focus();
  }, [takeFocus, data]);

  if (!data) return null;
  return (
    <>
      {data.results.map((feedback, index) => (
        <li key={feedback.id}>
          <FeedbackCard feedback={feedback} ref={index === 0 ? firstCard : undefined} />
        </li>
      ))}
    </>
  );
}

export function FeedbackList({ pages, focusPage }: { pages: number[]; focusPage: number | null }) {
  return (
    <List aria-label="Отзывы">
      {pages.map((page) => (
        <FeedbackPageItems key={page} page={page} takeFocus={page === focusPage} />
      ))}
    </List>
  );
}

const Footer = styled.div`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space(3)};
  margin-top: ${({ theme }) => theme.space(8)};
`;

const Failure = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  text-align: center;
`;

interface MoreFeedbacksProps {
  shown: boolean;
  loading: boolean;
  failed: boolean;
  onMore: () => void;
}

export function MoreFeedbacks({ shown, loading, failed, onMore }: MoreFeedbacksProps) {
  return (
    <Footer>
      {/* Present from the start, so that screen readers announce what it says later. */}
      <VisuallyHidden role="status">{loading ? 'Загружаем ещё отзывы…' : ''}</VisuallyHidden>
      {failed ? (
        <Failure role="alert">{GENERIC_ERROR_TEXT}: не удалось загрузить отзывы. Попробуйте ещё раз.</Failure>
      ) : null}
      {shown ? (
        // Not `disabled` while loading: a disabled button would drop the keyboard focus.
        <Button $variant="secondary" aria-disabled={loading || undefined} onClick={onMore}>
          {loading ? <InlineSpinner /> : null}
          Ещё отзывы
        </Button>
      ) : null}
    </Footer>
  );
}
