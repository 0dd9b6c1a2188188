// Password hashing for the auth library (docs/operations.md "Limits"): the library's own scrypt
// format and parameters (salt hex, then the 64-byte key hex, N 16384, r 16, p 1, NFKC), so
// stored hashes stay valid, computed by node:crypto's async scrypt on libuv's thread pool, never
// on the event loop whatever build conditions pick the library's pure-JS fallback. At most as many
// hashes run at once as the machine has cores, so a queue of guesses cannot take the pool's every
// thread from file and DNS work; the rest wait their turn.

import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { availableParallelism } from "node:os";
import pLimit from "p-limit";

const N = 16384;
const R = 16;
const P = 1;
const KEY_LENGTH = 64;

const gate = pLimit(Math.max(1, availableParallelism()));

/** How long a hash took lately, queueing included: what a login that skips one waits instead, so
 * its answer keeps the usual timing (login-guard.ts). */
let typicalMs = 100;

async function derive(password: string, salt: string): Promise<Buffer> {
  const started = performance.now();
  const key = await gate(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(
          password.normalize("NFKC"),
          salt,
          KEY_LENGTH,
          { N, r: R, p: P, maxmem: 128 * N * R * 2 },
          (error, derived) => (error ? reject(error) : resolve(derived)),
        );
      }),
  );
  typicalMs = 0.8 * typicalMs + 0.2 * (performance.now() - started);
  return key;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16).toString("hex");
  return `${salt}:${(await derive(password, salt)).toString("hex")}`;
}

export async function verifyPassword({
  hash,
  password,
}: {
  hash: string;
  password: string;
}): Promise<boolean> {
  const [salt, key] = hash.split(":");
  if (!salt || !key) throw new Error("Invalid password hash");
  const derived = await derive(password, salt);
  const stored = Buffer.from(key, "hex");
  return stored.length === derived.length && timingSafeEqual(stored, derived);
}

/** The recent time of one hash, in milliseconds. */
export const typicalHashMs = (): number => typicalMs;
