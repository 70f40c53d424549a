import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('has a documented default for everything', () => {
    expect(loadConfig({})).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: '.data',
      databaseUrl: undefined,
      seed: true,
      jwtExpiry: 3600,
      autoconfirm: true,
      limits: { signinFailuresPer5Min: 20, signupsPerHour: 30, emailsPerHour: 30 },
      smtp: undefined,
    });
  });

  it('treats empty variables as unset and reads flags', () => {
    expect(loadConfig({ DATABASE_URL: '', SEED: '0', AUTH_AUTOCONFIRM: 'false' })).toMatchObject({ databaseUrl: undefined, seed: false, autoconfirm: false });
  });

  it('loads demo data by default only for a local start, and SEED forces either way', () => {
    expect(loadConfig({})).toMatchObject({ seed: true, seedReason: 'local start' });
    expect(loadConfig({ HOST: '::1' }).seed).toBe(true);
    expect(loadConfig({ HOST: '0.0.0.0' })).toMatchObject({ seed: false, seedReason: 'not a local start' });
    expect(loadConfig({ DATABASE_URL: 'postgres://db/viewpact' })).toMatchObject({ seed: false, seedReason: 'not a local start' });
    expect(loadConfig({ HOST: '0.0.0.0', DATABASE_URL: 'postgres://db/viewpact', SEED: '1' })).toMatchObject({ seed: true, seedReason: 'SEED=1' });
    expect(loadConfig({ SEED: '0' })).toMatchObject({ seed: false, seedReason: 'SEED=0' });
  });

  it('takes a pinned demo admin password, of GoTrue\'s allowed length', () => {
    expect(loadConfig({ DEMO_ADMIN_PASSWORD: 'admin-demo' }).demoAdminPassword).toBe('admin-demo');
    expect(loadConfig({}).demoAdminPassword).toBeUndefined();
    expect(() => loadConfig({ DEMO_ADMIN_PASSWORD: 'short' })).toThrow(/DEMO_ADMIN_PASSWORD/);
  });

  it('lists every problem at once', () => {
    expect(() => loadConfig({ PORT: 'abc', JWT_SECRET: 'short', SEED: 'maybe' })).toThrow(/PORT[\s\S]*JWT_SECRET[\s\S]*SEED|PORT[\s\S]*SEED[\s\S]*JWT_SECRET/);
  });
});
