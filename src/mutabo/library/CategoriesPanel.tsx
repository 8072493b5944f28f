// The library's categories: add one, rename one, delete one nobody uses (the server refuses a category in use, 409).
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { libraryCategoryCreateSchema, type MutaboLibraryCategory } from '../../../common/mutabo/library.ts';
import { isRequestError } from '../../api/requestError.ts';
import { Button } from '../../components/Button.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { FormErrorBlock, TextField } from '../../components/form/fields.tsx';
import { LoadingButton } from '../../components/form/LoadingButton.tsx';
import { Loader } from '../../components/Loader.tsx';
import { checkWith } from '../content/checkWith.ts';
import { createLibraryCategory, deleteLibraryCategory, updateLibraryCategory } from '../content/contentApi.ts';
import { useAppDispatch } from '../../app/hooks.ts';
import { tagsInvalidated } from '../../data/cache.ts';
import { saveFailure, type SaveFailure } from '../forms/saveFailure.ts';
import { Muted, Notice, Panel } from '../shell/areaParts.ts';
import type { ReadResource } from '../../data/useResource.ts';

const List = styled.ul`
  margin: 0 0 ${({ theme }) => theme.space(6)};
  padding: 0;
  list-style: none;
`;

const Item = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(2)} 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  overflow-wrap: anywhere;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

const InlineForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: 0 ${({ theme }) => theme.space(3)};
  width: 100%;

  & > div:first-child {
    flex: 1 1 14rem;
  }

  & > button {
    margin-top: calc(1.5em + ${({ theme }) => theme.space(1)});
  }
`;

const nameError = (name: string) => {
  const checked = checkWith(libraryCategoryCreateSchema, { name });
  return 'errors' in checked ? checked.errors.name : undefined;
};

/** `categories`: the library page's reading of them (its filter lists them too); the panel reads them again after a change. */
export function CategoriesPanel({ categories }: { categories: ReadResource<MutaboLibraryCategory[]> }) {
  const dispatch = useAppDispatch();
  const [name, setName] = useState('');
  const [adding, setAdding] = useState(false);
  const [addFailure, setAddFailure] = useState<SaveFailure | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ id: number; name: string; failure: SaveFailure | null; saving: boolean } | null>(null);
  const [removing, setRemoving] = useState<MutaboLibraryCategory | null>(null);
  const [removeBusy, setRemoveBusy] = useState(false);
  const [removeError, setRemoveError] = useState<string | null>(null);

  /** After a write of a category succeeded. */
  const changed = async (message: string) => {
    dispatch(tagsInvalidated(['library', 'areaLibrary']));
    setNotice(message);
    await categories.reload();
  };

  const add = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const refusal = nameError(name);
    if (refusal) return setAddFailure({ fields: { name: refusal } });
    setAdding(true);
    setAddFailure(null);
    try {
      await createLibraryCategory(name);
      setName('');
      await changed('Категория добавлена.');
    } catch (caught) {
      if (!isRequestError(caught)) throw caught;
      setAddFailure(saveFailure(caught, ['name']));
    } finally {
      setAdding(false);
    }
  };

  const rename = async (event: FormEvent, category: MutaboLibraryCategory) => {
    event.preventDefault();
    if (!editing) return;
    const refusal = nameError(editing.name);
    if (refusal) return setEditing({ ...editing, failure: { fields: { name: refusal } } });
    setEditing({ ...editing, saving: true, failure: null });
    try {
      await updateLibraryCategory(category.id, { name: editing.name, version: category.version });
      setEditing(null);
      await changed('Категория переименована.');
    } catch (caught) {
      if (!isRequestError(caught)) throw caught;
      setEditing({ ...editing, saving: false, failure: saveFailure(caught, ['name']) });
    }
  };

  const remove = async () => {
    if (!removing) return;
    setRemoveBusy(true);
    setRemoveError(null);
    try {
      await deleteLibraryCategory(removing.id);
      setRemoving(null);
      await changed('Категория удалена.');
    } catch (caught) {
      if (!isRequestError(caught)) throw caught;
      setRemoveError(caught.message);
      setRemoving(null);
    } finally {
      setRemoveBusy(false);
    }
  };

  return (
    <Panel aria-labelledby="library-categories-title">
      <h2 id="library-categories-title">Категории</h2>
      {notice ? <Notice>{notice}</Notice> : null}
      {removeError ? <FormErrorBlock>{removeError}</FormErrorBlock> : null}
      {categories.error ? (
        <FormErrorBlock>Не удалось загрузить категории: {categories.error.message}</FormErrorBlock>
      ) : !categories.data ? (
        <Loader label="Загружаем категории" />
      ) : categories.data.length === 0 ? (
        <Muted>Категорий пока нет.</Muted>
      ) : (
        <List aria-label="Категории библиотеки">
          {categories.data.map((category) =>
            editing?.id === category.id ? (
              <Item key={category.id}>
                {editing.failure?.stale ? (
                  <FormErrorBlock>
                    {editing.failure.stale}{' '}
                    <Button $variant="secondary" onClick={() => void categories.reload().then(() => setEditing(null))}>
                      Загрузить текущую версию
                    </Button>
                  </FormErrorBlock>
                ) : null}
                {editing.failure?.block ? <FormErrorBlock>{editing.failure.block}</FormErrorBlock> : null}
                <InlineForm aria-label={`Категория «${category.name}»`} noValidate onSubmit={(event) => void rename(event, category)}>
                  <TextField
                    label="Новое название"
                    value={editing.name}
                    error={editing.failure?.fields.name}
                    onChange={(event) => setEditing({ ...editing, name: event.target.value })}
                  />
                  <LoadingButton loading={editing.saving}>Сохранить</LoadingButton>
                  <Button type="button" $variant="secondary" onClick={() => setEditing(null)}>
                    Отмена
                  </Button>
                </InlineForm>
              </Item>
            ) : (
              <Item key={category.id}>
                <span>
                  {category.name} <Muted as="span">· материалов: {category.itemsCount}</Muted>
                </span>
                <Actions>
                  <Button
                    $variant="secondary"
                    aria-label={`Категория «${category.name}»: переименовать`}
                    onClick={() => setEditing({ id: category.id, name: category.name, failure: null, saving: false })}
                  >
                    Переименовать
                  </Button>
                  <Button $variant="secondary" aria-label={`Категория «${category.name}»: удалить`} onClick={() => setRemoving(category)}>
                    Удалить
                  </Button>
                </Actions>
              </Item>
            ),
          )}
        </List>
      )}
      {addFailure?.block ? <FormErrorBlock>{addFailure.block}</FormErrorBlock> : null}
      <InlineForm aria-label="Новая категория" noValidate onSubmit={(event) => void add(event)}>
        <TextField label="Новая категория" name="name" value={name} error={addFailure?.fields.name} onChange={(event) => setName(event.target.value)} />
        <LoadingButton loading={adding}>Добавить категорию</LoadingButton>
      </InlineForm>
      <ConfirmDialog
        open={removing !== null}
        title="Удалить категорию?"
        message={<p>Категория «{removing?.name}» будет удалена. Удалить можно только категорию без материалов.</p>}
        confirmLabel="Удалить"
        cancelLabel="Отмена"
        busy={removeBusy}
        onConfirm={() => void remove()}
        onClose={() => setRemoving(null)}
      />
    </Panel>
  );
}
