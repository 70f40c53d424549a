import type { Column, Relation, Routine, SchemaCache } from './schema-cache';

/**
 * GET /rest/v1/: PostgREST 12's OpenAPI (Swagger 2.0) description of the exposed schema, from the
 * schema cache: a path per table, view and function, a definition per table and view.
 * The subset PostgREST's own generator writes (Response/OpenAPI.hs), less enums and max lengths.
 */

type Json = Record<string, unknown>;

const mediaTypes = ['application/json', 'application/vnd.pgrst.object+json;nulls=stripped', 'application/vnd.pgrst.object+json', 'text/csv'];

/** The type without its modifiers (`character varying`, not `character varying(200)`), as PostgREST names it. */
const typeName = (type: string) => type.replace(/\(\d+(?:,\d+)?\)/, '');

/** PostgREST's toSwaggerType: undefined for json and jsonb, which take any shape. */
function swaggerType(type: string): string | undefined {
  if (['json', 'jsonb'].includes(type)) return undefined;
  if (type.endsWith('[]')) return 'array';
  if (type === 'boolean') return 'boolean';
  if (['smallint', 'integer', 'bigint'].includes(type)) return 'integer';
  if (['numeric', 'real', 'double precision'].includes(type)) return 'number';
  return 'string';
}

/** A string default written as `'text'::type` is given as the text, as PostgREST's parseDefault does. */
function defaultOf(column: Column): unknown {
  if (column.defaultExpr === null) return undefined;
  const type = swaggerType(typeName(column.type));
  const literal = /^'((?:[^']|'')*)'::[\w\s."[\]]+$/.exec(column.defaultExpr)?.[1]?.replaceAll("''", "'");
  if (type === 'string') return literal ?? column.defaultExpr;
  try {
    return JSON.parse(column.defaultExpr);
  } catch {
    return undefined;
  }
}

function property(cache: SchemaCache, relation: Relation, column: Column): Json {
  const notes = ['Note:'];
  if (relation.primaryKey.includes(column.name)) notes.push('This is a Primary Key.<pk/>');
  const fk = cache.foreignKeys.find((key) => key.from === relation.name && key.fromColumns.length === 1 && key.fromColumns[0] === column.name);
  if (fk) notes.push(`This is a Foreign Key to \`${fk.to}.${fk.toColumns[0]}\`.<fk table='${fk.to}' column='${fk.toColumns[0]}'/>`);
  const description = notes.length > 1 ? `${column.description ? `${column.description}\n\n` : ''}${notes.join('\n')}` : column.description;
  const format = typeName(column.type);
  const type = swaggerType(format);
  return {
    default: defaultOf(column),
    description: description ?? undefined,
    format,
    type,
    items: type === 'array' ? { type: swaggerType(format.slice(0, -2)) } : undefined,
  };
}

function definition(cache: SchemaCache, relation: Relation): Json {
  const columns = [...relation.columns.values()];
  return {
    description: relation.description ?? undefined,
    required: columns.filter((column) => !column.nullable).map((column) => column.name),
    properties: Object.fromEntries(columns.map((column) => [column.name, property(cache, relation, column)])),
    type: 'object',
  };
}

const ref = (name: string) => ({ $ref: `#/parameters/${name}` });

function relationPath(relation: Relation): Json {
  const tags = [relation.name];
  const filters = [...relation.columns.keys()].map((column) => ref(`rowFilter.${relation.name}.${column}`));
  const get = {
    tags,
    parameters: [...filters, ...['select', 'order', 'range', 'rangeUnit', 'offset', 'limit', 'preferCount'].map(ref)],
    responses: { 200: { description: 'OK', schema: { type: 'array', items: { $ref: `#/definitions/${relation.name}` } } }, 206: { description: 'Partial Content' } },
  };
  if (!relation.writable) return { get };
  return {
    get,
    post: { tags, parameters: [`body.${relation.name}`, 'select', 'preferPost'].map(ref), responses: { 201: { description: 'Created' } } },
    delete: { tags, parameters: [...filters, ref('preferReturn')], responses: { 204: { description: 'No Content' } } },
    patch: { tags, parameters: [...filters, ref(`body.${relation.name}`), ref('preferReturn')], responses: { 204: { description: 'No Content' } } },
  };
}

