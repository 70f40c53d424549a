import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Database, Queryable, QueryResult, Row, TransactionOptions } from './types';

/** How many statement texts are prepared by name (each connection prepares each once, on first use). */
const preparedLimit = 256;

/**
 * Names the statements worth preparing: those with parameters (every API call's SQL, whose text
 * depends only on the request's shape), up to preparedLimit texts. PostgreSQL then plans a
 * statement once per connection rather than on every request, which for the listing views
 * costs more than running them (bench/: 4-15 ms of planning against 1-2 ms of work). Past the
 * limit, statements run unnamed, as before; the limit bounds what a connection keeps.
 */
export class StatementNames {
  private readonly names = new Map<string, string>();
  constructor(private readonly limit = preparedLimit) {}

  nameFor(sql: string, params: unknown[]): string | undefined {
    if (params.length === 0) return undefined;
    const known = this.names.get(sql);
    if (known || this.names.size >= this.limit) return known;
    const name = `vp_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`;
    this.names.set(sql, name);
    return name;
  }
}

/** Any PostgreSQL 15+ server, reached through a connection pool. */
export async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // A pooled connection can fail while idle (server restart); the next query reconnects.
  pool.on('error', (error) => console.error('[db] idle connection error:', error.message));
  await pool.query('select 1');

  const statements = new StatementNames();
  const wrap = (client: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T = Row>(sql: string, params: unknown[] = []): Promise<QueryResult<T>> {
      const name = statements.nameFor(sql, params);
      const result = await (name ? client.query({ name, text: sql, values: params }) : client.query(sql, params));
      return { rows: result.rows as T[], affectedRows: result.rowCount ?? 0 };
    },
    async exec(sql: string): Promise<void> {
      await client.query(sql);
    },
  });

  const direct = wrap(pool);

  return {
    engine: 'postgres',
    query: (sql, params) => direct.query(sql, params),
    exec: (sql) => direct.exec(sql),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query(options.readOnly ? 'begin read only' : 'begin');
        const result = await fn(wrap(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
