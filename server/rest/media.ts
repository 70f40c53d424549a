import { ApiError } from './errors';

/** How an answer's rows are written: a JSON array (nulls kept or stripped), one JSON object, or CSV. */
export type BodyFormat = 'json' | 'json-stripped' | 'csv';

export type Media = { format: BodyFormat; single: boolean; contentType: string };

const json = 'application/json; charset=utf-8';
const objectType = 'application/vnd.pgrst.object+json';

type Range = { type: string; params: Map<string, string>; q: number; order: number };

function parseAccept(header: string): Range[] {
  return header
    .split(',')
    .map((part, order) => {
      const [type, ...rest] = part.split(';').map((piece) => piece.trim());
      const params = new Map(rest.map((param) => param.split('=').map((piece) => piece.trim().toLowerCase()) as [string, string]));
      const q = params.has('q') ? Number(params.get('q')) : 1;
      return { type: type.toLowerCase(), params, q: Number.isFinite(q) ? q : 0, order };
    })
    .filter((range) => range.type !== '' && range.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
}

function mediaFor(range: Range): Media | undefined {
  const stripped = range.params.get('nulls') === 'stripped';
  switch (range.type) {
    case '*/*':
    case 'application/*':
    case 'application/json':
      return { format: 'json', single: false, contentType: json };
    case 'application/vnd.pgrst.array':
    case 'application/vnd.pgrst.array+json':
      return stripped
        ? { format: 'json-stripped', single: false, contentType: 'application/vnd.pgrst.array+json;nulls=stripped; charset=utf-8' }
        : { format: 'json', single: false, contentType: json };
    case 'application/vnd.pgrst.object':
    case objectType:
      return { format: stripped ? 'json-stripped' : 'json', single: true, contentType: `${objectType}${stripped ? ';nulls=stripped' : ''}; charset=utf-8` };
    case 'text/csv':
      return { format: 'csv', single: false, contentType: 'text/csv; charset=utf-8' };
    default:
      return undefined;
  }
}

/**
 * Picks the answer's media type from Accept, as PostgREST does. Types PostgREST offers only
 * with extensions or settings Supabase leaves off (geo+json, the plan of explain(), XML,
 * octet-stream) are not available: 406 PGRST107, as on hosted Supabase without them.
 */
export function negotiate(accept: string | undefined): Media {
  if (!accept?.trim()) return { format: 'json', single: false, contentType: json };
  const ranges = parseAccept(accept);
  for (const range of ranges) {
    const media = mediaFor(range);
    if (media) return media;
  }
  throw new ApiError(406, 'PGRST107', `None of these media types are available: ${ranges.map((range) => range.type).join(', ')}`);
}
