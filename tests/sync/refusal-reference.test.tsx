// Issue #27 item 3: a change the server refused keeps the request id of the answer that refused it
// (X-Request-Id, worker/api-client.ts), and the refused list shows it as "Reference: <id>" in the
// member's language, so the operator finds the server's log line of that request from a member's
// report. Against the real server, whose log lines the test reads.
import { beforeAll, describe, expect, it } from 'vitest';
import { prayForPost } from '../../src/commands';
import { RefusalReference } from '../../src/components/failed-changes-dialog';
import { db } from '../../src/model/db';
import { drainOutbox } from '../../worker/drain';
import { localeRender, type LocaleRender } from '../helpers/locale-render';
import { postRow } from '../unit/fixtures';
import { useHarness } from './support';

type LogLine = { msg?: string; route?: string; status?: number; requestId?: string };
const lines: LogLine[] = [];
const h = useHarness({ logSink: { write: (line) => { lines.push(JSON.parse(line) as LogLine); } } });

/** The request ids the server logged for `route` answered with `status`. */
const loggedIds = (route: string, status: number) => lines.filter((l) => l.msg === 'request' && l.route === route && l.status === status).map((l) => l.requestId);

async function aFeedPost(): Promise<number> {
  const [first] = await db.posts.orderBy('id').limit(1).primaryKeys();
  if (first === undefined) throw new Error('the seed feed is empty');
  return first;
}

describe('the reference of a refused change', () => {
  it('is the id of the sync/push that refused it inside a batch, as the server logged it', async () => {
    const postId = await aFeedPost();
    await db.posts.put(postRow({ id: 999_999, prayedCount: 3 }));
    await prayForPost(postId);
    await prayForPost(999_999);
    expect(await drainOutbox(h.api)).toMatchObject({ sent: 1, refused: 1 });
    const [failed] = await db.failed.toArray();
    expect(failed).toMatchObject({ op: 'post.pray', status: 404, requestId: expect.stringMatching(/^[0-9a-f]{16}$/) });
    expect(loggedIds('/api/v1/sync/push', 200)).toContain(failed?.requestId);
  });

  it("is the id of the change's own request when it went alone", async () => {
    await db.posts.put(postRow({ id: 999_998, prayedCount: 1 }));
    await prayForPost(999_998);
    expect(await drainOutbox(h.api)).toMatchObject({ refused: 1 });
    const [failed] = await db.failed.toArray();
    expect(failed?.requestId).toMatch(/^[0-9a-f]{16}$/);
    expect(loggedIds('/api/v1/post/:id/pray', 404)).toContain(failed?.requestId);
  });
});

describe('the refused list', () => {
  let rendering: LocaleRender;
  beforeAll(async () => { rendering = await localeRender(); });

  it("shows the reference in the member's language", async () => {
    const reference = <RefusalReference id="4f1c0a9e2b7d3c58" />;
    expect(await rendering.render('en-US', reference)).toContain('Reference: 4f1c0a9e2b7d3c58');
    expect(await rendering.render('pt-BR', reference)).toContain('Referência: 4f1c0a9e2b7d3c58');
    expect(await rendering.render('es-ES', reference)).toContain('Referencia: 4f1c0a9e2b7d3c58');
  });
});
