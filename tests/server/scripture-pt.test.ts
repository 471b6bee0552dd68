// Issue #27 item 4: every Portuguese biblical prayer the server seeds is the João Ferreira de
// Almeida 1911 edition (public domain) in today's spelling, word for word: its text must equal the
// 1911 verses of its reference (tests/fixtures/almeida-1911-passages.json) through the spelling
// map (server/db/almeida-spelling.ts), less only the lead-in or tail named below for that prayer.
// One word different and it fails.
// docs/decisions/0175-portuguese-scripture-almeida-1911-in-current-spelling.md.
import { describe, expect, it } from 'vitest';
import { publicPtBR } from '../../src/content/public-pt-BR';
import { modernSpelling, modernWord, passageText, type PassageTrim } from '../../server/db/almeida-spelling';
import { BIBLICAL_PRAYERS_PT } from '../../server/db/seed-biblical-pt';
import { BIBLICAL_LISTS } from '../../server/db/seed-lists-data';
import source from '../fixtures/almeida-1911-passages.json';

/** What each prayer leaves out of its passage; every other prayer keeps its verses whole. */
const TRIMS: Readonly<Record<string, PassageTrim>> = {
  // Narrative lead-ins: the prayer starts after 'And he said:'.
  'Neemias 1:5-6, 11': { dropStart: 'E disse: ', dropEnd: 'Então era eu copeiro do rei.' },
  'Jonas 2:2, 7-9': { dropStart: 'E disse: ' },
  // The psalm's note to the choir master, not the prayer.
  'Habacuque 3:17-19': { dropEnd: 'Para o cantor-mór sobre os meus instrumentos de musica.' },
};

/** 'Neemias 1:5-6, 11' -> [5, 6, 11]. */
function versesOf(reference: string): number[] {
  const [, ranges = ''] = /\d+:(.+)$/u.exec(reference) ?? [];
  return ranges.split(',').flatMap((range) => {
    const [from = 0, to = from] = range.trim().split('-').map(Number);
    return Array.from({ length: to - from + 1 }, (_, i) => from + i);
  });
}

const passages = source.passages;

describe('the Almeida 1911 fixture', () => {
  it('holds the verses of every seeded prayer, in the seed\'s order and with its references', () => {
    expect(passages.map((p) => p.reference)).toEqual(BIBLICAL_PRAYERS_PT.map((p) => p.reference));
    for (const p of passages) expect(p.verses.map((v) => v.verse)).toEqual(versesOf(p.reference));
  });

  it('names only references it holds in the trims', () => {
    for (const reference of Object.keys(TRIMS)) expect(passages.map((p) => p.reference)).toContain(reference);
  });
});

describe('the seeded Portuguese prayers', () => {
  it.each(passages.map((p, i) => [p.reference, p, i] as const))('%s is the 1911 text in today\'s spelling', (_reference, passage, i) => {
    const seeded = BIBLICAL_PRAYERS_PT[i];
    expect(seeded?.reference).toBe(passage.reference);
    expect(seeded?.text).toBe(passageText(passage.verses, TRIMS[passage.reference]));
  });

  it('fail the check when one word of the source differs', () => {
    const [lords] = passages;
    if (lords === undefined) throw new Error('no passage');
    const verses = lords.verses.map((v) => (v.verse === 12 ? { ...v, text: v.text.replace('dividas', 'offensas') } : v));
    expect(passageText(verses)).not.toBe(BIBLICAL_PRAYERS_PT[0]?.text);
    expect(passageText(lords.verses)).toBe(BIBLICAL_PRAYERS_PT[0]?.text);
  });

  it('keep no 1911 spelling the map would change', () => {
    for (const p of BIBLICAL_PRAYERS_PT) expect(modernSpelling(p.text)).toBe(p.text);
  });

  it('are in a list whose description names the edition', () => {
    const list = BIBLICAL_LISTS.find((l) => l.channelId === 2);
    expect(list?.prayers).toBe(BIBLICAL_PRAYERS_PT);
    expect(list?.description).toContain('Almeida, edição de 1911, em ortografia atual');
  });

  it('include the Lord\'s Prayer as the public /lords-prayer page sets it', () => {
    const { intro, lines, closing, translation } = publicPtBR.lordsPrayer;
    expect([intro, ...lines, closing].join(' ')).toBe(BIBLICAL_PRAYERS_PT[0]?.text);
    expect(translation).toContain('edição de 1911');
  });
});

describe('the spelling map', () => {
  it('brings the 1911 spelling up to date word by word, capitals kept', () => {
    const pairs: [string, string][] = [
      ['elle', 'ele'], ['valle', 'vale'], ['aguas', 'águas'], ['Pae', 'Pai'], ['sanctificado', 'santificado'],
      ['espirito', 'espírito'], ['peccado', 'pecado'], ['fructo', 'fruto'], ['Jehovah', 'Jeová'], ['Christo', 'Cristo'],
      ['thronos', 'tronos'], ['sejaes', 'sejais'], ['Anna', 'Ana'], ['Attende', 'Atende'], ['á', 'à'], ['ha', 'há'],
      ['sustem-me', 'sustém-me'], ['Louvar-te-hei', 'Louvar-te-ei'], ["n'elles", 'neles'], ["d'Israel", 'de Israel'],
      ['Eis-que', 'Eis que'], ['bemaventurada', 'bem-aventurada'], ['signaes', 'sinais'], ['egreja', 'igreja'],
    ];
    expect(pairs.map(([old]) => [old, modernWord(old)])).toEqual(pairs);
  });

  it('leaves words that are only old, and the doubled r and s', () => {
    for (const word of ['mui', 'obrou', 'trasborda', 'discerna', 'tosquenejará', 'Jabes', 'terra', 'assim', 'ó', 'é', 'dá'])
      expect(modernWord(word)).toBe(word);
  });

  it('joins verse lines as sentences, and ends the prayer with a full stop', () => {
    const verses = [
      { verse: 1, text: 'O Senhor te abençoe e te guarde:' },
      { verse: 2, text: 'O Senhor faça resplandecer o seu rosto sobre ti,' },
      { verse: 3, text: 'Deus nos abençõe. Mas habitaria Deus na terra? eis que os céus' },
    ];
    expect(passageText(verses)).toBe('O Senhor te abençoe e te guarde: o Senhor faça resplandecer o seu rosto sobre ti, Deus nos abençoe. Mas habitaria Deus na terra? Eis que os céus.');
    expect(() => passageText(verses, { dropStart: 'E disse: ' })).toThrow();
  });
});
