// Issue #12 point 7: what the guest's logout warning counts (src/db/guest-loss.ts) and how it
// reads in the three languages (src/components/guest-loss-text.ts).
import { beforeEach, describe, expect, it } from 'vitest';
import { useTranslators } from '../helpers/translators';
import { createRequest } from '../../src/commands';
import { guestLossLines } from '../../src/components/guest-loss-text';
import { clearAllTables, db } from '../../src/model/db';
import { isNothingLost, NO_LOSS, readGuestLoss } from '../../src/db/guest-loss';
import { setMeta } from '../../src/model/meta';
import { EMPTY_LIST_LOCAL, type ListRow } from '../../src/model/types';
import { MEMBER, postRow } from './fixtures';

const GUEST = { ...MEMBER, id: 41, name: 'Guest', email: null, is_guest: true };

const list = (id: number, userId: number): ListRow => ({
  id, key: null, name: 'Family', description: null, user_id: userId, user: null, channel_id: 1, visibility: 2, is_mine: userId === GUEST.id,
  is_garden: false, config: { qtd: 0 }, qtd: 0, created_at: '', updated_at: '', local: { ...EMPTY_LIST_LOCAL },
});

describe('readGuestLoss', () => {
  beforeEach(async () => {
    await clearAllTables();
    await setMeta('auth', { memberToken: null, guestToken: 'g', user: null, guest: GUEST, expired: false });
  });

  it('counts nothing on a fresh guest session', async () => {
    const loss = await readGuestLoss(GUEST.id);
    expect(loss).toEqual(NO_LOSS);
    expect(isNothingLost(loss)).toBe(true);
  });

  it("counts the guest's posts, the posts they prayed for (sent or waiting), their lists and the queued changes", async () => {
    await db.posts.bulkPut([
      postRow({ id: 1, user_id: GUEST.id, is_mine: true }),
      postRow({ id: 2, user_id: 9, is_mine: false, isPrayed: true }),
      postRow({ id: 3, user_id: 9, is_mine: false }, { pendingPrays: 1 }),
      postRow({ id: 4, user_id: 9, is_mine: false }),
      postRow({ id: 5, user_id: GUEST.id, is_mine: true }, { deleted: true }),
    ]);
    await db.lists.bulkPut([list(8, GUEST.id), list(9, 12)]);
    await createRequest({ text: 'Written offline, not sent yet', type: 'REQUEST', is_anonymous: false });
    const loss = await readGuestLoss(GUEST.id);
    // The request written offline is one of the guest's posts and one queued change.
    expect(loss).toEqual({ posts: 2, prayers: 2, lists: 1, queued: 1 });
    expect(isNothingLost(loss)).toBe(false);
  });
});

describe('guestLossLines', () => {
  const tOf = useTranslators();

  it.each([
    ['en-US', ['1 request or thanksgiving you shared', 'your prayers for 3 requests', '1 prayer list', '2 changes not sent yet']],
    ['pt-BR', ['1 pedido ou agradecimento que você compartilhou', 'suas orações por 3 pedidos', '1 lista de oração', '2 alterações ainda não enviadas']],
    ['es-ES', ['1 petición o agradecimiento que compartiste', 'tus oraciones por 3 peticiones', '1 lista de oración', '2 cambios aún sin enviar']],
  ])('%s: one line per kind, in the plural form the count asks for', (locale, expected) => {
    expect(guestLossLines({ posts: 1, prayers: 3, lists: 1, queued: 2 }, tOf(locale))).toEqual(expected);
  });

  it('leaves out the kinds with nothing in them', () => {
    expect(guestLossLines({ posts: 0, prayers: 1, lists: 0, queued: 0 }, tOf('en-US'))).toEqual(['your prayers for 1 request']);
    expect(guestLossLines(NO_LOSS, tOf('en-US'))).toEqual([]);
  });
});
