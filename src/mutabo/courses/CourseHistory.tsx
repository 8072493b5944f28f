// The course's history in the editor: who changed what, and when, newest first; read again after every change.
import { useCallback, useState } from 'react';
import styled from 'styled-components';
import type { HistoryEntry } from '../../../common/mutabo.ts';
import { isRequestError } from '../../api/requestError.ts';
import { Button } from '../../components/Button.ts';
import { Loader } from '../../components/Loader.tsx';
import { FormErrorBlock } from '../../components/form/fields.tsx';
import { getCourseHistory } from '../api.ts';
import { Muted, Panel } from '../shell/areaParts.ts';
import { useLoad } from '../useLoad.ts';
import { describeHistoryEntry } from './historyText.ts';

const List = styled.ol`
  margin: 0 0 ${({ theme }) => theme.space(4)};
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
  const load = useCallback(() => (void version, getCourseHistory(courseId, 1)), [courseId, version]);
  const first = useLoad(load);
  const [more, setMore] = useState<{ version: number; entries: HistoryEntry[]; page: number }>({ version, entries: [], page: 1 });
  const [moreError, setMoreError] = useState<string | null>(null);
  // Earlier pages read for an older version are dropped with it.
  const extra = more.version === version ? more : { version, entries: [], page: 1 };
  const entries = [...(first.data?.results ?? []), ...extra.entries];
  const pages = first.data?.pages ?? 1;

  const loadMore = async () => {
    setMoreError(null);
    try {
      const next = await getCourseHistory(courseId, extra.page + 1);
      setMore({ version, entries: [...extra.entries, ...next.results], page: extra.page + 1 });
    } catch (caught) {
      if (!isRequestError(caught)) throw caught;
      setMoreError(caught.message);
    }
  };

  return (
    <Panel aria-labelledby="course-history-title">
      <h2 id="course-history-title">История изменений</h2>
      {first.error ? (
        <FormErrorBlock>Не удалось загрузить историю: {first.error.message}</FormErrorBlock>
      ) : !first.data ? (
        <Loader label="Загружаем историю" />
      ) : entries.length === 0 ? (
        <Muted>Изменений пока нет.</Muted>
      ) : (
        <>
          <List>
            {entries.map((entry) => {
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
          {moreError ? <FormErrorBlock>{moreError}</FormErrorBlock> : null}
          {extra.page < pages ? (
            <Button $variant="secondary" onClick={() => void loadMore()}>
              Показать более ранние
            </Button>
          ) : null}
        </>
      )}
    </Panel>
  );
}
