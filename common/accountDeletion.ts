// Deleting one's account (issue 20, item 4; docs/PRIVACY.md, «Deleting an account»): the wire shape of what a deletion
// would give up, the texts the server and the site share, and how the authors' lists name a deleted person.

/** GET /api/v1/users/me/deletion/: what deleting the caller's account would give up, and whom to write to first. */
export interface AccountDeletionPreview {
  /** Where to ask for a refund before deleting: the seller's e-mail, else the operator's; null when neither is set. */
  contactEmail: string | null;
  /** Places (confirmed or held) in lessons not yet held. */
  places: number;
  /** Of those, places bought by a completed payment. */
  paidPlaces: number;
  /** Places on waiting lists of lessons not yet held. */
  waiting: number;
}

export const accountDeletionMessages = {
  passwordWrong: 'Пароль введён неверно.',
  authorAccount:
    'Аккаунт автора курсов нельзя удалить из профиля: сначала оператор сайта снимает роль автора. Напишите оператору, и он удалит аккаунт.',
} as const;

/** How the authors' lists name a person whose account was deleted. */
export const DELETED_PERSON_NAME = 'удалённый участник';

/**
 * A deleted account keeps no address and no names (the users row is emptied, migration 0018); every live account has
 * an address. So a person the authors' lists show without an address is a deleted one.
 */
export function isDeletedPerson(person: { email: string; firstName: string; lastName: string }): boolean {
  return person.email === '' && person.firstName === '' && person.lastName === '';
}
