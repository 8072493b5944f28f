// «Куда присылать сообщения» on the profile page (issue 36): per kind of message, «по почте» and «в Telegram». Each
// change is saved at once (PATCH with that kind alone) and shown before the answer comes; a refusal puts the row back
// and says why under it. At least one channel stays chosen: unchecking the last one is refused with a word why.
import { useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import {
  NEWS_TELEGRAM_NOTE,
  NOTIFICATION_CHANNEL_LABELS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  telegramMessages,
  type NotificationChannel,
  type NotificationChoices,
  type NotificationKind,
} from '../../../common/telegram.ts';
import { isRequestError } from '../../api/requestError.ts';
import { updateNotificationChoices } from '../../api/telegram.ts';
import { Button } from '../../components/Button.ts';
import { FieldError, FormErrorBlock } from '../../components/form/fields.tsx';
import { Loader } from '../../components/Loader.tsx';
import { useRunMutation } from '../../data/mutation.ts';
import { useResource } from '../../data/useResource.ts';
import { Block, Note, StatusLine } from './telegramParts.ts';
import { notificationChoicesResource } from './telegramResources.ts';

const Rows = styled.div`
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

/**
 * One kind: its name above its two choices on a phone, beside them from a tablet's width on. The legend floats, so that
 * it lays out as an ordinary box (a fieldset's legend takes no part in its layout otherwise).
 */
const Row = styled.fieldset`
  display: flow-root;
  min-width: 0;
  margin: 0;
  padding: ${({ theme }) => theme.space(3)} 0;
  border: 0;
  border-top: 1px solid ${({ theme }) => theme.colors.border};

  legend {
    float: left;
    width: 100%;
    padding: 0;
    font-weight: 600;
  }

  ${({ theme }) => theme.media.tablet} {
    legend {
      width: 50%;
      /* Its first line level with the choices beside it (44 px high). */
      padding: 0.6rem ${({ theme }) => theme.space(3)} 0 0;
    }
  }
`;

const Choices = styled.div`
  clear: both;
  display: flex;
  flex-wrap: wrap;
  gap: 0 ${({ theme }) => theme.space(5)};

  ${({ theme }) => theme.media.tablet} {
    clear: none;
    margin-left: 50%;
  }
`;

const Choice = styled.label`
  display: inline-flex;
  gap: ${({ theme }) => theme.space(2)};
  align-items: center;
  min-height: 44px;
  cursor: pointer;

  input {
    width: 1.25rem;
    height: 1.25rem;
    margin: 0;
    flex: none;
  }
`;

const RowError = styled(FieldError)`
  clear: both;
  padding-top: ${({ theme }) => theme.space(1)};
`;

const RowNote = styled.p`
  clear: both;
  margin: 0;
  padding-top: ${({ theme }) => theme.space(1)};
  font-size: ${({ theme }) => theme.fonts.sizes.small};
  color: ${({ theme }) => theme.colors.muted};
`;

type Pending = Partial<Record<NotificationKind, NotificationChannel[]>>;
type RowErrors = Partial<Record<NotificationKind, string>>;

export function NotificationChoicesBlock({ bound }: { bound: boolean }) {
  const choices = useResource(notificationChoicesResource);
  const mutate = useRunMutation();
  const baseId = useId();
  /** Changes shown before the server's answer, by kind. */
  const [pending, setPending] = useState<Pending>({});
  const [errors, setErrors] = useState<RowErrors>({});
  const [line, setLine] = useState('');
  /** The latest change of each kind: an answer to an earlier one, overtaken, is not shown. */
  const latest = useRef<Partial<Record<NotificationKind, number>>>({});
  const sending = useRef(0);
  /** What the cache holds, as last put there: answers coming close together each add their own kind to it. */
  const saved = useRef(choices.data);
  useEffect(() => {
    saved.current = choices.data;
  }, [choices.data]);

  const { setData } = choices;
  const rowError = (kind: NotificationKind, message: string | undefined) =>
    setErrors(({ [kind]: _old, ...rest }) => (message ? { ...rest, [kind]: message } : rest));
  const settle = (kind: NotificationKind) => setPending(({ [kind]: _done, ...rest }) => rest);

  const change = async (kind: NotificationKind, shown: NotificationChannel[], channel: NotificationChannel, on: boolean) => {
    const next = NOTIFICATION_CHANNELS.filter((each) => (each === channel ? on : shown.includes(each)));
    if (next.length === 0) {
      rowError(kind, telegramMessages.choiceEmpty);
      setLine(telegramMessages.choiceEmpty);
      return;
    }
    rowError(kind, undefined);
    setPending((current) => ({ ...current, [kind]: next }));
    const id = (latest.current[kind] ?? 0) + 1;
    latest.current[kind] = id;
    sending.current += 1;
    setLine('Сохраняем…');
    try {
      const answer = await mutate(() => updateNotificationChoices({ [kind]: next }), { invalidates: ['notifications'] });
      sending.current -= 1;
      if (latest.current[kind] !== id) return;
      const merged = { ...(saved.current ?? answer), [kind]: answer[kind] } as NotificationChoices;
      saved.current = merged;
      setData(merged);
      settle(kind);
      if (sending.current === 0) setLine('Изменения сохранены.');
    } catch (caught) {
      sending.current -= 1;
      if (!isRequestError(caught)) throw caught;
      if (latest.current[kind] !== id) return;
      settle(kind);
      rowError(kind, caught.byFields[kind] ?? caught.message);
      setLine(`Не сохранено: «${NOTIFICATION_KIND_LABELS[kind]}» — ошибка под этой строкой.`);
    }
  };

  let body;
  if (choices.data) {
    const data = choices.data;
    body = (
      <Rows>
        {NOTIFICATION_KINDS.map((kind) => {
          const shown = pending[kind] ?? data[kind];
          const errorId = `${baseId}-${kind}-error`;
          const error = errors[kind];
          return (
            <Row key={kind}>
              <legend>{NOTIFICATION_KIND_LABELS[kind]}</legend>
              <Choices>
                {NOTIFICATION_CHANNELS.map((channel) => {
                  const described = [error ? errorId : '', kind === 'news' ? `${baseId}-${kind}-note` : ''].filter(Boolean).join(' ');
                  return (
                    <Choice key={channel}>
                      <input
                        type="checkbox"
                        name={`${kind}-${channel}`}
                        checked={shown.includes(channel)}
                        aria-describedby={described || undefined}
                        aria-invalid={error ? true : undefined}
                        onChange={(event) => void change(kind, shown, channel, event.currentTarget.checked)}
                      />
                      {NOTIFICATION_CHANNEL_LABELS[channel]}
                    </Choice>
                  );
                })}
              </Choices>
              {kind === 'news' ? <RowNote id={`${baseId}-${kind}-note`}>{NEWS_TELEGRAM_NOTE}</RowNote> : null}
              {error ? <RowError id={errorId}>{error}</RowError> : null}
            </Row>
          );
        })}
      </Rows>
    );
  } else if (choices.error) {
    body = (
      <>
        <FormErrorBlock>{choices.error.message}</FormErrorBlock>
        <Button type="button" $variant="secondary" onClick={() => void choices.reload()}>
          Попробовать снова
        </Button>
      </>
    );
  } else {
    body = <Loader label="Загружаем настройки сообщений" />;
  }

  return (
    <Block aria-labelledby="notification-choices-title">
      <h2 id="notification-choices-title">Куда присылать сообщения</h2>
      <p>Для каждого вида сообщений отметьте «по почте», «в Telegram» или оба способа; хотя бы один должен остаться.</p>
      {bound ? null : <p>Пока Telegram не подключён, сообщения, для которых выбран Telegram, приходят по почте.</p>}
      {body}
      <StatusLine>{line}</StatusLine>
      <Note>Письма об учётной записи (подтверждение, смена пароля, удаление) приходят только по почте.</Note>
    </Block>
  );
}
