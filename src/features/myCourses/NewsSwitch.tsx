// A course's news by mail as a switch: turning it off asks for a confirmation first.
import styled from 'styled-components';
import { useNewsSubscription } from '../enrollment/index.ts';

const SWITCH_WIDTH = 44;
const SWITCH_HEIGHT = 24;
const KNOB = 18;

const Toggle = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  min-height: 44px;
  padding: 0;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  text-align: left;
  cursor: pointer;

  &:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }
`;

const Track = styled.span<{ $on: boolean }>`
  position: relative;
  flex: none;
  width: ${SWITCH_WIDTH}px;
  height: ${SWITCH_HEIGHT}px;
  border-radius: ${SWITCH_HEIGHT / 2}px;
  border: 1px solid ${({ theme, $on }) => ($on ? theme.colors.primary : theme.colors.muted)};
  background: ${({ theme, $on }) => ($on ? theme.colors.primary : theme.colors.paper)};
  transition: background-color 0.15s ease;

  &::after {
    content: '';
    position: absolute;
    top: ${(SWITCH_HEIGHT - 2 - KNOB) / 2}px;
    left: ${({ $on }) => ($on ? SWITCH_WIDTH - 2 - KNOB - 2 : 2)}px;
    width: ${KNOB}px;
    height: ${KNOB}px;
    border-radius: 50%;
    background: ${({ theme, $on }) => ($on ? theme.colors.onPrimary : theme.colors.muted)};
    transition: left 0.15s ease;
  }

  ${({ theme }) => theme.media.reducedMotion} {
    transition: none;

    &::after {
      transition: none;
    }
  }
`;

interface NewsSwitchProps {
  courseId: number;
  courseTitle: string;
  subscribed: boolean;
  busy: boolean;
}

export function NewsSwitch({ courseId, courseTitle, subscribed, busy }: NewsSwitchProps) {
  const { subscribe, askToUnsubscribe, dialog } = useNewsSubscription(courseId, courseTitle);
  return (
    <>
      <Toggle
        role="switch"
        aria-checked={subscribed}
        aria-label={`Получать новости курса «${courseTitle}»`}
        disabled={busy}
        onClick={subscribed ? askToUnsubscribe : subscribe}
      >
        <Track $on={subscribed} aria-hidden="true" />
        <span aria-hidden="true">Получать новости</span>
      </Toggle>
      {dialog}
    </>
  );
}
