// The seller's details, shared by both authors: the name (an organisation or an ИП), ИНН, ОГРН or ОГРНИП, address,
// e-mail and phone. The site shows them in its footer, on the offer and policy pages and in the payment letters;
// until every field is filled in, YooKassa and PayPal take no payment (the test checkout still works).
import { type FormEvent } from 'react';
import { sellerPatchSchema, type MutaboSeller, type SellerPatchPayload } from '../../../common/mutabo/seller.ts';
import { missingSellerFields, SELLER_FIELD_LABELS, SELLER_FIELDS } from '../../../common/seller.ts';
import type { Seller } from '../../../common/wireTypes.ts';
import { ErrorScreen } from '../../components/ErrorScreen.tsx';
import { TextField } from '../../components/form/fields.tsx';
import { FormActions } from '../../components/form/FormLayout.ts';
import { LoadingButton } from '../../components/form/LoadingButton.tsx';
import { Loader } from '../../components/Loader.tsx';
import { checkWith } from '../content/checkWith.ts';
import { updateSeller } from '../content/contentApi.ts';
import { EditorFrame } from '../content/EditorFrame.tsx';
import { SharedHistory } from '../content/SharedHistory.tsx';
import { useRunMutation } from '../../data/mutation.ts';
import { useEditForm } from '../forms/useEditForm.ts';
import { Muted } from '../shell/areaParts.ts';
import { useResource } from '../../data/useResource.ts';
import { areaResources } from '../areaResources.ts';

const sellerValues = (seller: Seller): Seller => ({
  name: seller.name,
  inn: seller.inn,
  ogrn: seller.ogrn,
  address: seller.address,
  email: seller.email,
  phone: seller.phone,
});

export function SellerPage() {
  const seller = useResource(areaResources.seller);
  if (seller.error) return <ErrorScreen />;
  if (!seller.data) return <Loader label="Загружаем реквизиты продавца" />;
  return <SellerEditor seller={seller.data} setSeller={seller.setData} reload={seller.reload} />;
}

interface SellerEditorProps {
  seller: MutaboSeller;
  setSeller: (seller: MutaboSeller) => void;
  reload: () => Promise<MutaboSeller | undefined>;
}

function SellerEditor({ seller, setSeller, reload }: SellerEditorProps) {
  const mutate = useRunMutation();
  const form = useEditForm<Seller>(sellerValues(seller), SELLER_FIELDS);
  const missing = missingSellerFields(seller);

  const save = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkWith<SellerPatchPayload>(sellerPatchSchema, { ...form.values, version: seller.version });
    if ('errors' in checked) return form.refuse(checked.errors);
    void form.save(async () => {
      setSeller(await mutate(() => updateSeller(checked.body), { invalidates: ['seller'] }));
      return 'Реквизиты сохранены. На сайте уже новая версия.';
    });
  };

  const reloadCurrent = async () => {
    const current = await reload();
    if (current) form.replace(sellerValues(current));
  };

  return (
    <EditorFrame
      title="Реквизиты продавца"
      notice={form.notice}
      failure={form.failure}
      onReload={() => void reloadCurrent()}
      after={<SharedHistory entity="seller" version={seller.version} />}
    >
      <Muted>
        Реквизиты видны в подвале сайта, на страницах договора-оферты и политики конфиденциальности и в письмах об оплате
        и возврате. Если заполнено не всё, оплата через ЮKassa и PayPal не принимается (тестовая оплата работает).
      </Muted>
      {missing.length > 0 ? (
        <Muted role="note">Не заполнено: {missing.map((field) => SELLER_FIELD_LABELS[field]).join(', ')}.</Muted>
      ) : null}
      <form onSubmit={save} noValidate aria-label="Реквизиты продавца">
        <TextField label={SELLER_FIELD_LABELS.name} autoComplete="organization" {...form.text('name')} />
        <TextField label={SELLER_FIELD_LABELS.inn} inputMode="numeric" {...form.text('inn')} />
        <TextField label={SELLER_FIELD_LABELS.ogrn} inputMode="numeric" {...form.text('ogrn')} />
        <TextField label={SELLER_FIELD_LABELS.address} autoComplete="street-address" {...form.text('address')} />
        <TextField label={SELLER_FIELD_LABELS.email} type="email" inputMode="email" {...form.text('email')} />
        <TextField label={SELLER_FIELD_LABELS.phone} type="tel" autoComplete="tel" {...form.text('phone')} />
        <FormActions>
          <LoadingButton loading={form.saving}>Сохранить реквизиты</LoadingButton>
        </FormActions>
      </form>
      {form.leave.dialog}
    </EditorFrame>
  );
}
