import { describe, expect, it } from 'vitest';
import { ApiError } from './errors';
import { parseCondition, parseLogic, parseOrder } from './parse-filters';
import { parseQuery } from './parse-query';
import { parseFieldRef, parseSelect } from './parse-select';
import { appliedPreferences, parsePrefer } from './prefer';

const field = (column: string) => ({ column, json: [] });

describe('parseSelect', () => {
  it('reads columns, aliases, casts, JSON paths and quoted names', () => {
    expect(parseSelect('id,label:name,rank::text,data->a->>b,"full name"')).toEqual([
      { kind: 'field', field: field('id'), alias: undefined, cast: undefined },
      { kind: 'field', field: field('name'), alias: 'label', cast: undefined },
      { kind: 'field', field: field('rank'), alias: undefined, cast: 'text' },
      { kind: 'field', field: { column: 'data', json: [{ arrow: '->', key: 'a' }, { arrow: '->>', key: 'b' }] }, alias: undefined, cast: undefined },
      { kind: 'field', field: field('full name'), alias: undefined, cast: undefined },
    ]);
  });

  it('reads embeds with alias, hint, join type and nested selects', () => {
    expect(parseSelect('owner:profiles!brand_id!inner(id,tags(*)),x()')).toEqual([
      {
        kind: 'embed',
        name: 'profiles',
        alias: 'owner',
        hint: 'brand_id',
        join: 'inner',
        select: [
          { kind: 'field', field: field('id'), alias: undefined, cast: undefined },
          { kind: 'embed', name: 'tags', alias: undefined, hint: undefined, join: 'left', select: [{ kind: 'star' }] },
        ],
      },
      { kind: 'embed', name: 'x', alias: undefined, hint: undefined, join: 'left', select: [] },
    ]);
  });

  it('reads a spread embed', () => {
    expect(parseSelect('id,...p(name)')[1]).toMatchObject({ kind: 'embed', name: 'p', spread: true, select: [{ kind: 'field', field: field('name') }] });
  });

  it.each(['id,(', 'a)', 'id,,x', 'x::text;drop', 'x::"t"', '...p', 'a b', '"open'])('refuses %s with PGRST100', (text) => {
    expect(() => parseSelect(text)).toThrow(ApiError);
  });

  it.each(['count()', 'n:count()', 'id,amount.sum()', 'x(id.avg()::int)'])('refuses the aggregate %s with PGRST123, as PostgREST does with aggregates off', (text) => {
    expect(() => parseSelect(text)).toThrow(expect.objectContaining({ status: 400, code: 'PGRST123' }));
  });

  it('refuses embeds nested too deep to be real, before they exhaust the stack', () => {
    expect(() => parseSelect('a('.repeat(5000) + 'id' + ')'.repeat(5000))).toThrow(/nested more than 8 levels/);
  });
});

describe('parseCondition', () => {
  it('takes a top-level value as it is', () => {
    expect(parseCondition(field('t'), 'neq.a,b')).toMatchObject({ op: 'neq', negate: false, value: 'a,b' });
    expect(parseCondition(field('t'), 'not.like.*x.y*')).toMatchObject({ op: 'like', negate: true, value: '*x.y*' });
    expect(parseCondition(field('t'), 'wfts(english).cat & dog')).toMatchObject({ op: 'wfts', language: 'english', value: 'cat & dog' });
  });

  it('reads in-lists with PostgREST quoting', () => {
    expect(parseCondition(field('id'), 'in.(1,2,"a,b",q"x,"p(q)","say \\"hi\\"")').value).toEqual(['1', '2', 'a,b', 'q"x', 'p(q)', 'say "hi"']);
    expect(parseCondition(field('id'), 'in.()').value).toEqual([]);
  });

  it.each(['eq', 'bogus.1', 'is.maybe', 'in.(1,2', 'in.(1)x', 'eq(english).x'])('refuses %s', (text) => {
    expect(() => parseCondition(field('t'), text)).toThrow(ApiError);
  });
});

