// A page of the site the authors edit as a whole, shared by both: its heading and its rich text (the timetable, the
// public offer). Loads it, saves with the version read (409 explained by EditorFrame), refreshes the site's copy and
// shows the page's history.
import { type FormEvent, type ReactNode } from 'react';
import type { SharedHistoryEntity } from '../../../common/mutabo/history.ts';
import { timetablePatchSchema, type TimetablePatchPayload } from '../../../common/mutabo/timetable.ts';
import type { ResourceDefinition, Tag } from '../../data/resource.ts';
import { ErrorScreen } from '../../components/ErrorScreen.tsx';
import { TextField } from '../../components/form/fields.tsx';
import { FormActions } from '../../components/form/FormLayout.ts';
import { LoadingButton } from '../../components/form/LoadingButton.tsx';
import { Loader } from '../../components/Loader.tsx';
import { useEditForm } from '../forms/useEditForm.ts';
import { LazyRichTextEditor as RichTextEditor } from '../richText/LazyRichTextEditor.tsx';
import { useResource } from '../../data/useResource.ts';
import { checkWith } from './checkWith.ts';
import { EditorFrame } from './EditorFrame.tsx';
import { SharedHistory } from './SharedHistory.tsx';
import { useRunMutation } from '../../data/mutation.ts';

export interface PageText {
  name: string;
  text: string;
  version: number;
}

/** What differs between the pages: their API, their history, the site's resources and their words. */
export interface PageTextSpec {
  resource: ResourceDefinition<void, PageText>;
  update: (body: TimetablePatchPayload) => Promise<PageText>;
  entity: SharedHistoryEntity;
  /** What of the site the page's text is shown as. */
  invalidates: readonly Tag[];
  title: string;
  loading: string;
  textLabel: string;
  saveLabel: string;
  saved: string;
  /** The explanation above the form. */
  about: (page: PageText) => ReactNode;
}

const PAGE_TEXT_FIELDS = ['name', 'text'] as const;

export function PageTextEditorPage({ spec }: { spec: PageTextSpec }) {
  const page = useResource(spec.resource);
  if (page.error) return <ErrorScreen />;
  if (!page.data) return <Loader label={spec.loading} />;
  return <PageTextEditor spec={spec} page={page.data} setPage={page.setData} reload={page.reload} />;
}

interface PageTextEditorProps {
  spec: PageTextSpec;
  page: PageText;
  setPage: (page: PageText) => void;
  reload: () => Promise<PageText | undefined>;
}

function PageTextEditor({ spec, page, setPage, reload }: PageTextEditorProps) {
  const mutate = useRunMutation();
  const form = useEditForm<Pick<PageText, 'name' | 'text'>>({ name: page.name, text: page.text }, PAGE_TEXT_FIELDS);
  const { values, errors, change } = form;

  const save = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkWith<TimetablePatchPayload>(timetablePatchSchema, { ...values, version: page.version });
    if ('errors' in checked) return form.refuse(checked.errors);
    void form.save(async () => {
      setPage(await mutate(() => spec.update(checked.body), { invalidates: spec.invalidates }));
      return spec.saved;
    });
  };

  const reloadCurrent = async () => {
    const current = await reload();
    if (current) form.replace({ name: current.name, text: current.text });
  };

  return (
    <EditorFrame
      title={spec.title}
      notice={form.notice}
      failure={form.failure}
      onReload={() => void reloadCurrent()}
      after={<SharedHistory entity={spec.entity} version={page.version} />}
    >
      {spec.about(page)}
      <form onSubmit={save} noValidate aria-label={spec.title}>
        <TextField label="Заголовок страницы" required {...form.text('name')} />
        <RichTextEditor key={form.editorKey} label={spec.textLabel} initialValue={values.text} error={errors.text} onChange={(text) => change({ text })} />
        <FormActions>
          <LoadingButton loading={form.saving}>{spec.saveLabel}</LoadingButton>
        </FormActions>
      </form>
      {form.leave.dialog}
    </EditorFrame>
  );
}
