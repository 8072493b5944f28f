// «Удалить аккаунт» on the profile page (issue 20, item 4; docs/PRIVACY.md, «Deleting an account»): the password, then
// a dialog that says what will happen (with the person's own places from GET /api/v1/users/me/deletion/ and whom to
// write to for a refund first), then DELETE /api/v1/users/me/. After it the person is logged out and told on a page of
// its own; a wrong password shows under the field.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import type { AccountDeletionPreview } from '../../../common/accountDeletion.ts';
import { request } from '../../api/client.ts';
import { asRequestError, type RequestError } from '../../api/requestError.ts';
import { useAppDispatch } from '../../app/hooks.ts';
import { paths } from '../../app/paths.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Consequences, DangerButton } from '../../components/dangerParts.ts';
import { FormErrorBlock, TextField } from '../../components/form/fields.tsx';
import { fieldError, formErrorText } from '../../components/form/formErrors.ts';
import { loggedOut } from '../session/index.ts';

const DELETE_ACCOUNT_TITLE = 'Удалить аккаунт';
const CONFIRM_DELETION_LABEL = 'Удалить аккаунт навсегда';
const PASSWORD_REQUIRED = 'Введите пароль, чтобы удалить аккаунт.';

const Block = styled.section`
  margin-top: ${({ theme }) => theme.space(8)};
  padding-top: ${({ theme }) => theme.space(6)};
  border-top: 1px solid ${({ theme }) => theme.colors.border};

  h2 {
    margin: 0 0 ${({ theme }) => theme.space(3)};
  }

  form {
    max-width: 24rem;
  }
`;

const places = (count: number) => {
  const last = count % 10;
  const lastTwo = count % 100;
  const word = last === 1 && lastTwo !== 11 ? 'место' : last >= 2 && last <= 4 && (lastTwo < 12 || lastTwo > 14) ? 'места' : 'мест';
  return `${count} ${word}`;
};

/** What the person gives up in lessons not yet held, in their own numbers once known. */
function placesLine(preview: AccountDeletionPreview | null): string {
  const general = 'Места в занятиях, которые ещё не прошли, освободятся, и их получат следующие в очереди';
  if (!preview || preview.places + preview.waiting === 0) return `${general}.`;
  const yours = [preview.places > 0 ? places(preview.places) : '', preview.waiting > 0 ? `${places(preview.waiting)} в очереди` : ''].filter(Boolean).join(' и ');
  return `${general} (у вас ${yours}).`;
}

function RefundLine({ preview }: { preview: AccountDeletionPreview | null }) {
  const contact = preview?.contactEmail;
  const paid = preview && preview.paidPlaces > 0 ? ` (у вас ${places(preview.paidPlaces)})` : '';
  return (
    <>
      Оплаченные занятия, которые ещё не прошли{paid}, пропадут без возврата денег. Чтобы вернуть деньги, сначала напишите авторам
      курса{contact ? ': ' : ''}
      {contact ? <a href={`mailto:${contact}`}>{contact}</a> : null} — и удаляйте аккаунт после возврата.
    </>
  );
}

export function DeleteAccountBlock({ isAuthor }: { isAuthor: boolean }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const focusPassword = () => formRef.current?.querySelector<HTMLInputElement>('input[name="password"]')?.focus();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<RequestError | null>(null);
  const [open, setOpen] = useState(false);
  const [preview, setPreview] = useState<AccountDeletionPreview | null>(null);
  const [deleting, setDeleting] = useState(false);
  /** A wrong password brings the focus back to its field once the dialog has closed and given the focus back. */
  const refocus = useRef(false);
  const noteId = useId();

  useEffect(() => {
    if (open || !refocus.current) return;
    refocus.current = false;
    formRef.current?.querySelector<HTMLInputElement>('input[name="password"]')?.focus();
  }, [open]);

  if (isAuthor) {
    return (
      <Block aria-labelledby="delete-account-title">
        <h2 id="delete-account-title">{DELETE_ACCOUNT_TITLE}</h2>
        <p>Аккаунт автора курсов удаляет оператор сайта: сначала он снимает роль автора. Напишите ему, если хотите удалить аккаунт.</p>
      </Block>
    );
  }

  const ask = (event: FormEvent) => {
    event.preventDefault();
    if (password === '') {
      setError({ message: PASSWORD_REQUIRED, statusCode: 400, byFields: { password: PASSWORD_REQUIRED } });
      focusPassword();
      return;
    }
    setError(null);
    setOpen(true);
    // The dialog says what happens in general at once, and in the person's own numbers when they come.
    request<AccountDeletionPreview>('/api/v1/users/me/deletion/').then(setPreview, () => setPreview(null));
  };

  const remove = async () => {
    setDeleting(true);
    try {
      await request('/api/v1/users/me/', { method: 'DELETE', body: { password } });
    } catch (caught) {
      const failure = asRequestError(caught);
      setDeleting(false);
      setOpen(false);
      // A 401 ends the session on its own (the client's hook); anything else is said here.
      if (failure.statusCode !== 401) setError(failure);
      if (fieldError(failure, 'password')) {
        setPassword('');
        refocus.current = true;
      }
      return;
    }
    // The page that says so first, committed at once: logged out on an account address, the guard would send the
    // person to the login page.
    void navigate(paths.accountDeleted, { replace: true, flushSync: true });
    dispatch(loggedOut());
  };

  const blockText = formErrorText(error, ['password']);

  return (
    <Block aria-labelledby="delete-account-title">
      <h2 id="delete-account-title">{DELETE_ACCOUNT_TITLE}</h2>
      <p id={noteId}>
        Удаление стирает ваши данные и завершает вход на сайт; отменить его нельзя. Перед удалением мы покажем, что именно
        произойдёт. Сначала можно скачать свои данные выше.
      </p>
      {blockText && <FormErrorBlock>{blockText}</FormErrorBlock>}
      <form ref={formRef} onSubmit={ask} noValidate aria-describedby={noteId}>
        <TextField
          label="Пароль"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={fieldError(error, 'password')}
        />
        <DangerButton type="submit">{DELETE_ACCOUNT_TITLE}</DangerButton>
      </form>
      <ConfirmDialog
        open={open}
        title="Удалить аккаунт навсегда?"
        confirmLabel={deleting ? 'Удаляем…' : CONFIRM_DELETION_LABEL}
        cancelLabel="Отмена"
        busy={deleting}
        onConfirm={() => void remove()}
        onClose={() => {
          if (!deleting) setOpen(false);
        }}
        message={
          <Consequences>
            <li>Вход в аккаунт закончится на всех устройствах, и войти с этим паролем будет нельзя.</li>
            <li>Имя, фамилия, адрес электронной почты, год рождения, профиль, подписки на новости и личный календарь будут стёрты.</li>
            <li>{placesLine(preview)}</li>
            <li>
              <RefundLine preview={preview} />
            </li>
            <li>
              Платежи, возвраты и чеки останутся у нас без вашего имени: их требуют хранить законы о бухгалтерском учёте и налогах
              (пять лет).
            </li>
            <li>Удаление нельзя отменить. Адрес электронной почты освободится: с ним можно будет зарегистрироваться заново.</li>
          </Consequences>
        }
      />
    </Block>
  );
}
