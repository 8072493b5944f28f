// A material of the library: a new one, or one to edit (title, author, a document uploaded or an external link,
// its categories and courses), with its history and deletion.
import { useCallback, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { MutaboLibraryItem } from '../../../common/mutabo.ts';
import { ErrorScreen } from '../../components/ErrorScreen.tsx';
import { TextField } from '../../components/form/fields.tsx';
import { FormActions } from '../../components/form/FormLayout.ts';
import { LoadingButton } from '../../components/form/LoadingButton.tsx';
import { Loader } from '../../components/Loader.tsx';
import { listCourses } from '../api.ts';
import { areaPaths } from '../areaPaths.ts';
import { CheckList } from '../content/CheckList.tsx';
import { createLibraryItem, deleteLibraryItem, getLibraryItem, listLibraryCategories, updateLibraryItem } from '../content/contentApi.ts';
import { DeletePanel } from '../content/DeletePanel.tsx';
import { EditorFrame } from '../content/EditorFrame.tsx';
import { SharedHistory } from '../content/SharedHistory.tsx';
import { useSiteRefresh } from '../content/useSiteRefresh.ts';
import { UploadField } from '../forms/UploadField.tsx';
import { useEditForm } from '../forms/useEditForm.ts';
import { LIBRARY_RESOURCES } from '../siteCache.ts';
import { useLoad } from '../useLoad.ts';
import { emptyLibraryItemValues, LIBRARY_ITEM_FIELDS, libraryItemValues, libraryItemWrite } from './libraryItemForm.ts';

export function LibraryItemEditorPage() {
  const { itemId } = useParams();
  const id = itemId === undefined ? null : Number(itemId);
  const load = useCallback(() => getLibraryItem(id!), [id]);
  const item = useLoad(id === null ? null : load);

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
  const navigate = useNavigate();
  const refreshSite = useSiteRefresh(LIBRARY_RESOURCES);
  const categories = useLoad(useCallback(() => listLibraryCategories(), []));
  const courses = useLoad(useCallback(() => listCourses(), []));
  const form = useEditForm(item ? libraryItemValues(item) : emptyLibraryItemValues(), LIBRARY_ITEM_FIELDS);
  const { values, errors, change } = form;

  const courseOptions = (courses.data ?? []).map((course) => ({ id: course.id, label: course.title || 'Курс без названия' }));
  // A course another author leads stays chosen (the list holds only the caller's courses).
  for (const id of values.courses) if (!courseOptions.some((option) => option.id === id)) courseOptions.push({ id, label: `Курс № ${id}` });

  const save = (event: FormEvent) => {
    event.preventDefault();
    const checked = libraryItemWrite(values);
    if ('errors' in checked) return form.refuse(checked.errors);
    void form.save(async () => {
      if (!item) {
        const created = await createLibraryItem(checked.body);
        refreshSite();
        form.leave.allowNextLeave();
        void navigate(areaPaths.libraryItem(created.id), { replace: true });
        return null;
      }
      setItem(await updateLibraryItem(item.id, { ...checked.body, version: item.version }));
      refreshSite();
      return 'Материал сохранён. На сайте уже новая версия.';
    });
  };

  const reloadCurrent = async () => {
    const current = await reload();
    if (current) form.replace(libraryItemValues(current));
  };

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
              onDeleted={() => {
                refreshSite();
                form.leave.allowNextLeave();
                void navigate(areaPaths.library);
              }}
            />
          </>
        ) : null
      }
    >
      <form onSubmit={save} noValidate aria-label="Материал библиотеки">
        <TextField label="Название" name="title" required value={values.title} error={errors.title} onChange={(e) => change({ title: e.target.value })} />
        <TextField label="Автор материала" name="author" value={values.author} error={errors.author} onChange={(e) => change({ author: e.target.value })} />
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
          name="externalLink"
          inputMode="url"
          placeholder="https://…"
          value={values.externalLink}
          error={errors.externalLink}
          onChange={(e) => change({ externalLink: e.target.value })}
        />
        <CheckList
          legend="Категории"
          options={(categories.data ?? []).map((category) => ({ id: category.id, label: category.name }))}
          chosen={values.categories}
          empty="Категорий пока нет: их можно добавить на странице библиотеки."
          error={errors.categories}
          onChange={(chosen) => change({ categories: chosen })}
        />
        <CheckList
          legend="Курсы"
          options={courseOptions}
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
