// The rich-text editor, loaded with draft-js only when a form that has one opens (not for the course list).
import { lazy, Suspense, type ComponentProps } from 'react';
import { Loader } from '../../components/Loader.tsx';

const Editor = lazy(async () => ({ default: (await import('./RichTextEditor.tsx')).RichTextEditor }));

export function LazyRichTextEditor(props: ComponentProps<typeof Editor>) {
  return (
    <Suspense fallback={<Loader label="Загружаем редактор" />}>
      <Editor {...props} />
    </Suspense>
  );
}
