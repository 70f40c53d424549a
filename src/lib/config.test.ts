import { describe, expect, it } from 'vitest';
import { loadRuntimeConfig } from './config';

const served = (config: unknown) => (async () => Response.json(config)) as unknown as typeof fetch;

describe('loadRuntimeConfig', () => {
  it("takes the publishable key the server gives, and refuses a secret key: it must never reach a browser", async () => {
    const publishable = { supabaseUrl: 'http://127.0.0.1:3000', supabasePublishableKey: 'sb_publishable_0123456789abcdefghij' };
    expect(await loadRuntimeConfig(served(publishable))).toMatchObject(publishable);
    await expect(loadRuntimeConfig(served({ ...publishable, supabasePublishableKey: 'sb_secret_0123456789abcdefghij' }))).rejects.toThrow(/secret key/);
    await expect(loadRuntimeConfig(served({ supabaseUrl: 'http://127.0.0.1:3000', supabaseAnonKey: 'eyJ.legacy.field' }))).rejects.toThrow(/publishable key is missing/);
  });
});