describe('parseLogic', () => {
  it('reads nested trees with quoted values, lists and negations', () => {
    expect(parseLogic('or', false, '(a.eq.1,and(b.gt.1,b.lt.5),c.in.("x,y",z),not.and(d.is.null),e.eq."p,q)")')).toEqual({
      kind: 'logic',
      op: 'or',
      negate: false,
      children: [
        { kind: 'cond', field: field('a'), negate: false, op: 'eq', value: '1', language: undefined },
        {
          kind: 'logic',
          op: 'and',
          negate: false,
          children: [
            { kind: 'cond', field: field('b'), negate: false, op: 'gt', value: '1', language: undefined },
            { kind: 'cond', field: field('b'), negate: false, op: 'lt', value: '5', language: undefined },
          ],
        },
        { kind: 'cond', field: field('c'), negate: false, op: 'in', value: ['x,y', 'z'] },
        { kind: 'logic', op: 'and', negate: true, children: [{ kind: 'cond', field: field('d'), negate: false, op: 'is', value: 'null', language: undefined }] },
        { kind: 'cond', field: field('e'), negate: false, op: 'eq', value: 'p,q)', language: undefined },
      ],
    });
  });

  it.each(['a.eq.1', '(a.eq.1', '(a.eq.1))', '()', '(a.zz.1)'])('refuses %s', (text) => {
    expect(() => parseLogic('or', false, text)).toThrow(ApiError);
  });

  it('refuses trees nested too deep to be real', () => {
    expect(() => parseLogic('or', false, '(' + 'and('.repeat(3000) + 'a.eq.1' + ')'.repeat(3001))).toThrow(/nested more than 8 levels/);
  });
});

describe('parseQuery', () => {
  it('routes parameters to the root or to embedded resources', () => {
    const query = parseQuery(
      new URLSearchParams('select=id,tags(name)&id=gt.1&tags.name=eq.x&tags.order=name.desc&tags.limit=2&order=id.asc.nullsfirst&limit=10&offset=5&not.or=(a.eq.1)&apikey=secret'),
    );
    const root = query.scopes.get('')!;
    expect(root.filters).toHaveLength(2);
    expect(root).toMatchObject({ limit: 10, offset: 5, order: [{ field: field('id'), direction: 'asc', nulls: 'first' }] });
    expect(query.scopes.get('tags')).toMatchObject({ limit: 2, order: [{ direction: 'desc' }], filters: [{ op: 'eq', value: 'x' }] });
  });

  it('diverts the arguments of a function called with GET', () => {
    const query = parseQuery(new URLSearchParams('a=1&b=2&x=eq.3'), new Set(['a', 'b']));
    expect([...query.args]).toEqual([['a', '1'], ['b', '2']]);
    expect(query.scopes.get('')!.filters).toHaveLength(1);
  });

  it.each(['limit=x', 'offset=-1', 'a..b=eq.1', 'select=a&select=b', 'order=a.sideways'])('refuses %s', (text) => {
    expect(() => parseQuery(new URLSearchParams(text))).toThrow(ApiError);
  });
});

describe('parseOrder and parseFieldRef', () => {
  it('read directions, nulls and JSON paths', () => {
    expect(parseOrder('a.desc.nullslast,data->>x')).toEqual([
      { field: field('a'), direction: 'desc', nulls: 'last' },
      { field: { column: 'data', json: [{ arrow: '->>', key: 'x' }] }, direction: 'asc' },
    ]);
    expect(parseFieldRef('full name', true)).toEqual(field('full name'));
    expect(() => parseFieldRef('full name')).toThrow(ApiError);
  });
});

describe('parsePrefer', () => {
  it('reads the preferences supabase-js sends, listing the unknown ones', () => {
    expect(parsePrefer('count=exact, missing=default, return=representation, nonsense, resolution=merge-duplicates')).toMatchObject({
      returnMode: 'representation',
      count: true,
      missingDefault: true,
      resolution: 'merge-duplicates',
      rollback: false,
      strict: false,
      invalid: ['nonsense'],
      applied: ['resolution=merge-duplicates', 'missing=default', 'return=representation', 'count=exact'],
    });
    expect(parsePrefer(undefined)).toMatchObject({ returnMode: 'minimal', count: false, invalid: [] });
  });

  it('keeps the first value of each preference, as PostgREST does', () => {
    expect(parsePrefer('tx=commit, tx=rollback').rollback).toBe(false);
    expect(parsePrefer('tx=rollback,return=minimal,return=representation')).toMatchObject({ rollback: true, returnMode: 'minimal' });
  });

  it('applies max-affected only with handling=strict', () => {
    expect(appliedPreferences(parsePrefer('max-affected=2'), false)).toEqual([]);
    expect(appliedPreferences(parsePrefer('handling=strict, max-affected=2, timezone=Asia/Bangkok'), true)).toEqual([
      'handling=strict', 'timezone=Asia/Bangkok', 'max-affected=2',
    ]);
  });
});
