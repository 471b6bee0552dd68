// The 1911 edition of João Ferreira de Almeida (public domain) in today's Brazilian spelling, word
// for word (docs/decisions/0175-portuguese-scripture-almeida-1911-in-current-spelling.md). The
// seed's Portuguese texts (seed-biblical-pt.ts) are this module's output for the verses kept in
// tests/fixtures/almeida-1911-passages.json; tests/server/scripture-pt.test.ts holds them to it.
// Spelling only: a word the edition uses that is merely old ('mui', 'obrou', 'trasborda',
// 'discerna') stays, and so does its punctuation, except where a verse's own line made it (below).

/**
 * Words whose spelling changed in ways no regular rule below covers (accents, 'ct', 'sc', 'gn',
 * 'ph'-free Greek and Hebrew names, elisions, hyphens), keyed in the edition's spelling, lower case.
 * A word found here is taken whole; the rules are not applied to it.
 */
const WORDS: Readonly<Record<string, string>> = {
  'á': 'à', 'ás': 'às', 'áquelle': 'àquele',
  'abençõe': 'abençoe', 'abrahão': 'abraão', 'afflicto': 'aflito', 'agradaveis': 'agradáveis',
  'agradavel': 'agradável', 'aguas': 'águas', 'amen': 'amém', 'angustia': 'angústia',
  'bemaventurada': 'bem-aventurada', 'calix': 'cálix', 'cantor-mór': 'cantor-mor', 'cessámos': 'cessamos',
  'comprehender': 'compreender', 'comprehenderiam': 'compreenderiam', 'crêmos': 'cremos', 'crêr': 'crer',
  "d'israel": 'de Israel', "d'isto": 'disto', 'depoz': 'depôs', 'déste': 'deste', 'dividas': 'dívidas',
  'dominio': 'domínio', 'egreja': 'igreja', 'eis-que': 'eis que', 'escandalo': 'escândalo',
  'espirito': 'espírito', 'estevão': 'estêvão', 'familia': 'família', 'fôr': 'for', 'fóra': 'fora',
  'fructificando': 'frutificando', 'fructo': 'fruto', 'fructos': 'frutos', 'geracões': 'gerações',
  'gloria': 'glória', 'gozar-me-hei': 'gozar-me-ei', 'ha': 'há', 'idoneos': 'idôneos',
  'intelligencia': 'inteligência', 'irreprehensiveis': 'irrepreensíveis', 'jehovah': 'jeová',
  'louvar-te-hei': 'louvar-te-ei', 'magestade': 'majestade', 'misericordia': 'misericórdia',
  'misericordias': 'misericórdias', 'muitissimo': 'muitíssimo', 'musica': 'música', "n'elles": 'neles',
  'oleo': 'óleo', 'opéra': 'opera', 'paciencia': 'paciência', 'peccámos': 'pecamos', 'possivel': 'possível',
  'producto': 'produto', 'prodigios': 'prodígios', 'propria': 'própria', 'recto': 'reto', 'sabios': 'sábios',
  'saida': 'saída', 'sanctidade': 'santidade', 'sanctificado': 'santificado', 'sanctifique': 'santifique',
  'sancto': 'santo', 'sanctos': 'santos', 'sanctuario': 'santuário', 'sciencia': 'ciência', 'seculos': 'séculos',
  'selah': 'selá', 'signaes': 'sinais', 'sómente': 'somente', 'supplica': 'súplica', 'supplicas': 'súplicas',
  'sustem': 'sustém', 'tambem': 'também', 'terrivel': 'terrível', 'unico': 'único', 'vasios': 'vazios',
  'voluntario': 'voluntário',
};

/**
 * The regular changes of the 1943 Formulário Ortográfico that this text needs, applied to a word
 * (or a hyphenated word's part) not in WORDS: a doubled consonant other than rr and ss is written
 * once ('elle' -> 'ele', 'peccado' -> 'pecado', 'Anna' -> 'Ana'); the Greek digraphs lose their h
 * ('Christo' -> 'Cristo', 'thronos' -> 'tronos'); an unstressed final 'ae', 'aes' is 'ai', 'ais'
 * ('Pae' -> 'Pai', 'sejaes' -> 'sejais').
 */
