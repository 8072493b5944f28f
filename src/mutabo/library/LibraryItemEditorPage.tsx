// A material of the library: a new one, or one to edit (title, author, a document uploaded or an external link,
// its categories and courses), with its history and deletion.
import { useParams } from 'react-router-dom';
import type { MutaboLibraryItem } from '../../../common/mutabo/library.ts';
import { ErrorScreen } from '../../components/ErrorScreen.tsx';
import { TextField } from '../../components/form/fields.tsx';
import { FormActions } from '../../components/form/FormLayout.ts';
import { LoadingButton } from '../../components/form/LoadingButton.tsx';
import { Loader } from '../../components/Loader.tsx';
import { areaPaths } from '../areaPaths.ts';
import { CheckList } from '../content/CheckList.tsx';
import { createLibraryItem, deleteLibraryItem, updateLibraryItem } from '../content/contentApi.ts';
import { DeletePanel } from '../content/DeletePanel.tsx';
import { EditorFrame } from '../content/EditorFrame.tsx';
import { SharedHistory } from '../content/SharedHistory.tsx';
import { useContentEditor } from '../content/useContentEditor.ts';
import { UploadField } from '../forms/UploadField.tsx';
import { skipToken, useResource } from '../../data/useResource.ts';
import { areaResources } from '../areaResources.ts';
import { emptyLibraryItemValues, LIBRARY_ITEM_FIELDS, libraryItemValues, libraryItemWrite } from './libraryItemForm.ts';

export function LibraryItemEditorPage() {
  const { itemId } = useParams();
  const id = itemId === undefined ? null : Number(itemId);
  const item = useResource(areaResources.libraryItem, id === null ? skipToken : id);

  if (id !== null && (Number.isNaN(id) || item.error?.statusCode === 404)) return <p>Материал не найден: возможно, его уже удалили.</p>;
  if (item.error) return <ErrorScreen />;
  if (id !== null && !item.data) return <Loader label="Загружаем материал" />;
  return <LibraryItemEditor key={id ?? 'new'} item={item.data ?? null} setItem={item.setData} reload={item.reload} />;
}

interface LibraryItemEditorProps {
  item: MutaboLibraryItem | null;
  setItem: (item: MutaboLibraryItem) => void;
  reload: () => Promise<MutaboLibraryItem | undefined>;
}

function LibraryItemEditor({ item, setItem, reload }: LibraryItemEditorProps) {
  const categories = useResource(areaResources.libraryCategories);
  const courses = useResource(areaResources.courses);
  const { form, submit, reloadCurrent, deleted } = useContentEditor({
    item,
    setItem,
    reload,
    invalidates: ['library'],
    empty: emptyLibraryItemValues,
    toValues: libraryItemValues,
    fields: LIBRARY_ITEM_FIELDS,
    write: libraryItemWrite,
    create: createLibraryItem,
    update: updateLibraryItem,
    pathOf: areaPaths.libraryItem,
    listPath: areaPaths.library,
    savedNotice: 'Материал сохранён. На сайте уже новая версия.',
  });
  const { values, errors, change } = form;


  return (
    <EditorFrame
      back={{ to: areaPaths.library, label: 'К библиотеке' }}
      title={item ? item.title || 'Материал' : 'Новый материал'}
      notice={form.notice}
      failure={form.failure}
      onReload={() => void reloadCurrent()}
      after={
        item ? (
          <>
            <SharedHistory entity="libraryItem" id={item.id} version={item.version} />
            <DeletePanel
              action="Удалить материал"
              message={`Материал «${item.title}» исчезнет из библиотеки без возможности восстановления.`}
              remove={() => deleteLibraryItem(item.id)}
              onDeleted={deleted}
            />
          </>
        ) : null
      }
    >
      <form onSubmit={submit} noValidate aria-label="Материал библиотеки">
        <TextField label="Название" required {...form.text('title')} />
        <TextField label="Автор материала" {...form.text('author')} />
        <UploadField
          kind="document"
          label="Файл"
          name="file"
          value={values.file}
          error={errors.file}
          hint="PDF, EPUB, MP3 или ZIP, до 50 МБ. Вместо файла можно дать внешнюю ссылку."
          onChange={(file) => change({ file })}
        />
        <TextField
          label="Внешняя ссылка"
          inputMode="url"
          placeholder="https://…"
          {...form.text('externalLink')}
        />
        <CheckList
          legend="Категории"
          options={categories.data?.map((category) => ({ id: category.id, label: category.name }))}
          loadError={categories.error?.message}
          unknownLabel={(id) => `Категория № ${id}`}
          chosen={values.categories}
          empty="Категорий пока нет: их можно добавить на странице библиотеки."
          error={errors.categories}
          onChange={(chosen) => change({ categories: chosen })}
        />
        <CheckList
          legend="Курсы"
          // The list holds only the caller's courses: a course another author leads shows by its number.
          options={courses.data?.map((course) => ({ id: course.id, label: course.title || 'Курс без названия' }))}
          loadError={courses.error?.message}
          unknownLabel={(id) => `Курс № ${id}`}
          chosen={values.courses}
          empty="У вас пока нет курсов."
          error={errors.courses}
          onChange={(chosen) => change({ courses: chosen })}
        />
        <FormActions>
          <LoadingButton loading={form.saving}>{item ? 'Сохранить материал' : 'Добавить материал'}</LoadingButton>
        </FormActions>
      </form>
      {form.leave.dialog}
    </EditorFrame>
  );
}
