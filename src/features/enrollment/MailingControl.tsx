// Course news by mail (spec section 4): subscribe, «you receive news», unsubscribe after a confirmation.
import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '../../components/Button.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useMutation } from '../../data/mutation.ts';
import { mailingMutation } from './mutations.ts';

const SUBSCRIBE_LABEL = 'Подписаться на новости';
const SUBSCRIBED_TEXT = 'Вы получаете новости этого курса';
const UNSUBSCRIBE_LABEL = 'Отписаться от новостей';

const unsubscribeQuestion = (courseTitle: string) =>
  `Вы действительно хотите отписаться от новостей курса «${courseTitle}»?`;

/**
 * Subscribing and unsubscribing a course's news, shared by the course panel and the account's course list:
 * unsubscribing asks first (the returned dialog must be rendered).
 */
export function useNewsSubscription(courseId: number, courseTitle: string) {
  const { run } = useMutation(mailingMutation);
  const [confirming, setConfirming] = useState(false);
  const request = (subscribe: boolean) => void run({ courseId, subscribe });
  const dialog = (
    <ConfirmDialog
      open={confirming}
      title={unsubscribeQuestion(courseTitle)}
      onConfirm={() => {
        setConfirming(false);
        request(false);
      }}
      onClose={() => setConfirming(false)}
    />
  );
  return { subscribe: () => request(true), askToUnsubscribe: () => setConfirming(true), dialog };
}

const Block = styled.div`
  display: grid;
  justify-items: start;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(5)};
`;

const Subscribed = styled.p`
  display: flex;
  align-items: baseline;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  color: ${({ theme }) => theme.colors.success};
  font-weight: 600;

  &::before {
    content: '✓';
  }
`;

const SmallButton = styled(Button)`
  min-height: 40px;
  padding-inline: ${({ theme }) => theme.space(4)};
  font-size: ${({ theme }) => theme.fonts.sizes.small};
`;

interface MailingControlProps {
  courseId: number;
  courseTitle: string;
  subscribed: boolean;
  /** A lesson is bought: subscribing is not offered, and neither is unsubscribing. */
  approved: boolean;
  /** A request is under way: the control waits. */
  busy: boolean;
}

export function MailingControl({ courseId, courseTitle, subscribed, approved, busy }: MailingControlProps) {
  const { subscribe, askToUnsubscribe, dialog } = useNewsSubscription(courseId, courseTitle);
  if (!subscribed && approved) return null;
  return (
    <Block>
      {subscribed ? (
        <>
          <Subscribed>{SUBSCRIBED_TEXT}</Subscribed>
          {approved ? null : (
            <SmallButton $variant="secondary" disabled={busy} onClick={askToUnsubscribe}>
              {UNSUBSCRIBE_LABEL}
            </SmallButton>
          )}
        </>
      ) : (
        <SmallButton $variant="secondary" disabled={busy} onClick={subscribe}>
          {SUBSCRIBE_LABEL}
        </SmallButton>
      )}
      {dialog}
    </Block>
  );
}
