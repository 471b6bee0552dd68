// Citations of the docs that are cut into one file a part (issue #51 item 4), so a renamed or
// mistyped file or heading fails here, naming the file and line that points at it:
// - the decisions (docs/decisions/README.md): code and docs cite a decision by its file's path,
//   and decisions link each other by file name;
// - the architecture's overview and its topic pages (docs/architecture/<page>.md): code and docs
//   cite a section by its page's path and its heading in single quotes.
// Reads every text file git knows (tracked, or new and not ignored).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const FOLDER = 'docs/decisions';
const BINARY = /\.(png|jpe?g|gif|webp|ico|woff2?|ttf|otf|gz|tgz|zip|br|wasm|pdf)$/i;
/** A decision's file: four digits, a slug. */
const DECISION_FILE = /^\d{4}-[a-z0-9]+(?:-[a-z0-9]+)*\.md$/;
/** A path to a decision from anywhere in the repository. */
const CITED = /docs\/decisions\/(\d{4}-[A-Za-z0-9-]*\.md)/g;
/** A link from a decision (or the folder's README) to another, by file name. */
const LINKED = /\]\((\d{4}-[A-Za-z0-9-]*\.md)\)/g;
/** The one long file the decisions were in before (written so this file does not cite it). */
const OLD_FILE = /docs\/decisions\.md/;

type TextFile = { path: string; text: string };

