// The query of the authors' lists: `?search=&page=` (and per list its filters).
import { z } from 'zod';
import { searchField } from '../../../../common/mutabo/sharedContent.ts';
import { pageParam } from '../queryParams.ts';

export const listQuery = z.object({ search: searchField.optional(), page: pageParam.optional() });
