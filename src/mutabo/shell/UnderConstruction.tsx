// A section of the area whose pages are not built yet: a short note instead of a broken page.
import { PageTitle } from '../../components/PageTitle.tsx';

export function UnderConstruction({ title }: { title: string }) {
  return (
    <section>
      <PageTitle>{title}</PageTitle>
      <p>Раздел в разработке. Пока его содержимое меняется так же, как раньше.</p>
    </section>
  );
}
