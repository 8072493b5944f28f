// The public offer (договор-оферта) of the site: its heading and its text (rich text), shared by both authors. Each
// save is a new version; a payment records the version it was made under.
import { paths } from '../../app/paths.ts';
import { updateOffer } from '../content/contentApi.ts';
import { areaResources } from '../areaResources.ts';
import { PageTextEditorPage, type PageTextSpec } from '../content/PageTextEditor.tsx';
import { Muted } from '../shell/areaParts.ts';

const OFFER: PageTextSpec = {
  resource: areaResources.offer,
  update: updateOffer,
  entity: 'offer',
  invalidates: ['offer'],
  title: 'Договор-оферта',
  loading: 'Загружаем договор-оферту',
  textLabel: 'Текст договора',
  saveLabel: 'Сохранить договор',
  saved: 'Договор сохранён. На сайте уже новая редакция.',
  about: (offer) => (
    <Muted>
      Посетители видят договор по адресу <a href={paths.offer}>{paths.offer}</a>, под ним — реквизиты продавца. Оплачивая курс,
      покупатель принимает договор; номер редакции ({offer.version > 0 ? `сейчас ${offer.version}` : 'договор ещё не сохранён'})
      записывается в платёж и называется в письме об оплате.
    </Muted>
  ),
};

export function OfferEditorPage() {
  return <PageTextEditorPage spec={OFFER} />;
}
