import type { ParseKeys } from 'i18next';
import { i18n } from '@/i18n';

/** A translation key in any namespace ("auth:validation.emailInvalid"). */
export type MessageKey = ParseKeys;

/** Schema messages travel as plain strings (zod keeps them so); this checks one is a real key. */
export const isMessageKey = (key: string): key is MessageKey => i18n.exists(key);
