// The author's own page on the site: name, the name in the genitive, the gender the letters agree with, e-mail, a text about themselves, the saying shown
// under it on the about page, and a photo.
// Each author edits only their own (the server refuses another's).
import { type FormEvent } from 'react';
import { AUTHOR_GENDER_LABELS, type AuthorGender } from '../../../common/authorGender.ts';
import { authorPatchSchema, type AuthorPatchPayload, type MutaboAuthor } from '../../../common/mutabo/author.ts';
import { MAX_AUTHOR_DESCRIPTION_LENGTH, MAX_QUOTATION_LENGTH } from '../../../common/mutabo/sharedContent.ts';
import { useAppSelector } from '../../app/hooks.ts';
import { paths } from '../../app/paths.ts';
import { ErrorScreen } from '../../components/ErrorScreen.tsx';
import { SelectField, TextAreaField, TextField } from '../../components/form/fields.tsx';
import { FormActions } from '../../components/form/FormLayout.ts';
import { LoadingButton } from '../../components/form/LoadingButton.tsx';
import { Loader } from '../../components/Loader.tsx';
import { selectCurrentUser } from '../../features/session/currentUser.ts';
import { checkWith } from '../content/checkWith.ts';
import { updateOwnAuthor } from '../content/contentApi.ts';
import { EditorFrame } from '../content/EditorFrame.tsx';
import { SharedHistory } from '../content/SharedHistory.tsx';
import { useRunMutation } from '../../data/mutation.ts';
import { ImageField } from '../courses/ImageField.tsx';
import { useEditForm } from '../forms/useEditForm.ts';
import { Muted } from '../shell/areaParts.ts';
import { skipToken, useResource } from '../../data/useResource.ts';
import { areaResources } from '../areaResources.ts';

const AUTHOR_FIELDS = ['firstName', 'lastName', 'genitive', 'gender', 'email', 'description', 'quote', 'photo'] as const;

type AuthorValues = Pick<MutaboAuthor, (typeof AUTHOR_FIELDS)[number]>;

const authorValues = (author: MutaboAuthor): AuthorValues => ({
  firstName: author.firstName,
  lastName: author.lastName,
  genitive: author.genitive,
  gender: author.gender,
  email: author.email,
  description: author.description,
  quote: author.quote,
  photo: author.photo,
});

export function AuthorPage() {
  const me = useAppSelector(selectCurrentUser);
  const authorId = me.data?.author ?? null;
  const author = useResource(areaResources.author, authorId === null ? skipToken : authorId);
  if (author.error) return <ErrorScreen />;
  if (!author.data) return <Loader label="Загружаем страницу автора" />;
  return <AuthorEditor author={author.data} setAuthor={author.setData} reload={author.reload} />;
}

interface AuthorEditorProps {
  author: MutaboAuthor;
  setAuthor: (author: MutaboAuthor) => void;
  reload: () => Promise<MutaboAuthor | undefined>;
}

function AuthorEditor({ author, setAuthor, reload }: AuthorEditorProps) {
  const mutate = useRunMutation();
  const form = useEditForm(authorValues(author), AUTHOR_FIELDS);
  const { values, errors, change } = form;

  const save = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkWith<AuthorPatchPayload>(authorPatchSchema, { ...values, version: author.version });
    if ('errors' in checked) return form.refuse(checked.errors);
    void form.save(async () => {
      setAuthor(await mutate(() => updateOwnAuthor(author.id, checked.body), { invalidates: ['authors'] }));
      return 'Страница автора сохранена. На сайте уже новая версия.';
    });
  };

  const reloadCurrent = async () => {
    const current = await reload();
    if (current) form.replace(authorValues(current));
  };

  return (
    <EditorFrame
      title="Моя страница автора"
      notice={form.notice}
      failure={form.failure}
      onReload={() => void reloadCurrent()}
      after={<SharedHistory entity="author" id={author.id} version={author.version} />}
    >
      <Muted>
        Посетители видят её на странице <a href={paths.about}>«О проекте»</a>, а имя и фотографию — ещё и на страницах ваших
        курсов.
      </Muted>
      <form onSubmit={save} noValidate aria-label="Страница автора">
        <TextField label="Имя" required {...form.text('firstName')} />
        <TextField label="Фамилия" required {...form.text('lastName')} />
        <TextField
          label="Имя и фамилия в родительном падеже («курс Анны Петровой»)"
          {...form.text('genitive')}
        />
        <SelectField
          label="В каком роде о вас писать в письмах («Анна сделала…», «Михаил сделал…»)"
          name="gender"
          value={values.gender}
          error={errors.gender}
          onChange={(event) => change({ gender: event.target.value as AuthorGender })}
        >
          {(['female', 'male', ''] as const).map((gender) => (
            <option key={gender} value={gender}>
              {AUTHOR_GENDER_LABELS[gender]}
            </option>
          ))}
        </SelectField>
        <TextField label="Электронная почта для связи" type="email" inputMode="email" {...form.text('email')} />
        <TextAreaField
          label="О себе"
          rows={8}
          maxLength={MAX_AUTHOR_DESCRIPTION_LENGTH}
          {...form.text('description')}
        />
        <TextAreaField
          label="Цитата под вашим именем на странице «О проекте»"
          rows={3}
          maxLength={MAX_QUOTATION_LENGTH}
          {...form.text('quote')}
        />
        <ImageField label="Фотография" name="photo" value={values.photo} error={errors.photo} onChange={(photo) => change({ photo })} />
        <FormActions>
          <LoadingButton loading={form.saving}>Сохранить страницу</LoadingButton>
        </FormActions>
      </form>
      {form.leave.dialog}
    </EditorFrame>
  );
}
