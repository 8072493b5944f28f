// GET /api/v1/mutabo/first-steps/ (what the caller has done of a new author's first steps) and GET /api/v1/mutabo/authors/
// (every author, for the course form): services/mutabo/newAuthor.ts.
import type { ZodRoutes } from '../../http/zodTypeProvider.ts';
import { authorChoices, firstSteps } from '../../services/mutabo/newAuthor.ts';
import { callerOf } from '../../http/mutabo/caller.ts';

export const mutaboNewAuthorRoutes: ZodRoutes = async (app) => {
  app.get('/first-steps/', async (request) => firstSteps(app.deps, callerOf(request)));
  app.get('/authors/', async () => authorChoices(app.deps));
};
