import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..');

type Replaced = { word: string; scope: 'everywhere' | 'screens' };

/** The table "Words we replaced" of docs/glossary.md: the word, and where it may no longer appear. */
export function replacedWords(glossary: string): Replaced[] {
  const section = glossary.split(/^## Words we replaced$/m)[1]?.split(/^## /m)[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| Replaced') && !line.startsWith('|---'))
    .map((line) => line.split('|').map((cell) => cell.trim()))
    .map(([, word, , scope]) => ({ word, scope: scope as Replaced['scope'] }));
}

type Kept = { english: string[]; thai: string; scope: 'everywhere' | 'screens' };

/** The table "Words kept" of docs/glossary.md: the English word (its forms split on " / "), the Thai word it must be, and where. */
export function keptWords(glossary: string): Kept[] {
  const section = glossary.split(/^## Words kept$/m)[1]?.split(/^## /m)[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| English') && !line.startsWith('|---'))
    .map((line) => line.split('|').map((cell) => cell.trim()))
    .map(([, english, thai, scope]) => ({ english: english.split(' / '), thai, scope: scope as Kept['scope'] }));
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** "exclude / excluded" as whole words, in any case. */
const englishPattern = (forms: string[]) => new RegExp(`\\b(?:${forms.map(escaped).join('|')})\\b`, 'i');
/** "ตัด…ออก": the Thai word, with … standing for the words between. */
const thaiPattern = (thai: string) => new RegExp(thai.split('…').map(escaped).join('.*'), 's');

type Pair = { where: string; english: string; thai: string; screen: boolean };

/** Each text whose English says a kept word and whose Thai does not say its Thai word, as a line naming where. */
export function keptWordsMissing(kept: Kept[], pairs: Pair[]): string[] {
  return kept.flatMap(({ english, thai, scope }) =>
    pairs
      .filter((pair) => (scope === 'everywhere' || pair.screen) && englishPattern(english).test(pair.english) && !thaiPattern(thai).test(pair.thai))
      .map((pair) => `${pair.where}: "${english[0]}" is not ${thai} in "${pair.thai}"`),
  );
}

const flatten = (value: unknown, prefix = ''): [string, string][] =>
  value && typeof value === 'object'
    ? Object.entries(value).flatMap(([key, child]) => flatten(child, prefix ? `${prefix}.${key}` : key))
    : [[prefix, String(value)]];

const filesUnder = (folder: string): string[] =>
  readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });

type Text = { where: string; text: string; screen: boolean };

/**
 * Every Thai text a person can read: the Thai namespaces (content.json holds the long texts of
 * the content pages, not screens), the notifications' and e-mails' texts, and the Thai written
 * in source (PDFs, e-mails, the demo data), one file at a time.
 */
function thaiTexts(): Text[] {
  const locales = join(root, 'src/i18n/locales/th');
  const namespaces = readdirSync(locales).flatMap((file) =>
    flatten(JSON.parse(readFileSync(join(locales, file), 'utf8'))).map(([key, text]) => ({
      where: `th/${file}:${key}`,
      text,
      screen: file !== 'content.json',
    })),
  );
  const sources = ['src', 'server', 'supabase']
    .flatMap((folder) => filesUnder(join(root, folder)))
    .filter((path) => /\.(ts|tsx|sql|json)$/.test(path) && !/\.test\.tsx?$/.test(path) && !path.includes('/locales/'))
    .map((path) => ({ where: relative(root, path), text: readFileSync(path, 'utf8'), screen: true }))
    .filter(({ text }) => /[\u0E00-\u0E7F]/.test(text));
  return [...namespaces, ...sources];
}

const readJson = (path: string): unknown => JSON.parse(readFileSync(join(root, path), 'utf8'));

/** Every text the app has in both languages, English and Thai side by side by key: the namespaces, the notifications' and e-mails' texts. */
function textPairs(): Pair[] {
  const pairsOf = (where: string, english: unknown, thai: unknown, screen: boolean): Pair[] => {
    const thaiByKey = new Map(flatten(thai));
    return flatten(english)
      .filter(([key]) => thaiByKey.has(key))
      .map(([key, text]) => ({ where: `${where}:${key}`, english: text, thai: thaiByKey.get(key) ?? '', screen }));
  };
  const namespaces = readdirSync(join(root, 'src/i18n/locales/en')).flatMap((file) =>
    pairsOf(`th/${file}`, readJson(`src/i18n/locales/en/${file}`), readJson(`src/i18n/locales/th/${file}`), file !== 'content.json'),
  );
  const notifications = 'supabase/functions/_shared/notifications';
  return [...namespaces, ...pairsOf('notifications', readJson(`${notifications}/texts.en.json`), readJson(`${notifications}/texts.th.json`), true)];
}

describe('the glossary (docs/glossary.md)', () => {
  const replaced = replacedWords(readFileSync(join(root, 'docs/glossary.md'), 'utf8'));

  it('lists the words it replaced, each with a scope', () => {
    expect(replaced.length).toBeGreaterThanOrEqual(10);
    for (const { word, scope } of replaced) {
      expect(word, 'a replaced word').toMatch(/[\u0E00-\u0E7F]/);
      expect(['everywhere', 'screens'], word).toContain(scope);
    }
    expect(replaced.map(({ word }) => word)).toContain('โอกาสร่วมงาน');
  });

  it('no Thai text uses a word the glossary replaced', () => {
    const texts = thaiTexts();
    expect(texts.some(({ where }) => where.startsWith('th/content.json'))).toBe(true);
    expect(texts.some(({ where }) => where.includes('notifications'))).toBe(true);
    const found = texts.flatMap(({ where, text, screen }) =>
      replaced.filter(({ word, scope }) => (scope === 'everywhere' || screen) && text.includes(word)).map(({ word }) => `${where}: ${word}`),
    );
    expect(found).toEqual([]);
  });

  it('lists the words it keeps: reward, exclusion, gross and payout settings among them', () => {
    const kept = keptWords(readFileSync(join(root, 'docs/glossary.md'), 'utf8'));
    expect(kept.map(({ english }) => english[0])).toEqual(expect.arrayContaining(['reward', 'exclude', 'gross', 'payout settings']));
    for (const { english, thai, scope } of kept) {
      expect(thai, english.join(' / ')).toMatch(/[\u0E00-\u0E7F]/);
      expect(['everywhere', 'screens'], thai).toContain(scope);
    }
  });

  it('every Thai text says the kept word where its English text says the English one', () => {
    const pairs = textPairs();
    const kept = keptWords(readFileSync(join(root, 'docs/glossary.md'), 'utf8'));
    // Each kept word is checked against real texts, not an empty list.
    for (const { english } of kept) expect(pairs.some((pair) => englishPattern(english).test(pair.english)), english[0]).toBe(true);
    expect(keptWordsMissing(kept, pairs)).toEqual([]);
  });

  it('catches a Thai text that drops a kept word (the check itself can fail)', () => {
    const sample = '## Words kept\n\n| English | Thai | Scope | Why |\n|---|---|---|---|\n| exclude / excluded | ตัด…ออก | screens | why |\n| gross | ยอดก่อนหักภาษี | everywhere | why |\n';
    const kept = keptWords(sample);
    expect(kept).toEqual([
      { english: ['exclude', 'excluded'], thai: 'ตัด…ออก', scope: 'screens' },
      { english: ['gross'], thai: 'ยอดก่อนหักภาษี', scope: 'everywhere' },
    ]);
    const pairs: Pair[] = [
      { where: 'a', english: 'Excluded from pay', thai: 'ตัดวิดีโอออกจากการจ่ายเงิน', screen: true },
      { where: 'b', english: 'Video excluded from pay', thai: 'วิดีโอไม่นับเป็นรายได้แล้ว', screen: true },
      { where: 'c', english: 'A non-exclusive licence', thai: 'สิทธิ์แบบไม่ผูกขาด', screen: true },
      { where: 'd', english: 'Excluded', thai: 'ไม่นับ', screen: false },
      { where: 'e', english: 'Gross', thai: 'ยอดรวม', screen: false },
    ];
    expect(keptWordsMissing(kept, pairs)).toEqual(['b: "exclude" is not ตัด…ออก in "วิดีโอไม่นับเป็นรายได้แล้ว"', 'e: "gross" is not ยอดก่อนหักภาษี in "ยอดรวม"']);
  });

  it('catches a replaced word (the check itself can fail)', () => {
    const sample = '## Words we replaced\n\n| Replaced | Use instead | Scope | Why |\n|---|---|---|---|\n| ของคุณ | (left out) | screens | why |\n';
    expect(replacedWords(sample)).toEqual([{ word: 'ของคุณ', scope: 'screens' }]);
  });
});
