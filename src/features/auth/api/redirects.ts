/** The spec's rules for user types and where people land (spec §2 redirect rules, §4). */

import { paths } from '@/lib/paths';

export const userTypes = ['creator', 'brand', 'admin'] as const;
export type UserType = (typeof userTypes)[number];

export const isUserType = (value: unknown): value is UserType => userTypes.includes(value as UserType);

/** The profile's type, else the sign-up metadata's when it is a known type, else creator. */
export function resolveUserType(profileType: unknown, metadataType: unknown): UserType {
  if (isUserType(profileType)) return profileType;
  if (isUserType(metadataType)) return metadataType;
  return 'creator';
}

/** A user's home: the dashboard of their type, or the /dashboard router for anything else. */
export function homePathFor(userType: unknown): string {
  return isUserType(userType) ? paths.dashboard[userType].getHref() : paths.dashboard.root.getHref();
}

/** Only a path on this site may be a redirect target: never another origin. */
export function safeInternalPath(target: string | null | undefined): string | null {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null;
  return target;
}

/** After sign-in: admins go to /admin; others to 'from' when they have a profile or type; else /dashboard. */
export function loginTarget({ isAdmin, from, hasProfileOrType }: { isAdmin: boolean; from: string | null; hasProfileOrType: boolean }): string {
  if (isAdmin) return paths.admin.getHref();
  const target = safeInternalPath(from);
  if (target && hasProfileOrType) return target;
  return paths.dashboard.root.getHref();
}

/** The user menu's label: the first name, else the e-mail before the @, else the word for profile. */
export function menuLabel(firstName: string | null | undefined, email: string | null | undefined, profileWord: string): string {
  const name = firstName?.trim();
  if (name) return name;
  const local = email?.split('@')[0]?.trim();
  return local || profileWord;
}

export type Access = 'allowed' | 'sign-in';

/** Dashboards need a signed-in user of the right type; anyone else goes to the sign-in page. */
export function accessTo(required: UserType | 'any', state: { signedIn: boolean; userType: UserType | null }): Access {
  if (!state.signedIn) return 'sign-in';
  if (required === 'any' || state.userType === required) return 'allowed';
  return 'sign-in';
}
