// The veteran's document (docs/profiles-and-media.md "The veteran medal"): kept in the private
// store of the face captures (modules/verification/capture-store.ts, never served by /media),
// named by its hash under the owner, and read only through GET /api/badges/proofs/…, by
// moderators. Its type is read from its first bytes, whatever the browser said it was.
import { createHash } from "node:crypto";
import { PROOF_WRONG_TYPE, type ProofType } from "../../../domain/contracts/badges";
import { ERROR_CODES } from "../../../domain/error-codes";
import { AppError } from "../../errors";
import type { ObjectStore } from "../../infra/object-store";

const PROOF_URL_PREFIX = "/api/badges/proofs/";

const SIGNATURES: { type: ProofType; ext: string; magic: number[] }[] = [
  { type: "image/jpeg", ext: "jpg", magic: [0xff, 0xd8, 0xff] },
  { type: "image/png", ext: "png", magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: "application/pdf", ext: "pdf", magic: [0x25, 0x50, 0x44, 0x46, 0x2d] },
];

/** The document's type from its magic bytes; 415 for anything but JPEG, PNG or PDF. */
export function sniffProof(bytes: Buffer): { type: ProofType; ext: string } {
  const found = SIGNATURES.find(({ magic }) => magic.every((byte, i) => bytes[i] === byte));
  if (!found) throw new AppError(415, ERROR_CODES.unsupportedFile, PROOF_WRONG_TYPE);
  return found;
}

export interface ProofName {
  user: string;
  file: string;
}

const hexOf = (userId: string) => Buffer.from(userId, "utf8").toString("hex");
const keyOf = ({ user, file }: ProofName) => `u/${user}/badge-proof/${file}`;

export const contentTypeOf = (file: string): ProofType =>
  file.endsWith(".pdf") ? "application/pdf" : file.endsWith(".png") ? "image/png" : "image/jpeg";

export function proofNameOfUrl(url: string): ProofName | null {
  const match = url.match(/^\/api\/badges\/proofs\/([0-9a-f]+)\/([0-9a-f]{32}\.(?:jpg|png|pdf))$/);
  return match ? { user: match[1] as string, file: match[2] as string } : null;
}

/** Stores the document as sent; answers its URL and type. */
export async function storeProof(
  captures: ObjectStore,
  { userId, bytes }: { userId: string; bytes: Buffer },
): Promise<{ url: string; type: ProofType }> {
  const { type, ext } = sniffProof(bytes);
  const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 32);
  const name = { user: hexOf(userId), file: `${hash}.${ext}` };
  await captures.put(keyOf(name), bytes, type);
  return { url: `${PROOF_URL_PREFIX}${name.user}/${name.file}`, type };
}

export async function readProof(captures: ObjectStore, name: ProofName): Promise<Buffer | null> {
  return (await captures.get(keyOf(name)))?.bytes ?? null;
}

/** Removes the document behind a proof URL; anything else is left alone. */
export async function removeProof(captures: ObjectStore, url: string | null): Promise<void> {
  const name = url ? proofNameOfUrl(url) : null;
  if (name) await captures.delete(keyOf(name));
}