function textFiles(): TextFile[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' });
  const files: TextFile[] = [];
  for (const path of listed.split('\0')) {
    if (path === '' || path === 'package-lock.json' || BINARY.test(path) || /(^|\/)(node_modules|dist)\//.test(path)) continue;
    const full = join(ROOT, path);
    if (!existsSync(full)) continue; // deleted in the working tree, not yet committed
    const text = readFileSync(full, 'utf8');
    if (text.includes('\0')) continue;
    files.push({ path, text });
  }
  return files;
}

/** Each match of `pattern` in the file whose first group `keep` refuses, as "path:line: match". */
function places(file: TextFile, pattern: RegExp, keep: (found: string) => boolean): string[] {
  const out: string[] = [];
  file.text.split('\n').forEach((line, i) => {
    for (const m of line.matchAll(pattern)) {
      if (!keep(m[1] ?? m[0])) out.push(`${file.path}:${String(i + 1)}: ${m[0]}`);
    }
  });
  return out;
}

const files = textFiles();
const decisions = readdirSync(join(ROOT, FOLDER)).filter((name) => DECISION_FILE.test(name)).sort();
const exists = (name: string) => decisions.includes(name);
const readme = readFileSync(join(ROOT, FOLDER, 'README.md'), 'utf8');

describe('decision citations', () => {
  test('every docs/decisions/NNNN-….md a file cites, and every link between decisions, is a file', () => {
    expect(decisions.length).toBeGreaterThan(0);
    const missing = files.flatMap((file) => places(file, CITED, exists));
    const inFolder = files.filter((file) => file.path.startsWith(`${FOLDER}/`));
    const broken = inFolder.flatMap((file) => places(file, LINKED, exists));
    expect([...missing, ...broken]).toEqual([]);
  });

  test('every decision has its block (Date, Status, Topic) and a row in the README index', () => {
    const topics = [...readme.matchAll(/^### \d+\. (.+)$/gm)].map((m) => m[1]);
    expect(topics.length).toBeGreaterThan(0);
    const faults: string[] = [];
    const numbers = new Set<string>();
    for (const name of decisions) {
      const text = readFileSync(join(ROOT, FOLDER, name), 'utf8');
      const block = text.split('\n\n').slice(0, 2);
      const field = (key: string) => (block[1] ?? '').split('\n').find((line) => line.startsWith(`- ${key}: `))?.slice(key.length + 4);
      if (!/^# \S/.test(block[0] ?? '')) faults.push(`${name}: no "# Title" first`);
      if (!field('Date')) faults.push(`${name}: no "- Date:" in its block`);
      if (!/^(current|superseded|open|closed)\b/.test(field('Status') ?? '')) faults.push(`${name}: no "- Status: current | superseded … | open | closed"`);
      const topic = field('Topic');
      if (topic === undefined || !topics.includes(topic)) faults.push(`${name}: "- Topic: ${String(topic)}" is not a topic of ${FOLDER}/README.md`);
      if (!readme.includes(`](${name})`)) faults.push(`${name}: not in ${FOLDER}/README.md's index`);
      const number = name.slice(0, 4);
      if (numbers.has(number)) faults.push(`${name}: another decision has number ${number}`);
      numbers.add(number);
    }
    expect(faults).toEqual([]);
  });

  test('no file cites the one long decisions file of before', () => {
    expect(files.filter((file) => OLD_FILE.test(file.text)).map((file) => file.path)).toEqual([]);
  });
});

const ARCHITECTURE = 'docs/architecture';
/** A path to a page of the architecture (the overview's is `${ARCHITECTURE}.md`). */
const PAGE_CITED = /docs\/architecture(\/[a-z0-9-]+)?\.md/g;
/** The end of a comment line and the next line's comment mark, or a line break in a doc. */
const LINE_BREAK = /\n[ \t]*(?:\/\/+|\*|--|#)?[ \t]*/g;

/** A heading, a bold lead-in or a table row's first cell as a citation quotes it. */
function clean(text: string): string {
  return text.replace(/[`*]/g, '').replace(/\s+/g, ' ').trim().replace(/[.:]+$/, '');
}

/** The places a citation may name in a page: its headings first, then its bold lead-ins and rows. */
function placesOf(text: string): { headings: string[]; others: string[] } {
  const prose = text.replace(/```[\s\S]*?```/g, '');
  const all = (pattern: RegExp) => [...prose.matchAll(pattern)].map((m) => clean(m[1] ?? '')).filter((a) => a !== '' && !/^-+$/.test(a));
  return { headings: all(/^#+ (.+)$/gm), others: [...all(/\*\*([^*\n]+)\*\*/g), ...all(/^\| ([^|\n]+?) \|/gm)] };
}

/** Whether quoted words name a place: the same words, or its start up to the end of a word. */
function names(place: string, words: string): boolean {
  const [p, w] = [place.toLowerCase(), words.toLowerCase()];
  return p === w || (p.startsWith(w) && /[\s:;,(.—]/.test(place.charAt(words.length)));
}

/** The words quoted right after a path that ends at `end` (across a wrapped comment line), if any. */
function quotedAfter(text: string, end: number): string | null {
  const after = text.slice(end, end + 400).replace(LINE_BREAK, ' ');
  const open = /^,?\s+\(?'/.exec(after);
  if (!open) return null;
  // The closing quote is one no letter follows (an apostrophe inside the words is not).
  const close = /'(?![A-Za-z])/g;
  close.lastIndex = open[0].length;
  const found = close.exec(after);
  return found ? clean(after.slice(open[0].length, found.index)) : null;
}

type PageCitation = { where: string; page: string; words: string | null };

/** Every citation of a page of the architecture, with the words quoted after it. */
function pageCitations(file: TextFile): PageCitation[] {
  return [...file.text.matchAll(PAGE_CITED)].map((m) => {
    const line = file.text.slice(0, m.index).split('\n').length;
    const words = quotedAfter(file.text, m.index + m[0].length);
    return { where: `${file.path}:${String(line)}: ${m[0]}${words === null ? '' : ` '${words}'`}`, page: m[0], words };
  });
}

const pages = new Map<string, { headings: string[]; others: string[] }>(
  [`${ARCHITECTURE}.md`, ...readdirSync(join(ROOT, ARCHITECTURE)).filter((name) => name.endsWith('.md')).map((name) => `${ARCHITECTURE}/${name}`)]
    .map((page) => [page, placesOf(readFileSync(join(ROOT, page), 'utf8'))]),
);
const citations = files.flatMap(pageCitations);

describe('architecture citations', () => {
  test('every docs/architecture/<page>.md a file cites is a page, and the words quoted after it name a place in it', () => {
    expect(pages.size).toBeGreaterThan(1);
    const faults = citations
      .filter((c) => c.page !== `${ARCHITECTURE}.md`)
      .filter((c) => {
        const places = pages.get(c.page);
        // A heading, or a bold lead-in or a table row of a section (some cite one step of a table).
        return places === undefined || (c.words !== null && ![...places.headings, ...places.others].some((p) => names(p, c.words ?? '')));
      })
      .map((c) => c.where);
    expect(faults).toEqual([]);
  });

  test('no file quotes a heading the overview no longer has (its section moved to a page of docs/architecture/)', () => {
    const overview = pages.get(`${ARCHITECTURE}.md`)?.headings ?? [];
    expect(overview.length).toBeGreaterThan(0);
    const moved = citations.filter((c) => c.page === `${ARCHITECTURE}.md` && c.words !== null && !overview.some((h) => names(h, c.words ?? '')));
    expect(moved.map((c) => c.where)).toEqual([]);
  });
});
