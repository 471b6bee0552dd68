// Issue #27 item 4: a database seeded with the old Portuguese texts (Revista e Corrigida wording,
// under copyright) gets the Almeida 1911 texts and the description naming the edition when seed()
// runs on it (at every start), once (idempotent); a row someone edited is left as it is.
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LIST_KEYS } from '../../common/contract';
import { listItems, lists } from '../../server/db/schema/lists';
import { seed } from '../../server/db/seed';
import { BIBLICAL_PRAYERS_PT } from '../../server/db/seed-biblical-pt';
import { OLD_PORTUGUESE_REFERENCES, seededBefore } from '../../server/db/seed-fix-almeida';
import { applySeedFixes } from '../../server/db/seed-fixes';
import { BIBLICAL_LISTS } from '../../server/db/seed-lists-data';
import { useTestDb } from '../helpers/use-test-db';

const testDb = useTestDb({ seed: true });

/** Two of the texts seeded before issue #27 (one verse each), and the list's old description. */
const OLD = {
  psalm90: 'Ensina-nos a contar os nossos dias, de tal maneira que alcancemos coração sábio.',
  jabez: 'Porque Jabez invocou o Deus de Israel, dizendo: Se me abençoares muitíssimo, e meus termos amplificares, e a tua mão for comigo, e fizeres que do mal não seja afligido!... E Deus lhe concedeu o que lhe tinha pedido.',
  description: 'Orações da Bíblia para orar com as suas palavras, na tradução de João Ferreira de Almeida.',
};

function seedPrayer(reference: string): { title: string; text: string } {
  const prayer = BIBLICAL_PRAYERS_PT.find((p) => p.reference === reference);
  if (prayer === undefined) throw new Error(`no seeded prayer ${reference}`);
  return prayer;
}

async function portugueseList(): Promise<{ id: number; description: string | null; updatedAt: Date }> {
  const [row] = await testDb.handle.db.select({ id: lists.id, description: lists.description, updatedAt: lists.updatedAt }).from(lists)
    .where(and(eq(lists.channelId, 2), eq(lists.key, LIST_KEYS.biblicalPrayers), isNull(lists.userId)));
  if (row === undefined) throw new Error('no Portuguese biblical list');
  return row;
}

async function item(reference: string): Promise<{ id: number; title: string | null; text: string; updatedAt: Date }> {
  const list = await portugueseList();
  const [row] = await testDb.handle.db.select({ id: listItems.id, title: listItems.title, text: listItems.text, updatedAt: listItems.updatedAt })
    .from(listItems).where(and(eq(listItems.postListId, list.id), eq(listItems.reference, reference)));
  if (row === undefined) throw new Error(`no item ${reference}`);
  return row;
}

async function setItem(reference: string, values: { title?: string; text: string }): Promise<void> {
  const { id } = await item(reference);
  await testDb.handle.db.update(listItems).set({ ...values, updatedAt: new Date(Date.now() - 86_400_000) }).where(eq(listItems.id, id));
}

describe('Portuguese biblical prayers seed fix', () => {
  it('knows every seeded reference, and today\'s texts only where the words were the same', () => {
    expect(OLD_PORTUGUESE_REFERENCES).toEqual(BIBLICAL_PRAYERS_PT.map((p) => p.reference));
    // Only 2 Coríntios 13:13 was seeded in words the 1911 edition has too.
    expect(BIBLICAL_PRAYERS_PT.filter((p) => seededBefore(p.reference, p.text)).map((p) => p.reference)).toEqual(['2 Coríntios 13:13']);
    expect(seededBefore('Salmos 90:12', OLD.psalm90)).toBe(true);
    expect(seededBefore('Salmos 90:12', `${OLD.psalm90} `)).toBe(false);
  });

  it('has nothing to do on a database seeded today', async () => {
    expect((await portugueseList()).description).toBe(BIBLICAL_LISTS.find((l) => l.channelId === 2)?.description);
    expect(await applySeedFixes(testDb.handle.db)).toBe(0);
  });

  it('rewrites the old seeded rows and description on a database seeded before, once, and leaves edited rows', async () => {
    await setItem('Salmos 90:12', { text: OLD.psalm90 });
    await setItem('1 Crônicas 4:10', { title: 'A oração de Jabez', text: OLD.jabez });
    // Edited by someone after the seed: the old title stays with the text they wrote.
    await setItem('Filipenses 1:9-11', { title: 'Que a vossa caridade aumente', text: 'Texto revisto pela igreja.' });
    const list = await portugueseList();
    await testDb.handle.db.update(lists).set({ description: OLD.description }).where(eq(lists.id, list.id));
    const before = new Date(Date.now() - 1000);

    expect(await seed(testDb.handle.db)).toBe(false);

    const psalm = await item('Salmos 90:12');
    expect(psalm.text).toBe(seedPrayer('Salmos 90:12').text);
    expect(psalm.text).toBe('Ensina-nos a contar os nossos dias, de tal maneira que alcancemos corações sábios.');
    expect(psalm.updatedAt.getTime()).toBeGreaterThan(before.getTime());
    expect(await item('1 Crônicas 4:10')).toMatchObject({ title: 'A oração de Jabes', text: seedPrayer('1 Crônicas 4:10').text });
    expect(await item('Filipenses 1:9-11')).toMatchObject({ title: 'Que a vossa caridade aumente', text: 'Texto revisto pela igreja.' });
    const fixed = await portugueseList();
    expect(fixed.description).toBe('Orações da Bíblia para orar com as suas palavras, na tradução de João Ferreira de Almeida, edição de 1911, em ortografia atual.');
    expect(fixed.updatedAt.getTime()).toBeGreaterThan(before.getTime());

    expect(await applySeedFixes(testDb.handle.db)).toBe(0);
  });
});
