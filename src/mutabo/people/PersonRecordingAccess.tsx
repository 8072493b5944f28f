// «Доступ к записям» on a person's card (issue 34): for each of the caller's courses whose recordings close N days
// after the lesson, the window, and either «Продлить доступ до» a date for this person or the extension given with
// «Отменить продление».
import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { PersonRecordingAccess } from '../../../common/recordings.ts';
import type { MutaboPersonCard } from '../../../common/mutabo/people.ts';
import { isRequestError } from '../../api/requestError.ts';
import { FieldError, TextField } from '../../components/form/fields.tsx';
import { LoadingButton } from '../../components/form/LoadingButton.tsx';
import { useRunMutation } from '../../data/mutation.ts';
import { formatFullDate } from '../../lib/dates.ts';
import { Notice, Panel } from '../shell/areaParts.ts';
import { endRecordingAccess, extendRecordingAccess } from './peopleApi.ts';
import { recordingWindowText } from './recordingAccessText.ts';

const Items = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;

  & > li {
    padding: ${({ theme }) => theme.space(3)} 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }

  & > li:last-child {
    border-bottom: 0;
  }
`;

const Row = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 0 ${({ theme }) => theme.space(3)};

  & > div {
    flex: 0 1 14rem;
  }

  & > button {
    margin-bottom: ${({ theme }) => theme.space(4)};
  }
`;

const Title = styled.h3`
  margin: 0 0 ${({ theme }) => theme.space(1)};
  font-size: inherit;
`;

const Window = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(2)};
`;

/** The card's data as the server answers it with recordings (the card's shared type gains the field with the server). */
export type CardWithRecordingAccess = MutaboPersonCard & { recordingAccess?: PersonRecordingAccess[] };

/** The end of the chosen day in the reader's zone, as the API takes it. */
const endOfDay = (date: string) => new Date(`${date}T23:59:59`).toISOString();
/** The day of an instant in the reader's zone, «31.12.2026». */
const localDate = (iso: string) => new Date(iso).toLocaleDateString('ru-RU');
const today = () => new Date().toLocaleDateString('sv-SE');

function AccessItem({ personId, access, reload }: { personId: number; access: PersonRecordingAccess; reload: () => Promise<unknown> }) {
  const mutate = useRunMutation();
  const [date, setDate] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const errorId = useId();

  const run = async (call: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      await mutate(call, { invalidates: ['areaPeople'] });
      setNotice(done);
      setDate('');
      await reload();
    } catch (caught) {
      if (!isRequestError(caught)) throw caught;
      setError(caught.byFields.until ?? caught.byFields.course ?? caught.message);
    } finally {
      setBusy(false);
    }
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!date) {
      setError('Выберите дату.');
      return;
    }
    void run(() => extendRecordingAccess(personId, access.courseId, endOfDay(date)), `Доступ продлён до ${formatFullDate(date)}.`);
  };

  return (
    <li>
      <Title>«{access.courseTitle}»</Title>
      <Window>{recordingWindowText(access.recordingDays)}.</Window>
      {notice ? <Notice>{notice}</Notice> : null}
      {access.extendedUntil ? (
        <>
          <Window>Продлено для этого человека до {localDate(access.extendedUntil)}.</Window>
          <LoadingButton
            type="button"
            $variant="secondary"
            loading={busy}
            aria-describedby={error ? errorId : undefined}
            onClick={() => void run(() => endRecordingAccess(personId, access.courseId), 'Продление отменено.')}
          >
            Отменить продление
          </LoadingButton>
          {error ? (
            <FieldError id={errorId} role="alert">
              {error}
            </FieldError>
          ) : null}
        </>
      ) : (
        <Row onSubmit={save} noValidate aria-label={`Продление доступа к записям курса «${access.courseTitle}»`}>
          <TextField label="Продлить доступ до" type="date" name="until" min={today()} value={date} error={error ?? undefined} onChange={(event) => setDate(event.target.value)} />
          <LoadingButton loading={busy}>Сохранить</LoadingButton>
        </Row>
      )}
    </li>
  );
}

export function PersonRecordingAccessPanel({ person, reload }: { person: CardWithRecordingAccess; reload: () => Promise<unknown> }) {
  const headingId = useId();
  const list = person.recordingAccess ?? [];
  if (list.length === 0) return null;
  return (
    <Panel aria-labelledby={headingId}>
      <h2 id={headingId}>Доступ к записям</h2>
      <Items>
        {list.map((access) => (
          <AccessItem key={access.courseId} personId={person.id} access={access} reload={reload} />
        ))}
      </Items>
    </Panel>
  );
}
