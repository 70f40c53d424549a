import { formatDate, formatDateTime, formatMonth as formatMonthOf, type ZoneLabel } from '../clock.ts';
import en from './texts.en.json' with { type: 'json' };
import th from './texts.th.json' with { type: 'json' };
import demoThaiTexts from '../demo-texts.th.json' with { type: 'json' };

/**
 * A notification's words, made when it is read from its type and params (public.notifications):
 * the SPA shows them in the reader's language of the moment, and the e-mail job sends them in
 * the language the reader last used. Plain TypeScript and Intl only, so Node, Deno and the
 * browser run the same code.
 */

export const notificationTypes = [
  // creators
  'video_approved',
  'video_rejected',
  'video_not_counted',
  'video_unavailable',
  'brief_closed',
  'brief_budget_reached',
  'brief_deadline_near',
  'statement_ready',
  'payout_sent',
  'tiktok_expiring',
  'tiktok_revoked',
  // brands
  'creator_joined',
  'review_waiting',
  'review_auto_approve_soon',
  'budget_80',
  'budget_reached',
  'invoice_issued',
  // admins
  'fraud_signal',
  'payouts_due',
] as const;

export type NotificationType = (typeof notificationTypes)[number];
export type NotificationLanguage = 'en' | 'th';
export type NotificationParams = Record<string, unknown>;
export type RenderedNotification = { title: string; body: string; link: string };

/** The types a reader may also get by e-mail (notification_settings.email_off switches them off). */
export const emailTypes = ['video_rejected', 'payout_sent', 'statement_ready', 'brief_budget_reached', 'review_waiting', 'budget_reached'] as const;
export type EmailType = (typeof emailTypes)[number];

type Texts = typeof en;
// Typed as the English texts: the Thai file must have every key the English one has.
const texts: Record<NotificationLanguage, Texts> = { en, th };

export const isNotificationType = (value: unknown): value is NotificationType => notificationTypes.includes(value as NotificationType);
export const isEmailType = (value: unknown): value is EmailType => emailTypes.includes(value as EmailType);

/** The routes a notification leads to (src/lib/paths.ts; a test checks that each exists). */
const links = {
  dashboard: '/dashboard',
  campaignVideos: '/dashboard/videos?tab=campaign',
  videos: '/dashboard/videos',
  brief: (id: string) => `/dashboard/opportunities?brief=${encodeURIComponent(id)}`,
  earnings: '/dashboard/earnings',
  integrations: '/dashboard/settings?tab=integrations',
  // The brand dashboard holds the To review list.
  review: '/dashboard/brand',
  payments: '/dashboard/payments',
  adminContent: '/dashboard/admin?tab=content',
  adminPayments: '/dashboard/admin?tab=payments',
  notificationSettings: '/dashboard/settings?tab=notifications',
};

// ---------------------------------------------------------------------------------------------
// Formatting: money in satang, dates, timestamps, months
// ---------------------------------------------------------------------------------------------

/** A param the type needs is missing or unreadable: the notification reads as the generic one. */
class MissingParam extends Error {}

const localeOf = (lang: NotificationLanguage) => (lang === 'th' ? 'th-TH' : 'en-US');

