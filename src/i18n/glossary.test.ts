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

  it('catches a replaced word (the check itself can fail)', () => {
    const sample = '## Words we replaced\n\n| Replaced | Use instead | Scope | Why |\n|---|---|---|---|\n| ของคุณ | (left out) | screens | why |\n';
    expect(replacedWords(sample)).toEqual([{ word: 'ของคุณ', scope: 'screens' }]);
  });
});
