// Issue #13 point 5, docs/architecture/local-store.md 'Local database': a device out of storage
// space. The browser refuses the write with a QuotaExceededError (here: the outbox store of
// fake-indexeddb throws one, as a full disk makes a real IndexedDB do); the command writes nothing,
// and the form that sent the text keeps it and says so in the user's language, whatever its own
// wording for other failures.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRequest, createNote } from '../../src/commands';
import { clearAllTables, db } from '../../src/model/db';
import { setMeta } from '../../src/model/meta';
import { runSubmit, messageOf } from '../../src/components/use-submit';
import { bannerMessage, formMessage } from '../../src/components/api-error';
import { isQuotaExceeded } from '../../src/platform/storage-persistence';
import { useTranslators } from '../helpers/translators';
import { postRow } from '../unit/fixtures';

const tOf = useTranslators();

/** The outbox refuses every write as a full disk does. */
function fillTheDisk(): void {
  const add = IDBObjectStore.prototype.add;
  vi.spyOn(IDBObjectStore.prototype, 'add').mockImplementation(function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['add']>) {
    if (this.name === 'outbox') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    return add.apply(this, args);
  });
}

beforeEach(async () => {
  await clearAllTables();
  await setMeta('channel', { channelId: 1, lang: 'en-US' });
  await db.posts.put(postRow({ id: 1 }));
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a full device', () => {
  it('refuses the command with a quota error and writes neither the row nor the entry', async () => {
    fillTheDisk();
    const error = await createRequest({ text: 'Pray for my exams', type: 'REQUEST', is_anonymous: false }).catch((err: unknown) => err);
    expect(isQuotaExceeded(error)).toBe(true);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.posts.count()).toBe(1);
    vi.restoreAllMocks();
    // With space again, the same text goes through.
    await createRequest({ text: 'Pray for my exams', type: 'REQUEST', is_anonymous: false });
    expect(await db.outbox.count()).toBe(1);
  });

  it.each([
    ['en-US', 'This device is out of storage space. Your text is still here: copy it or free space and try again.'],
    ['pt-BR', 'Este aparelho está sem espaço de armazenamento. Seu texto continua aqui: copie-o ou libere espaço e tente de novo.'],
    ['es-ES', 'Este dispositivo se quedó sin espacio de almacenamiento. Tu texto sigue aquí: cópialo o libera espacio e inténtalo de nuevo.'],
  ])('keeps the text in the form and says so in %s', async (locale, message) => {
    const t = tOf(locale);
    fillTheDisk();
    // A form as the dialogs run it (use-submit.ts): the work clears the text only once saved.
    const form = { text: 'Lord, be near my mother tonight', error: null as string | null, isBusy: false };
    const describe = (err: unknown) => messageOf(err, t('composer.failed'));
    await runSubmit(
      async () => {
        await createNote(1, form.text);
        form.text = '';
      },
      { setBusy: (busy) => void (form.isBusy = busy), setError: (error) => void (form.error = error), describe, t },
    );
    expect(form).toEqual({ text: 'Lord, be near my mother tonight', error: message, isBusy: false });
    expect(await db.notes.count()).toBe(0);
    // The banner of a one-tap action and the forms of the account screens say the same.
    const error = await createNote(1, 'again').catch((err: unknown) => err);
    expect(bannerMessage(error, t, t('post.actionFailed'))).toBe(message);
    expect(formMessage(error, t, t('auth.failed'))).toBe(message);
  });

  it('recognises the shapes a browser or Dexie gives the error, and nothing else', () => {
    expect(isQuotaExceeded(new DOMException('full', 'QuotaExceededError'))).toBe(true);
    const dexieAbort = Object.assign(new Error('Transaction aborted'), { name: 'AbortError', inner: new DOMException('full', 'QuotaExceededError') });
    expect(isQuotaExceeded(dexieAbort)).toBe(true);
    expect(isQuotaExceeded(Object.assign(new Error('aborted'), { name: 'AbortError', inner: new Error('other') }))).toBe(false);
    expect(isQuotaExceeded(new DOMException('x', 'ConstraintError'))).toBe(false);
    expect(isQuotaExceeded(null)).toBe(false);
  });

  it('leaves other failures to the form’s own words', async () => {
    const t = tOf('en-US');
    const form = { error: null as string | null };
    await runSubmit(() => Promise.reject(new Error('')), { setBusy: () => undefined, setError: (error) => void (form.error = error), describe: () => t('composer.failed'), t });
    expect(form.error).toBe(t('composer.failed'));
  });
});
