// «Telegram» on the profile page (issue 36): not bound, «Подключить Telegram» asks for a deep link, opens it in a new
// tab and shows it as a link too (a phone may block the new tab), then waits for the bot to confirm while the link
// works (bindingWait.ts), with «Проверить» to ask at once; bound, the chat's name and «Отключить» after a confirmation.
import { useCallback, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { TELEGRAM_CODE_MINUTES, type TelegramStatus } from '../../../common/telegram.ts';
import { isRequestError } from '../../api/requestError.ts';
import { createTelegramLink, unbindTelegram } from '../../api/telegram.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { FormErrorBlock } from '../../components/form/fields.tsx';
import { LoadingButton } from '../../components/form/LoadingButton.tsx';
import { useRunMutation } from '../../data/mutation.ts';
import { BINDING_WAIT_MS, useBindingWait } from './bindingWait.ts';
import { Actions, Block, StatusLine } from './telegramParts.ts';

const BotLink = styled.a`
  font-weight: 600;
  overflow-wrap: anywhere;
`;

const WAITING = 'Ждём подтверждения в Telegram…';

interface TelegramBlockProps {
  /** The status as read, with a bot (without one the block is not shown). */
  status: TelegramStatus & { bot: string };
  /** Reads the status again; resolves with it, or undefined when the reading failed. */
  reload: () => Promise<TelegramStatus | undefined>;
  /** Puts a known status in the cache (after unbinding). */
  setStatus: (status: TelegramStatus) => void;
}

export function TelegramBlock({ status, reload, setStatus }: TelegramBlockProps) {
  const mutate = useRunMutation();
  /** The link made on this visit, and until when the page waits for it. */
  const [link, setLink] = useState<{ url: string; until: number } | null>(null);
  const [connecting, setConnecting] = useState(false);
  const [checking, setChecking] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [unbinding, setUnbinding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const actionsRef = useRef<HTMLDivElement>(null);
  const focusConnect = useRef(false);

  const waiting = link !== null && !status.bound;
  const expire = useCallback(() => {
    setLink(null);
    setNotice(`Ссылка больше не действует: она работает ${TELEGRAM_CODE_MINUTES} минут. Нажмите «Подключить Telegram» ещё раз.`);
  }, []);
  const check = useCallback(() => reload(), [reload]);
  useBindingWait({ until: waiting ? link.until : null, check, onExpired: expire });

  // After unbinding, the focus (on «Отключить», now gone) goes to the button that connects again.
  useEffect(() => {
    if (!status.bound && focusConnect.current) {
      focusConnect.current = false;
      actionsRef.current?.querySelector('button')?.focus();
    }
  }, [status.bound]);

  const connect = async () => {
    setConnecting(true);
    setError(null);
    setNotice('');
    try {
      const made = await mutate(() => createTelegramLink(), { invalidates: [] });
      setLink({ url: made.url, until: Date.now() + BINDING_WAIT_MS });
      window.open(made.url, '_blank', 'noopener,noreferrer');
    } catch (caught) {
      if (!isRequestError(caught)) throw caught;
      setError(caught.message);
    } finally {
      setConnecting(false);
    }
  };

  const checkNow = async () => {
    setChecking(true);
    setNotice('');
    const read = await reload();
    setChecking(false);
    if (read && !read.bound) setNotice('Пока не подтверждено: откройте бота и нажмите в нём «Запустить» (Start).');
    if (!read) setNotice('Не удалось проверить. Попробуйте ещё раз.');
  };

  const unbind = async () => {
    setUnbinding(true);
    setError(null);
    try {
      await mutate(() => unbindTelegram(), { invalidates: ['telegram'] });
      setLink(null);
      setNotice('Telegram отключён: сообщения будут приходить по почте.');
      focusConnect.current = true;
      setStatus({ ...status, bound: false, name: '' });
    } catch (caught) {
      if (!isRequestError(caught)) throw caught;
      setError(caught.message);
    } finally {
      setUnbinding(false);
      setConfirming(false);
    }
  };

  let line = notice;
  if (status.bound && link) line = 'Готово: Telegram подключён.';
  else if (waiting) line = notice ? `${notice} ${WAITING}` : WAITING;

  return (
    <Block aria-labelledby="telegram-title">
      <h2 id="telegram-title">Telegram</h2>
      {status.bound ? (
        <>
          <p>
            <strong>Подключён{status.name ? `: ${status.name}` : ''}</strong>
          </p>
          <p>Сообщения, для которых вы выбрали Telegram, приходят в этот чат. Отключить можно здесь или командой /stop в боте.</p>
          <Actions>
            <LoadingButton type="button" $variant="secondary" loading={unbinding} onClick={() => setConfirming(true)}>
              Отключить
            </LoadingButton>
          </Actions>
        </>
      ) : (
        <>
          <p>
            Подключите Telegram, чтобы напоминания о занятиях и сообщения о переносе и отмене приходили в мессенджер. Что присылать
            туда, а что по почте, можно выбрать ниже.
          </p>
          {waiting ? (
            <>
              <p>
                <BotLink href={link.url} target="_blank" rel="noopener noreferrer">
                  Открыть бота @{status.bot}
                </BotLink>{' '}
                — ссылка действует {TELEGRAM_CODE_MINUTES} минут.
              </p>
              <p>В Telegram нажмите «Запустить» (Start): бот свяжет чат с вашей учётной записью, и эта страница это покажет.</p>
              <Actions>
                <LoadingButton type="button" $variant="secondary" loading={checking} onClick={() => void checkNow()}>
                  Проверить
                </LoadingButton>
              </Actions>
            </>
          ) : (
            <Actions ref={actionsRef}>
              <LoadingButton type="button" loading={connecting} onClick={() => void connect()}>
                Подключить Telegram
              </LoadingButton>
            </Actions>
          )}
        </>
      )}
      {error ? <FormErrorBlock>{error}</FormErrorBlock> : null}
      <StatusLine>{line}</StatusLine>
      <ConfirmDialog
        open={confirming}
        title="Отключить Telegram?"
        message="Бот перестанет присылать сообщения, они будут приходить по почте. Подключить Telegram снова можно здесь же."
        confirmLabel={unbinding ? 'Отключаем…' : 'Отключить'}
        cancelLabel="Отмена"
        busy={unbinding}
        onConfirm={() => void unbind()}
        onClose={() => {
          if (!unbinding) setConfirming(false);
        }}
      />
    </Block>
  );
}
