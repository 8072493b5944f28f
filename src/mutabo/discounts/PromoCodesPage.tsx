// «Промокоды»: the author's codes, newest first, with their course (or every course the author leads), terms,
// period, uses and state; a form for a new code; a working code revoked after a confirmation. A buyer enters a code
// at the checkout; a personal discount and a code do not add up (the cheaper payment wins).
import { useCallback, useState, type FormEvent } from 'react';
import { discountText, PROMO_CODE_MAX_LENGTH, type MutaboPromoCode } from '../../../common/discounts.ts';
import { promoCodeSchema, type PromoCodePayload } from '../../../common/discountSchemas.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { FormActions } from '../../components/form/FormLayout.ts';
import { FormErrorBlock, TextField } from '../../components/form/fields.tsx';
import { LoadingButton } from '../../components/form/LoadingButton.tsx';
import { Loader } from '../../components/Loader.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { checkWith } from '../content/checkWith.ts';
import { CourseSelect } from '../content/CourseSelect.tsx';
import { FORM_CURRENCIES } from '../courses/courseForm.ts';
import { useLeaveGuard } from '../forms/useLeaveGuard.tsx';
import { Muted, Notice, Panel } from '../shell/areaParts.ts';
import { Badge, CellNote, DataTable, Td, Th, Tr } from '../shell/DataTable.tsx';
import { NotAuthorPage } from '../shell/NotAuthorPage.tsx';
import { useConfirmedAction } from '../shell/useConfirmedAction.ts';
import { formatDateTime } from '../shell/timeText.ts';
import { useLoad } from '../useLoad.ts';
import { RowButton, todayInput } from './discountParts.ts';
import { createPromoCode, listPromoCodes, revokePromoCode } from './discountsApi.ts';
import { periodText, PROMO_CODE_STATE_LABELS, promoCodeState, usesText } from './discountWords.ts';
import { emptyTerms, termsBody, termsErrors, TermsFields, type TermsValues } from './TermsFields.tsx';
import { useDiscountForm } from './useDiscountForm.ts';

const FIELDS = ['code', 'course', 'percent', 'amounts', 'validFrom', 'validUntil', 'maxUses'];
const CURRENCIES = FORM_CURRENCIES.map((item) => item.currency);

export const REVOKE_CODE_LABEL = 'Отменить промокод';
export const ALL_MY_COURSES = 'все мои курсы';

export function PromoCodesPage() {
  const codes = useLoad(useCallback(() => listPromoCodes(), []));
  if (codes.error?.statusCode === 403) return <NotAuthorPage />;

  const created = (code: MutaboPromoCode) => codes.setData([code, ...(codes.data ?? []).filter((item) => item.id !== code.id)]);

  return (
    <section>
      <PageTitle>Промокоды</PageTitle>
      <p>
        Промокод покупатель вводит при оплате и получает скидку на курс. Если у него есть и личная скидка, они не складываются: действует
        та, с которой платёж дешевле.
      </p>
      <CodeForm onCreated={created} />
      <Panel aria-labelledby="promo-codes-list-title">
        <h2 id="promo-codes-list-title">Мои промокоды</h2>
        {codes.error && !codes.data ? (
          <FormErrorBlock>Не удалось загрузить промокоды: {codes.error.message}</FormErrorBlock>
        ) : codes.data ? (
          <CodeList codes={codes.data} reload={codes.reload} />
        ) : (
          <Loader label="Загружаем промокоды" />
        )}
      </Panel>
    </section>
  );
}

interface CodeValues {
  code: string;
  course: string;
  terms: TermsValues;
  validFrom: string;
  validUntil: string;
  maxUses: string;
}

const emptyCode: CodeValues = { code: '', course: '', terms: emptyTerms, validFrom: '', validUntil: '', maxUses: '' };

const whole = (text: string) => (text.trim() === '' ? null : Number(text.trim().replace(/\s/g, '')));

