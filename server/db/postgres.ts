import pg from 'pg';
import type { Database, Queryable, QueryResult, Row, TransactionOptions } from './types';

/** Any PostgreSQL 15+ server, reached through a connection pool. */
export async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // A pooled connection can fail while idle (server restart); the next query reconnects.
  pool.on('error', (error) => console.error('[db] idle connection error:', error.message));
  await pool.query('select 1');

  const wrap = (client: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T = Row>(sql: string, params: unknown[] = []): Promise<QueryResult<T>> {
      const result = await client.query(sql, params);
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
        const begin = options.readOnly ? 'begin read only' : 'begin';
        await client.query(options.prelude ? `${begin}; ${options.prelude}` : begin);
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
