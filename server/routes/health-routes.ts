// Issue #14 item 5 (first step): GET /api/v1/health for a load balancer or a process manager: 200
// when this process is up and its database answers a query, 503 with the error shape otherwise.
// No session, no channel, nothing about the data: it never reads or writes a table.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http/errors';
import type { RouteDeps } from './deps';

type HealthResponse = { status: 'ok'; database: 'ok' };

export function registerHealthRoutes(api: FastifyInstance, { db }: Pick<RouteDeps, 'db'>): void {
  api.get('/health', async (_request, reply) => {
    try {
      await db.execute(sql`SELECT 1`);
    } catch {
      throw new HttpError(503, 'The database is not answering');
    }
    reply.header('Cache-Control', 'no-store');
    const body: HealthResponse = { status: 'ok', database: 'ok' };
    return { data: body };
  });
}