function routinePath(routine: Routine): Json {
  const named = routine.args.filter((arg) => arg.name !== '');
  const common = {
    tags: [`(rpc) ${routine.name}`],
    produces: ['application/json', 'application/vnd.pgrst.object+json;nulls=stripped', 'application/vnd.pgrst.object+json'],
    responses: { 200: { description: 'OK' } },
  };
  const schema = {
    type: 'object',
    properties: Object.fromEntries(named.map((arg) => [arg.name, { format: arg.type, type: swaggerType(arg.type) }])),
    required: named.filter((arg) => !arg.hasDefault).map((arg) => arg.name),
  };
  return {
    get: { ...common, parameters: named.map((arg) => ({ format: arg.type, in: 'query', name: arg.name, required: !arg.hasDefault, type: arg.isArray ? 'string' : swaggerType(arg.type) ?? 'string' })) },
    post: { ...common, parameters: [{ in: 'body', name: 'args', required: true, schema }, ref('preferParams')] },
  };
}

const queryParam = (name: string, description?: string) => ({ name, description, required: false, in: 'query', type: 'string' });
const preferParam = (values: string[]) => ({ name: 'Prefer', description: 'Preference', required: false, in: 'header', type: 'string', enum: values });

export function openApiDocument(cache: SchemaCache, origin: URL, version: string): Json {
  const relations = [...cache.relations.values()].sort((a, b) => a.name.localeCompare(b.name));
  const routines = [...cache.routines.values()].map((overloads) => overloads[overloads.length - 1]).sort((a, b) => a.name.localeCompare(b.name));
  const [title, ...rest] = (cache.description ?? '').split('\n');
  const parameters: Json = {
    preferParams: preferParam(['params=single-object']),
    preferReturn: preferParam(['return=representation', 'return=minimal', 'return=none']),
    preferCount: preferParam(['count=none']),
    preferPost: preferParam(['return=representation', 'return=minimal', 'return=none', 'resolution=ignore-duplicates', 'resolution=merge-duplicates']),
    select: queryParam('select', 'Filtering Columns'),
    on_conflict: queryParam('on_conflict', 'On Conflict'),
    order: queryParam('order', 'Ordering'),
    range: { name: 'Range', description: 'Limiting and Pagination', required: false, in: 'header', type: 'string' },
    rangeUnit: { name: 'Range-Unit', description: 'Limiting and Pagination', required: false, default: 'items', in: 'header', type: 'string' },
    offset: queryParam('offset', 'Limiting and Pagination'),
    limit: queryParam('limit', 'Limiting and Pagination'),
  };
  for (const relation of relations) {
    parameters[`body.${relation.name}`] = { name: relation.name, description: relation.name, required: false, in: 'body', schema: { $ref: `#/definitions/${relation.name}` } };
    for (const column of relation.columns.values()) {
      parameters[`rowFilter.${relation.name}.${column.name}`] = queryParam(column.name, column.description ?? undefined);
    }
  }
  return {
    swagger: '2.0',
    info: { description: rest.join('\n').replace(/^\n+/, '') || 'This is a dynamic API generated by PostgREST', title: title || 'PostgREST API', version },
    host: origin.host,
    basePath: '/rest/v1/',
    schemes: [origin.protocol.replace(':', '')],
    consumes: mediaTypes,
    produces: mediaTypes,
    paths: {
      '/': { get: { tags: ['Introspection'], summary: 'OpenAPI description (this document)', produces: ['application/openapi+json', 'application/json'], responses: { 200: { description: 'OK' } } } },
      ...Object.fromEntries(relations.map((relation) => [`/${relation.name}`, relationPath(relation)])),
      ...Object.fromEntries(routines.map((routine) => [`/rpc/${routine.name}`, routinePath(routine)])),
    },
    definitions: Object.fromEntries(relations.map((relation) => [relation.name, definition(cache, relation)])),
    parameters,
    externalDocs: { description: 'PostgREST Documentation', url: 'https://postgrest.org/en/v12/references/api.html' },
  };
}
