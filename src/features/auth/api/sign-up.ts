import { useMutation } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { AppError, parseOrThrow, toAppError } from '@/lib/errors';
import type { RefusalFields } from '@/lib/field-errors';
import { paths } from '@/lib/paths';
import { sessionlessClient } from '@/lib/supabase';
import { textLimits, utf8Bytes } from '@/lib/text-limits';

/** Text the profile keeps, as long as its column (profiles' check constraints). */
const optionalText = (max: number) => z.string().trim().max(max, 'auth:validation.tooLong').optional().or(z.literal(''));

const common = {
  email: z.string().trim().max(textLimits.email, 'auth:validation.emailInvalid').default(''),
  password: z.string().refine((password) => utf8Bytes(password) <= textLimits.passwordBytes, 'auth:validation.passwordTooLong').default(''),
  firstName: optionalText(textLimits.firstName),
  lastName: optionalText(textLimits.lastName),
};

/**
 * The sign-up form's shape, per account type; messages are translation keys (spec §5, §8).
 * The profile rules (TikTok username, follower count, website) are the database's.
 */
export const signUpSchema = z
  .discriminatedUnion('userType', [
    z.object({
      userType: z.literal('creator'),
      ...common,
      // With the @ people type before it, which the database strips.
      tiktokUsername: optionalText(textLimits.tiktokUsername + 1),
      followerCount: optionalText(20),
    }),
    z.object({
      userType: z.literal('brand'),
      ...common,
      companyName: optionalText(textLimits.companyName),
      website: optionalText(textLimits.website),
      industry: optionalText(textLimits.industry),
    }),
    z.object({
      userType: z.literal('admin'),
      ...common,
      inviteCode: z.string().trim().default(''),
    }),
  ])
  .superRefine((input, ctx) => {
    const fail = (message: string, path: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
    if (!input.email || !input.password) return fail('auth:validation.emailPasswordRequired', 'email');
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(input.email)) return fail('auth:validation.emailInvalid', 'email');
    if (input.password.length < 6) return fail('auth:validation.passwordTooShort', 'password');
    if (input.userType === 'creator' && !input.firstName) return fail('auth:validation.firstNameRequired', 'firstName');
    if (input.userType === 'brand' && !input.firstName) return fail('auth:validation.brandNameRequired', 'firstName');
    if (input.userType === 'admin' && !input.inviteCode) return fail('auth:validation.inviteRequired', 'inviteCode');
  });

export type SignUpInput = z.input<typeof signUpSchema>;

type SignUpField = 'email' | 'password' | 'firstName' | 'lastName' | 'tiktokUsername' | 'followerCount' | 'companyName' | 'website' | 'industry' | 'inviteCode';

/** The refusals of a sign-up (the auth server's, and the profile trigger's), under the field they concern (issue 33). */
export const signUpRefusalFields: RefusalFields<SignUpField> = {
  codes: {
    email_address_invalid: 'email',
    user_already_exists: 'email',
    weak_password: 'password',
    invalid_tiktok_username: 'tiktokUsername',
    tiktok_handle_taken: 'tiktokUsername',
    invalid_follower_count: 'followerCount',
    invalid_website: 'website',
    admin_invite_invalid: 'inviteCode',
  },
  constraints: {
    profiles_first_name_check: 'firstName',
    profiles_last_name_check: 'lastName',
    profiles_company_name_check: 'companyName',
    profiles_industry_check: 'industry',
  },
};

/** The metadata the sign-up trigger turns into a profile (spec §5), as typed: the trigger normalises and checks it. */
export function signUpMetadata(input: z.output<typeof signUpSchema>): Record<string, unknown> {
  const data: Record<string, unknown> = {
    user_type: input.userType,
    role: input.userType,
    first_name: input.firstName || undefined,
    last_name: input.lastName || undefined,
  };
  if (input.userType === 'creator') {
    data.tiktok_username = input.tiktokUsername || undefined;
    data.follower_count = input.followerCount || undefined;
  }
  if (input.userType === 'brand') {
    data.company_name = input.companyName || undefined;
    data.website = input.website || undefined;
    data.industry = input.industry || undefined;
  }
  if (input.userType === 'admin') data.admin_invite_code = input.inviteCode;
  return Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined));
}

/**
 * Creates the account, then ends the session sign-up opened: the person signs in
 * next (spec: after sign-up the user goes to /login). A sessionless client keeps
 * this browser signed out throughout.
 */
export async function signUp(input: SignUpInput) {
  const form = parseOrThrow(signUpSchema.safeParse(input));
  const client = sessionlessClient();
  // Hosted GoTrue reports a refused trigger as a bare 500, so the invite is checked first.
  if (form.userType === 'admin') {
    const { data: valid, error } = await client.rpc('admin_invite_is_valid', { code: form.inviteCode });
    if (error) throw toAppError(error, 'registration_failed');
    if (!valid) throw new AppError('admin_invite_invalid');
  }
  const { data, error } = await client.auth.signUp({
    email: form.email,
    password: form.password,
    // While addresses are confirmed, the e-mailed link leads to the sign-in page (outside a
    // browser, where there is no page to return to, to the auth server's site URL).
    options: { data: signUpMetadata(form), emailRedirectTo: globalThis.location ? `${globalThis.location.origin}${paths.auth.login.getHref()}` : undefined },
  });
  if (error) throw toAppError(error, 'registration_failed');
  // While addresses are confirmed, GoTrue answers a confirmed address with a made-up user
  // without identities instead of 422 user_already_exists (supabase-js's documented check).
  if (!data.session && data.user?.identities?.length === 0) throw new AppError('user_already_exists');
  if (data.session) await client.auth.signOut();
  return { userType: form.userType };
}

export const useSignUp = () => useMutation({ mutationFn: signUp });
