import type { AuthSettings } from './auth/handler';
import { z } from 'zod';

const optionalFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .optional()
  .transform((value) => (value === undefined ? undefined : ['1', 'true', 'yes', 'on'].includes(value)));

const flag = (fallback: boolean) => optionalFlag.transform((value) => value ?? fallback);

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** A whole number within the bounds the database (or the runtime) accepts. */
const intBetween = (min: number, max: number, fallback: number) => z.coerce.number().int().min(min).max(max).default(fallback);

/** Every environment variable the local backend reads, with its default (README.md lists them). */
const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('.data'),
  DATABASE_URL: z.string().min(1).optional(),
  /** Unset: demo data only for a local start (see seedByDefault). */
  SEED: optionalFlag,
  DEMO_ADMIN_PASSWORD: z.string().min(6, 'DEMO_ADMIN_PASSWORD must be at least 6 characters').max(72).optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  JWT_EXPIRY: positiveInt(3600),
  // Today's API keys; unset, each is generated once and kept in DATA_DIR.
  SUPABASE_PUBLISHABLE_KEY: z.string().regex(/^sb_publishable_[A-Za-z0-9_-]{16,}$/, 'SUPABASE_PUBLISHABLE_KEY must be sb_publishable_ and at least 16 letters, digits, - or _').optional(),
  SUPABASE_SECRET_KEY: z.string().regex(/^sb_secret_[A-Za-z0-9_-]{16,}$/, 'SUPABASE_SECRET_KEY must be sb_secret_ and at least 16 letters, digits, - or _').optional(),
  AUTH_AUTOCONFIRM: flag(true),
  AUTH_REDIRECT_URLS: z.string().default(''),
  AUTH_SIGNIN_FAILURES_PER_5MIN: positiveInt(20),
  AUTH_SIGNIN_FAILURES_PER_ADDRESS: positiveInt(5),
  AUTH_SIGNIN_ADDRESS_MAX_DELAY_SEC: positiveInt(60),
  AUTH_SIGNUPS_PER_HOUR: positiveInt(30),
  AUTH_EMAILS_PER_HOUR: positiveInt(30),
  /** Seconds a used refresh token is still accepted (GoTrue's refresh_token_reuse_interval; hosted's default is 10). */
  AUTH_REFRESH_TOKEN_REUSE_INTERVAL: intBetween(0, 86_400, 10),
  AUTH_QUICK_PASSWORD_HASHES: flag(false),
  TRUST_PROXY: flag(false),
  SMTP_HOST: z.string().min(1).optional(),
  SMTP_PORT: positiveInt(587),
  SMTP_USER: z.string().optional(),
  SMTP_PASS: z.string().optional(),
  SMTP_FROM: z.string().default('ViewPact <no-reply@viewpact.local>'),
  MAILBOX_PUBLIC: flag(false),
  DIST_DIR: z.string().default('dist'),
  TIKTOK_CLIENT_KEY: z.string().min(1).optional(),
  TIKTOK_CLIENT_SECRET: z.string().min(1).optional(),
  TOKEN_ENCRYPTION_KEY: z.string().min(1).optional(),
  /** Minutes between two runs of tiktok-refresh; 0 turns the timer off. At most a week (setTimeout's range is ~24 days). */
  REFRESH_INTERVAL_MIN: intBetween(0, 10_080, 60),
  REFRESH_BATCH_SIZE: intBetween(1, 5000, 500),
  /** Seconds between two sends of the notification e-mails waiting; 0 turns sending off. */
  NOTIFICATION_EMAIL_INTERVAL_SEC: intBetween(0, 86_400, 30),
  REFRESH_CONCURRENCY: intBetween(1, 32, 4),
  REFRESH_REQUESTS_PER_MIN: intBetween(1, 6000, 600),
  // The ledger rules, within the bounds of public.ledger_rules' checks.
  COUNT_WINDOW_DAYS: intBetween(1, 365, 30),
  REVIEW_AUTO_APPROVE_HOURS: intBetween(1, 720, 72),
  REFRESH_EARLY_HOURS: intBetween(1, 168, 6),
  REFRESH_EARLY_DAYS: intBetween(0, 365, 7),
  REFRESH_LATE_HOURS: intBetween(1, 720, 24),
  // Paying (public.pay_rules): withholding tax in percent (3 = 3%, up to two decimals), and the payer on tax documents.
  WHT_RATE: z.coerce.number().min(0).max(100).multipleOf(0.01).default(3),
  PAYER_NAME: z.string().trim().min(1).max(200).default('ViewPact Co., Ltd.'),
  PAYER_TAX_ID: z.string().regex(/^[0-9]{13}$/, 'PAYER_TAX_ID must be 13 digits').default('0105569000001'),
  PAYER_ADDRESS: z.string().trim().min(1).max(300).default('Bangkok, Thailand'),
  // The company's tax position on brands' documents (issue 34): VAT-registered or not, the VAT rate in percent,
  // its head office (00000) or branch number, and the withholding brands deduct in percent (2: advertising; 3: services).
  COMPANY_VAT_REGISTERED: flag(true),
  VAT_RATE: z.coerce.number().min(0).max(100).multipleOf(0.01).default(7),
  COMPANY_BRANCH: z.string().regex(/^[0-9]{5}$/, 'COMPANY_BRANCH must be 5 digits (00000: the head office)').default('00000'),
  BRAND_WHT_RATE: z.coerce.number().min(0).max(100).multipleOf(0.01).default(2),
});

