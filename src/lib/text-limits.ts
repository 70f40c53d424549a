/**
 * The longest text each typed field may hold: the database's own limit (a check constraint, or
 * a refusal of the function or trigger that writes it), so that a form stops where the database
 * would (issue 33). Characters, as PostgreSQL's char_length and an input's maxLength count them
 * for Thai and English alike; the password's is bytes, as GoTrue counts it.
 * tests/integration/field-limits.test.ts holds every figure against the database.
 */
export const textLimits = {
  /** The link a creator pastes (tiktok-scraper's payload; tiktok_videos.share_url). */
  videoUrl: 2048,
  /** tiktok_videos.title: the video's name. */
  videoTitle: 300,
  /** profiles: a creator's names, a brand's name and contact. */
  firstName: 100,
  lastName: 100,
  companyName: 200,
  /** profiles.industry: a brand's category. */
  industry: 100,
  /** profiles.website (private.normalize_profile, after https:// is added to a bare domain). */
  website: 2048,
  /** profiles.tiktok_username (private.normalize_profile: TikTok's own rule). */
  tiktokUsername: 24,
  /** brand_briefs. */
  briefTitle: 200,
  briefDescription: 5000,
  briefText: 10000,
  reward: 200,
  /** One industry tag of a brief (private.check_brief_tags), and how many a brief has (brand_briefs_industry_check). */
  industryTag: 50,
  industryTagCount: 20,
  /** video_reviews.note: why a brand turned a video down. */
  reviewNote: 1000,
  /** An admin's reason (private.admin_reason; admin_audit_log.reason, tiktok_videos.excluded_note). */
  adminReason: 500,
  /** admin_invites.note. */
  inviteNote: 200,
  /** The transfer reference of a payout or an invoice (private.payment_reference). */
  paymentReference: 100,
  /** payout_accounts: the name on the bank account, the legal name and address for tax documents. */
  accountName: 120,
  legalName: 120,
  address: 300,
  /** An e-mail address (GoTrue, RFC 5321). */
  email: 254,
  /** A password, in UTF-8 bytes (bcrypt reads no further; GoTrue refuses longer). */
  passwordBytes: 72,
} as const;

/**
 * The check constraints that hold a length, by name, with their limit: a value one refuses (a
 * crafted request; the forms stop before) is explained as too long under its field.
 */
export const lengthConstraints: Readonly<Record<string, number>> = {
  tiktok_videos_title_check: textLimits.videoTitle,
  tiktok_videos_excluded_note_check: textLimits.adminReason,
  profiles_first_name_check: textLimits.firstName,
  profiles_last_name_check: textLimits.lastName,
  profiles_company_name_check: textLimits.companyName,
  profiles_industry_check: textLimits.industry,
  brand_briefs_title_check: textLimits.briefTitle,
  brand_briefs_description_check: textLimits.briefDescription,
  brand_briefs_brief_check: textLimits.briefText,
  brand_briefs_reward_check: textLimits.reward,
  video_reviews_note_check: textLimits.reviewNote,
  admin_audit_log_reason_check: textLimits.adminReason,
  admin_invites_note_check: textLimits.inviteNote,
  payouts_reference_check: textLimits.paymentReference,
  brand_invoice_payments_reference_check: textLimits.paymentReference,
  payout_accounts_account_name_check: textLimits.accountName,
  payout_accounts_legal_name_check: textLimits.legalName,
  payout_accounts_address_check: textLimits.address,
  // Issue 34's billing details and brand payments (Settings → Billing details, Record payment), whose forms hold the same limits.
  brand_billing_details_legal_name_check: 200,
  brand_billing_details_address_check: 500,
  brand_billing_details_billing_email_check: textLimits.email,
  brand_payments_certificate_no_check: 50,
  brand_payments_bank_reference_check: textLimits.paymentReference,
  brand_refunds_bank_reference_check: textLimits.paymentReference,
};

/** The tags field: as many tags as a brief holds, each as long as it may be, with ", " between them. */
export const tagsFieldLength = textLimits.industryTagCount * (textLimits.industryTag + 2) - 2;

/** A text's length in UTF-8 bytes (a password's limit). */
export const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;
