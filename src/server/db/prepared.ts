// Statements the hot reads send, built once per database handle and prepared by name: the app
// does not build their SQL again and PostgreSQL plans them once per connection, not per request
// (docs/performance.md "Profile and post pages"). On PostgreSQL they go through connections of
// their own, where postgres.js pipelines them (db/postgres-client.ts). Their rows are mapped by a
// function compiled for each statement (db/row-mapper.ts).
import type { Db } from "./handle";
import { compileRowsOf } from "./row-mapper";

const hotReadsOf = new WeakMap<Db, Db>();

/** Sends the statements `preparedPer` builds for `db` through `hot` instead. */
export function sendHotReadsThrough(db: Db, hot: Db): void {
  hotReadsOf.set(db, hot);
}

const builders: ((db: Db) => unknown)[] = [];

/** @internal Every statement builder given to `preparedPer` in the modules loaded so far (for
 * db/row-mapper.test.ts and bench/row-mapping.ts). */
export const preparedBuilders = (): readonly ((db: Db) => unknown)[] => builders;

/** `build(db)` once per database handle (a transaction is a handle of its own). */
export function preparedPer<T>(build: (db: Db) => T): (db: Db) => T {
  builders.push(build);
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) {
      statement = build(hotReadsOf.get(db) ?? db);
      compileRowsOf(statement);
      built.set(db, statement);
    }
    return statement;
  };
}
