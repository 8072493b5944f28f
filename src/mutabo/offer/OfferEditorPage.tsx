// The public offer (договор-оферта) of the site: its heading and its text (rich text), shared by both authors. Each
// save is a new version; a payment records the version it was made under.
import { useCallback, type FormEvent } from 'react';
import { offerPatchSchema, type MutaboOffer, type OfferPatchPayload } from '../../../common/mutaboSeller.ts';
import { paths } from '../../app/paths.ts';
import { ErrorScreen } from '../../components/ErrorScreen.tsx';
import { TextField } from '../../components/form/fields.tsx';
import { FormActions } from '../../components/form/FormLayout.ts';
import { LoadingButton } from '../../components/form/LoadingButton.tsx';
import { Loader } from '../../components/Loader.tsx';
import { checkWith } from '../content/checkWith.ts';
import { getOffer, updateOffer } from '../content/contentApi.ts';
import { EditorFrame } from '../content/EditorFrame.tsx';
import { SharedHistory } from '../content/SharedHistory.tsx';
import { useSiteRefresh } from '../content/useSiteRefresh.ts';
import { useEditForm } from '../forms/useEditForm.ts';
import { LazyRichTextEditor as RichTextEditor } from '../richText/LazyRichTextEditor.tsx';
import { Muted } from '../shell/areaParts.ts';
import { OFFER_RESOURCES } from '../siteCache.ts';
import { useLoad } from '../useLoad.ts';

const OFFER_FIELDS = ['name', 'text'] as const;

type OfferValues = Pick<MutaboOffer, 'name' | 'text'>;

export function OfferEditorPage() {
  const offer = useLoad(useCallback(() => getOffer(), []));
  if (offer.error) return <ErrorScreen />;
  if (!offer.data) return <Loader label="Загружаем договор-оферту" />;
  return <OfferEditor offer={offer.data} setOffer={offer.setData} reload={offer.reload} />;
}

interface OfferEditorProps {
  offer: MutaboOffer;
  setOffer: (offer: MutaboOffer) => void;
  reload: () => Promise<MutaboOffer | undefined>;
}

function OfferEditor({ offer, setOffer, reload }: OfferEditorProps) {
  const refreshSite = useSiteRefresh(OFFER_RESOURCES);
  const form = useEditForm<OfferValues>({ name: offer.name, text: offer.text }, OFFER_FIELDS);
  const { values, errors, change } = form;

  const save = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkWith<OfferPatchPayload>(offerPatchSchema, { ...values, version: offer.version });
    if ('errors' in checked) return form.refuse(checked.errors);
    void form.save(async () => {
      setOffer(await updateOffer(checked.body));
      refreshSite();
      return 'Договор сохранён. На сайте уже новая редакция.';
    });
  };

  const reloadCurrent = async () => {
    const current = await reload();
    if (current) form.replace({ name: current.name, text: current.text });
  };

  return (
    <EditorFrame
      title="Договор-оферта"
      notice={form.notice}
      failure={form.failure}
      onReload={() => void reloadCurrent()}
      after={<SharedHistory entity="offer" version={offer.version} />}
    >
      <Muted>
        Посетители видят договор по адресу <a href={paths.offer}>{paths.offer}</a>, под ним — реквизиты продавца. Оплачивая курс,
        покупатель принимает договор; номер редакции ({offer.version > 0 ? `сейчас ${offer.version}` : 'договор ещё не сохранён'})
        записывается в платёж и называется в письме об оплате.
      </Muted>
      <form onSubmit={save} noValidate aria-label="Договор-оферта">
        <TextField label="Заголовок страницы" required {...form.text('name')} />
        <RichTextEditor key={form.editorKey} label="Текст договора" initialValue={values.text} error={errors.text} onChange={(text) => change({ text })} />
        <FormActions>
          <LoadingButton loading={form.saving}>Сохранить договор</LoadingButton>
        </FormActions>
      </form>
      {form.leave.dialog}
    </EditorFrame>
  );
}
