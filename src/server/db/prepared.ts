import type { DbOrTx } from './client';

/**
 * A query whose SQL is built once per database handle rather than on every call: Drizzle's
 * builder costs a wide select (every column of three or four tables) more CPU than the
 * database spends answering it, and the hottest signed-in reads run it on every request
 * (decision 040). `build` makes the prepared statement (`.prepare(name)`, its values as
 * `sql.placeholder`s); the handle is the database, or a transaction for its life.
 */
export function preparedPerDatabase<Q>(build: (db: DbOrTx) => Q): (db: DbOrTx) => Q {
  const built = new WeakMap<DbOrTx, Q>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
