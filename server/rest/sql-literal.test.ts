import { describe, expect, it } from 'vitest';
import { sqlLiteral } from './handler';

describe('sqlLiteral', () => {
  it('quotes a value so that it reads back exactly, quotes and backslashes included', () => {
    expect(sqlLiteral('authenticated')).toBe("'authenticated'");
    expect(sqlLiteral(`{"a":"it's \\"x\\" \\\\ y"}`)).toBe(`'{"a":"it''s \\"x\\" \\\\ y"}'`);
    expect(sqlLiteral("'); drop table profiles; --")).toBe("'''); drop table profiles; --'");
  });

  it('refuses a NUL, which PostgreSQL text cannot hold', () => {
    expect(() => sqlLiteral('a\0b')).toThrow(/NUL/);
  });
});
