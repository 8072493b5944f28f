// The account state every check of an access token reads (http/auth.ts: active, and when the password changed),
// kept in memory: a logged-in caller's every request needs it, and it changes only when an account is activated
// or its password changes.
//
// Invalidation, as for the public cache: a trigger on users (migration 0004) sends NOTIFY user_auth_changed with
// the user's id; each process LISTENs and forgets that user. While the LISTEN connection is down nothing is kept.
// This process's own writes forget at once (createAuthStates), without waiting for the notice.
import type { Database, Executor } from '../../db/client.ts';
import { activateAccount, changePassword, findAuthState, type PasswordChange, type UserAuthState } from '../../repositories/accounts/usersRepository.ts';

const USER_AUTH_CHANNEL = 'user_auth_changed';

export class AuthStateCache {
  private readonly entries = new Map<number, UserAuthState>();
  /** Moves on with every forgetting: a load that started before it must not store what it read. */
  private generation = 0;
  private listening = false;

  constructor(private readonly maxEntries = 10_000) {}

  async get(userId: number, load: () => Promise<UserAuthState | null>): Promise<UserAuthState | null> {
    const kept = this.entries.get(userId);
    if (kept) return kept;
    const generation = this.generation;
    const state = await load();
    // No such user is not kept: the id may yet be given to a new account.
    if (state && this.listening && generation === this.generation) {
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(userId, state);
    }
    return state;
  }

  forget(userId: number): void {
    this.generation += 1;
    this.entries.delete(userId);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  setListening(listening: boolean): void {
    this.listening = listening;
    this.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * The account state a token check reads, answered from the cache, and the only writes of that state (activation, a
 * password change) or of what ends a token (an account deletion): each forgets the user at once in this process.
 * Routes and services change a password or activate an account through here, never through the repository.
 */
export interface AuthStates {
  find(userId: number): Promise<UserAuthState | null>;
  activate(userId: number, passwordHash: string): Promise<boolean>;
  changePassword(userId: number, change: PasswordChange): Promise<boolean>;
  /** After a write elsewhere ended the user's tokens (an account deletion, services/accounts/deletion.ts). */
  forget(userId: number): void;
}

export function createAuthStates(db: Executor, cache: AuthStateCache): AuthStates {
  const forgetting =
    <Args extends [number, ...unknown[]], R>(write: (db: Executor, ...args: Args) => Promise<R>) =>
    async (...args: Args): Promise<R> => {
      try {
        return await write(db, ...args);
      } finally {
        cache.forget(args[0]);
      }
    };
  return {
    find: (userId) => cache.get(userId, () => findAuthState(db, userId)),
    activate: forgetting(activateAccount),
    changePassword: forgetting(changePassword),
    forget: (userId) => cache.forget(userId),
  };
}

/** Connects the cache to the database's notices of changed accounts; returns a function that disconnects it. */
export async function connectAuthStateCache(cache: AuthStateCache, database: Database): Promise<() => Promise<void>> {
  const stop = await database.listen(USER_AUTH_CHANNEL, {
    onNotify: (payload) => {
      const userId = Number(payload);
      if (Number.isSafeInteger(userId)) cache.forget(userId);
      else cache.clear();
    },
    onListening: (listening) => cache.setListening(listening),
  });
  return async () => {
    cache.setListening(false);
    await stop();
  };
}
