// The pieces every statistics section shares: its table in a box of its own that scrolls sideways on a phone (never
// the page), the CSV export with the area's token, the error with «Повторить», and the reading that keeps the last
// answer shown while the next period loads.
import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import type { StatsQuery } from '../../../common/stats.ts';
import type { RequestError } from '../../api/requestError.ts';
import { Button } from '../../components/Button.ts';
import { VisuallyHidden } from '../../components/VisuallyHidden.ts';
import { FormErrorBlock } from '../../components/form/fields.tsx';
import { LoadingButton } from '../../components/form/LoadingButton.tsx';
import type { ResourceDefinition } from '../../data/resource.ts';
import { useResource } from '../../data/useResource.ts';
import { csvFailure, useDownload } from '../../lib/saveFile.ts';
import { DataTable } from '../shell/DataTable.tsx';
import { statsCsv, type StatsPart } from './statsApi.ts';

const Scroller = styled.div`
  position: relative;
  max-width: 100%;
  overflow-x: auto;
  margin-bottom: ${({ theme }) => theme.space(4)};

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }

  table {
    margin-bottom: 0;
    overflow-wrap: normal;
  }

  td,
  th {
    white-space: nowrap;
  }
`;

/** The caption as seen: above the box, so that it wraps to the screen's width rather than the table's. */
const Caption = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(2)};
  font-weight: 600;
`;

/**
 * A table with its caption, its columns kept at any width: on a phone it scrolls inside its own box. The table's own
 * caption names it for screen readers; the one shown is above the box.
 */
export function StatsTable({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <>
      <Caption aria-hidden="true">{caption}</Caption>
      <Scroller role="region" aria-label={caption} tabIndex={0}>
        <DataTable $stackBelow="never">
          <VisuallyHidden as="caption">{caption}</VisuallyHidden>
          {children}
        </DataTable>
      </Scroller>
    </>
  );
}

const Actions = styled.div`
  margin-bottom: ${({ theme }) => theme.space(4)};
`;

/** «Скачать CSV» of one part with the query its chart shows; the file comes through the API client (it needs the token). */
export function CsvButton({ part, query, name }: { part: StatsPart; query: StatsQuery; name: string }) {
  const range = query.from && query.to ? `-${query.from}-${query.to}` : '';
  const { busy, error, download } = useDownload(() => statsCsv(part, query), `${part}${range}.csv`, csvFailure);
  return (
    <Actions>
      <LoadingButton type="button" $variant="secondary" loading={busy} aria-label={`Скачать CSV: ${name}`} onClick={() => void download()}>
        Скачать CSV
      </LoadingButton>
      {error ? <FormErrorBlock>{error}</FormErrorBlock> : null}
    </Actions>
  );
}

const ErrorRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
`;

export function StatsError({ what, error, retry }: { what: string; error: RequestError; retry: () => void }) {
  return (
    <FormErrorBlock>
      <ErrorRow>
        <span>
          Не удалось загрузить {what}: {error.message || 'ошибка сервера.'}
        </span>
        <Button type="button" $variant="secondary" onClick={retry}>
          Повторить
        </Button>
      </ErrorRow>
    </FormErrorBlock>
  );
}

type Keyed<T> = { key: string; data: T };

export interface StatsRead<T> {
  data: T | undefined;
  /** What is shown answers another query, while this one loads. */
  stale: boolean;
  error: RequestError | null;
  retry: () => void;
}

export function useStatsRead<T>(definition: ResourceDefinition<{ key: string; query: StatsQuery }, Keyed<T>>, query: StatsQuery): StatsRead<T> {
  const key = JSON.stringify(query);
  const loaded = useResource(definition, { key, query });
  const [last, setLast] = useState<Keyed<T> | null>(null);
  if (loaded.data && loaded.data !== last) setLast(loaded.data);
  const shown = loaded.data ?? last;
  return { data: shown?.data, stale: shown !== null && shown.key !== key, error: loaded.error, retry: () => void loaded.reload() };
}
