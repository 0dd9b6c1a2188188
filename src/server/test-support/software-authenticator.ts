// A passkey authenticator in software, for tests that sign in with one (docs/accounts.md
// "Passkeys"): an ES256 key pair per credential, and the WebAuthn bytes a browser would send,
// built by hand here (CBOR, authenticator data, signatures) so the server's library checks real
// ones.
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";

type Cbor = number | string | Uint8Array | Map<number | string, Cbor>;

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  const out = Buffer.alloc(3);
  out[0] = (major << 5) | 25;
  out.writeUInt16BE(length, 1);
  return out;
}

function cbor(value: Cbor): Buffer {
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") {
    const bytes = Buffer.from(value, "utf8");
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const parts = [head(5, value.size)];
  for (const [key, item] of value) parts.push(cbor(key), cbor(item));
  return Buffer.concat(parts);
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest();

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_DATA = 0x40;

interface Credential {
  id: Buffer;
  privateKey: KeyObject;
  userHandle: string;
  counter: number;
}

export interface SoftwareAuthenticator {
  /** The JSON a browser posts after navigator.credentials.create with these options. */
  register(options: {
    challenge: string;
    rp: { id?: string };
    user: { id: string };
  }): Record<string, unknown>;
  /** The JSON a browser posts after navigator.credentials.get with these options. */
  authenticate(options: { challenge: string; rpId?: string }): Record<string, unknown>;
}

/** An authenticator for the site at `origin` (rp id: its host name). */
export function softwareAuthenticator(origin: string): SoftwareAuthenticator {
  const rpId = new URL(origin).hostname;
  const credentials: Credential[] = [];
  const clientData = (type: string, challenge: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  const authData = (flags: number, counter: number, attested?: Buffer) => {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, attested ?? Buffer.alloc(0)]);
  };

  return {
    register(options) {
      if ((options.rp.id ?? rpId) !== rpId) throw new Error("the options name another site");
      const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
      const jwk = publicKey.export({ format: "jwk" });
      const coseKey = cbor(
        new Map<number, Cbor>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, Buffer.from(jwk.x as string, "base64url")],
          [-3, Buffer.from(jwk.y as string, "base64url")],
        ]),
      );
      const id = randomBytes(16);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(id.length);
      const attested = Buffer.concat([Buffer.alloc(16), idLength, id, coseKey]);
      const data = authData(
        FLAG_USER_PRESENT | FLAG_USER_VERIFIED | FLAG_ATTESTED_DATA,
        0,
        attested,
      );
      const attestationObject = cbor(
        new Map<string, Cbor>([
          ["fmt", "none"],
          ["attStmt", new Map()],
          ["authData", data],
        ]),
      );
      credentials.push({ id, privateKey, userHandle: options.user.id, counter: 0 });
      return {
        id: b64url(id),
        rawId: b64url(id),
        type: "public-key",
        response: {
          clientDataJSON: b64url(clientData("webauthn.create", options.challenge)),
          attestationObject: b64url(attestationObject),
          transports: ["internal"],
        },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      };
    },

    authenticate(options) {
      if ((options.rpId ?? rpId) !== rpId) throw new Error("the options name another site");
      const credential = credentials.at(-1);
      if (!credential) throw new Error("no passkey for this site");
      credential.counter += 1;
      const data = authData(FLAG_USER_PRESENT | FLAG_USER_VERIFIED, credential.counter);
      const client = clientData("webauthn.get", options.challenge);
      const signature = sign(
        "sha256",
        Buffer.concat([data, sha256(client)]),
        credential.privateKey,
      );
      return {
        id: b64url(credential.id),
        rawId: b64url(credential.id),
        type: "public-key",
        response: {
          clientDataJSON: b64url(client),
          authenticatorData: b64url(data),
          signature: b64url(signature),
          userHandle: credential.userHandle,
        },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      };
    },
  };
}
