// Issue #12 points 1 and 2: the sync indicator's states (never "All saved" while anything waits or
// was refused), what a change's banner says in each delivery state, and a refusal that keeps the
// user's words (the failed record, the refused and waiting lists, how the words go again).
import { beforeEach, describe, expect, it } from 'vitest';
import { useTranslators } from '../helpers/translators';
import { mainStateOf, type SyncIndicatorStatus } from '../../src/components/sync-indicator';
import { STORE_SILENT_MS, unansweredStatus } from '../../src/state/sync-status';
import { changeText, changeTexts } from '../../src/routes/-change-toast';
import { refusalReason } from '../../src/routes/-failed-changes';
import { bannerMessage } from '../../src/components/api-error';
import { clearAllTables, db, writeTables } from '../../src/model/db';
import { setMeta } from '../../src/model/meta';
import { readDelivery, readRefusedChanges, readWaitingChanges, wordsOf } from '../../src/db/change-reads';
import { newEntry } from '../../src/commands/commit';
import { recordFailure } from '../../worker/local-store';
import { commentRow, MEMBER, postRow } from '../unit/fixtures';
import type { NewOutboxEntry } from '../../src/model/outbox-types';

/** Queues an entry of the signed-in member as a command would (no optimistic change needed here). */
async function commitEntry<E extends NewOutboxEntry>(entry: E): Promise<E> {
  entry.accountId = MEMBER.id;
  await db.outbox.add(entry);
  return entry;
}

const status = (overrides: Partial<SyncIndicatorStatus>): SyncIndicatorStatus => ({
  online: true, pending: 0, syncing: false, failed: 0, stalled: false, ...overrides,
});

describe('mainStateOf', () => {
  it('claims nothing before the store answers, and says the sync stalled when it stays silent', () => {
    expect(mainStateOf(unansweredStatus(true, 0))).toBeNull();
    expect(mainStateOf(unansweredStatus(true, STORE_SILENT_MS - 1))).toBeNull();
    expect(mainStateOf(unansweredStatus(true, STORE_SILENT_MS))).toMatchObject({ tone: 'warn', text: 'stalled' });
    expect(mainStateOf(unansweredStatus(false, STORE_SILENT_MS))).toMatchObject({ text: 'offline' });
  });

  it('says "All saved" only when nothing waits and nothing was refused', () => {
    expect(mainStateOf(status({}))).toMatchObject({ text: 'synced', opensWaiting: false });
    expect(mainStateOf(status({ failed: 2 }))).toBeNull();
    expect(mainStateOf(status({ pending: 1, failed: 2 }))?.text).toBe('pending');
    expect(mainStateOf(status({ pending: 1, syncing: true }))?.text).toBe('syncing');
    expect(mainStateOf(status({ online: false, pending: 3, failed: 1 }))).toMatchObject({ text: 'offlinePending', opensWaiting: true });
    expect(mainStateOf(status({ online: false }))).toMatchObject({ text: 'offline', opensWaiting: false });
    expect(mainStateOf(status({ pending: 2, stalled: true }))).toMatchObject({ text: 'stalled', tone: 'warn', opensWaiting: true });
  });

  it('never says "synced" in any combination with something waiting or refused', () => {
    for (const online of [true, false]) {
      for (const pending of [0, 1]) {
        for (const failed of [0, 1]) {
          for (const syncing of [true, false]) {
            const state = mainStateOf(status({ online, pending, failed, syncing }));
            if (pending > 0 || failed > 0) expect(state?.text).not.toBe('synced');
          }
        }
      }
    }
  });
});

describe('a change banner', () => {
  const tOf = useTranslators();

  it.each([
    ['en-US', 'Saved on this device. It will be shared when you are back online.', 'Shared. Your community can pray with you now.'],
    ['pt-BR', 'Salvo neste aparelho. Será compartilhado quando você voltar a ficar online.', 'Compartilhado. Sua comunidade já pode orar com você.'],
    ['es-ES', 'Guardada en este dispositivo. Se compartirá cuando vuelvas a tener conexión.', 'Compartida. Tu comunidad ya puede orar contigo.'],
  ])('of a post written offline in %s says it is saved here, and "shared" only once sent', (locale, waiting, sent) => {
    const t = tOf(locale);
    const texts = { waiting: t('syncFeedback.post.waiting'), sending: t('syncFeedback.post.sending'), sent: t('syncFeedback.post.sent') };
    expect(changeText(texts, 'queued', false)).toBe(waiting);
    expect(changeText(texts, 'queued', true)).not.toBe(sent);
    expect(changeText(texts, 'sent', true)).toBe(sent);
    expect(changeText(texts, 'refused', true)).toBeNull();
  });

  it('of another change names the action, then where it stands', () => {
    const t = tOf('en-US');
    const texts = changeTexts(t, 'itemAdded');
    expect(changeText(texts, 'queued', false)).toBe('Prayer added. Saved on this device. It will be sent when you are back online.');
    expect(changeText(texts, 'queued', true)).toBe('Prayer added. Saved on this device. Sending…');
    expect(changeText(texts, 'sent', true)).toBe('Prayer added. Sent.');
    expect(texts.local).toBe('Prayer added.');
  });

  it('of a refusal gives the reason of the error\'s code, not of the request body kept beside it', () => {
    const t = tOf('pt-BR');
    const error = { status: 404, message: 'Comment not found', code: 'comment.not_found' as const };
    const record = { ...error, id: 1, key: 'k', op: 'comment.edit' as const, target: {}, requestBody: { comment: 'Amém' }, createdAt: 0, failedAt: 0 };
    expect(refusalReason(record, t)).toBe(bannerMessage(error, t, 'fallback'));
    expect(refusalReason(record, t)).not.toBe(t('errors.status404'));
    expect(refusalReason({ ...record, isDependent: true }, t)).toBe(t('syncFeedback.refused.dependent'));
  });
});