const RULES: ReadonlyArray<readonly [RegExp, string]> = [
  [/([bcdfglmnptvz])\1/gu, '$1'],
  [/th/gu, 't'],
  [/ph/gu, 'f'],
  [/chr/gu, 'cr'],
  [/ae(s?)$/u, 'ai$1'],
];

/** Names that keep their capital at the start of a verse that continues a sentence. */
const NAMES = new Set(['Senhor', 'Deus', 'Pai', 'Jesus', 'Cristo', 'Jeová', 'Israel', 'Espírito', 'Filho', 'Maria', 'Abraão', 'Estêvão', 'Jabes', 'Ana']);

const WORD = /\p{L}+(?:['-]\p{L}+)*/gu;

function modernPart(lower: string): string {
  return WORDS[lower] ?? RULES.reduce((word, [pattern, replacement]) => word.replace(pattern, replacement), lower);
}

function capitalised(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** One word of the edition in today's spelling, its capital kept. */
export function modernWord(word: string): string {
  const lower = word.toLowerCase();
  const modern = WORDS[lower] ?? lower.split('-').map(modernPart).join('-');
  return word.charAt(0) === lower.charAt(0) ? modern : capitalised(modern);
}

/** A text of the edition in today's spelling, word by word; spaces and punctuation unchanged. */
export function modernSpelling(text: string): string {
  return text.replace(WORD, modernWord);
}

export type AlmeidaVerse = { verse: number; text: string };
/** What a prayer leaves out of its passage's first and last verse, in the edition's spelling. */
export type PassageTrim = { dropStart?: string; dropEnd?: string };

function trimmed(verses: readonly AlmeidaVerse[], trim: PassageTrim): string[] {
  const texts = verses.map((v) => v.text.replace(/\s+/gu, ' ').trim());
  const last = texts.length - 1;
  const { dropStart, dropEnd } = trim;
  if (dropStart !== undefined) {
    if (!texts[0]?.startsWith(dropStart)) throw new Error(`passage does not start with '${dropStart}'`);
    texts[0] = texts[0].slice(dropStart.length).trim();
  }
  if (dropEnd !== undefined) {
    if (!texts[last]?.endsWith(dropEnd)) throw new Error(`passage does not end with '${dropEnd}'`);
    texts[last] = texts[last].slice(0, -dropEnd.length).trim();
  }
  return texts;
}

/**
 * A prayer's text from its verses: each verse in today's spelling, joined by one space. The edition
 * sets every verse as its own line with a capital; a verse that continues the sentence of the one
 * before (which ended in a comma, semicolon, colon or no mark) takes a small letter unless it opens
 * with a name ('assim na terra como no céu; o pão nosso'). A sentence after a question mark takes a
 * capital, as today ('habitaria Deus na terra? Eis que'); the prayer ends with a full stop where its
 * last verse runs on into the next.
 */
export function passageText(verses: readonly AlmeidaVerse[], trim: PassageTrim = {}): string {
  const modern = trimmed(verses, trim).map(modernSpelling);
  if (modern.length === 0) throw new Error('a passage needs at least one verse');
  const joined = modern.reduce((text, verse) => {
    const first = verse.match(WORD)?.[0] ?? '';
    const continues = !/[.!?]$/u.test(text);
    return `${text} ${continues && !NAMES.has(first) ? verse.charAt(0).toLowerCase() + verse.slice(1) : verse}`;
  });
  const sentences = capitalised(joined).replace(/\? (\p{Ll})/gu, (_match, letter: string) => `? ${letter.toUpperCase()}`);
  return /[.!?]$/u.test(sentences) ? sentences : `${sentences.replace(/[,;:]$/u, '')}.`;
}
