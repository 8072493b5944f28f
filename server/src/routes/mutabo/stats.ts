// GET /api/v1/mutabo/stats/money/, funnel/, attendance/ and their .csv twins (issue 37, docs/STATS.md): the statistics
// of the caller's courses, or of one of them (`course`).
import type { FastifyReply } from 'fastify';
import { STATS_API } from '../../../../common/stats.ts';
import { callerOf } from '../../http/mutabo/caller.ts';
import type { ZodRoutes } from '../../http/zodTypeProvider.ts';
import { attendanceBody, attendanceCsv, attendanceCsvName, attendanceStats } from '../../services/stats/attendance.ts';
import { funnelCsv, funnelCsvName, funnelStats } from '../../services/stats/funnel.ts';
import { moneyCsv, moneyCsvName, moneyStats } from '../../services/stats/money.ts';
import { statsQuerySchema } from '../../services/stats/statsQuery.ts';

const AREA = '/api/v1/mutabo';
const path = (address: string) => address.slice(AREA.length);
const schema = { querystring: statsQuerySchema };

const sendCsv = (reply: FastifyReply, name: string, body: string) =>
  reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).header('cache-control', 'no-store').send(body);

export const mutaboStatsRoutes: ZodRoutes = async (app) => {
  app.get(path(STATS_API.money), { schema }, async (request) => moneyStats(app.deps.db, callerOf(request), request.query));
  app.get(path(STATS_API.moneyCsv), { schema }, async (request, reply) => {
    const stats = await moneyStats(app.deps.db, callerOf(request), request.query);
    return sendCsv(reply, moneyCsvName(stats), moneyCsv(stats));
  });

  app.get(path(STATS_API.funnel), { schema }, async (request) => {
    const { course: _course, ...stats } = await funnelStats(app.deps.db, callerOf(request), request.query);
    return stats;
  });
  app.get(path(STATS_API.funnelCsv), { schema }, async (request, reply) => {
    const stats = await funnelStats(app.deps.db, callerOf(request), request.query);
    return sendCsv(reply, funnelCsvName(stats), funnelCsv(stats));
  });

  app.get(path(STATS_API.attendance), { schema }, async (request) => attendanceBody(await attendanceStats(app.deps.db, callerOf(request), request.query)));
  app.get(path(STATS_API.attendanceCsv), { schema }, async (request, reply) => {
    const stats = await attendanceStats(app.deps.db, callerOf(request), request.query);
    return sendCsv(reply, attendanceCsvName(stats), attendanceCsv(stats));
  });
};
