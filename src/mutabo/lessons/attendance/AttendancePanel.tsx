// «Кто пришёл» under a lesson that has begun (issue 35): how many of the approved participants went through the join
// link, who did (with their first join, in the course's time zone) and who did not, whether each watched the
// recording, and the same as a CSV file.
import { useId } from 'react';
import styled from 'styled-components';
import { Loader } from '../../../components/Loader.tsx';
import { FormErrorBlock } from '../../../components/form/fields.tsx';
import { LoadingButton } from '../../../components/form/LoadingButton.tsx';
import { useResource } from '../../../data/useResource.ts';
import { csvFailure, useDownload } from '../../../lib/saveFile.ts';
import { areaResources } from '../../areaResources.ts';
import { Muted, Panel } from '../../shell/areaParts.ts';
import { CellNote, DataTable, Td, Th, Tr } from '../../shell/DataTable.tsx';
import { formatDateTimeIn } from '../../shell/timeText.ts';
import type { LessonAttendance } from '../../../../common/attendance.ts';
import { lessonAttendanceCsv } from './attendanceApi.ts';

const Counts = styled.p`
  font-size: ${({ theme }) => theme.fonts.sizes.lead};
  font-weight: 600;
`;

const Export = styled.div`
  margin-bottom: ${({ theme }) => theme.space(4)};
`;

const Watched = styled.span`
  display: inline-block;
  margin-top: ${({ theme }) => theme.space(1)};
  padding: 0 ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.paper};
  border: 1px solid ${({ theme }) => theme.colors.border};
  font-size: ${({ theme }) => theme.fonts.sizes.small};
`;

/** «Пришли 3 из 4 (75 %)»; with nobody approved, says so. */
export function attendanceCounts({ joined, absent }: LessonAttendance): string {
  const total = joined.length + absent.length;
  if (total === 0) return joined.length === 0 ? 'На занятие никто не записан.' : `Пришли ${joined.length}`;
  return `Пришли ${joined.length} из ${total} (${Math.round((joined.length / total) * 100)}\u00a0%)`;
}

const WATCHED = 'смотрел запись';

function Person({ name, email }: { name: string; email: string }) {
  return (
    <>
      {name || email}
      {name && email ? <CellNote>{email}</CellNote> : null}
    </>
  );
}

interface AttendancePanelProps {
  lessonId: number;
  /** The course's IANA zone: join times are shown in it. */
  timeZone?: string;
  /** How the zone is named under the table («по московскому времени»). */
  zoneText?: string;
}

export function AttendancePanel({ lessonId, timeZone, zoneText }: AttendancePanelProps) {
  const attendance = useResource(areaResources.lessonAttendance, lessonId);
  const headingId = useId();
  const joinedId = useId();
  const absentId = useId();
  const { busy: exporting, error: exportError, download: exportCsv } = useDownload(() => lessonAttendanceCsv(lessonId), `attendance-${lessonId}.csv`, csvFailure);

  let body;
  if (attendance.error) body = <FormErrorBlock>Не удалось загрузить, кто пришёл: {attendance.error.message}</FormErrorBlock>;
  else if (!attendance.data) body = <Loader label="Загружаем, кто пришёл" />;
  else {
    const { joined, absent } = attendance.data;
    body = (
      <>
        <Counts>{attendanceCounts(attendance.data)}</Counts>
        <h3 id={joinedId}>Пришли</h3>
        {joined.length === 0 ? (
          <Muted>Пока никто не входил в комнату по ссылке сайта.</Muted>
        ) : (
          <DataTable aria-labelledby={joinedId}>
            <thead>
              <Tr>
                <Th>Участник</Th>
                <Th>Первый вход</Th>
              </Tr>
            </thead>
            <tbody>
              {joined.map((person) => (
                <Tr key={person.user}>
                  <Td label="Участник">
                    <Person name={person.name} email={person.email} />
                    {person.watchedRecording ? (
                      <>
                        {' '}
                        <Watched>{WATCHED}</Watched>
                      </>
                    ) : null}
                  </Td>
                  <Td label="Первый вход">{formatDateTimeIn(person.firstJoinedAt, timeZone)}</Td>
                </Tr>
              ))}
            </tbody>
          </DataTable>
        )}
        {joined.length > 0 && zoneText ? <Muted>Время входа — {zoneText}.</Muted> : null}
        <h3 id={absentId}>Не пришли</h3>
        {absent.length === 0 ? (
          <Muted>{joined.length === 0 ? 'Участников с подтверждённой записью нет.' : 'Пришли все.'}</Muted>
        ) : (
          <DataTable aria-labelledby={absentId}>
            <thead>
              <Tr>
                <Th>Участник</Th>
                <Th>Запись</Th>
              </Tr>
            </thead>
            <tbody>
              {absent.map((person) => (
                <Tr key={person.user}>
                  <Td label="Участник">
                    <Person name={person.name} email={person.email} />
                  </Td>
                  <Td label="Запись">{person.watchedRecording ? <Watched>{WATCHED}</Watched> : <Muted as="span">не смотрел</Muted>}</Td>
                </Tr>
              ))}
            </tbody>
          </DataTable>
        )}
      </>
    );
  }
  return (
    <Panel aria-labelledby={headingId}>
      <h2 id={headingId}>Кто пришёл</h2>
      {attendance.data ? (
        <Export>
          <LoadingButton type="button" $variant="secondary" loading={exporting} onClick={() => void exportCsv()}>
            Скачать CSV
          </LoadingButton>
        </Export>
      ) : null}
      {exportError ? <FormErrorBlock>{exportError}</FormErrorBlock> : null}
      {body}
    </Panel>
  );
}
