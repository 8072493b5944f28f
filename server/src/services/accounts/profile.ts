// The caller's own records: the user (GET /users/{id}/) and the disciple profile (GET and PATCH /disciples/{id}/).
// The owner reads and edits (a new e-mail only through a letter to it); an author reads the disciples of their courses.
import { accountMessages as m } from '../../../../common/accountMessages.ts';
import type { Disciple, DiscipleProfile, User } from '../../../../common/wireTypes.ts';
import type { Db } from '../../db/client.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { authorCanReadDisciple, findDiscipleDetails, updateDisciple } from '../../repositories/accounts/disciplesRepository.ts';
import { findUser } from '../../repositories/accounts/usersRepository.ts';
import { requestEmailChange, type EmailChangeDeps } from './emailChange.ts';

/** The caller's user; 404 when the account is gone. */
export async function ownUser(deps: { db: Db }, userId: number): Promise<User> {
  const user = await findUser(deps.db, userId);
  if (!user) throw notFound();
  return user;
}

/** A disciple for its owner or an author of the disciple's courses; anyone else is answered as if it did not exist. */
export async function readDisciple(deps: { db: Db }, userId: number, discipleId: number): Promise<Disciple> {
  const found = await findDiscipleDetails(deps.db, discipleId);
  if (!found || (found.userId !== userId && !(await authorCanReadDisciple(deps.db, userId, found.userId)))) throw notFound();
  return found.disciple;
}

/** A PATCH of one's disciple as its schema checked it; a field not sent is undefined. */
export interface DisciplePatch {
  email?: string | undefined;
  currentPassword?: string | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
  yearOfBirth?: number | null | undefined;
  profile?: { [K in keyof DiscipleProfile]?: DiscipleProfile[K] | undefined } | undefined;
}

/** The object without its undefined properties (fields the PATCH did not send). */
function sent<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as Partial<T>;
}

/**
 * The owner's changes to their disciple. `parse` checks the body against the disciple as stored (a value equal to
 * the stored one is always accepted) and throws its 400; an author gets 403, anyone else 404. `ip`: the client's
 * address, whose letter requests are limited.
 */
export async function editDisciple(
  deps: EmailChangeDeps,
  caller: { userId: number; ip: string },
  discipleId: number,
  parse: (current: Disciple) => DisciplePatch,
): Promise<Disciple> {
  const { db } = deps;
  const { userId } = caller;
  const found = await findDiscipleDetails(db, discipleId);
  if (!found) throw notFound();
  if (found.userId !== userId) {
    if (await authorCanReadDisciple(db, userId, found.userId)) throw new HttpError(403, { detail: m.discipleReadOnly });
    throw notFound();
  }
  const { profile, email, currentPassword, ...user } = parse(found.disciple);
  // A new address takes effect only from the letter sent to it (users/email-confirm): never by this PATCH.
  const emailChange = email !== undefined && email !== found.disciple.email.toLowerCase() ? email : null;
  if (emailChange !== null) await requestEmailChange(deps, userId, emailChange, currentPassword, caller.ip);
  const updated = await updateDisciple(db, found.disciple.id, userId, { user: sent(user), profile: sent(profile ?? {}) });
  if (!updated) throw notFound();
  return updated.disciple;
}
