// The participants of a course: places per lesson against the limit, the rows filtered by state and lesson (kept in
// the address, so the start page can link to a filter), grouped per person (the default: one decision approves or
// rejects a person's places together) or per lesson, counted in people, the CSV export, and the actions, each
// confirmed, busy until the server answers, then the table read again.
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { inlineChoices } from '../shell/ChoiceList.ts';
import { idFromText } from '../../../common/ids.ts';
import {
  MUTABO_PARTICIPANT_STATES,
  MUTABO_PARTICIPANT_STATE_LABELS,
  type MutaboParticipant,
  type MutaboParticipants,
} from '../../../common/mutabo/participants.ts';
import { peopleCount } from '../../../common/plural.ts';
import { isRequestError } from '../../api/requestError.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ErrorScreen } from '../../components/ErrorScreen.tsx';
import { FormErrorBlock, SelectField } from '../../components/form/fields.tsx';
import { LoadingButton } from '../../components/form/LoadingButton.tsx';
import { Loader } from '../../components/Loader.tsx';
import { CourseHeader } from '../courses/CourseNav.tsx';
import { Muted, Notice, Panel } from '../shell/areaParts.ts';
import { DataTable, Td, Th, Tr } from '../shell/DataTable.tsx';
import { NotAuthorPage } from '../shell/NotAuthorPage.tsx';
import { useConfirmedAction } from '../shell/useConfirmedAction.ts';
import { saveFile } from '../../lib/saveFile.ts';
import { skipToken, useResource } from '../../data/useResource.ts';
import { areaResources } from '../areaResources.ts';
import { confirmation, doneText, runAction, type ActionKind, type ParticipantAction } from './participantActions.tsx';
import { ParticipantGroups, type GroupBy } from './ParticipantGroups.tsx';
import { decisionDoneText, PersonDecisionDialog, runDecision, type DecidedLesson, type PersonDecision } from './PersonDecision.tsx';
import { participantsCsv, type ParticipantsFilter } from './participantsApi.ts';
import { lessonName, takenText } from './participantText.ts';
import { useAddressParams } from '../useAddressParams.ts';
import { CourseNotFound } from '../courses/useLedCourse.tsx';

const Filters = styled.form`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 0 ${({ theme }) => theme.space(4)};
  align-items: end;

  ${({ theme }) => theme.media.tablet} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }

  ${({ theme }) => theme.media.desktop} {
    grid-template-columns: repeat(2, minmax(0, 16rem)) auto auto;
  }
`;

const ViewChoice = styled.fieldset`
  ${inlineChoices}
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(4)};
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding: 0;
  border: 0;

  legend {
    width: 100%;
    margin-bottom: ${({ theme }) => theme.space(1)};
    padding: 0;
    font-weight: 600;
  }
`;

const Export = styled.div`
  margin-bottom: ${({ theme }) => theme.space(4)};
`;

const isState = (value: string | null): value is NonNullable<ParticipantsFilter['state']> =>
  (MUTABO_PARTICIPANT_STATES as readonly string[]).includes(value ?? '');

function readFilter(params: URLSearchParams): ParticipantsFilter {
  const state = params.get('state');
  return { state: isState(state) ? state : undefined, lesson: idFromText(params.get('lesson')) };
}

export function ParticipantsPage() {
  const { courseId } = useParams();
  const id = Number(courseId);
  const valid = Number.isInteger(id) && id > 0;
  const [params, setParams] = useAddressParams();
  const { state, lesson } = readFilter(params);
  const groupBy: GroupBy = params.get('view') === 'lessons' ? 'lessons' : 'people';
  const key = `${id}|${state ?? ''}|${lesson ?? ''}`;
  const loaded = useResource(areaResources.participants, valid ? { key, courseId: id, filter: { state, lesson } } : skipToken);

  if (!valid || loaded.error?.statusCode === 404) return <CourseNotFound />;
  if (loaded.error?.statusCode === 403) return <NotAuthorPage />;
  // A failed reading again (after an action) keeps the table shown; one that could not be read at all is an error.
  if (loaded.error && loaded.data?.key !== key) return <ErrorScreen />;
  if (!loaded.data) return <Loader label="Загружаем участников" />;

  const change = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };

  return (
    <Participants
      table={loaded.data.table}
      filter={{ state, lesson }}
      groupBy={groupBy}
      updating={loaded.data.key !== key}
      onChange={change}
      reload={() => void loaded.reload()}
    />
  );
}

interface ParticipantsProps {
  table: MutaboParticipants;
  filter: ParticipantsFilter;
  groupBy: GroupBy;
  updating: boolean;
  onChange: (name: string, value: string) => void;
  reload: () => void;
}

