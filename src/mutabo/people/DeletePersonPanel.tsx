// «Удалить данные по заявлению» on a person's card: a dialog that says what the deletion does (what the person's own
// deletion in the profile does) and asks the author to confirm they hold the person's written request, then
// DELETE /api/v1/mutabo/people/{id}/. An author's account cannot be deleted here; the server says so too.
import { useRef, useState } from 'react';
import { peopleMessages, type MutaboPersonCard } from '../../../common/mutabo/people.ts';
import { asRequestError } from '../../api/requestError.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Consequences, DangerButton } from '../../components/dangerParts.ts';
import { CheckboxField, FormErrorBlock } from '../../components/form/fields.tsx';
import { fieldError } from '../../components/form/formErrors.ts';
import { Panel } from '../shell/areaParts.ts';
import { deletePerson } from './peopleApi.ts';

const DELETE_PERSON_LABEL = 'Удалить данные по заявлению';
const CONFIRM_LABEL = 'Удалить данные навсегда';

interface DeletePersonPanelProps {
  person: MutaboPersonCard;
  /** After the deletion: the card is read again (it shows the account deleted) and the history with it. */
  onDeleted: () => void;
}

export function DeletePersonPanel({ person, onDeleted }: DeletePersonPanelProps) {
  const [open, setOpen] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  const [checkError, setCheckError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const running = useRef(false);

  if (person.isAuthor) {
    return (
      <Panel aria-labelledby="person-delete-title">
        <h2 id="person-delete-title">Удаление данных</h2>
        <p>{peopleMessages.authorNotDeletable}</p>
      </Panel>
    );
  }

  const ask = () => {
    setError(null);
    setCheckError(null);
    setConfirmed(false);
    setOpen(true);
  };

  const remove = async () => {
    if (running.current) return;
    if (!confirmed) {
      setCheckError(peopleMessages.writtenRequestRequired);
      document.getElementById('person-delete-confirm')?.focus();
      return;
    }
    running.current = true;
    setBusy(true);
    try {
      await deletePerson(person.id);
      setOpen(false);
      onDeleted();
    } catch (caught) {
      const failure = asRequestError(caught);
      const underCheckbox = fieldError(failure, 'writtenRequest');
      if (underCheckbox) {
        setCheckError(underCheckbox);
      } else {
        setOpen(false);
        setError(failure.message);
      }
    } finally {
      running.current = false;
      setBusy(false);
    }
  };

  return (
    <Panel aria-labelledby="person-delete-title">
      <h2 id="person-delete-title">Удаление данных</h2>
      <p>
        По письменному заявлению человека удалите его аккаунт и данные — так же, как он может сделать это сам в профиле. Удаление
        записывается в историю с вашим именем; отменить его нельзя.
      </p>
      {error ? <FormErrorBlock>{error}</FormErrorBlock> : null}
      <DangerButton type="button" onClick={ask}>
        {DELETE_PERSON_LABEL}
      </DangerButton>
      <ConfirmDialog
        open={open}
        title="Удалить данные этого человека?"
        confirmLabel={busy ? 'Удаляем…' : CONFIRM_LABEL}
        cancelLabel="Отмена"
        busy={busy}
        onConfirm={() => void remove()}
        onClose={() => {
          if (!running.current) setOpen(false);
        }}
        message={
          <>
            <Consequences $after={4}>
              <li>Человек больше не сможет войти: вход закончится на всех устройствах, ссылки из писем перестанут работать.</li>
              <li>
                Имя, фамилия, адрес электронной почты, год рождения, профиль, подписки на новости и личный календарь будут стёрты;
                неотправленные письма ему не уйдут.
              </li>
              <li>Места в занятиях, которые ещё не прошли, освободятся, и их получат следующие в очереди.</li>
              <li>
                Оплаченные занятия, которые ещё не прошли, пропадут без возврата денег. Если человек просит вернуть деньги, сначала
                сделайте возврат в «Платежах».
              </li>
              <li>
                Платежи, возвраты и чеки останутся без его имени: их требуют хранить законы о бухгалтерском учёте и налогах (пять
                лет). Записи о согласиях останутся как доказательство, с отметкой об отзыве.
              </li>
              <li>Удаление нельзя отменить. Адрес электронной почты освободится: с ним можно будет зарегистрироваться заново.</li>
            </Consequences>
            <CheckboxField
              id="person-delete-confirm"
              label="У меня есть письменное заявление этого человека об удалении его данных"
              checked={confirmed}
              onChange={(event) => {
                setConfirmed(event.target.checked);
                if (event.target.checked) setCheckError(null);
              }}
              aria-required="true"
              error={checkError ?? undefined}
            />
          </>
        }
      />
    </Panel>
  );
}
