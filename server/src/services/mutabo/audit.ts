// Records the authors' writes (who, when, what, before and after) in the transaction of the write, so a write and
// its record commit or fail together. Any area of the authors (quotations, reviews, library, timetable, author pages)
// records through recordWrite with its own entity name.
import type { AuditAction, AuditEntity } from '../../../../common/mutabo/history.ts';
import { insertAuditRecord } from '../../repositories/history/auditRepository.ts';
import type { Tx } from '../../db/client.ts';

interface Write {
  /** The user who wrote. */
  userId: number;
  entity: AuditEntity;
  entityId: number;
  courseId: number | null;
  action: AuditAction;
  /** The object before the write (null for a creation). */
  before: Record<string, unknown> | null;
  /** The object after the write (null for a deletion). */
  after: Record<string, unknown> | null;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * An update is recorded with only the fields it changed (a course description can be long); an update that changed
 * nothing is not recorded. Creations and deletions keep the whole object.
 */
export async function recordWrite(tx: Tx, write: Write): Promise<void> {
  let { before, after } = write;
  if (write.action === 'update' && before && after) {
    const changed = Object.keys(after).filter((key) => !same(before![key], after![key]));
    if (changed.length === 0) return;
    before = Object.fromEntries(changed.map((key) => [key, before![key] ?? null]));
    after = Object.fromEntries(changed.map((key) => [key, after![key] ?? null]));
  }
  await insertAuditRecord(tx, { userId: write.userId, entity: write.entity, entityId: write.entityId, courseId: write.courseId, action: write.action, before, after });
}
