// What a new author needs (issue 32, item 7): the first steps the summary lists until they are done (their page's text
// and photo, without which the site does not list them; the seller's details; a first course), and the course form's
// choice of every author, the new one included, whom the public list leaves out until their page is filled in.
import type { MutaboAuthorChoice } from '../../../../common/mutabo/courses.ts';
import type { MutaboFirstSteps } from '../../../../common/mutabo/start.ts';
import { listAuthorNames } from '../../repositories/content/authorsRepository.ts';
import { leadsAnyCourse } from '../../repositories/mutabo/coursesRepository.ts';
import { findAuthor } from '../../repositories/mutabo/pagesRepository.ts';
import { sellerComplete } from '../payments/sellerReadiness.ts';
import type { Caller, MutaboContext } from './context.ts';

export async function firstSteps(ctx: Pick<MutaboContext, 'db'>, caller: Caller): Promise<MutaboFirstSteps> {
  const [author, seller, course] = await Promise.all([findAuthor(ctx.db, caller.authorId), sellerComplete(ctx.db), leadsAnyCourse(ctx.db, caller.authorId)]);
  return { pageText: (author?.description ?? '') !== '', photo: (author?.photo ?? '') !== '', seller, course };
}

export async function authorChoices(ctx: Pick<MutaboContext, 'db'>): Promise<MutaboAuthorChoice[]> {
  return listAuthorNames(ctx.db);
}
