// Shared by the seeders: the seeded people (users + profiles, exactly like sign-up names them),
// batched multi-row inserts on a few connections, the follow counters and phase timings.
import type pg from "pg";
import { defaultHandleBase, defaultHandleCandidate } from "../../src/domain/handles";
import { RESERVED_USERNAMES } from "../../src/domain/username";
import { makePerson, reservedUsername, uniqueEmail } from "./names";
import { mapLimit } from "./stats";

const MAIL_DOMAIN = "chtcht.local";
const RESERVED_SHARE = 0.03;
const DAY_S = 86_400;
const ALNUM = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

export interface People {
  /** Sorted, so "user index order" is key order and the follows load walks the indexes. */
  ids: string[];
  names: string[];
  emails: string[];
  handles: string[];
  usernames: (string | null)[];
  /** Sign-up time, seconds since the epoch (within the last two years). */
  createdAt: number[];
}

/** `count` people: varied names, unique e-mails and default handles, ~3% reserved usernames. */
export function generatePeople(count: number, next: () => number): People {
  const idSet = new Set<string>();
  while (idSet.size < count) {
    let id = "";
    for (let i = 0; i < 32; i++) id += ALNUM[Math.floor(next() * ALNUM.length)];
    idSet.add(id);
  }
  const people: People = {
    ids: [...idSet].sort(),
    names: [],
    emails: [],
    handles: [],
    usernames: [],
    createdAt: [],
  };
  const emails = new Set<string>();
  const handles = new Set<string>();
  const nowS = Date.now() / 1000;
  for (let i = 0; i < count; i++) {
    const person = makePerson(next);
    const email = uniqueEmail(person.local, emails, next);
    const base = defaultHandleBase(email);
    let handle = base;
    for (let attempt = 0; attempt < 50; attempt++) {
      handle = defaultHandleCandidate(base, attempt, next);
      if (!handles.has(handle)) break;
    }
    if (handles.has(handle)) throw new Error(`no free handle for ${email}`);
    handles.add(handle);
    people.names.push(person.fullName);
    people.emails.push(email);
    people.handles.push(handle);
    people.createdAt.push(nowS - next() * 730 * DAY_S);
  }
  const takenNames = new Set<string>([...handles, ...RESERVED_USERNAMES]);
  for (let i = 0; i < count; i++) {
    const name =
      next() < RESERVED_SHARE
        ? reservedUsername(people.names[i] as string, takenNames, next)
        : null;
    if (name) takenNames.add(name);
    people.usernames.push(name);
  }
  return people;
}

/** Runs `insert` over [0, total) in slices of `batch` rows, `writers` at a time. */
export async function inBatches(
  total: number,
  batch: number,
  writers: number,
  insert: (from: number, to: number, index: number) => Promise<unknown>,
) {
  const starts = Array.from({ length: Math.ceil(total / batch) }, (_, i) => i * batch);
  await mapLimit(starts, writers, (from, index) =>
    insert(from, Math.min(total, from + batch), index),
  );
}

export async function insertPeople(pool: pg.Pool, people: People, batch: number, writers: number) {
  await inBatches(people.ids.length, batch, writers, async (from, to) => {
    const slice = <T>(list: T[]) => list.slice(from, to);
    await pool.query(
      `insert into users (id, name, email, email_verified, created_at, updated_at)
       select id, name, email, true, to_timestamp(at), to_timestamp(at)
       from unnest($1::text[], $2::text[], $3::text[], $4::float8[]) as t(id, name, email, at)`,
      [slice(people.ids), slice(people.names), slice(people.emails), slice(people.createdAt)],
    );
    await pool.query(
      `insert into profiles (user_id, username, default_username, full_name, email_address,
         chtcht_email, created_at, updated_at)
       select id, username, handle, name, email, handle || '@' || $6, to_timestamp(at), to_timestamp(at)
       from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::float8[], $7::text[])
         as t(id, handle, name, email, at, username)`,
      [
        slice(people.ids),
        slice(people.handles),
        slice(people.names),
        slice(people.emails),
        slice(people.createdAt),
        MAIL_DOMAIN,
        slice(people.usernames),
      ],
    );
  });
}

/** Followers, following and mutual pairs of every profile, from one aggregate of `followers`. */
export async function updateFollowCounters(pool: pg.Pool | pg.PoolClient): Promise<number> {
  const updated = await pool.query(`
    update profiles p
    set followers_count = c.followers, following_count = c.following, friends_count = c.friends
    from (
      select id, sum(followers)::int as followers, sum(following)::int as following,
             sum(friends)::int as friends
      from (
        select following_id as id, 1 as followers, 0 as following, 0 as friends from followers
        union all
        select follower_id, 0, 1, 0 from followers
        union all
        select f.follower_id, 0, 0, 1 from followers f
        join followers back on back.follower_id = f.following_id and back.following_id = f.follower_id
      ) as edges
      group by id
    ) as c
    where c.id = p.user_id`);
  return updated.rowCount ?? 0;
}

/** Prints each phase's duration as it ends; `total()` the whole run's. */
export function phaseTimer() {
  const started = performance.now();
  let phaseStarted = started;
  const timings: [string, number][] = [];
  return {
    timings,
    phase(name: string, detail = "") {
      const now = performance.now();
      timings.push([name, (now - phaseStarted) / 1000]);
      console.log(
        `${name.padEnd(26)} ${((now - phaseStarted) / 1000).toFixed(2).padStart(7)} s  ${detail}`,
      );
      phaseStarted = now;
    },
    total: () => (performance.now() - started) / 1000,
  };
}
