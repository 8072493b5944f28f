// «Промокоды»: the author's codes, newest first, with their course (or every course the author leads), terms,
// period, uses and state; a form for a new code; a working code revoked after a confirmation. A buyer enters a code
// at the checkout; a personal discount and a code do not add up (the cheaper payment wins).
import { discountText, PROMO_CODE_MAX_LENGTH, type MutaboPromoCode } from '../../../common/discounts.ts';
import { promoCodeSchema, type PromoCodePayload } from '../../../common/discountSchemas.ts';
import { FormActions } from '../../components/form/FormLayout.ts';
import { FormErrorBlock, TextField } from '../../components/form/fields.tsx';
import { LoadingButton } from '../../components/form/LoadingButton.tsx';
import { Loader } from '../../components/Loader.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { CourseSelect } from '../content/CourseSelect.tsx';
import { FORM_CURRENCIES } from '../courses/courseForm.ts';
import { Muted, Notice, Panel } from '../shell/areaParts.ts';
import { Badge, CellNote, DataTable, Td, Th, Tr } from '../shell/DataTable.tsx';
import { NotAuthorPage } from '../shell/NotAuthorPage.tsx';
import { formatDateTime } from '../shell/timeText.ts';
import { useResource } from '../../data/useResource.ts';
import { areaResources } from '../areaResources.ts';
import { todayInput } from './discountParts.ts';
import { courseTitle } from './DiscountList.tsx';
import { createPromoCode, revokePromoCode } from './discountsApi.ts';
import { AMOUNT_HINT, CURRENCIES_HINT } from './GrantFields.tsx';
import { periodText, PROMO_CODE_STATE_LABELS, promoCodeState, usesText } from './discountWords.ts';
import { amountErrors, emptyTerms, TermsFields, type TermsValues } from './TermsFields.tsx';
import { useDiscountForm } from './useDiscountForm.ts';
import { useRevocation } from './useRevocation.tsx';

const FIELDS = ['code', 'course', 'percent', 'amounts', 'validFrom', 'validUntil', 'maxUses'];
const CURRENCIES = FORM_CURRENCIES.map((item) => item.currency);

const REVOKE_CODE_LABEL = 'Отменить промокод';
const ALL_MY_COURSES = 'все мои курсы';
/** A co-author's code for every course they lead: it discounts a course the reader leads with them. */
const allCoursesOf = (author: string) => `все курсы, которые ведёт ${author}`;

export function PromoCodesPage() {
  const codes = useResource(areaResources.promoCodes);
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
  const { form, values, change, field, errors, block, notice, saving, leave, termsErrors, onSubmit, check, save } = useDiscountForm(
    emptyCode,
    FIELDS,
    (typed) => typed.code.trim() !== '',
  );
  // The courses the code will apply to: the one chosen, or every course the author leads.
  const led = useResource(areaResources.discountPrices);
  const preview = led.data?.filter((course) => !values.course || String(course.id) === values.course);

  const submit = onSubmit(() => {
    const more = amountErrors(values.terms, CURRENCIES, preview, !values.course);
    const body = check<PromoCodePayload>(promoCodeSchema, values.terms, CURRENCIES, (terms) => ({
      code: values.code,
      course: values.course ? Number(values.course) : null,
      ...terms,
      validFrom: values.validFrom || null,
      validUntil: values.validUntil || null,
      maxUses: whole(values.maxUses),
    }), more);
    if (body === null) return;
    void save(async () => {
      const code = await createPromoCode(body);
      onCreated(code);
      return `Промокод ${code.code} создан.`;
    });
  });

  return (
    <Panel aria-labelledby="promo-code-new-title">
      <h2 id="promo-code-new-title">Новый промокод</h2>
      {notice ? <Notice>{notice}</Notice> : null}
      <form ref={form} aria-label="Новый промокод" noValidate onSubmit={submit}>
        {block ? <FormErrorBlock>{block}</FormErrorBlock> : null}
        <TextField
          label="Промокод"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={PROMO_CODE_MAX_LENGTH}
          {...field('code')}
        />
        <Muted>Буквы и цифры без пробелов; большие и маленькие буквы не различаются.</Muted>
        <CourseSelect label="Курс" value={values.course} current={null} none="Все мои курсы" error={errors.course} onChange={(course) => change({ course })} />
        <TermsFields
          values={values.terms}
          currencies={CURRENCIES}
          errors={termsErrors(values.terms.kind)}
          onChange={(terms) => change({ terms })}
          amountHint={`${AMOUNT_HINT} ${CURRENCIES_HINT}`}
          preview={preview}
        />
        <TextField label="Действует с (необязательно)" type="date" {...field('validFrom')} />
        <TextField label="Действует по (включительно, необязательно)" type="date" min={values.validFrom || todayInput()} {...field('validUntil')} />
        <TextField label="Сколько раз можно использовать (пусто — без ограничений)" inputMode="numeric" autoComplete="off" {...field('maxUses')} />
        <FormActions>
          <LoadingButton loading={saving}>Создать промокод</LoadingButton>
        </FormActions>
      </form>
      {leave.dialog}
    </Panel>
  );
}

function CodeList({ codes, reload }: { codes: MutaboPromoCode[]; reload: () => Promise<unknown> }) {
  const revocation = useRevocation<MutaboPromoCode>({
    reload,
    label: REVOKE_CODE_LABEL,
    title: (code) => `Отменить промокод ${code.code}?`,
    message: () => (
      <p>
        Промокод перестанет действовать: ввести его при оплате будет нельзя. Уже оплаченные с ним платежи не изменятся, а в списке он
        останется с пометкой «отменён».
      </p>
    ),
    revoke: async (code) => {
      await revokePromoCode(code.id);
      return `Промокод ${code.code} отменён.`;
    },
  });

  return (
    <>
      {revocation.outcome}
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
                  <Td label="Курс">{code.course ? courseTitle(code.course.title) : code.madeBy ? allCoursesOf(code.madeBy) : ALL_MY_COURSES}</Td>
                  <Td label="Скидка">{discountText(code)}</Td>
                  <Td label="Срок">{periodText(code.validFrom, code.validUntil)}</Td>
                  <Td label="Использован">{usesText(code)}</Td>
                  <Td label="Состояние">
                    <Badge $tone={codeState === 'active' ? 'done' : codeState === 'revoked' ? 'plain' : 'attention'}>{PROMO_CODE_STATE_LABELS[codeState]}</Badge>
                    {code.revokedAt ? <CellNote>{formatDateTime(code.revokedAt)}</CellNote> : null}
                  </Td>
                  <Td label={code.revokedAt ? undefined : 'Действия'}>
                    {code.revokedAt ? null : revocation.button(code, `${REVOKE_CODE_LABEL} ${code.code}`)}
                  </Td>
                </Tr>
              );
            })}
          </tbody>
        </DataTable>
      )}
      {revocation.dialog}
    </>
  );
}
