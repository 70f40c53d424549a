export type Prefer = {
  returnMode: 'minimal' | 'representation' | 'headers-only';
  count: boolean;
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missingDefault: boolean;
  /** tx=rollback: answer as usual, then roll the transaction back. */
  rollback: boolean;
  /** handling=strict: unknown preferences are refused, and max-affected applies. */
  strict: boolean;
  maxAffected?: number;
  /** A timezone= value; the handler applies it only if PostgreSQL knows the name. */
  timezone?: string;
  /** params=single-object, which the local backend does not implement. */
  singleObjectParams: boolean;
  /** Preferences PostgREST does not know, refused with handling=strict (PGRST122). */
  invalid: string[];
  /** Preference-Applied values up to handling=; see appliedPreferences for the rest. */
  applied: string[];
};

const known = {
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  return: ['representation', 'minimal', 'headers-only'],
  params: ['single-object'],
  count: ['exact', 'planned', 'estimated'],
  tx: ['commit', 'rollback'],
  handling: ['strict', 'lenient'],
} as const;

type Key = keyof typeof known;

/**
 * Reads the Prefer header(s) as PostgREST does (RFC 7240): comma-separated, the first value
 * of each preference wins, unknown ones are ignored unless handling=strict.
 */
export function parsePrefer(header: string | undefined): Prefer {
  const chosen = new Map<Key, string>();
  const invalid: string[] = [];
  let maxAffected: number | undefined;
  let timezone: string | undefined;
  for (const part of (header ?? '').split(',').map((piece) => piece.trim()).filter(Boolean)) {
    const [key, value] = part.split(/=(.*)/s, 2);
    if (key === 'max-affected') {
      if (maxAffected === undefined && /^\d{1,15}$/.test(value ?? '')) maxAffected = Number(value);
      continue;
    }
    if (key === 'timezone' && value) {
      timezone ??= value;
      continue;
    }
    if (key in known && (known[key as Key] as readonly string[]).includes(value)) {
      if (!chosen.has(key as Key)) chosen.set(key as Key, value);
      continue;
    }
    invalid.push(part);
  }
  const strict = chosen.get('handling') === 'strict';
  const applied = (['resolution', 'missing', 'return', 'params', 'count', 'tx', 'handling'] as const)
    .filter((key) => chosen.has(key))
    .map((key) => `${key}=${chosen.get(key)}`);
  return {
    returnMode: (chosen.get('return') as Prefer['returnMode'] | undefined) ?? 'minimal',
    count: chosen.has('count'),
    resolution: chosen.get('resolution') as Prefer['resolution'],
    missingDefault: chosen.get('missing') === 'default',
    rollback: chosen.get('tx') === 'rollback',
    strict,
    maxAffected,
    timezone,
    singleObjectParams: chosen.has('params'),
    invalid,
    applied,
  };
}

/** The Preference-Applied values in PostgREST's order; timezone only when PostgreSQL accepted it. */
export function appliedPreferences(prefer: Prefer, timezoneApplied: boolean): string[] {
  const applied = [...prefer.applied];
  if (timezoneApplied) applied.push(`timezone=${prefer.timezone}`);
  if (prefer.strict && prefer.maxAffected !== undefined) applied.push(`max-affected=${prefer.maxAffected}`);
  return applied;
}
