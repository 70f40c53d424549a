import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { AppError } from '@/lib/errors';
import { sessionlessClient } from '@/lib/supabase';
import { isTikTokUsername, stripAt } from './profile-rules';

const optionalText = z.string().trim().max(200).optional().or(z.literal(''));

const common = {
  email: z.string().trim().default(''),
  password: z.string().default(''),
  firstName: optionalText,
  lastName: optionalText,
};

/** The sign-up form, per account type; messages are translation keys (spec §5, §8). */
export const signUpSchema = z
  .discriminatedUnion('userType', [
    z.object({
      userType: z.literal('creator'),
      ...common,
      tiktokUsername: optionalText,
      followerCount: optionalText,
    }),
    z.object({
      userType: z.literal('brand'),
      ...common,
      companyName: optionalText,
      website: optionalText,
      industry: optionalText,
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
    if (input.userType === 'creator') {
      if (!input.firstName) return fail('auth:validation.firstNameRequired', 'firstName');
      if (input.tiktokUsername && !isTikTokUsername(stripAt(input.tiktokUsername))) return fail('auth:validation.tiktokUsername', 'tiktokUsername');
      if (input.followerCount && !/^\d{1,10}$/.test(input.followerCount.replace(/[,\s]/g, ''))) return fail('auth:validation.followerCount', 'followerCount');
    }
    if (input.userType === 'brand' && !input.firstName) return fail('auth:validation.brandNameRequired', 'firstName');
    if (input.userType === 'admin' && !input.inviteCode) return fail('auth:validation.inviteRequired', 'inviteCode');
  });

export type SignUpInput = z.input<typeof signUpSchema>;

/** The metadata the sign-up trigger turns into a profile (spec §5). */
export function signUpMetadata(input: z.output<typeof signUpSchema>): Record<string, unknown> {
  const data: Record<string, unknown> = {
    user_type: input.userType,
    role: input.userType,
    first_name: input.firstName || undefined,
    last_name: input.lastName || undefined,
  };
  if (input.userType === 'creator') {
    if (input.tiktokUsername) data.tiktok_username = stripAt(input.tiktokUsername);
    if (input.followerCount) data.follower_count = Number.parseInt(input.followerCount.replace(/[,\s]/g, ''), 10);
  }
  if (input.userType === 'brand') {
    data.company_name = input.companyName || undefined;
    data.website = input.website || undefined;
    data.industry = input.industry || undefined;
  }
  if (input.userType === 'admin') data.admin_invite_code = input.inviteCode;
  return JSON.parse(JSON.stringify(data)) as Record<string, unknown>;
}

function signUpErrorKey(error: { code?: string; status?: number }): string {
  switch (error.code) {
    case 'user_already_exists':
      return 'auth:messages.userExists';
    case 'weak_password':
      return 'auth:validation.passwordTooShort';
    case 'email_address_invalid':
      return 'auth:validation.emailInvalid';
    case 'admin_invite_invalid':
      return 'auth:messages.inviteInvalid';
    case 'invalid_profile':
    case 'invalid_follower_count':
      return 'auth:messages.profileInvalid';
  }
  return error.status === 429 ? 'auth:messages.tooManyAttempts' : 'auth:messages.registrationFailed';
}

/**
 * Creates the account, then ends the session sign-up opened: the person signs in
 * next (spec: after sign-up the user goes to /login). A sessionless client keeps
 * this browser signed out throughout.
 */
export async function signUp(input: SignUpInput) {
  const parsed = signUpSchema.safeParse(input);
  if (!parsed.success) throw new AppError(parsed.error.issues[0].message);
  const client = sessionlessClient();
  if (parsed.data.userType === 'admin') {
    const { data: valid, error } = await client.rpc('admin_invite_is_valid', { code: parsed.data.inviteCode });
    if (error) throw new AppError('auth:messages.registrationFailed', error.message);
    if (!valid) throw new AppError('auth:messages.inviteInvalid');
  }
  const { data, error } = await client.auth.signUp({
    email: parsed.data.email,
    password: parsed.data.password,
    options: { data: signUpMetadata(parsed.data) },
  });
  if (error) throw new AppError(signUpErrorKey(error), error.message);
  if (data.session) await client.auth.signOut();
  return { userType: parsed.data.userType };
}

export const useSignUp = () => useMutation({ mutationFn: signUp });
