export type Row = Record<string, unknown>;

export type QueryResult<T = Row> = { rows: T[]; affectedRows: number };

/** What a request handler needs from a connection: parameterised queries and raw SQL scripts. */
export interface Queryable {
  query<T = Row>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  exec(sql: string): Promise<void>;
}

export type TransactionOptions = {
  readOnly?: boolean;
  /** SQL without parameters run first, sent with BEGIN in one round trip where the engine is a network away. */
  prelude?: string;
};

export interface Database extends Queryable {
  readonly engine: 'pglite' | 'postgres';
  /** Runs fn in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>;
  close(): Promise<void>;
  /** PGlite only: a consistent copy of the data directory, a gzipped tarball (PGlite's loadDataDir reads it). */
  backup?(): Promise<Blob>;
}

/** The fields of a PostgreSQL error that both drivers expose. */
export type DatabaseError = Error & {
  code?: string;
  detail?: string;
  hint?: string;
  constraint?: string;
};

export function isDatabaseError(error: unknown): error is DatabaseError {
  return error instanceof Error && typeof (error as DatabaseError).code === 'string';
}
