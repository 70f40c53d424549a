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

  it('lists every problem at once', () => {
    expect(() => loadConfig({ PORT: 'abc', JWT_SECRET: 'short', SEED: 'maybe' })).toThrow(/PORT[\s\S]*JWT_SECRET[\s\S]*SEED|PORT[\s\S]*SEED[\s\S]*JWT_SECRET/);
  });
});