export type Env = z.infer<typeof schema>;

export type ServerConfig = {
  port: number;
  host: string;
  /** Fixed public origin; when unset, links use the origin the request came to. */
  publicUrl?: string;
  dataDir: string;
  databaseUrl?: string;
  seed: boolean;
  /** Why seed is what it is, for the start banner. */
  seedReason: 'SEED=1' | 'SEED=0' | 'local start' | 'not a local start';
  /** Pins the demo admin's password (tests); otherwise it is random per installation. */
  demoAdminPassword?: string;
  jwtSecret?: string;
  jwtExpiry: number;
  /** Pinned publishable and secret keys; otherwise each is random per installation. */
  apiKeys: { publishableKey?: string; secretKey?: string };
  autoconfirm: boolean;
  redirectUrls: string[];
  refreshTokenReuseInterval: number;
  /** Tests only: new password hashes at bcrypt's least cost (4) instead of Supabase Auth's 10, as GoTrue's own tests do. */
  quickPasswordHashes: boolean;
  limits: AuthSettings['limits'];
  trustProxy: boolean;
  smtp?: { host: string; port: number; user?: string; pass?: string; from: string };
  mailFrom: string;
  mailboxPublic: boolean;
  distDir: string;
  /** With no TikTok app keys, the TikTok sandbox answers in TikTok's place. */
  tiktok: { clientKey?: string; clientSecret?: string; sandbox: boolean; tokenEncryptionKey?: string };
  /** The re-measurement timer (0 minutes: off) and the settings tiktok-refresh reads. */
  refresh: { intervalMin: number; batchSize: number; concurrency: number; requestsPerMin: number };
  /** How often waiting notification e-mails are sent (0 seconds: never). */
  notificationEmailIntervalSec: number;
  /** Written into public.ledger_rules at start. */
  ledgerRules: LedgerRules;
  /** Written into public.pay_rules at start. */
  payRules: PayRules;
};

/** The settings of public.pay_rules the environment sets. */
export type PayRules = {
  whtRateBp: number;
  payerName: string;
  payerTaxId: string;
  payerAddress: string;
  vatRegistered: boolean;
  vatRateBp: number;
  companyBranch: string;
  brandWhtRateBp: number;
};

/** The numbers of public.ledger_rules, one field per column. */
export type LedgerRules = {
  countWindowDays: number;
  reviewAutoApproveHours: number;
  refreshEarlyHours: number;
  refreshEarlyDays: number;
  refreshLateHours: number;
};

const loopbackHosts = new Set(['127.0.0.1', '::1', 'localhost', '[::1]']);

