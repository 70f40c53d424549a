import { describe, expect, it } from 'vitest';
import { contentResources } from './content';
import { namespaces } from './index';
import { resources } from './resources';

const flatten = (value: object, prefix = ''): [string, unknown][] =>
  Object.entries(value).flatMap(([key, child]) => (child && typeof child === 'object' ? flatten(child, `${prefix}${key}.`) : [[`${prefix}${key}`, child]]));

const all = {
  en: { ...resources.en, content: contentResources.en },
  th: { ...resources.th, content: contentResources.th },
};

describe('translations', () => {
  it('English and Thai have the same keys in every namespace', () => {
    expect(Object.keys(all.th).sort()).toEqual(Object.keys(all.en).sort());
    for (const namespace of Object.keys(all.en) as (keyof typeof all.en)[]) {
      const keys = (tree: object) => flatten(tree).map(([key]) => key).sort();
      expect(keys(all.th[namespace]), namespace).toEqual(keys(all.en[namespace]));
    }
  });

  it('no text is left empty in either language', () => {
    for (const language of ['en', 'th'] as const) {
      for (const [namespace, tree] of Object.entries(all[language])) {
        for (const [key, value] of flatten(tree)) expect(String(value).trim(), `${language} ${namespace}:${key}`).not.toBe('');
      }
    }
  });

  it('every namespace loads with one of the groups of texts the app loads on demand', () => {
    expect([...namespaces].sort()).toEqual(Object.keys(resources.en).sort());
  });
});
