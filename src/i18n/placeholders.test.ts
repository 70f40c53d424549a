import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No text a person can read is a placeholder: every string of src/i18n/locales/** (and of the
 * notifications' and e-mails' texts) is final, in English and in Thai.
 */

const root = join(__dirname, '..', '..');

const placeholderPatterns: [RegExp, string][] = [
  [/\[[^\]]*\S[^\]]*\]/u, 'text in square brackets'],
  [/\bto be (?:confirmed|decided|determined|defined|agreed|added)\b/iu, '"to be confirmed"'],
  [/\b(?:TBD|TBC|TODO|FIXME|XXX)\b/u, 'a to-do marker'],
  [/lorem ipsum/iu, 'filler text'],
  [/รอ(?:การ)?(?:ยืนยัน|กำหนด|สรุป)/u, 'รอการยืนยัน / รอการกำหนด'],
];

/** Why a text reads as a placeholder, or undefined when it does not. */
export function placeholderIn(text: string): string | undefined {
  return placeholderPatterns.find(([pattern]) => pattern.test(text))?.[1];
}

const flatten = (value: unknown, prefix = ''): [string, string][] =>
  value && typeof value === 'object'
    ? Object.entries(value).flatMap(([key, child]) => flatten(child, prefix ? `${prefix}.${key}` : key))
    : [[prefix, String(value)]];

const jsonFilesUnder = (folder: string): string[] =>
  readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return jsonFilesUnder(path);
    return name.endsWith('.json') ? [path] : [];
  });

const textFiles = () => [
  ...jsonFilesUnder(join(root, 'src/i18n/locales')),
  ...jsonFilesUnder(join(root, 'supabase/functions/_shared/notifications')),
];

describe('placeholders', () => {
  it('reads every locale file, in both languages', () => {
    const files = textFiles().map((file) => relative(root, file));
    expect(files).toContain('src/i18n/locales/en/content.json');
    expect(files).toContain('src/i18n/locales/th/content.json');
    expect(files.filter((file) => file.startsWith('src/i18n/locales/en/')).length).toBe(files.filter((file) => file.startsWith('src/i18n/locales/th/')).length);
  });

  it('no visible text is a placeholder', () => {
    const found = textFiles().flatMap((file) =>
      flatten(JSON.parse(readFileSync(file, 'utf8'))).flatMap(([key, text]) => {
        const why = placeholderIn(text);
        return why ? [`${relative(root, file)} ${key}: ${why}: ${text}`] : [];
      }),
    );
    expect(found).toEqual([]);
  });

  it('recognises the placeholders a draft leaves', () => {
    expect(placeholderIn('All amounts are in Thai baht. [Whether amounts include VAT … to be confirmed.]')).toBe('text in square brackets');
    expect(placeholderIn('You must be at least [18] years old.')).toBe('text in square brackets');
    expect(placeholderIn('Security logs: for a short period, to be confirmed.')).toBe('"to be confirmed"');
    expect(placeholderIn('Hosting: TBD')).toBe('a to-do marker');
    expect(placeholderIn('TODO write the help text')).toBe('a to-do marker');
    expect(placeholderIn('บันทึกด้านความปลอดภัย: ในระยะเวลาสั้น ๆ รอการยืนยัน')).toBe('รอการยืนยัน / รอการกำหนด');
    expect(placeholderIn('Lorem ipsum dolor sit amet')).toBe('filler text');
  });

  it('leaves ordinary texts alone', () => {
    expect(placeholderIn('Brands pay {{brandRate}} for every 1,000 views.')).toBeUndefined();
    expect(placeholderIn('https://www.tiktok.com/@you/video/…')).toBeUndefined();
    expect(placeholderIn('Choose a campaign')).toBeUndefined();
    expect(placeholderIn('รอแบรนด์ตรวจ')).toBeUndefined();
    expect(placeholderIn('Today (Thailand time)')).toBeUndefined();
  });
});
