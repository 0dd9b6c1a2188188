// The VAPID key pair that signs our web pushes (docs/notifications.md "Push", RFC 8292): the
// operator's VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or a pair generated once into
// DATA_DIR/vapid-keys.json at the first start, as the session secret is. Browsers subscribe with
// the public key, so a new pair orphans every subscription: keep the file (or the variables).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import webpush from "web-push";

export interface VapidKeys {
  /** The uncompressed P-256 point (65 bytes), base64url: the browser's applicationServerKey. */
  publicKey: string;
  /** The P-256 private scalar (32 bytes), base64url. */
  privateKey: string;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

const bytesOf = (value: string) =>
  BASE64URL.test(value) ? Buffer.from(value, "base64url") : Buffer.alloc(0);

export function isVapidPublicKey(value: string): boolean {
  const bytes = bytesOf(value);
  return bytes.length === 65 && bytes[0] === 4;
}

export const isVapidPrivateKey = (value: string) => bytesOf(value).length === 32;

const isPair = (keys: Partial<VapidKeys> | null): keys is VapidKeys =>
  typeof keys?.publicKey === "string" &&
  typeof keys.privateKey === "string" &&
  isVapidPublicKey(keys.publicKey) &&
  isVapidPrivateKey(keys.privateKey);

export function readOrCreateVapidKeys(dataDir: string): VapidKeys {
  const file = path.join(dataDir, "vapid-keys.json");
  try {
    const existing = JSON.parse(readFileSync(file, "utf8")) as Partial<VapidKeys> | null;
    if (isPair(existing)) return { publicKey: existing.publicKey, privateKey: existing.privateKey };
  } catch {
    // first start: create them below
  }
  mkdirSync(dataDir, { recursive: true });
  const { publicKey, privateKey } = webpush.generateVAPIDKeys();
  writeFileSync(file, `${JSON.stringify({ publicKey, privateKey })}\n`, { mode: 0o600 });
  return { publicKey, privateKey };
}
