export type Prefer = {
  returnMode: 'minimal' | 'representation' | 'headers-only';
  count: boolean;
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missingDefault: boolean;
  applied: string[];
};

/** Reads the Prefer header; unknown or malformed preferences are ignored, as PostgREST does by default. */
export function parsePrefer(header: string | undefined): Prefer {
  const prefer: Prefer = { returnMode: 'minimal', count: false, missingDefault: false, applied: [] };
  for (const part of (header ?? '').split(',')) {
    const [key, value] = part.trim().split('=').map((piece) => piece?.trim());
    if (key === 'return' && (value === 'minimal' || value === 'representation' || value === 'headers-only')) {
      prefer.returnMode = value;
      prefer.applied.push(`return=${value}`);
    } else if (key === 'count' && (value === 'exact' || value === 'planned' || value === 'estimated')) {
      prefer.count = true;
      prefer.applied.push(`count=${value}`);
    } else if (key === 'resolution' && (value === 'merge-duplicates' || value === 'ignore-duplicates')) {
      prefer.resolution = value;
      prefer.applied.push(`resolution=${value}`);
    } else if (key === 'missing' && (value === 'default' || value === 'null')) {
      prefer.missingDefault = value === 'default';
      prefer.applied.push(`missing=${value}`);
    }
  }
  return prefer;
}
