import {
  BadgeCheck,
  BarChart3,
  Gift,
  Globe2,
  GraduationCap,
  HandCoins,
  Palette,
  Radio,
  Rocket,
  ShieldCheck,
  TrendingUp,
  type LucideIcon,
} from 'lucide-react';

/** Spec §1's lists, in its order, with their icons; the home and features pages word them differently. */
export const brandBenefits = [
  ['network', BadgeCheck],
  ['safety', ShieldCheck],
  ['pricing', HandCoins],
  ['analytics', BarChart3],
  ['launch', Rocket],
  ['reporting', Radio],
] as const satisfies readonly (readonly [string, LucideIcon])[];

export const creatorBenefits = [
  ['growth', TrendingUp],
  ['fairPay', HandCoins],
  ['freedom', Palette],
  ['reach', Globe2],
  ['perks', Gift],
  ['career', GraduationCap],
] as const satisfies readonly (readonly [string, LucideIcon])[];

/** How it works, in 4 steps. */
export const howItWorksSteps = ['signUp', 'activation', 'live', 'pay'] as const;