describe('wordsOf', () => {
  it('reads the words of every kind of body, in reading order', () => {
    expect(wordsOf({ comment: '  Amen  ' })).toBe('Amen');
    expect(wordsOf({ title: 'Dad', text: 'Healing', reference: null })).toBe('Dad\n\nHealing');
    expect(wordsOf({ name: 'Family', description: 'Every day' })).toBe('Family\n\nEvery day');
    expect(wordsOf({ answer_text: 'He is home' })).toBe('He is home');
    expect(wordsOf({ type: 'spam' })).toBeNull();
    expect(wordsOf(null)).toBeNull();
  });
});

describe('a refused change keeps the words', () => {
  beforeEach(async () => {
    await clearAllTables();
    await setMeta('auth', { memberToken: 'm', guestToken: null, user: MEMBER, guest: null, expired: false });
    await db.posts.put(postRow({ id: 1, user_id: 9, is_mine: false }));
    await db.comments.put(commentRow({ id: 101, is_mine: true }));
  });

  const refuse = async (entry: Parameters<typeof recordFailure>[0], isDependent = false) =>
    db.transaction('rw', writeTables(), () => recordFailure(entry, { status: 404, message: 'Comment not found', code: 'comment.not_found' }, isDependent));

  it('records the body and the code, and offers the words again on what still exists', async () => {
    await refuse(newEntry('comment.edit', { postId: 1, commentId: 77 }, { comment: 'Edited offline' }));
    const [refused] = await readRefusedChanges();
    expect(refused).toMatchObject({ op: 'comment.edit', requestBody: { comment: 'Edited offline' }, code: 'comment.not_found', words: 'Edited offline' });
    // The comment is gone here: the words go again as a new comment on the post.
    expect(refused?.resend).toEqual({ kind: 'comment', postId: 1, childId: null, text: 'Edited offline' });
  });

  it('sends an edit of a comment still shown as an edit, and offers nothing when the post is gone', async () => {
    await refuse(newEntry('comment.edit', { postId: 1, commentId: 101 }, { comment: 'Still here' }));
    await refuse(newEntry('comment.create', { postId: 5, commentId: -3 }, { comment: 'On a deleted post' }), true);
    const refused = await readRefusedChanges();
    const byWords = (words: string) => refused.find((change) => change.words === words);
    expect(byWords('Still here')?.resend).toEqual({ kind: 'comment', postId: 1, childId: 101, text: 'Still here' });
    expect(byWords('On a deleted post')).toMatchObject({ resend: null, isDependent: true });
  });

  it('a post refused keeps its kind and anonymity to be shared again', async () => {
    await refuse(newEntry('post.create', { postId: -1 }, { text: 'Pray for rain', type: 'THANK', is_anonymous: true, channel_id: 1 }));
    const [refused] = await readRefusedChanges();
    expect(refused?.resend).toEqual({ kind: 'post', text: 'Pray for rain', type: 'THANK', isAnonymous: true });
  });
});

describe('the waiting list and a change\'s delivery', () => {
  beforeEach(async () => {
    await clearAllTables();
    await setMeta('auth', { memberToken: 'm', guestToken: null, user: MEMBER, guest: null, expired: false });
    await db.posts.put(postRow({ id: 1, user_id: 9, is_mine: false }));
  });

  it('lists what this account queued, oldest first, with the words; background ops are not the user\'s', async () => {
    const first = await commitEntry(newEntry('comment.create', { postId: 1, commentId: -5 }, { comment: 'Waiting words' }));
    await commitEntry(newEntry('notifications.readAll', {}, { until: new Date().toISOString() }));
    const waiting = await readWaitingChanges();
    expect(waiting).toEqual([{ key: first.key, op: 'comment.create', createdAt: first.createdAt, words: 'Waiting words', isSending: false }]);
    expect(await readDelivery([first.key])).toBe('queued');
    await db.outbox.where('key').equals(first.key).delete();
    expect(await readDelivery([first.key])).toBe('sent');
    await db.transaction('rw', writeTables(), () => recordFailure(first, { status: 422, message: 'no' }));
    expect(await readDelivery([first.key])).toBe('refused');
  });
});
