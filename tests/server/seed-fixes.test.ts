// Issue #12 (REVIEW.md): the Spanish biblical prayers read 'perdonamos a nuestros deudores', not
// RV1909's 'á nuestros deudores', on a new database and on one seeded before the fix (seed() runs
// the idempotent seed fixes on a database it does not seed).
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listItems, lists } from '../../server/db/schema/lists';
import { seed } from '../../server/db/seed';
import { BIBLICAL_PRAYERS_ES, modernSpelling } from '../../server/db/seed-biblical-es';
import { applySeedFixes } from '../../server/db/seed-fixes';
import { useTestDb } from '../helpers/use-test-db';

const testDb = useTestDb({ seed: true });

const ARCHAIC = /(^|[\s¡¿(«"])[áóé](?=[\s,;:.!?»"]|$)/u;

async function lordsPrayer(): Promise<{ id: number; text: string }> {
  const [row] = await testDb.handle.db.select({ id: listItems.id, text: listItems.text }).from(listItems)
    .innerJoin(lists, eq(lists.id, listItems.postListId))
    .where(and(eq(lists.channelId, 3), like(listItems.text, '%Padre nuestro que estás en los cielos%')));
  if (row === undefined) throw new Error('no Spanish Lord’s Prayer');
  return row;
}

describe('Spanish biblical prayers', () => {
  it('are seeded without the archaic accented one-letter words', async () => {
    expect(BIBLICAL_PRAYERS_ES.filter((p) => ARCHAIC.test(p.text))).toEqual([]);
    expect((await lordsPrayer()).text).toContain('perdonamos a nuestros deudores');
    expect(modernSpelling('junto á aguas de reposo; lo que pedimos ó entendemos')).toBe('junto a aguas de reposo; lo que pedimos o entendemos');
    expect(modernSpelling('él está aquí, tú también')).toBe('él está aquí, tú también');
  });

  it('keep no capital a source line began with mid-sentence, except names (issue #26 point 4)', () => {
    expect(modernSpelling('así también en la tierra, Que os dé; Para que seáis')).toBe('así también en la tierra, que os dé; para que seáis');
    expect(modernSpelling('y diciendo: Padre mío; mira, Señor, Rey mío y Dios mío')).toBe('y diciendo: Padre mío; mira, Señor, Rey mío y Dios mío');
    const midSentence = /[,;:]\s+(\p{Lu}\p{Ll}*)/gu;
    const left = BIBLICAL_PRAYERS_ES.flatMap((p) => [...p.text.matchAll(midSentence)].map((m) => m[1]));
    expect(new Set(left)).toEqual(new Set(['Señor', 'Dios', 'Padre', 'Jehová', 'Rey']));
  });

  it('are corrected on a database seeded before, once (idempotent)', async () => {
    const { id, text } = await lordsPrayer();
    await testDb.handle.db.update(listItems).set({ text: text.replace('perdonamos a nuestros', 'perdonamos á nuestros') }).where(eq(listItems.id, id));
    expect((await lordsPrayer()).text).toContain('á nuestros deudores');
    expect(await seed(testDb.handle.db)).toBe(false);
    expect((await lordsPrayer()).text).toContain('perdonamos a nuestros deudores');
    expect(await applySeedFixes(testDb.handle.db)).toBe(0);
  });
});
