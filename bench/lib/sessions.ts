// Signed-in users without logging in: session rows inserted straight into `sessions`, and the
// cookie better-auth expects for them. better-auth (through better-call's signCookieValue) sends
// `chtcht.session_token=` + encodeURIComponent(`${token}.${base64(HMAC-SHA256(secret, token))}`).
import { createHmac, randomBytes } from "node:crypto";
import type pg from "pg";

export const SESSION_COOKIE = "chtcht.session_token";
/** better-auth's name for it when PUBLIC_URL is https (secure cookies). */
const SECURE_SESSION_COOKIE = `__Secure-${SESSION_COOKIE}`;
/** Fixed secret the bench app is started with, so the seeder-independent cookies verify. */
export const BENCH_SESSION_SECRET = "bench-session-secret-not-for-production-use-0123456789";
const DAY_MS = 24 * 60 * 60 * 1000;

export function signedCookie(token: string, secret = BENCH_SESSION_SECRET, secure = false): string {
  const signature = createHmac("sha256", secret).update(token).digest("base64");
  const name = secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
  return `${name}=${encodeURIComponent(`${token}.${signature}`)}`;
}

export interface BenchSession {
  userId: string;
  cookie: string;
  /** The X-Forwarded-For of this person's requests: one address each, as people have. */
  address: string;
}

let addresses = 0;
const nextAddress = () => {
  addresses++;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
};

/** One fresh 30-day session per user; the ids are tagged so `deleteBenchSessions` finds them.
 * `secure`: the app's PUBLIC_URL is https, so the cookie has the secure name. */
export async function createSessions(
  pool: pg.Pool,
  userIds: readonly string[],
  secret = BENCH_SESSION_SECRET,
  secure = false,
): Promise<BenchSession[]> {
  const tokens = userIds.map(() => randomBytes(24).toString("base64url"));
  const sessionIds = userIds.map(() => `bench_${randomBytes(12).toString("hex")}`);
  const expiresAt = new Date(Date.now() + 30 * DAY_MS);
  await pool.query(
    `insert into sessions (id, token, user_id, expires_at, ip_address, user_agent)
     select id, token, user_id, $4, '127.0.0.1', 'chtcht-bench'
     from unnest($1::text[], $2::text[], $3::text[]) as t(id, token, user_id)`,
    [sessionIds, tokens, userIds, expiresAt],
  );
  return userIds.map((userId, i) => ({
    userId,
    cookie: signedCookie(tokens[i] as string, secret, secure),
    address: nextAddress(),
  }));
}

export async function deleteBenchSessions(pool: pg.Pool): Promise<number> {
  const result = await pool.query("delete from sessions where id like 'bench\\_%'");
  return result.rowCount ?? 0;
}

/** `count` seeded users in a stable random order (the same users for the same seed). */
export async function sampleUsers(pool: pg.Pool, count: number, seed = 0.42): Promise<string[]> {
  const client = await pool.connect();
  try {
    await client.query("select setseed($1)", [seed]);
    const { rows } = await client.query<{ id: string }>(
      "select user_id as id from profiles order by random() limit $1",
      [count],
    );
    return rows.map((r) => r.id);
  } finally {
    client.release();
  }
}

/** The most-followed accounts: the hot rows every benchmark should touch. */
export async function popularUsers(pool: pg.Pool, count: number): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>(
    "select user_id as id from profiles order by followers_count desc, user_id limit $1",
    [count],
  );
  return rows.map((r) => r.id);
}
