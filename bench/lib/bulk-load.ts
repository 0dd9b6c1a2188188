// Bulk loading the usual way: drop a table's secondary indexes and foreign keys, load, then build
// the indexes in one sort each and re-add (and so re-validate) the keys. The definitions are read
// from the catalog before dropping, so whatever the migrations created comes back unchanged.
import type pg from "pg";
import { mapLimit } from "./stats";

interface Definition {
  table: string;
  name: string;
  def: string;
}

export interface Dropped {
  indexes: Definition[];
  foreignKeys: Definition[];
}

/** Drops the non-constraint indexes and the foreign keys of `tables`; primary keys stay. */
export async function dropSecondary(pool: pg.Pool, tables: string[]): Promise<Dropped> {
  const { rows: indexes } = await pool.query<Definition>(
    `select c.relname as table, i.indexrelid::regclass::text as name,
            pg_get_indexdef(i.indexrelid) as def
     from pg_index i join pg_class c on c.oid = i.indrelid
     where c.relname = any($1) and c.relnamespace = 'public'::regnamespace
       and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid
                       and k.conrelid = i.indrelid)`,
    [tables],
  );
  const { rows: foreignKeys } = await pool.query<Definition>(
    `select c.relname as table, k.conname as name, pg_get_constraintdef(k.oid) as def
     from pg_constraint k join pg_class c on c.oid = k.conrelid
     where k.contype = 'f' and c.relname = any($1) and c.relnamespace = 'public'::regnamespace`,
    [tables],
  );
  for (const fk of foreignKeys) {
    await pool.query(`alter table "${fk.table}" drop constraint "${fk.name}"`);
  }
  for (const index of indexes) await pool.query(`drop index ${index.name}`);
  return { indexes, foreignKeys };
}

/** Builds the dropped indexes (`writers` at a time), then re-adds the foreign keys one by one. */
export async function restoreSecondary(pool: pg.Pool, dropped: Dropped, writers: number) {
  await mapLimit(dropped.indexes, writers, (index) => pool.query(index.def));
  for (const fk of dropped.foreignKeys) {
    await pool.query(`alter table "${fk.table}" add constraint "${fk.name}" ${fk.def}`);
  }
}
