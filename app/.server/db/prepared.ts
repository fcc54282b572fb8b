import { fillPlaceholders, type Placeholder, sql, type SQLWrapper } from "drizzle-orm";
import { type SQLitePreparedQuery, type PreparedQueryConfig } from "drizzle-orm/sqlite-core";
import { type AppContext } from "../context";

// Statements whose SQL is built once per isolate, to spend less CPU per request. Drizzle builds a
// statement's SQL from its builder every time it runs (about 0.1 ms each, warm), and a car page
// reads four. A Drizzle prepared statement keeps the built SQL, but runs on the client it was
// prepared with, and ours is per request (db/client.ts); so here a statement is prepared once, its
// values are filled in per request (`sql.placeholder`), and it runs on the request's own client,
// alone or in a batch with statements built for this request only.

/** A Drizzle query builder: what `.prepare()` makes a prepared statement of, with its result's type. */
interface Preparable<Result> extends SQLWrapper {
  prepare(): SQLitePreparedQuery<PreparedQueryConfig>;
  readonly _: { readonly result: Result };
}

/** A prepared statement with this request's values, for `runPrepared` or `batchPrepared`. */
export interface BoundStatement<Result> {
  readonly prepared: SQLitePreparedQuery<PreparedQueryConfig>;
  readonly values: Record<string, unknown>;
  /** Only the type: what the statement's rows are mapped to. */
  readonly result?: Result;
}

/**
 * A statement prepared the first time it is used (then kept for the isolate's life), with a
 * placeholder for each of `names`: `build` must take every value from those, since it runs once.
 */
export function preparedStatement<Name extends string, Result>(
  names: readonly Name[],
  build: (ctx: AppContext, placeholders: Record<Name, Placeholder<Name>>) => Preparable<Result>,
) {
  let prepared: SQLitePreparedQuery<PreparedQueryConfig> | undefined;
  const placeholders = Object.fromEntries(names.map((name) => [name, sql.placeholder(name)])) as Record<Name, Placeholder<Name>>;
  // The request's context only lends the builder its database's dialect: the statement never runs on that client.
  return (ctx: AppContext, values: Record<Name, string | number | null>): BoundStatement<Result> => ({
    prepared: (prepared ??= build(ctx, placeholders).prepare()),
    values,
  });
}

/** What a bound statement's rows are mapped to. */
export type RowsOf<Statement> = Statement extends BoundStatement<infer Result> ? Result : never;

type Statement<Result> = BoundStatement<Result> | Preparable<Result>;
type Results<Statements extends readonly Statement<unknown>[]> = {
  -readonly [Index in keyof Statements]: Statements[Index] extends Statement<infer Result> ? Result : never;
};

function boundOf(statement: Statement<unknown>): BoundStatement<unknown> {
  return "prepared" in statement ? statement : { prepared: statement.prepare(), values: {} };
}

const libsqlStatement = ({ prepared, values }: BoundStatement<unknown>) => {
  const query = prepared.getQuery();
  return { sql: query.sql, args: fillPlaceholders(query.params, values) as never };
};

/** Runs one prepared statement on the request's client. */
export async function runPrepared<Result>(ctx: AppContext, statement: BoundStatement<Result>): Promise<Result> {
  return statement.prepared.mapResult(await ctx.db.$client.execute(libsqlStatement(statement)), true) as Result;
}

/**
 * Runs prepared statements, and builders prepared for this request only, in one round trip (a
 * transaction, as Drizzle's `db.batch` runs them), each answer mapped as Drizzle maps it.
 */
export async function batchPrepared<const Statements extends readonly Statement<unknown>[]>(
  ctx: AppContext,
  statements: Statements,
): Promise<Results<Statements>> {
  const bound = statements.map(boundOf);
  const answers = await ctx.db.$client.batch(bound.map(libsqlStatement));
  return answers.map((answer, index) => bound[index].prepared.mapResult(answer, true)) as Results<Statements>;
}
