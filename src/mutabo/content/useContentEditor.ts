// What every editor of the shared content does around its form: check before sending, create (then open the new
// thing's address) or save with the version read, refresh the site's pages that show it, load the current version
// after a stale save, and leave for the list after a deletion.
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks.ts';
import { tagsInvalidated } from '../../data/cache.ts';
import { useRunMutation } from '../../data/mutation.ts';
import type { Tag } from '../../data/resource.ts';
import { useEditForm } from '../forms/useEditForm.ts';

interface ContentEditorOptions<T extends { id: number; version: number }, V, B> {
  /** The thing as read, or null for a new one. */
  item: T | null;
  setItem: (item: T) => void;
  reload: () => Promise<T | undefined>;
  /** What of the site the thing is shown in. */
  invalidates: readonly Tag[];
  empty: () => V;
  toValues: (item: T) => V;
  fields: readonly string[];
  write: (values: V) => { body: B } | { errors: Record<string, string> };
  create: (body: B) => Promise<T>;
  update: (id: number, body: B & { version: number }) => Promise<T>;
  /** The editor's address of a created thing, and the list's. */
  pathOf: (id: number) => string;
  listPath: string;
  /** Shown after a save of an existing thing. */
  savedNotice: string;
}

export function useContentEditor<T extends { id: number; version: number }, V, B>(options: ContentEditorOptions<T, V, B>) {
  const { item, setItem, reload, write, create, update, pathOf, listPath, savedNotice, toValues } = options;
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const mutate = useRunMutation();
  const { invalidates } = options;
  const form = useEditForm(item ? toValues(item) : options.empty(), options.fields);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = write(form.values);
    if ('errors' in checked) return form.refuse(checked.errors);
    void form.save(async () => {
      if (!item) {
        const created = await mutate(() => create(checked.body), { invalidates });
        form.leave.allowNextLeave();
        void navigate(pathOf(created.id), { replace: true });
        return null;
      }
      setItem(await mutate(() => update(item.id, { ...checked.body, version: item.version }), { invalidates }));
      return savedNotice;
    });
  };

  const reloadCurrent = async () => {
    const current = await reload();
    if (current) form.replace(toValues(current));
  };

  const deleted = () => {
    dispatch(tagsInvalidated(invalidates));
    form.leave.allowNextLeave();
    void navigate(listPath);
  };

  return { form, submit, reloadCurrent, deleted };
}