/** Satang as baht with both decimals, the app's one rule for money: ฿1,607.89. */
export const formatSatang = (satang: number, lang: NotificationLanguage) =>
  new Intl.NumberFormat(localeOf(lang), { style: 'currency', currency: 'THB', currencyDisplay: 'narrowSymbol', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(satang / 100);

// Dates and times are the platform's one clock (../clock.ts), the same text as the app's pages.

/** A calendar day (YYYY-MM-DD), a day in Thailand: Nov 25, 2026; 25 พ.ย. 2569 (the Buddhist year). */
export const formatDay = (iso: string, lang: NotificationLanguage) => formatDate(calendarDay(iso), lang);

/**
 * A moment with its time, in Bangkok's time (the platform's: months close there), whatever the
 * time zone of the machine that renders it: Nov 25, 2026, 5:05 PM (Bangkok time); 25 พ.ย. 2569
 * 17:05 น. (เวลาไทย). The zone's name follows `zone` (clock.ts): always in an e-mail, whose
 * reader's clock is unknown; in the app, when the browser's clock reads otherwise.
 */
export function formatTimestamp(iso: string, lang: NotificationLanguage, zone: ZoneLabel = 'always') {
  const value = Date.parse(iso);
  if (Number.isNaN(value)) throw new MissingParam(iso);
  return formatDateTime(value, lang, zone);
}

/** A month (YYYY-MM-01): November 2026; พฤศจิกายน 2569. */
export const formatMonth = (iso: string, lang: NotificationLanguage) => formatMonthOf(calendarDay(iso), lang);

/** The calendar day a param names (YYYY-MM-DD, or the day part of a longer text). */
function calendarDay(iso: string): string {
  const match = /^\d{4}-\d{2}-\d{2}/.exec(iso);
  if (!match) throw new MissingParam(iso);
  return match[0];
}

// ---------------------------------------------------------------------------------------------
// Reading params: a missing or ill-typed one makes the generic notification, never an error
// ---------------------------------------------------------------------------------------------

/** The demo's own words (supabase/seed.sql) in Thai: the texts src/lib/demo-texts.ts shows on the pages. */
const demoThai: Readonly<Record<string, string>> = demoThaiTexts;

/** The params that may hold a demo row's text: a video's title, a campaign's title. */
const demoParams = ['title', 'brief_title'];

/**
 * A demo row's texts in the reader's language: the seed wrote them in English, and params.demo
 * names the params that hold one (private.notify writes it: a demo video's title, a demo
 * campaign's title). A Thai reader reads them in Thai, as the pages show the demo rows; what
 * people wrote, even on a demo campaign, stays as they wrote it.
 */
export function withDemoTexts(params: NotificationParams, lang: NotificationLanguage): NotificationParams {
  const named = params.demo;
  if (lang !== 'th' || !Array.isArray(named)) return params;
  const shown: NotificationParams = { ...params };
  for (const name of named) {
    const value = typeof name === 'string' && demoParams.includes(name) ? params[name] : undefined;
    if (typeof value === 'string' && Object.hasOwn(demoThai, value)) shown[name as string] = demoThai[value];
  }
  return shown;
}

function reader(params: NotificationParams) {
  const value = (name: string) => params[name];
  const text = (name: string): string => {
    const found = value(name);
    if (typeof found === 'string' && found.trim() !== '') return found;
    if (typeof found === 'number' && Number.isFinite(found)) return String(found);
    throw new MissingParam(name);
  };
  const optionalText = (name: string): string | null => {
    const found = value(name);
    return typeof found === 'string' && found.trim() !== '' ? found : null;
  };
  const integer = (name: string): number => {
    const found = value(name);
    if (typeof found === 'number' && Number.isFinite(found)) return found;
    if (typeof found === 'string' && /^-?\d+$/.test(found)) return Number(found);
    throw new MissingParam(name);
  };
  const strings = (name: string): string[] => {
    const found = value(name);
    if (Array.isArray(found) && found.every((item) => typeof item === 'string')) return found;
    throw new MissingParam(name);
  };
  return { value, text, optionalText, integer, strings };
}

type Reader = ReturnType<typeof reader>;

/** {{name}} → values[name]; every placeholder of our texts has a value (a test checks). */
const fill = (template: string, values: Record<string, string>) => template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

const label = (table: Record<string, string>, code: string) => (Object.hasOwn(table, code) ? table[code] : code);

type Draft = { body: string; values?: Record<string, string>; link: string };

/** Which body, with what values, and where it leads, for each type. */
function draft(type: NotificationType, p: Reader, lang: NotificationLanguage, t: Texts['types'], zone: ZoneLabel): Draft {
  // A video may have no title, and a pitch has no campaign: say so rather than fall back to "Something changed".
  const title = () => p.optionalText('title') ?? texts[lang].fallbacks.video;
  const briefTitle = () => p.optionalText('brief_title') ?? texts[lang].fallbacks.brief;
  // A video's campaign, as its sentence names it (in Thai "แคมเปญ …"), or the pitch it is.
  const videoBrief = () => {
    const brief = p.optionalText('brief_title');
    return brief === null ? texts[lang].fallbacks.brief : fill(texts[lang].fallbacks.campaign, { brief });
  };
  const isPitch = () => p.optionalText('brief_title') === null;
  const money = (name: string) => formatSatang(p.integer(name), lang);
  const day = (name: string) => formatDay(p.text(name), lang);
  const moment = (name: string) => formatTimestamp(p.text(name), lang, zone);
  const month = (name: string) => formatMonth(p.text(name), lang);
  switch (type) {
    case 'video_approved': {
      // A pitch is reviewed but never paid: its approval says so rather than "its views now count".
      const body = isPitch() ? t.video_approved.bodyPitch : p.value('auto') === true ? t.video_approved.bodyAuto : t.video_approved.body;
      return { body, values: { title: title(), brief: videoBrief() }, link: links.campaignVideos };
    }
    case 'video_rejected': {
      const note = p.optionalText('note');
      const reason = label(texts[lang].reviewReasons, p.text('reason'));
      return { body: note ? t.video_rejected.bodyWithNote : t.video_rejected.body, values: { title: title(), brief: videoBrief(), reason, note: note ?? '' }, link: links.campaignVideos };
    }
    case 'video_not_counted':
      return { body: t.video_not_counted.body, values: { title: title(), reason: p.text('reason') }, link: links.videos };
    case 'video_unavailable':
      return { body: t.video_unavailable.body, values: { title: title() }, link: links.videos };
    case 'brief_closed':
    case 'brief_budget_reached':
      return { body: t[type].body, values: { brief: briefTitle() }, link: links.brief(p.text('brief')) };
    case 'brief_deadline_near':
      return { body: t.brief_deadline_near.body, values: { brief: briefTitle(), deadline: day('deadline') }, link: links.brief(p.text('brief')) };
    case 'statement_ready':
      return { body: t.statement_ready.body, values: { month: month('month'), amount: money('earning_satang') }, link: links.earnings };
    case 'payout_sent': {
      const reference = p.optionalText('reference');
      return {
        body: reference ? t.payout_sent.bodyWithReference : t.payout_sent.body,
        values: { amount: money('net_satang'), month: month('month'), date: day('paid_on'), reference: reference ?? '' },
        link: links.earnings,
      };
    }
    case 'tiktok_expiring':
      return { body: t.tiktok_expiring.body, values: { date: moment('expires_at') }, link: links.integrations };
    case 'tiktok_revoked':
      return { body: p.value('reason') === 'deauthorized' ? t.tiktok_revoked.bodyDeauthorized : t.tiktok_revoked.bodyRefreshFailed, link: links.integrations };
    case 'creator_joined':
      return { body: t.creator_joined.body, values: { creator: p.text('creator_name'), brief: briefTitle() }, link: links.brief(p.text('brief')) };
    case 'review_waiting':
      return {
        body: t.review_waiting.body,
        values: { creator: p.text('creator_name'), title: title(), brief: videoBrief(), time: moment('auto_approve_at') },
        link: links.review,
      };
    case 'review_auto_approve_soon':
      return { body: t.review_auto_approve_soon.body, values: { title: title(), brief: videoBrief(), time: moment('auto_approve_at') }, link: links.review };
    case 'budget_80':
      return { body: t.budget_80.body, values: { brief: briefTitle(), committed: money('committed_satang'), budget: money('budget_satang') }, link: links.brief(p.text('brief')) };
    case 'budget_reached':
      return { body: t.budget_reached.body, values: { brief: briefTitle(), budget: money('budget_satang') }, link: links.brief(p.text('brief')) };
    case 'invoice_issued':
      return { body: t.invoice_issued.body, values: { month: month('month'), amount: money('charge_satang') }, link: links.payments };
    case 'fraud_signal': {
      const signals = p.strings('signals').map((code) => label(texts[lang].signals, code));
      return { body: t.fraud_signal.body, values: { title: title(), creator: p.text('creator_name'), signals: signals.join(', ') }, link: links.adminContent };
    }
    case 'payouts_due':
      return {
        body: t.payouts_due.body,
        values: { month: month('month'), count: new Intl.NumberFormat(localeOf(lang)).format(p.integer('payouts')), amount: money('net_satang') },
        link: links.adminPayments,
      };
  }
}

/** The generic notification: what an unknown type or incomplete params read as. */
export const genericNotification = (lang: NotificationLanguage): RenderedNotification => ({
  title: texts[lang].generic.title,
  body: texts[lang].generic.body,
  link: links.dashboard,
});

/** How a notification is rendered: when its times carry the zone's name (clock.ts; by default always, as in an e-mail). */
export type RenderOptions = { zone?: ZoneLabel };

/**
 * A notification's title, body and link (a path of the SPA) in `lang`; never throws. The app
 * passes `{ zone: 'reader' }`: its times then carry "(Bangkok time)" only for a reader whose
 * clock reads otherwise.
 */
export function renderNotification(lang: NotificationLanguage, type: string, params: unknown, options: RenderOptions = {}): RenderedNotification {
  const language: NotificationLanguage = lang === 'th' ? 'th' : 'en';
  if (!isNotificationType(type) || typeof params !== 'object' || params === null || Array.isArray(params)) return genericNotification(language);
  try {
    const t = texts[language].types;
    const made = draft(type, reader(withDemoTexts(params as NotificationParams, language)), language, t, options.zone ?? 'always');
    return { title: t[type].title, body: fill(made.body, made.values ?? {}), link: made.link };
  } catch (error) {
    if (error instanceof MissingParam || error instanceof RangeError) return genericNotification(language);
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// E-mail
// ---------------------------------------------------------------------------------------------

export type EmailItem = { params: unknown; created_at: string };
export type RenderedEmail = { subject: string; text: string; html: string };

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

/**
 * One e-mail for one or several (batched) notifications of one type, in `lang`: the subject
 * from the type (with the count when several), each one's title, body and absolute link, and
 * a footer that says where these e-mails are switched off. The Thai e-mail also opens with a
 * greeting and closes with a sign-off, as Thai services write (an empty one, as in English,
 * leaves its line out). Params carry what users wrote (titles, notes): the HTML escapes
 * everything it did not write itself.
 */
export function renderEmail(lang: NotificationLanguage, type: string, items: EmailItem[], appUrl: string): RenderedEmail {
  const language: NotificationLanguage = lang === 'th' ? 'th' : 'en';
  const words = texts[language];
  const base = appUrl.replace(/\/+$/, '');
  const rendered = items.map((item) => {
    // The reader's clock is unknown: every time says it is Bangkok's.
    const notification = renderNotification(language, type, item.params, { zone: 'always' });
    let when = '';
    try {
      when = formatTimestamp(item.created_at, language, 'always');
    } catch {
      // An unreadable time leaves the line out; the notification itself still reads.
    }
    return { ...notification, when, url: `${base}${notification.link}` };
  });
  const subjects = isEmailType(type) ? words.email.subjects[type] : null;
  const subject = !subjects
    ? words.generic.title
    : rendered.length > 1
      ? fill(subjects.many, { count: new Intl.NumberFormat(localeOf(language)).format(rendered.length) })
      : subjects.one;
  const settingsUrl = `${base}${links.notificationSettings}`;

  const { greeting, signOff } = words.email;
  const text = [
    subject,
    '',
    ...(greeting ? [greeting, ''] : []),
    ...rendered.flatMap((item) => [item.title, ...(item.when ? [item.when] : []), item.body, `${words.email.open}: ${item.url}`, '']),
    ...(signOff ? [signOff, ''] : []),
    '--',
    `${words.email.footer} ${settingsUrl}`,
    '',
  ].join('\n');

  const e = escapeHtml;
  const html = [
    '<!doctype html>',
    `<html lang="${language}"><head><meta charset="utf-8"><title>${e(subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f8fafc;color:#0f172a;font-family:-apple-system,Segoe UI,Roboto,Noto Sans Thai,sans-serif;line-height:1.5">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:12px;padding:24px">',
    `<h1 style="margin:0 0 16px;font-size:20px">${e(subject)}</h1>`,
    ...(greeting ? [`<p style="margin:0 0 16px">${e(greeting)}</p>`] : []),
    ...rendered.map(
      (item) =>
        '<div style="margin:0 0 16px;padding:0 0 16px;border-bottom:1px solid #e2e8f0">' +
        `<p style="margin:0;font-weight:600">${e(item.title)}</p>` +
        (item.when ? `<p style="margin:0;font-size:13px;color:#475569">${e(item.when)}</p>` : '') +
        `<p style="margin:4px 0 8px">${e(item.body)}</p>` +
        `<a href="${e(item.url)}" style="color:#4f46e5;font-weight:600">${e(words.email.open)}</a>` +
        '</div>',
    ),
    ...(signOff ? [`<p style="margin:16px 0 0">${e(signOff)}</p>`] : []),
    `<p style="margin:16px 0 0;font-size:13px;color:#475569">${e(words.email.footer)} <a href="${e(settingsUrl)}" style="color:#4f46e5">${e(settingsUrl)}</a></p>`,
    '</div></body></html>',
  ].join('\n');

  return { subject, text, html };
}
