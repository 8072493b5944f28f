// The logged-in user as the site knows them: the `me` resource.
import type { RootState } from '../../app/rootReducer.ts';
import { selectResource } from '../../data/selectors.ts';

export const selectCurrentUser = (state: RootState) => selectResource(state, 'me');
