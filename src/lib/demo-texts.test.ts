import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoText, demoThai } from './demo-texts';

const seed = readFileSync(join(__dirname, '../../supabase/seed.sql'), 'utf8');

/** What the seed writes for people to read: each campaign's title, description, brief and tags; each video's title and caption. */
function seedTexts(): string[] {
  const briefs = [...seed.matchAll(/'b1000000-[^']+', 'a1000000-[^']+',\s*'([^']+)',\s*'([^']+)',\s*'[^']*', '\{([^}]*)\}', [^,]+, '\w+',\s*'([^']+)'/g)];
  const videos = [...seed.matchAll(/\(\d, 'a1000000-[^']+'::uuid, (?:'b1000000-[^']+'|null)::uuid,[\s\S]*?\d+,\s*'([^']+)', '([^']+)', '[\w.]+', [\d.]+/g)];
  const brands = [...seed.matchAll(/'industry', '([^']+)'/g)];
  expect(briefs).toHaveLength(3);
  expect(videos).toHaveLength(7);
  return [
    ...briefs.flatMap(([, title, description, tags, brief]) => [title, description, brief, ...tags.split(',')]),
    ...videos.flatMap(([, title, caption]) => [title, caption]),
    ...brands.map(([, industry]) => industry),
  ];
}

describe('the demo data in Thai', () => {
  it('has a Thai text for everything the seed writes for people to read, and nothing the seed no longer has', () => {
    const texts = [...new Set(seedTexts())];
    expect(texts.filter((text) => !(text in demoThai))).toEqual([]);
    expect(Object.keys(demoThai).filter((text) => !texts.includes(text))).toEqual([]);
    for (const thai of Object.values(demoThai)) expect(thai).toMatch(/[\u0E00-\u0E7F]/);
  });

  it('translates demo rows for a Thai reader only, and never what people wrote', () => {
    expect(demoText('Skincare Product Review', true, 'th')).toBe('รีวิวสกินแคร์ตัวใหม่');
    expect(demoText('Skincare Product Review', true, 'en')).toBe('Skincare Product Review');
    expect(demoText('Skincare Product Review', false, 'th')).toBe('Skincare Product Review');
    expect(demoText('A title nobody translated', true, 'th')).toBe('A title nobody translated');
    expect(demoText(null, true, 'th')).toBeNull();
  });
});
