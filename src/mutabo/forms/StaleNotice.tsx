// A save refused because the copy was stale (409): the server's message and a way to load the current version.
import { Button } from '../../components/Button.ts';
import { FormErrorBlock } from '../../components/form/fields.tsx';

const RELOAD_LABEL = 'Загрузить текущую версию';

export function StaleNotice({ message, onReload }: { message: string; onReload: () => void }) {
  return (
    <FormErrorBlock>
      <p>{message}</p>
      <p>Ваши правки пока на странице. Загрузив текущую версию, вы их потеряете: скопируйте нужное заранее.</p>
      <Button $variant="secondary" onClick={onReload}>
        {RELOAD_LABEL}
      </Button>
    </FormErrorBlock>
  );
}
