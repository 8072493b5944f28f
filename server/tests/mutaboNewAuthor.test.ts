// A new author starts cleanly (issue 32, item 7): the site lists an author (`/about`, the header) only once their
// page has its text and photo; the course form's list has every author, the new one too; the summary's first steps
// say what the new author has left to do.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MutaboAuthorChoice } from '../../common/mutabo/courses.ts';
import type { MutaboFirstSteps } from '../../common/mutabo/start.ts';
import type { Author } from '../../common/wireTypes.ts';
import { createAuthorRoles } from '../src/services/accounts/authorRoles.ts';
import { ids } from './fixtures.ts';
import { openMutaboKit, type MutaboKit } from './mutaboKit.ts';
import { dbModes } from './testDb.ts';

describe.each(dbModes())('a new author (%s)', (mode) => {
  let kit: MutaboKit;
  let authorId = 0;

  beforeAll(async () => {
    kit = await openMutaboKit(mode);
    // The pupil made an author, as `npm run make-author` makes one: names and e-mail, no page yet.
    const change = await createAuthorRoles(kit.testDb.database.db).make('pupil@example.org');
    if (change.kind !== 'made') throw new Error(change.kind);
    authorId = change.author.id;
  });

  afterAll(async () => {
    await kit?.close();
  });

  const publicAuthors = async () => (await kit.call('GET', '/api/v1/authors/', 'guest')).json<Author[]>().map((author) => author.id);
  const steps = async () => {
    const response = await kit.call('GET', '/api/v1/mutabo/first-steps/', 'pupil');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<MutaboFirstSteps>();
  };
  const ownPage = async (patch: Record<string, unknown>) => {
    const current = (await kit.call('GET', `/api/v1/mutabo/authors/${authorId}/`, 'pupil')).json<{ version: number }>();
    const response = await kit.call('PATCH', `/api/v1/mutabo/authors/${authorId}/`, 'pupil', { ...patch, version: current.version });
    expect(response.statusCode, response.body).toBe(200);
  };

  it('is in the course form’s list of authors at once, and on the site only with their page’s text and photo', async () => {
    const choices = await kit.call('GET', '/api/v1/mutabo/authors/', 'pupil');
    expect(choices.statusCode).toBe(200);
    expect(choices.json<MutaboAuthorChoice[]>()).toEqual([
      { id: ids.authors.anna, firstName: 'Анна', lastName: 'Петрова' },
      { id: ids.authors.boris, firstName: 'Борис', lastName: 'Иванов' },
      { id: authorId, firstName: 'Пётр', lastName: 'Учеников' },
    ]);
    // The two authors of the site, as the header and /about show them.
    expect(await publicAuthors()).toEqual([ids.authors.anna, ids.authors.boris]);
    await ownPage({ description: 'Учитель литературы.' });
    expect(await publicAuthors()).toEqual([ids.authors.anna, ids.authors.boris]);
    await ownPage({ photo: '/demo/anna.svg' });
    expect(await publicAuthors()).toEqual([ids.authors.anna, ids.authors.boris, authorId]);
    await ownPage({ description: '' });
    expect(await publicAuthors()).toEqual([ids.authors.anna, ids.authors.boris]);
  });

  it('has the first steps: the page’s text and photo, the seller’s details, a first course', async () => {
    await ownPage({ description: '', photo: '' });
    // The fixture's seller is filled in.
    expect(await steps()).toEqual({ pageText: false, photo: false, seller: true, course: false });
    await ownPage({ description: 'Учитель литературы.', photo: '/demo/anna.svg' });
    const created = await kit.call('POST', '/api/v1/mutabo/courses/', 'pupil', { title: 'Первый курс', disciplesAge: 'DISCIPLES_AGE_ADULTS' });
    expect(created.statusCode, created.body).toBe(201);
    expect(await steps()).toEqual({ pageText: true, photo: true, seller: true, course: true });
    // Only an author asks.
    expect((await kit.call('GET', '/api/v1/mutabo/first-steps/', 'guest')).statusCode).toBe(401);
    expect((await kit.call('GET', '/api/v1/mutabo/authors/', 'guest')).statusCode).toBe(401);
  });
});
