import { describe, expect, it } from 'vitest';
import { resources } from './index';

const flatten = (value: object, prefix = ''): string[] =>
  Object.entries(value).flatMap(([key, child]) => (child && typeof child === 'object' ? flatten(child, `${prefix}${key}.`) : [`${prefix}${key}`]));

describe('translations', () => {
  it('English and Thai have the same keys in every namespace', () => {
    expect(Object.keys(resources.th).sort()).toEqual(Object.keys(resources.en).sort());
    for (const namespace of Object.keys(resources.en) as (keyof typeof resources.en)[]) {
      expect(flatten(resources.th[namespace]).sort(), namespace).toEqual(flatten(resources.en[namespace]).sort());
    }
  });

  it('no Thai text is left empty', () => {
    for (const namespace of Object.keys(resources.th) as (keyof typeof resources.th)[]) {
      for (const key of flatten(resources.th[namespace])) {
        const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], resources.th[namespace]) as string;
        expect(value.trim(), `${namespace}:${key}`).not.toBe('');
      }
    }
  });
});