/** Demo data by default only for a local start: a loopback HOST and the embedded database. */
function seedByDefault(host: string, databaseUrl: string | undefined): boolean {
  return (loopbackHosts.has(host) || host.startsWith('127.')) && !databaseUrl;
}

/** Reads the environment, failing with every problem listed at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  // An empty variable (DATABASE_URL=) means unset, as in most tools.
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = schema.safeParse(given);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new Error(`Invalid environment:\n${problems}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    seed: e.SEED ?? seedByDefault(e.HOST, e.DATABASE_URL),
    seedReason: e.SEED === undefined ? (seedByDefault(e.HOST, e.DATABASE_URL) ? 'local start' : 'not a local start') : e.SEED ? 'SEED=1' : 'SEED=0',
    demoAdminPassword: e.DEMO_ADMIN_PASSWORD,
    jwtSecret: e.JWT_SECRET,
    jwtExpiry: e.JWT_EXPIRY,
    apiKeys: { publishableKey: e.SUPABASE_PUBLISHABLE_KEY, secretKey: e.SUPABASE_SECRET_KEY },
    autoconfirm: e.AUTH_AUTOCONFIRM,
    redirectUrls: e.AUTH_REDIRECT_URLS.split(',').map((url) => url.trim()).filter(Boolean),
    refreshTokenReuseInterval: e.AUTH_REFRESH_TOKEN_REUSE_INTERVAL,
    quickPasswordHashes: e.AUTH_QUICK_PASSWORD_HASHES,
    limits: {
      signinFailuresPer5Min: e.AUTH_SIGNIN_FAILURES_PER_5MIN,
      signinFailuresPerAddress: e.AUTH_SIGNIN_FAILURES_PER_ADDRESS,
      signinAddressMaxDelaySeconds: e.AUTH_SIGNIN_ADDRESS_MAX_DELAY_SEC,
      signupsPerHour: e.AUTH_SIGNUPS_PER_HOUR,
      emailsPerHour: e.AUTH_EMAILS_PER_HOUR,
    },
    trustProxy: e.TRUST_PROXY,
    smtp: e.SMTP_HOST ? { host: e.SMTP_HOST, port: e.SMTP_PORT, user: e.SMTP_USER, pass: e.SMTP_PASS, from: e.SMTP_FROM } : undefined,
    mailFrom: e.SMTP_FROM,
    mailboxPublic: e.MAILBOX_PUBLIC,
    distDir: e.DIST_DIR,
    tiktok: { clientKey: e.TIKTOK_CLIENT_KEY, clientSecret: e.TIKTOK_CLIENT_SECRET, sandbox: !e.TIKTOK_CLIENT_KEY, tokenEncryptionKey: e.TOKEN_ENCRYPTION_KEY },
    refresh: {
      intervalMin: e.REFRESH_INTERVAL_MIN,
      batchSize: e.REFRESH_BATCH_SIZE,
      concurrency: e.REFRESH_CONCURRENCY,
      requestsPerMin: e.REFRESH_REQUESTS_PER_MIN,
    },
    notificationEmailIntervalSec: e.NOTIFICATION_EMAIL_INTERVAL_SEC,
    ledgerRules: {
      countWindowDays: e.COUNT_WINDOW_DAYS,
      reviewAutoApproveHours: e.REVIEW_AUTO_APPROVE_HOURS,
      refreshEarlyHours: e.REFRESH_EARLY_HOURS,
      refreshEarlyDays: e.REFRESH_EARLY_DAYS,
      refreshLateHours: e.REFRESH_LATE_HOURS,
    },
    payRules: {
      whtRateBp: Math.round(e.WHT_RATE * 100),
      payerName: e.PAYER_NAME,
      payerTaxId: e.PAYER_TAX_ID,
      payerAddress: e.PAYER_ADDRESS,
      vatRegistered: e.COMPANY_VAT_REGISTERED,
      vatRateBp: Math.round(e.VAT_RATE * 100),
      companyBranch: e.COMPANY_BRANCH,
      brandWhtRateBp: Math.round(e.BRAND_WHT_RATE * 100),
    },
  };
}
