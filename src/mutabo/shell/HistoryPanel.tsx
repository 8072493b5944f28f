// A history of changes in the area (a course's, or the shared content's): who changed what and when, newest first,
// with earlier pages on demand. The owner's version is part of the loader, so a saved change shows up at once.
import { useState } from 'react';
import styled from 'styled-components';
import type { HistoryEntry, HistoryPage } from '../../../common/mutabo/history.ts';
import { isRequestError } from '../../api/requestError.ts';
import { Button } from '../../components/Button.ts';
import { FormErrorBlock } from '../../components/form/fields.tsx';
import { Loader } from '../../components/Loader.tsx';
import type { ReadResource } from '../../data/useResource.ts';
import { Muted, Panel } from './areaParts.ts';

const List = styled.ol`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding: 0;
  list-style: none;
`;

const Entry = styled.li`
  padding: ${({ theme }) => theme.space(2)} 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  overflow-wrap: anywhere;
`;

const When = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fonts.sizes.small};
`;

interface HistoryText {
  when: string;
  who: string;
  what: string;
}

interface HistoryPanelProps {
  /** The id of the panel's heading (unique on the page). */
  titleId: string;
  /** The first page, read through the cache (again for each new version). */
  first: ReadResource<HistoryPage>;
  /** Reads a further page; a new function (new version) drops the further pages read. */
  readPage: (page: number) => Promise<HistoryPage>;
  describe: (entry: HistoryEntry) => HistoryText;
}

export function HistoryPanel({ titleId, first, readPage, describe }: HistoryPanelProps) {
  const [more, setMore] = useState<{ readPage: typeof readPage; entries: HistoryEntry[]; page: number }>({ readPage, entries: [], page: 1 });
  const [moreError, setMoreError] = useState<string | null>(null);
  // Earlier pages read for an older version are dropped with it.
  const extra = more.readPage === readPage ? more : { readPage, entries: [], page: 1 };
  const entries = [...(first.data?.results ?? []), ...extra.entries];
  const pages = first.data?.pages ?? 1;

  const loadMore = async () => {
    setMoreError(null);
    try {
      const next = await readPage(extra.page + 1);
      setMore({ readPage, entries: [...extra.entries, ...next.results], page: extra.page + 1 });
    } catch (caught) {
      if (!isRequestError(caught)) throw caught;
      setMoreError(caught.message);
    }
  };

  return (
    <Panel aria-labelledby={titleId}>
      <h2 id={titleId}>История изменений</h2>
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
              const text = describe(entry);
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
