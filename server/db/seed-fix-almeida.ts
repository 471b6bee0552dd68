// Issue #27 item 4: the Portuguese biblical prayers were seeded in a text that said it was the
// public-domain Almeida but was the copyrighted Revista e Corrigida (1995) and Corrigida Fiel
// (1994), mixed. A database seeded before gets the 1911 edition in today's spelling
// (seed-biblical-pt.ts) and the list's description naming it, row by row, only where the row still
// holds what was seeded: a text someone edited is left as it is. Idempotent (seed-fixes.ts).
import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { LIST_KEYS } from '../../common/contract';
import type { Db } from './client';
import { listItems, lists } from './schema/lists';
import { BIBLICAL_PRAYERS_PT } from './seed-biblical-pt';
import { BIBLICAL_LISTS } from './seed-lists-data';

const PORTUGUESE = 2;

/**
 * The texts seeded before, by reference, as the first 16 hex digits of their SHA-256: enough to
 * know them again without keeping the copyrighted words (git history has them).
 */
const OLD_TEXTS: ReadonlyMap<string, string> = new Map([
  ['Mateus 6:9-13', '4e1346d68b53b54d'],
  ['Salmos 23:1-6', 'bae84ba092efc794'],
  ['Salmos 51:10-12', 'c060415cce212fb5'],
  ['Números 6:24-26', '20d18fbb4ef1a933'],
  ['1 Crônicas 4:10', '2dac345b5c055c78'],
  ['Efésios 3:14-21', '52c5ca23770ce5f4'],
  ['Filipenses 1:9-11', 'f55454f60a88028c'],
  ['Colossenses 1:9-12', '257008915fc0c14e'],
  ['João 17:20-23', '9e32ae7991ad4a2d'],
  ['Salmos 121:1-8', 'e73badc3f383d074'],
  ['Salmos 139:23-24', 'b266f4344b82cf77'],
  ['Salmos 19:14', '7338c575dccebad6'],
  ['Salmos 86:11-12', '98e0aeba1580f315'],
  ['Salmos 90:12', 'db870e304cbe9027'],
  ['Neemias 1:5-6, 11', 'ec78d5836b9d9db6'],
  ['Daniel 9:17-19', 'be1050ddf7857bee'],
  ['Jonas 2:2, 7-9', '81b44f754140c8bd'],
  ['1 Samuel 2:1-2', '5401e1d6eba8030b'],
  ['1 Reis 3:9', 'c38b338ccead1b36'],
  ['1 Reis 8:27-28', '53287b2025619c67'],
  ['Habacuque 3:17-19', 'cc1c0f8bb0cb5e79'],
  ['Lucas 1:46-55', '485cf9cf8549b509'],
  ['Lucas 2:29-32', 'cb873d17024b9a89'],
  ['Mateus 26:39', 'd2bd86324ae87046'],
  ['Lucas 18:13', 'f2bc9d7d9ac38a35'],
  ['Atos 7:59-60', '3c9feda8266efa0c'],
  ['Efésios 1:17-19', '2ae81eda537dbeb2'],
  ['2 Tessalonicenses 3:16', 'c9863eb9f35c328c'],
  ['Hebreus 13:20-21', '3407494443cb7547'],
  ['Judas 1:24-25', '23cc94a05ab63b20'],
  ['Romanos 15:13', 'd3dbaf4f794435fb'],
  ['1 Tessalonicenses 5:23', '16d4d73cac81f415'],
  ['Salmos 5:1-3', 'bef17c367d2a1d93'],
  ['Salmos 143:8, 10', '26988c04fb5dc5e1'],
  ['Atos 4:29-30', '80fd4e5f84d821d8'],
  ['Salmos 67:1-2', '85b521c402cd432e'],
  ['2 Coríntios 13:13', 'd3ea4fb04aec1744'],
]);

/** The two titles that quoted the old wording or spelling ('aumente', 'Jabez'). */
const OLD_TITLES: ReadonlyMap<string, string> = new Map([
  ['1 Crônicas 4:10', 'A oração de Jabez'],
  ['Filipenses 1:9-11', 'Que a vossa caridade aumente'],
]);

const OLD_DESCRIPTION = 'Orações da Bíblia para orar com as suas palavras, na tradução de João Ferreira de Almeida.';

/** Exported for tests/server/seed-fix-almeida.test.ts, which checks the hashes name today's seed's references. */
export const OLD_PORTUGUESE_REFERENCES: readonly string[] = [...OLD_TEXTS.keys()];

export function seededBefore(reference: string, text: string): boolean {
  const digest = createHash('sha256').update(text).digest('hex').slice(0, 16);
  return OLD_TEXTS.get(reference) === digest;
}

/** Rewrites the Portuguese biblical list's old seeded rows; returns how many rows changed. */
export async function almeida1911Portuguese(db: Db): Promise<number> {
  const [list] = await db.select({ id: lists.id, description: lists.description }).from(lists)
    .where(and(eq(lists.channelId, PORTUGUESE), eq(lists.key, LIST_KEYS.biblicalPrayers), isNull(lists.userId)));
  if (list === undefined) return 0;
  const rows = await db.select({ id: listItems.id, reference: listItems.reference, title: listItems.title, text: listItems.text })
    .from(listItems).where(eq(listItems.postListId, list.id));
  const prayers = new Map(BIBLICAL_PRAYERS_PT.map((p) => [p.reference, p]));
  const updates = rows.flatMap((row) => {
    const prayer = prayers.get(row.reference ?? '');
    if (prayer === undefined || !seededBefore(prayer.reference, row.text)) return [];
    const title = row.title === OLD_TITLES.get(prayer.reference) ? prayer.title : row.title;
    // 2 Coríntios 13:13 read the same in both: nothing to change, nothing to count.
    return row.text === prayer.text && row.title === title ? [] : [{ id: row.id, text: prayer.text, title }];
  });
  const description = BIBLICAL_LISTS.find((l) => l.channelId === PORTUGUESE)?.description;
  const describe = list.description === OLD_DESCRIPTION && description !== undefined;
  if (updates.length === 0 && !describe) return 0;
  // A later updated_at so devices that hold the list pull the new words.
  const now = new Date();
  await db.transaction(async (tx) => {
    for (const u of updates) await tx.update(listItems).set({ text: u.text, title: u.title, updatedAt: now }).where(eq(listItems.id, u.id));
    if (describe) await tx.update(lists).set({ description, updatedAt: now }).where(eq(lists.id, list.id));
  });
  return updates.length + (describe ? 1 : 0);
}
