// The course's history in the editor: who changed what, and when; read again after every change of the course.
import { useCallback } from 'react';
import styled from 'styled-components';
import { Loader } from '../../components/Loader.tsx';
import { FormErrorBlock } from '../../components/form/fields.tsx';
import { getCourseHistory } from '../api.ts';
import { Muted, Panel } from '../shell/areaParts.ts';
import { useLoad } from '../useLoad.ts';
import { describeHistoryEntry } from './historyText.ts';

const List = styled.ol`
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Entry = styled.li`
  padding: ${({ theme }) => theme.space(2)} 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const When = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fonts.sizes.small};
`;

export function CourseHistory({ courseId, version }: { courseId: number; version: number }) {
  // The version is part of the loader, so a saved change shows up here at once.
  const load = useCallback(() => (void version, getCourseHistory(courseId)), [courseId, version]);
  const history = useLoad(load);
  return (
    <Panel aria-labelledby="course-history-title">
      <h2 id="course-history-title">История изменений</h2>
      {history.error ? (
        <FormErrorBlock>Не удалось загрузить историю: {history.error.message}</FormErrorBlock>
      ) : !history.data ? (
        <Loader label="Загружаем историю" />
      ) : history.data.length === 0 ? (
        <Muted>Изменений пока нет.</Muted>
      ) : (
        <List>
          {history.data.map((entry) => {
            const text = describeHistoryEntry(entry);
            return (
              <Entry key={entry.id}>
                <When>
                  {text.when} · {text.who}
                </When>
                {text.what}
              </Entry>
            );
          })}
        </List>
      )}
    </Panel>
  );
}
