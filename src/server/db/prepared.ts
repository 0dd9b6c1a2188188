// Statements the hot reads send, built once per database handle and prepared by name: the app
// does not build their SQL again and PostgreSQL plans them once per connection, not per request
// (docs/performance.md "Profile and post pages").
import type { Db } from "./client";

/** `build(db)` once per database handle (a transaction is a handle of its own). */
export function preparedPer<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}
