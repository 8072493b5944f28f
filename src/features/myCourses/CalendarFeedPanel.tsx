// The participant's personal calendar address: shown to copy into a calendar program, and replaced by a new one
// on request (after a confirmation: the old address stops working for every calendar that uses it).
import { useState } from 'react';
import styled from 'styled-components';
import { getCalendarFeed, renewCalendarFeed } from '../../api/endpoints.ts';
import { isRequestError } from '../../api/requestError.ts';
import { Button } from '../../components/Button.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { FieldError } from '../../components/form/fields.tsx';
import { LoadingButton } from '../../components/form/LoadingButton.tsx';
import type { CalendarFeed } from '../../../common/wireTypes.ts';

const Panel = styled.section`
  margin-top: ${({ theme }) => theme.space(8)};
  padding: ${({ theme }) => theme.space(5)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
`;

const Title = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space(2)};
  font-size: ${({ theme }) => theme.fonts.sizes.h3};
`;

const Address = styled.input`
  width: 100%;
  min-height: 44px;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  font: inherit;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  margin-top: ${({ theme }) => theme.space(3)};
`;

export function CalendarFeedPanel() {
  const [feed, setFeed] = useState<CalendarFeed | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const run = async (call: () => Promise<CalendarFeed>, done: string | null) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      setFeed(await call());
      setNotice(done);
    } catch (caught) {
      if (!isRequestError(caught)) throw caught;
      setError(caught.message);
    } finally {
      setBusy(false);
    }
  };

  const copy = async () => {
    if (!feed) return;
    try {
      await navigator.clipboard.writeText(feed.url);
      setNotice('Ссылка скопирована.');
    } catch {
      setNotice('Не удалось скопировать: выделите ссылку и скопируйте её вручную.');
    }
  };

  return (
    <Panel aria-labelledby="calendar-feed-title">
      <Title id="calendar-feed-title">Календарь занятий</Title>
      <p>
        Подпишитесь на эту ссылку в календаре (Google, Apple, Outlook, Яндекс): в нём появятся ваши занятия со ссылками на
        комнату вебинара, а перенесённые и отменённые занятия обновятся сами. Никому не передавайте ссылку. После смены
        или восстановления пароля она перестаёт работать: возьмите здесь новую и подпишитесь на неё.
      </p>
      {feed ? (
        <>
          <label htmlFor="calendar-feed-url">Ссылка на ваш календарь</label>
          <Address id="calendar-feed-url" readOnly value={feed.url} onFocus={(event) => event.currentTarget.select()} />
          <Actions>
            <Button type="button" onClick={() => void copy()}>
              Скопировать ссылку
            </Button>
            <LoadingButton type="button" $variant="secondary" loading={busy} onClick={() => setConfirming(true)}>
              Заменить ссылку
            </LoadingButton>
          </Actions>
        </>
      ) : (
        <LoadingButton type="button" loading={busy} onClick={() => void run(getCalendarFeed, null)}>
          Показать ссылку на календарь
        </LoadingButton>
      )}
      <p role="status">{notice}</p>
      {error ? <FieldError role="alert">{error}</FieldError> : null}
      <ConfirmDialog
        open={confirming}
        title="Заменить ссылку на календарь?"
        message="Старая ссылка перестанет работать: календари, подписанные на неё, перестанут получать занятия. Подпишитесь на новую."
        confirmLabel="Заменить"
        cancelLabel="Отмена"
        onConfirm={() => {
          setConfirming(false);
          void run(renewCalendarFeed, 'Ссылка заменена: подпишитесь на новую.');
        }}
        onClose={() => setConfirming(false)}
      />
    </Panel>
  );
}