function Participants({ table, filter, groupBy, updating, onChange, reload }: ParticipantsProps) {
  const action = useConfirmedAction<ParticipantAction | PersonDecision>(reload);
  const { busy, notice, error, setError, outcome } = action;
  const asking = action.asking && 'row' in action.asking ? action.asking : null;
  const deciding = action.asking && 'person' in action.asking ? action.asking : null;
  const people = new Set(table.participants.map((row) => row.person.id)).size;
  const [exporting, setExporting] = useState(false);
  const course = table.course;
  const lessons = new Map(table.lessons.map((item) => [item.id, item]));

  const ask = (kind: ActionKind, row: MutaboParticipant) => action.ask({ kind, row, lesson: lessons.get(row.lessonId) });

  const confirm = () => {
    if (!asking) return;
    void action.run(async () => {
      await runAction(asking);
      return doneText(asking);
    });
  };

  const decide = (chosen: DecidedLesson[]) => {
    if (!deciding) return;
    void action.run(async () => {
      await runDecision(deciding.kind, chosen);
      return decisionDoneText(deciding, chosen);
    });
  };

  const exportCsv = async () => {
    setExporting(true);
    setError(null);
    try {
      saveFile(await participantsCsv(course.id, filter), `participants-${course.id}.csv`);
    } catch (caught) {
      if (!isRequestError(caught)) throw caught;
      setError(caught.message);
    } finally {
      setExporting(false);
    }
  };

  const stateLabel = (state: (typeof MUTABO_PARTICIPANT_STATES)[number]) =>
    state === 'reserved' && !course.paid ? 'Ждут подтверждения' : MUTABO_PARTICIPANT_STATE_LABELS[state];
  const dialog = asking ? confirmation(asking) : null;

  return (
    <section>
      <CourseHeader course={course} title="Участники" />

      <Panel aria-labelledby="participants-places-title">
        <h2 id="participants-places-title">Места по занятиям</h2>
        {table.lessons.length === 0 ? (
          <Muted>У курса нет опубликованных занятий, и никто ещё не записался.</Muted>
        ) : (
          <DataTable>
            <thead>
              <Tr>
                <Th>Занятие</Th>
                <Th>Занято</Th>
                <Th>В очереди</Th>
              </Tr>
            </thead>
            <tbody>
              {table.lessons.map((item) => (
                <Tr key={item.id}>
                  <Td label="Занятие">{lessonName(item)}</Td>
                  <Td label="Занято">{takenText(item)}</Td>
                  <Td label="В очереди">{item.waiting}</Td>
                </Tr>
              ))}
            </tbody>
          </DataTable>
        )}
      </Panel>

      <Panel aria-labelledby="participants-list-title">
        <h2 id="participants-list-title">Записи</h2>
        <Filters aria-label="Фильтры участников" onSubmit={(event) => event.preventDefault()}>
          <SelectField label="Состояние" value={filter.state ?? ''} onChange={(event) => onChange('state', event.target.value)}>
            <option value="">Все</option>
            {MUTABO_PARTICIPANT_STATES.map((state) => (
              <option key={state} value={state}>
                {stateLabel(state)}
              </option>
            ))}
          </SelectField>
          <SelectField label="Занятие" value={filter.lesson ? String(filter.lesson) : ''} onChange={(event) => onChange('lesson', event.target.value)}>
            <option value="">Все занятия</option>
            {table.lessons.map((item) => (
              <option key={item.id} value={String(item.id)}>
                {lessonName(item)}
              </option>
            ))}
          </SelectField>
        </Filters>
        <ViewChoice>
          <legend>Показать</legend>
          <label>
            <input type="radio" name="participants-view" checked={groupBy === 'people'} onChange={() => onChange('view', '')} />
            По людям
          </label>
          <label>
            <input type="radio" name="participants-view" checked={groupBy === 'lessons'} onChange={() => onChange('view', 'lessons')} />
            По занятиям
          </label>
        </ViewChoice>
        <Export>
          <LoadingButton type="button" $variant="secondary" loading={exporting} onClick={() => void exportCsv()}>
            Скачать CSV
          </LoadingButton>
        </Export>

        <div ref={outcome} tabIndex={-1}>
          {notice ? <Notice>{notice}</Notice> : null}
          {error ? <FormErrorBlock>{error}</FormErrorBlock> : null}
        </div>
        {updating ? (
          <Loader label="Обновляем список" />
        ) : table.participants.length === 0 ? (
          <Muted>{filter.state || filter.lesson ? 'Под выбранные условия никто не подходит.' : 'На курс пока никто не записался.'}</Muted>
        ) : (
          <>
            <Muted>
              {peopleCount(people)}
              {people !== table.participants.length ? `, записей на занятия: ${table.participants.length}` : ''}
            </Muted>
            <ParticipantGroups table={table} groupBy={groupBy} busy={busy} onAction={ask} onDecide={action.ask} />
          </>
        )}
      </Panel>

      <ConfirmDialog
        open={asking !== null}
        title={dialog?.title ?? ''}
        message={dialog?.message}
        confirmLabel={dialog?.confirm}
        cancelLabel="Отмена"
        busy={busy}
        onConfirm={confirm}
        onClose={action.cancel}
      />
      {deciding ? <PersonDecisionDialog key={deciding.lessons.map((lesson) => lesson.participantId).join()} decision={deciding} busy={busy} onConfirm={decide} onClose={action.cancel} /> : null}
    </section>
  );
}
