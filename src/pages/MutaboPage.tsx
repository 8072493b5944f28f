// /mutabo: the authors' area, loaded with its own routes only when an author opens it.
import { MutaboArea } from '../mutabo/MutaboArea.tsx';

export function MutaboPage() {
  return <MutaboArea />;
}
