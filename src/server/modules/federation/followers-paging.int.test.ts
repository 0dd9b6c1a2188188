// The fan-out reads a person's followers elsewhere in pages (docs/federation.md "Posts"): followers
// who followed in the same millisecond must neither be skipped nor repeated at a page's edge.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { createTestDatabase } from "../../test-support/test-db";
import { remoteFollowersOf } from "./queries";

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  await db.execute(
    sql`insert into users (id, name, email) values ('u1', 'Una', 'una@example.com')`,
  );
  await db.execute(sql`insert into fed_actors (uri, handle, host, inbox, name)
    select 'https://s.example/p/' || n, 'p' || n || '@s.example', 's.example',
      'https://s.example/p/' || n || '/inbox', 'P' || n
    from generate_series(1, 7) n`);
  await db.execute(sql`insert into fed_followers (actor_id, user_id, follow_uri, state, created_at)
    select id, 'u1', uri || '#follow', 'accepted', '2026-11-29T10:00:00.000Z' from fed_actors`);
});
afterAll(() => database.close());

describe("remoteFollowersOf", () => {
  it("pages through followers of one millisecond without skipping or repeating any", async () => {
    const seen: string[] = [];
    let after: { at: Date; actorId: string } | undefined;
    for (;;) {
      const page = await remoteFollowersOf(database.db, { userId: "u1", limit: 3, after });
      seen.push(...page.map((row) => row.uri));
      const last = page.at(-1);
      if (page.length < 3 || !last) break;
      after = { at: last.createdAt, actorId: last.actorId };
    }
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
  });
});
