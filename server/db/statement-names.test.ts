import { describe, expect, it } from 'vitest';
import { StatementNames } from './postgres';

describe('StatementNames', () => {
  it('names a statement with parameters by its text, the same name each time', () => {
    const names = new StatementNames();
    const name = names.nameFor('select * from profiles where id = $1', ['a']);
    expect(name).toMatch(/^vp_[0-9a-f]{20}$/);
    expect(names.nameFor('select * from profiles where id = $1', ['b'])).toBe(name);
    expect(names.nameFor('select * from profiles where id = $2', ['a'])).not.toBe(name);
  });

  it('leaves statements without parameters unnamed (begin, commit, migrations)', () => {
    expect(new StatementNames().nameFor('begin', [])).toBeUndefined();
  });

  it('names no more texts than its limit; those it named keep their names', () => {
    const names = new StatementNames(2);
    const first = names.nameFor('select $1::int', [1]);
    names.nameFor('select $1::text', ['x']);
    expect(names.nameFor('select $1::date', ['2026-01-01'])).toBeUndefined();
    expect(names.nameFor('select $1::int', [2])).toBe(first);
  });
});
