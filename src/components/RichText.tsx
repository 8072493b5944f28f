// Shows API rich text: draft-js is loaded only when raw content on the page needs it (styles, links, lists).
import { Suspense, lazy, startTransition, useEffect, useMemo, useState } from 'react';
import styled from 'styled-components';
import { isSimpleRichText, parseRichText, richTextParagraphs } from '../lib/richText.ts';
import type { RawDraftContentState } from 'draft-js';

let draftViewLoaded = false;
const DraftView = lazy(() =>
  import('./DraftView.tsx').then((module) => {
    draftViewLoaded = true;
    return module;
  }),
);

/**
 * True once the browser is idle after the page has shown: draft-js (the largest script of the site) is loaded
 * and run then, not while the page is first drawn. Until then the same words show as plain paragraphs. The
 * switch is a transition, so React renders the rich texts in short slices and input stays responsive.
 */
function useIdleUpgrade(wanted: boolean): boolean {
  const [ready, setReady] = useState(draftViewLoaded);
  useEffect(() => {
    if (ready || !wanted) return;
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => startTransition(() => setReady(true)), { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = window.setTimeout(() => startTransition(() => setReady(true)), 200);
    return () => window.clearTimeout(timer);
  }, [ready, wanted]);
  return ready;
}

const Prose = styled.div`
  line-height: 1.6;
  overflow-wrap: anywhere;
  p {
    margin: 0 0 0.75em;
  }
  p:last-child {
    margin-bottom: 0;
  }
  /* draft-js blocks spaced like the plain paragraphs shown while it loads, so nothing jumps */
  [data-block='true'] + [data-block='true'] {
    margin-top: 0.75em;
  }
`;

function PlainParagraphs({ source }: { source: string }) {
  return (
    <>
      {richTextParagraphs(source).map((line, index) => (
        <p key={index}>{line}</p>
      ))}
    </>
  );
}

/** Paragraphs and headings as draft-js shows them (a heading as h2, an empty paragraph as an empty line). */
function SimpleBlocks({ raw }: { raw: RawDraftContentState }) {
  return (
    <>
      {raw.blocks.map((block, index) => (block.type === 'header-two' ? <h2 key={index}>{block.text}</h2> : <p key={index}>{block.text === '' ? <br /> : block.text}</p>))}
    </>
  );
}

export function RichText({ source, className }: { source: string | null | undefined; className?: string }) {
  const parsed = useMemo(() => parseRichText(source), [source]);
  const simple = parsed.kind === 'raw' && isSimpleRichText(parsed.raw);
  const upgrade = useIdleUpgrade(!simple && parsed.kind === 'raw');
  if (parsed.kind === 'raw' && simple) {
    return (
      <Prose className={className}>
        <SimpleBlocks raw={parsed.raw} />
      </Prose>
    );
  }
  return (
    <Prose className={className}>
      {parsed.kind === 'plain' || !upgrade ? (
        <PlainParagraphs source={source ?? ''} />
      ) : (
        // While draft-js loads, the same words show unformatted, so nothing jumps or flashes empty.
        <Suspense fallback={<PlainParagraphs source={source ?? ''} />}>
          <DraftView raw={parsed.raw} />
        </Suspense>
      )}
    </Prose>
  );
}
