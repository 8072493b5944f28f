// The history of one thing of the shared content (or of a whole kind): who changed what and when, newest first;
// read again after every save (the version is part of its loader).
import { useCallback, useState } from 'react';
import styled from 'styled-components';
import type { HistoryEntry, SharedHistoryEntity } from '../../../common/mutabo.ts';
import { isRequestError } from '../../api/requestError.ts';
import { Button } from '../../components/Button.ts';
import { FormErrorBlock } from '../../components/form/fields.tsx';
import { Loader } from '../../components/Loader.tsx';
import { Muted, Panel } from '../shell/areaParts.ts';
import { useLoad } from '../useLoad.ts';
import { getSharedHistory } from './contentApi.ts';
import { describeSharedEntry } from './sharedHistoryText.ts';

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

interface SharedHistoryProps {
  entity: SharedHistoryEntity;
  id?: number;
  /** Changes after each save, so the new entry shows at once. */
  version: number;
}

export function SharedHistory({ entity, id, version }: SharedHistoryProps) {
  const load = useCallback(() => (void version, getSharedHistory({ entity, id, page: 1 })), [entity, id, version]);
  const first = useLoad(load);
  const [more, setMore] = useState<{ version: number; entries: HistoryEntry[]; page: number }>({ version, entries: [], page: 1 });
  const [moreError, setMoreError] = useState<string | null>(null);
  const extra = more.version === version ? more : { version, entries: [], page: 1 };
  const entries = [...(first.data?.results ?? []), ...extra.entries];
  const pages = first.data?.pages ?? 1;
  const titleId = `history-${entity}`;

  const loadMore = async () => {
    setMoreError(null);
    try {
      const next = await getSharedHistory({ entity, id, page: extra.page + 1 });
      setMore({ version, entries: [...extra.entries, ...next.results], page: extra.page + 1 });
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
              const text = describeSharedEntry(entry);
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
