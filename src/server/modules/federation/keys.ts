// Each actor's key pairs (docs/federation.md "Keys"): RSA-2048 for HTTP signatures (what Mastodon
// verifies) and Ed25519 for object integrity proofs (FEP-8b32), made on first use and kept with
// the private halves sealed under the session secret. A small in-memory map spares the imports.
import { exportJwk, generateCryptoKeyPair, importJwk } from "@fedify/fedify";
import type { Db } from "../../db/client";
import type { SecretBox } from "../../infra/secret-box";
import { findKeys, insertKeys, type KeyRow } from "./key-queries";

const CACHED_OWNERS = 1_000;

/** An RSA-2048 pair for HTTP signatures: the size Mastodon and Misskey make their own keys, where
 * the library's default is 4096 bits, whose signatures cost five to six times as much to make and
 * about four times as much to check (docs/performance.md "Federation"). */
export const rsaSigningPair = (): Promise<CryptoKeyPair> =>
  crypto.subtle.generateKey(
    {
      name: "RSASSA-PKCS1-v1_5",
      modulusLength: 2048,
      publicExponent: new Uint8Array([1, 0, 1]),
      hash: "SHA-256",
    },
    true,
    ["sign", "verify"],
  );

export class ActorKeys {
  readonly #cache = new Map<string, Promise<CryptoKeyPair[]>>();

  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
  ) {}

  /** The owner's key pairs, RSA first; made and stored the first time they are asked for. */
  pairsOf(owner: string): Promise<CryptoKeyPair[]> {
    let pairs = this.#cache.get(owner);
    if (!pairs) {
      pairs = this.#load(owner);
      pairs.catch(() => this.#cache.delete(owner));
      if (this.#cache.size >= CACHED_OWNERS) {
        const oldest = this.#cache.keys().next().value;
        if (oldest !== undefined) this.#cache.delete(oldest);
      }
      this.#cache.set(owner, pairs);
    }
    return pairs;
  }

  async #load(owner: string): Promise<CryptoKeyPair[]> {
    const row = (await findKeys(this.db, owner)) ?? (await this.#make(owner));
    return Promise.all([
      this.#pair(row.rsaPublic, row.rsaPrivate),
      this.#pair(row.ed25519Public, row.ed25519Private),
    ]);
  }

  async #pair(publicJwk: unknown, sealedPrivate: string): Promise<CryptoKeyPair> {
    return {
      publicKey: await importJwk(publicJwk as JsonWebKey, "public"),
      privateKey: await importJwk(JSON.parse(this.box.open(sealedPrivate)), "private"),
    };
  }

  async #make(owner: string): Promise<KeyRow> {
    const [rsa, ed25519] = await Promise.all([rsaSigningPair(), generateCryptoKeyPair("Ed25519")]);
    const sealed = async (key: CryptoKey) => this.box.seal(JSON.stringify(await exportJwk(key)));
    return insertKeys(this.db, {
      owner,
      rsaPublic: await exportJwk(rsa.publicKey),
      rsaPrivate: await sealed(rsa.privateKey),
      ed25519Public: await exportJwk(ed25519.publicKey),
      ed25519Private: await sealed(ed25519.privateKey),
    });
  }
}
