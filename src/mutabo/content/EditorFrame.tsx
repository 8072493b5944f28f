// What every editor of the shared content shows around its form: the way back to the list, the title, the notice
// of a save, a stale copy's message (409) with a way to load the current version, and the form's red block.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { FormErrorBlock } from '../../components/form/fields.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import type { SaveFailure } from '../forms/saveFailure.ts';
import { StaleNotice } from '../forms/StaleNotice.tsx';
import { Notice, Panel } from '../shell/areaParts.ts';

interface EditorFrameProps {
  back?: { to: string; label: string };
  title: string;
  notice: string | null;
  failure: SaveFailure | null;
  onReload: () => void;
  children: ReactNode;
  after?: ReactNode;
}

export function EditorFrame({ back, title, notice, failure, onReload, children, after }: EditorFrameProps) {
  return (
    <section>
      {back ? (
        <p>
          <Link to={back.to}>← {back.label}</Link>
        </p>
      ) : null}
      <PageTitle>{title}</PageTitle>
      <Panel aria-label={title}>
        {notice ? <Notice>{notice}</Notice> : null}
        {failure?.stale ? <StaleNotice message={failure.stale} onReload={onReload} /> : null}
        {failure?.block ? <FormErrorBlock>{failure.block}</FormErrorBlock> : null}
        {children}
      </Panel>
      {after}
    </section>
  );
}

