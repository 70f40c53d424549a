import { describe, expect, it } from 'vitest';
import { apiKeysFromEnv, calledWithServiceKey } from './api-keys';
import type { FunctionEnv } from './handler';

const reader = (env: Record<string, string>) => (name: string) => env[name];

describe('apiKeysFromEnv', () => {
  it("takes today's keys from hosted Supabase's JSON variables, the default one first, and keeps the legacy service key as a service key", () => {
    const keys = apiKeysFromEnv(
      reader({
        SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ web: 'sb_publishable_web', default: 'sb_publishable_default' }),
        SUPABASE_SECRET_KEYS: JSON.stringify({ cron: 'sb_secret_cron', default: 'sb_secret_default' }),
        SUPABASE_ANON_KEY: 'anon.jwt.key',
        SUPABASE_SERVICE_ROLE_KEY: 'service.jwt.key',
      }),
    );
    expect(keys).toEqual({ publishableKey: 'sb_publishable_default', secretKey: 'sb_secret_default', serviceKeys: ['sb_secret_default', 'sb_secret_cron', 'service.jwt.key'] });
  });

  it('falls back to the legacy keys, and fails without keys of either kind', () => {
    expect(apiKeysFromEnv(reader({ SUPABASE_ANON_KEY: 'anon.jwt.key', SUPABASE_SERVICE_ROLE_KEY: 'service.jwt.key', SUPABASE_SECRET_KEYS: 'not json' }))).toEqual({
      publishableKey: 'anon.jwt.key',
      secretKey: 'service.jwt.key',
      serviceKeys: ['service.jwt.key'],
    });
    expect(apiKeysFromEnv(reader({ SUPABASE_PUBLISHABLE_KEYS: '{"default":"sb_publishable_a"}', SUPABASE_SECRET_KEYS: '{"default":"sb_secret_a"}' })).serviceKeys).toEqual(['sb_secret_a']);
    expect(() => apiKeysFromEnv(reader({ SUPABASE_PUBLISHABLE_KEYS: '{"default":"sb_publishable_a"}', SUPABASE_SECRET_KEYS: '["sb_secret_a"]' }))).toThrow(/No API keys/);
  });
});

describe('calledWithServiceKey', () => {
  const env = { serviceKeys: ['sb_secret_default', 'service.jwt.key'] } as unknown as FunctionEnv;
  const request = (headers: Record<string, string>) => new Request('http://function', { method: 'POST', headers });

  it('accepts any service key as the apikey header or the bearer token, and nothing else', () => {
    expect(calledWithServiceKey(request({ apikey: 'sb_secret_default' }), env)).toBe(true);
    expect(calledWithServiceKey(request({ Authorization: 'Bearer service.jwt.key' }), env)).toBe(true);
    expect(calledWithServiceKey(request({ apikey: 'sb_publishable_x', Authorization: 'Bearer sb_secret_default' }), env)).toBe(true);
    const others: Record<string, string>[] = [{}, { apikey: 'sb_secret_defaulT' }, { Authorization: 'sb_secret_default' }, { apikey: '' }, { Authorization: 'Bearer a.b.c' }];
    for (const headers of others) {
      expect(calledWithServiceKey(request(headers), env), JSON.stringify(headers)).toBe(false);
    }
    expect(calledWithServiceKey(request({ apikey: '' }), { serviceKeys: [''] } as unknown as FunctionEnv)).toBe(false);
  });
});
