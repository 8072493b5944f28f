// The SQL of the authors' history (table audit_log): one insert per write, pages of a course's history and of the
// history of the shared content, and the names behind the ids it records.
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { DELETED_PERSON_NAME } from '../../../../common/accountDeletion.ts';
import type { AuditAction, AuditEntity, HistoryEntry } from '../../../../common/mutabo/history.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { auditLog, authors, lessons, payments, refunds, users } from '../../db/schema.ts';

interface AuditRecord {
  userId: number | null;
  entity: AuditEntity;
  entityId: number;
  /** The course the write belongs to, when there is one: its history lists the write. */
  courseId: number | null;
  action: AuditAction;
  before: unknown;
  after: unknown;
}

export async function insertAuditRecord(tx: Tx, record: AuditRecord): Promise<void> {
  await tx.insert(auditLog).values({
    userId: record.userId,
    entity: record.entity,
    entityId: record.entityId,
    courseId: record.courseId,
    action: record.action,
    before: record.before ?? null,
    after: record.after ?? null,
  });
}

/**
 * A page of the records matching `where`, newest first, with the writer's name (author, else user, else e-mail;
 * «удалённый участник» for a deleted account).
 */
async function historyPage(db: Executor, where: SQL | undefined, page: number, size: number): Promise<{ count: number; results: HistoryEntry[] }> {
  const [total] = await db.select({ n: count() }).from(auditLog).where(where);
  const rows = await db
    .select({
      entry: auditLog,
      userName: sql<string | null>`CASE WHEN ${users.deletedAt} IS NOT NULL THEN ${DELETED_PERSON_NAME} ELSE coalesce(
        nullif(trim(${authors.firstName} || ' ' || ${authors.lastName}), ''),
        nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''),
        ${users.email}) END`,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .leftJoin(authors, eq(authors.userId, auditLog.userId))
    .where(where)
    .orderBy(desc(auditLog.id))
    .limit(size)
    .offset((page - 1) * size);
  return {
    count: total?.n ?? 0,
    results: rows.map(({ entry, userName }) => ({
      id: entry.id,
      at: entry.at.toISOString(),
      user: entry.userId === null ? null : { id: entry.userId, name: userName ?? '' },
      entity: entry.entity,
      entityId: entry.entityId,
      action: entry.action,
      before: entry.before,
      after: entry.after,
    })),
  };
}

/** A page of a course's history, newest first. */
export function courseHistoryPage(db: Executor, courseId: number, page: number, size: number) {
  return historyPage(db, eq(auditLog.courseId, courseId), page, size);
}

/** A page of the history of one kind of object (of one object when `entityId` is given), newest first. */
export function entityHistoryPage(db: Executor, entity: AuditEntity, entityId: number | null, page: number, size: number) {
  return historyPage(db, entityId === null ? eq(auditLog.entity, entity) : and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)), page, size);
}

/** The names behind the ids a course's history records: people, the payers of payments and refunds, lessons. */
export async function historyNames(db: Executor, ids: { userIds: number[]; paymentIds: number[]; refundIds: number[]; lessonIds: number[] }) {
  const [refundRows, lessonRows] = await Promise.all([
    ids.refundIds.length ? db.select({ id: refunds.id, paymentId: refunds.paymentId }).from(refunds).where(inArray(refunds.id, ids.refundIds)) : [],
    ids.lessonIds.length ? db.select({ id: lessons.id, number: lessons.number, title: lessons.title }).from(lessons).where(inArray(lessons.id, ids.lessonIds)) : [],
  ]);
  const paymentIds = [...new Set([...ids.paymentIds, ...refundRows.map((row) => row.paymentId)])];
  const payerRows = paymentIds.length ? await db.select({ id: payments.id, userId: payments.userId }).from(payments).where(inArray(payments.id, paymentIds)) : [];
  const userIds = [...new Set([...ids.userIds, ...payerRows.map((row) => row.userId)])];
  const people = userIds.length
    ? await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(inArray(users.id, userIds))
    : [];
  return {
    people: new Map(people.map(({ id, ...person }) => [id, person])),
    payers: new Map(payerRows.map((row) => [row.id, row.userId])),
    refundPayments: new Map(refundRows.map((row) => [row.id, row.paymentId])),
    lessons: new Map(lessonRows.map((row) => [row.id, row])),
  };
}