function CodeForm({ onCreated }: { onCreated: (code: MutaboPromoCode) => void }) {
  const [values, setValues] = useState<CodeValues>(emptyCode);
  const [sent, setSent] = useState<ReturnType<typeof termsBody>['sent']>([]);
  const { form, errors, block, notice, saving, refuse, touched, save } = useDiscountForm(FIELDS);
  const leave = useLeaveGuard(values.code.trim() !== '' || values.terms.percent !== '' || Object.values(values.terms.amounts).some(Boolean));

  const change = (patch: Partial<CodeValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    touched();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const terms = termsBody(values.terms, CURRENCIES);
    setSent(terms.sent);
    const body: PromoCodePayload = {
      code: values.code,
      course: values.course ? Number(values.course) : null,
      ...terms.terms,
      validFrom: values.validFrom || null,
      validUntil: values.validUntil || null,
      maxUses: whole(values.maxUses),
    };
    const checked = checkWith<PromoCodePayload>(promoCodeSchema, body);
    if ('errors' in checked) {
      refuse(checked.errors);
      return;
    }
    void save(async () => {
      const code = await createPromoCode(body);
      onCreated(code);
      setValues(emptyCode);
      return `Промокод ${code.code} создан.`;
    });
  };

  return (
    <Panel aria-labelledby="promo-code-new-title">
      <h2 id="promo-code-new-title">Новый промокод</h2>
      {notice ? <Notice>{notice}</Notice> : null}
      <form ref={form} aria-label="Новый промокод" noValidate onSubmit={submit}>
        {block ? <FormErrorBlock>{block}</FormErrorBlock> : null}
        <TextField
          label="Промокод"
          name="code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={PROMO_CODE_MAX_LENGTH}
          value={values.code}
          error={errors.code}
          onChange={(event) => change({ code: event.target.value })}
        />
        <Muted>Буквы и цифры без пробелов; большие и маленькие буквы не различаются.</Muted>
        <CourseSelect label="Курс" value={values.course} current={null} none="Все мои курсы" error={errors.course} onChange={(course) => change({ course })} />
        <TermsFields
          values={values.terms}
          currencies={CURRENCIES}
          errors={termsErrors(errors, sent, values.terms.kind)}
          onChange={(next) => change({ terms: next })}
          amountHint="Укажите сумму в тех валютах, в которых скидка нужна: цены в валюте без суммы не меняются."
        />
        <TextField
          label="Действует с (необязательно)"
          name="validFrom"
          type="date"
          value={values.validFrom}
          error={errors.validFrom}
          onChange={(event) => change({ validFrom: event.target.value })}
        />
        <TextField
          label="Действует по (включительно, необязательно)"
          name="validUntil"
          type="date"
          min={values.validFrom || todayInput()}
          value={values.validUntil}
          error={errors.validUntil}
          onChange={(event) => change({ validUntil: event.target.value })}
        />
        <TextField
          label="Сколько раз можно использовать (пусто — без ограничений)"
          name="maxUses"
          inputMode="numeric"
          autoComplete="off"
          value={values.maxUses}
          error={errors.maxUses}
          onChange={(event) => change({ maxUses: event.target.value })}
        />
        <FormActions>
          <LoadingButton loading={saving}>Создать промокод</LoadingButton>
        </FormActions>
      </form>
      {leave.dialog}
    </Panel>
  );
}

function CodeList({ codes, reload }: { codes: MutaboPromoCode[]; reload: () => Promise<unknown> }) {
  const action = useConfirmedAction<MutaboPromoCode>(reload);
  const { asking, busy, notice, error, outcome } = action;

  const revoke = () => {
    if (!asking) return;
    void action.run(async () => {
      await revokePromoCode(asking.id);
      return `Промокод ${asking.code} отменён.`;
    });
  };

  return (
    <>
      <div ref={outcome} tabIndex={-1}>
        {notice ? <Notice>{notice}</Notice> : null}
        {error ? <FormErrorBlock>{error}</FormErrorBlock> : null}
      </div>
      {codes.length === 0 ? (
        <Muted>Промокодов пока нет.</Muted>
      ) : (
        <DataTable $stackBelow="desktop">
          <thead>
            <Tr>
              <Th>Промокод</Th>
              <Th>Курс</Th>
              <Th>Скидка</Th>
              <Th>Срок</Th>
              <Th>Использован</Th>
              <Th>Состояние</Th>
              <Th>Действия</Th>
            </Tr>
          </thead>
          <tbody>
            {codes.map((code) => {
              const codeState = promoCodeState(code);
              return (
                <Tr key={code.id}>
                  <Td label="Промокод">
                    <strong>{code.code}</strong>
                  </Td>
                  <Td label="Курс">{code.course ? code.course.title || 'Курс без названия' : ALL_MY_COURSES}</Td>
                  <Td label="Скидка">{discountText(code)}</Td>
                  <Td label="Срок">{periodText(code.validFrom, code.validUntil)}</Td>
                  <Td label="Использован">{usesText(code)}</Td>
                  <Td label="Состояние">
                    <Badge $tone={codeState === 'active' ? 'done' : codeState === 'revoked' ? 'plain' : 'attention'}>{PROMO_CODE_STATE_LABELS[codeState]}</Badge>
                    {code.revokedAt ? <CellNote>{formatDateTime(code.revokedAt)}</CellNote> : null}
                  </Td>
                  <Td label={code.revokedAt ? undefined : 'Действия'}>
                    {code.revokedAt ? null : (
                      <RowButton $variant="secondary" disabled={busy} aria-label={`${REVOKE_CODE_LABEL} ${code.code}`} onClick={() => action.ask(code)}>
                        {REVOKE_CODE_LABEL}
                      </RowButton>
                    )}
                  </Td>
                </Tr>
              );
            })}
          </tbody>
        </DataTable>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={`Отменить промокод ${asking?.code ?? ''}?`}
        message={
          asking ? (
            <p>
              Промокод перестанет действовать: ввести его при оплате будет нельзя. Уже оплаченные с ним платежи не изменятся, а в списке он
              останется с пометкой «отменён».
            </p>
          ) : undefined
        }
        confirmLabel={busy ? 'Отменяем…' : REVOKE_CODE_LABEL}
        cancelLabel="Не отменять"
        busy={busy}
        onConfirm={revoke}
        onClose={action.cancel}
      />
    </>
  );
}
