// The personal-data processing policy of the site (issue 20): its heading and its text (rich text), shared by both
// authors. It always exists: before the first save the editor opens on the site's default text (version 0), which
// the authors check and save as their first version. Each save is a new version with its date; a consent records the
// version in force when it is given.
import { policyDate } from '../../../common/policy.ts';
import { paths } from '../../app/paths.ts';
import { updatePolicy } from '../content/contentApi.ts';
import { areaResources } from '../areaResources.ts';
import { PageTextEditorPage, type PageText, type PageTextSpec } from '../content/PageTextEditor.tsx';
import { Muted } from '../shell/areaParts.ts';

/** «Сейчас действует редакция 3 от 26 ноября 2026 г.», or what version 0 is: one sentence. */
function inForce(page: PageText): string {
  if (page.version === 0) return 'Сейчас действует исходный текст сайта (редакция 0), который вы ещё не сохраняли.';
  const date = 'publishedAt' in page && typeof page.publishedAt === 'string' ? policyDate(page.publishedAt) : '';
  // The date ends with «г.», which ends the sentence too.
  return date ? `Сейчас действует редакция ${page.version} от ${date}` : `Сейчас действует редакция ${page.version}.`;
}

const POLICY: PageTextSpec = {
  resource: areaResources.policy,
  update: updatePolicy,
  entity: 'policy',
  invalidates: ['policy'],
  title: 'Политика конфиденциальности',
  loading: 'Загружаем политику конфиденциальности',
  textLabel: 'Текст политики',
  saveLabel: 'Сохранить политику',
  saved: 'Политика сохранена. На сайте уже новая редакция.',
  about: (page) => (
    <>
      <Muted>
        Посетители видят политику по адресу <a href={paths.policy}>{paths.policy}</a>, с номером и датой редакции, под ней —
        реквизиты продавца. {inForce(page)}
      </Muted>
      <Muted>
        Каждое сохранение — новая редакция. Согласие при регистрации и подписка на новости курса записываются с номером
        редакции, действующей в этот момент. Исходный текст описывает, что сайт действительно хранит, и называет
        оператора по реквизитам продавца (пока они не заполнены — по настройкам сервера). После первого сохранения текст
        хранится как есть: если реквизиты или то, что собирает сайт, изменятся, исправьте и политику.
      </Muted>
    </>
  ),
};

export function PolicyEditorPage() {
  return <PageTextEditorPage spec={POLICY} />;
}
