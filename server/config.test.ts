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
      refreshTokenReuseInterval: 10,
      quickPasswordHashes: false,
      limits: { signinFailuresPer5Min: 20, signupsPerHour: 30, emailsPerHour: 30 },
      smtp: undefined,
      refresh: { intervalMin: 60, batchSize: 500, concurrency: 4, requestsPerMin: 600 },
      notificationEmailIntervalSec: 30,
      ledgerRules: { countWindowDays: 30, reviewAutoApproveHours: 72, refreshEarlyHours: 6, refreshEarlyDays: 7, refreshLateHours: 24 },
      payRules: {
        whtRateBp: 300,
        payerName: 'ViewPact Co., Ltd.',
        payerTaxId: '0105569000001',
        payerAddress: 'Bangkok, Thailand',
        vatRegistered: true,
        vatRateBp: 700,
        companyBranch: '00000',
        brandWhtRateBp: 200,
      },
    });
  });

  it("reads today's API keys, and refuses a key in the wrong variable", () => {
    expect(loadConfig({}).apiKeys).toEqual({ publishableKey: undefined, secretKey: undefined });
    const publishableKey = 'sb_publishable_0123456789abcdefABCD';
    const secretKey = 'sb_secret_0123456789abcdef-_ABCD';
    expect(loadConfig({ SUPABASE_PUBLISHABLE_KEY: publishableKey, SUPABASE_SECRET_KEY: secretKey }).apiKeys).toEqual({ publishableKey, secretKey });
    expect(() => loadConfig({ SUPABASE_PUBLISHABLE_KEY: secretKey, SUPABASE_SECRET_KEY: publishableKey })).toThrow(/SUPABASE_PUBLISHABLE_KEY[\s\S]*SUPABASE_SECRET_KEY/);
    expect(() => loadConfig({ SUPABASE_SECRET_KEY: 'sb_secret_short' })).toThrow(/SUPABASE_SECRET_KEY/);
  });

  it('reads the withholding-tax rate in percent and the payer, and refuses what the database would', () => {
    expect(loadConfig({ WHT_RATE: '1.5', PAYER_NAME: 'Acme', PAYER_TAX_ID: '0105500000001', PAYER_ADDRESS: 'Chiang Mai' }).payRules).toEqual({
      whtRateBp: 150,
      payerName: 'Acme',
      payerTaxId: '0105500000001',
      payerAddress: 'Chiang Mai',
      vatRegistered: true,
      vatRateBp: 700,
      companyBranch: '00000',
      brandWhtRateBp: 200,
    });
    expect(() => loadConfig({ WHT_RATE: '101', PAYER_TAX_ID: '123' })).toThrow(/WHT_RATE[\s\S]*PAYER_TAX_ID/);
    expect(() => loadConfig({ WHT_RATE: '3.001' })).toThrow(/WHT_RATE/);
  });

  it("reads the company's tax position on brands' documents, and refuses what the database would", () => {
    expect(loadConfig({ COMPANY_VAT_REGISTERED: '0', VAT_RATE: '7.5', COMPANY_BRANCH: '00012', BRAND_WHT_RATE: '3' }).payRules).toMatchObject({
      vatRegistered: false,
      vatRateBp: 750,
      companyBranch: '00012',
      brandWhtRateBp: 300,
    });
    expect(loadConfig({ COMPANY_VAT_REGISTERED: 'yes' }).payRules.vatRegistered).toBe(true);
    expect(() => loadConfig({ COMPANY_VAT_REGISTERED: 'maybe', VAT_RATE: '-1', COMPANY_BRANCH: '1', BRAND_WHT_RATE: '2.005' })).toThrow(
      /COMPANY_VAT_REGISTERED[\s\S]*VAT_RATE[\s\S]*COMPANY_BRANCH[\s\S]*BRAND_WHT_RATE/,
    );
    expect(() => loadConfig({ COMPANY_BRANCH: 'HQ001' })).toThrow(/COMPANY_BRANCH must be 5 digits/);
  });

  it('reads the refresh timer and the ledger rules, within the bounds the database accepts', () => {
    expect(
      loadConfig({
        REFRESH_INTERVAL_MIN: '0',
        REFRESH_BATCH_SIZE: '50',
        REFRESH_CONCURRENCY: '2',
        REFRESH_REQUESTS_PER_MIN: '120',
        NOTIFICATION_EMAIL_INTERVAL_SEC: '0',
        COUNT_WINDOW_DAYS: '45',
        REVIEW_AUTO_APPROVE_HOURS: '24',
        REFRESH_EARLY_HOURS: '3',
        REFRESH_EARLY_DAYS: '0',
        REFRESH_LATE_HOURS: '48',
      }),
    ).toMatchObject({
      refresh: { intervalMin: 0, batchSize: 50, concurrency: 2, requestsPerMin: 120 },
      notificationEmailIntervalSec: 0,
      ledgerRules: { countWindowDays: 45, reviewAutoApproveHours: 24, refreshEarlyHours: 3, refreshEarlyDays: 0, refreshLateHours: 48 },
    });
    expect(() => loadConfig({ COUNT_WINDOW_DAYS: '0', REFRESH_EARLY_HOURS: '169', REFRESH_INTERVAL_MIN: '-1', REFRESH_BATCH_SIZE: '1.5' })).toThrow(
      /REFRESH_INTERVAL_MIN[\s\S]*REFRESH_BATCH_SIZE[\s\S]*COUNT_WINDOW_DAYS[\s\S]*REFRESH_EARLY_HOURS/,
    );
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

  it('hashes quickly only when AUTH_QUICK_PASSWORD_HASHES says so plainly, and refuses a value it cannot read', () => {
    expect(loadConfig({ AUTH_QUICK_PASSWORD_HASHES: '1' }).quickPasswordHashes).toBe(true);
    expect(loadConfig({ AUTH_QUICK_PASSWORD_HASHES: '0' }).quickPasswordHashes).toBe(false);
    expect(() => loadConfig({ AUTH_QUICK_PASSWORD_HASHES: 'please' })).toThrow(/AUTH_QUICK_PASSWORD_HASHES/);
  });

  it('lists every problem at once', () => {
    expect(() => loadConfig({ PORT: 'abc', JWT_SECRET: 'short', SEED: 'maybe' })).toThrow(/PORT[\s\S]*JWT_SECRET[\s\S]*SEED|PORT[\s\S]*SEED[\s\S]*JWT_SECRET/);
  });
});
