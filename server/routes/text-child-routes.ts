// The routes of the text rows under a parent (docs/product.md §7, docs/api.md): the comments and the
// private notes of a post and of a list item. Each family declares its paths, params, text schema
// and domain; the routes are the same for all four: the list (comments are read by anyone who may
// see the parent, notes by their author alone, so with a session), a create, an edit, a delete and,
// for comments, a report. Every write is a mutation() (docs/architecture/sync-protocol.md 'Outbox
// and sync protocol').
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Envelope, Page, ReportResponse, ReportType } from '../../common/contract';
import type { Db } from '../db/client';
import type { ViewerId } from '../domain/post-view';
import { optionalSession, requireSession } from '../http/auth-context';
import { mutation } from '../http/mutation';
import { pageQuerySchema, reportSchema } from '../http/post-schemas';
import { parseInput } from '../http/validate';
import { authRateLimit, RATE_LIMITED, type RouteDeps } from './deps';

type Readers<K, Api> =
  | { readers: 'anyone'; list(db: Db, key: K, viewerId: ViewerId, page: number): Promise<Page<Api>> }
  | { readers: 'author'; list(db: Db, key: K, userId: number, page: number): Promise<Page<Api>> };

export type TextRoutes<K, C, F extends 'comment' | 'note', Api> = Readers<K, Api> & {
  /** The parent's path ('/post/:id', '/list/:listId/item/:id') and its params. */
  parent: string;
  parentParams: z.ZodType<K>;
  /** The list's path under the parent. */
  listPath: 'comments' | 'notes' | 'note';
  /** The text's field, which is also the path of a create, and its schema. */
  field: F;
  text: z.ZodType<Record<F, string>>;
  /** The param that names one row in its path, and the params of that path. */
  rowParam: 'cid' | 'nid';
  rowParams: z.ZodType<C>;
  create(db: Db, key: K, userId: number, text: string): Promise<object>;
  update(db: Db, key: C, userId: number, text: string): Promise<Api>;
  remove(db: Db, key: C, userId: number): Promise<object>;
  /** Comments: anyone signed in but the author; an abuse limit, so never inside a batch. */
  report?(db: Db, key: C, userId: number, type: ReportType, details: string | null): Promise<ReportResponse>;
};

export function registerTextRoutes<K, C, F extends 'comment' | 'note', Api>(
  app: FastifyInstance, { db, config }: RouteDeps, routes: TextRoutes<K, C, F, Api>,
): void {
  const row = `${routes.parent}/${routes.field}/:${routes.rowParam}`;

  /** The list as this caller may read it: with a session for notes, with or without for comments. */
  async function readerOf(request: FastifyRequest): Promise<(key: K, page: number) => Promise<Page<Api>>> {
    if (routes.readers === 'author') {
      const userId = (await requireSession(db, request)).user.id;
      return (key, page) => routes.list(db, key, userId, page);
    }
    const viewerId = (await optionalSession(db, request))?.user.id ?? null;
    return (key, page) => routes.list(db, key, viewerId, page);
  }

  app.get(`${routes.parent}/${routes.listPath}`, async (request): Promise<Envelope<Page<Api>>> => {
    const list = await readerOf(request);
    const key = parseInput(routes.parentParams, request.params);
    const { page } = parseInput(pageQuerySchema, request.query);
    return { data: await list(key, page) };
  });

  app.post(`${routes.parent}/${routes.field}`, mutation(db, async ({ tx, session, request }) => {
    const key = parseInput(routes.parentParams, request.params);
    const text = parseInput(routes.text, request.body)[routes.field];
    return { status: 201, data: await routes.create(tx, key, session.user.id, text) };
  }));

  app.put(row, mutation(db, async ({ tx, session, request }) => {
    const key = parseInput(routes.rowParams, request.params);
    const text = parseInput(routes.text, request.body)[routes.field];
    return { data: { [routes.field]: await routes.update(tx, key, session.user.id, text) } };
  }));

  app.delete(row, mutation(db, async ({ tx, session, request }) => {
    const key = parseInput(routes.rowParams, request.params);
    return { data: await routes.remove(tx, key, session.user.id) };
  }));

  const { report } = routes;
  if (!report) return;
  app.post(`${row}/report`, authRateLimit(config), mutation(db, async ({ tx, session, request }) => {
    const key = parseInput(routes.rowParams, request.params);
    const { type, details } = parseInput(reportSchema, request.body);
    return { data: await report(tx, key, session.user.id, type, details) };
  }, { singleOnly: RATE_LIMITED }));
}
