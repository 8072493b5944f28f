// Making a confirmed user an author and taking it back (`npm run make-author`; later the admin area).
import type { AuthorGender } from '../../../../common/authorGender.ts';
import { genitiveOfName } from '../../../../common/russianGenitive.ts';
import type { Db } from '../../db/client.ts';
import { authorRolesRepository as repo, type AuthorRecord } from '../../repositories/accounts/authorRolesRepository.ts';

type AuthorRoleChange =
  /** The user became an author: with a new author record, their old one linked back, or the one already linked. */
  | { kind: 'made'; email: string; author: AuthorRecord; record: 'created' | 'relinked' | 'kept' }
  /** The user was an author already; the genitive or the gender changed if a new one was given. */
  | { kind: 'alreadyAuthor'; email: string; author: AuthorRecord; genitiveChanged: boolean; genderChanged: boolean }
  /** The role was taken back; the author record stays on its courses, without the user. */
  | { kind: 'removed'; email: string; author: AuthorRecord | null }
  | { kind: 'notAuthor'; email: string };

export class AuthorRoleError extends Error {
  constructor(
    readonly reason: 'unknownEmail' | 'unconfirmed' | 'emptyGenitive',
    message: string,
  ) {
    super(message);
    this.name = 'AuthorRoleError';
  }
}

export function createAuthorRoles(db: Db) {
  return {
    /**
     * Makes the confirmed user with this e-mail an author. A new author record takes the user's names and e-mail
     * and `genitive`, or a genitive derived from the names, and `gender` (else '': unsaid, common/authorGender.ts);
     * given for an existing author, `genitive` and `gender` replace theirs.
     */
    async make(email: string, options: { genitive?: string; gender?: AuthorGender } = {}): Promise<AuthorRoleChange> {
      const gender = options.gender;
      const genitive = options.genitive?.trim();
      if (genitive === '') throw new AuthorRoleError('emptyGenitive', 'The genitive must not be empty.');
      return db.transaction(async (tx) => {
        const user = await repo.lockUserByEmail(tx, email.trim());
        if (!user) throw unknownEmail(email);
        if (!user.isActive) throw new AuthorRoleError('unconfirmed', `${user.email} has not confirmed their e-mail address: only a confirmed user can become an author.`);

        const linked = await repo.findLinked(tx, user.id);
        if (linked) {
          const genitiveChanged = genitive !== undefined && genitive !== linked.genitive;
          if (genitiveChanged) await repo.setGenitive(tx, linked.id, genitive);
          const genderChanged = gender !== undefined && gender !== linked.gender;
          if (genderChanged) await repo.setGender(tx, linked.id, gender);
          const author = { ...linked, genitive: genitive ?? linked.genitive, gender: gender ?? linked.gender };
          if (user.isAuthor) return { kind: 'alreadyAuthor', email: user.email, author, genitiveChanged, genderChanged };
          await repo.setFlag(tx, user.id, true);
          return { kind: 'made', email: user.email, author, record: 'kept' };
        }

        await repo.setFlag(tx, user.id, true);
        const previous = await repo.findUnlinkedByEmail(tx, user.email);
        if (previous) {
          await repo.link(tx, previous.id, user.id);
          if (genitive !== undefined) await repo.setGenitive(tx, previous.id, genitive);
          if (gender !== undefined) await repo.setGender(tx, previous.id, gender);
          return { kind: 'made', email: user.email, author: { ...previous, genitive: genitive ?? previous.genitive, gender: gender ?? previous.gender }, record: 'relinked' };
        }
        const author = await repo.insert(tx, {
          userId: user.id,
          firstName: user.firstName,
          lastName: user.lastName,
          genitive: genitive ?? genitiveOfName(user.firstName, user.lastName),
          gender: gender ?? '',
          email: user.email,
        });
        return { kind: 'made', email: user.email, author, record: 'created' };
      });
    },

    /** Takes the author role back: the flag goes, and the author record is unlinked from the user but kept. */
    async remove(email: string): Promise<AuthorRoleChange> {
      return db.transaction(async (tx) => {
        const user = await repo.lockUserByEmail(tx, email.trim());
        if (!user) throw unknownEmail(email);
        const linked = await repo.findLinked(tx, user.id);
        if (!user.isAuthor && !linked) return { kind: 'notAuthor', email: user.email };
        await repo.setFlag(tx, user.id, false);
        if (linked) await repo.link(tx, linked.id, null);
        return { kind: 'removed', email: user.email, author: linked };
      });
    },
  };
}

export type AuthorRoles = ReturnType<typeof createAuthorRoles>;

function unknownEmail(email: string): AuthorRoleError {
  return new AuthorRoleError('unknownEmail', `No user has the e-mail address ${email.trim()}.`);
}

/** One line for the operator saying what was done. */
export function describeChange(change: AuthorRoleChange): string {
  const record = (author: AuthorRecord) =>
    `author record ${author.id}: ${`${author.firstName} ${author.lastName}`.trim()}, genitive «${author.genitive}», gender ${author.gender || 'not set (--gender female|male)'}`;
  switch (change.kind) {
    case 'made': {
      const how = { created: 'a new', relinked: 'their earlier', kept: 'their' }[change.record];
      return `${change.email} is now an author, with ${how} ${record(change.author)}.`;
    }
    case 'alreadyAuthor':
      return change.genitiveChanged || change.genderChanged
        ? `${change.email} is already an author; ${[change.genitiveChanged ? `the genitive is now «${change.author.genitive}»` : '', change.genderChanged ? `the gender is now ${change.author.gender}` : ''].filter(Boolean).join(', ')} (${record(change.author)}).`
        : `${change.email} is already an author (${record(change.author)}); nothing changed.`;
    case 'removed':
      return change.author
        ? `${change.email} is no longer an author; ${record(change.author)} stays on its courses and is linked back by make-author.`
        : `${change.email} is no longer an author.`;
    case 'notAuthor':
      return `${change.email} is not an author; nothing changed.`;
  }
}
