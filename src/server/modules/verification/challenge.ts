// The live face check's challenges (docs/profiles-and-media.md "Face verification"): a random
// sequence for one person, valid two minutes, taken out by the attempt that uses it so it serves
// once. Kept in db/challenges.ts under 'face:'.
import { randomInt, randomUUID } from "node:crypto";
import type { FaceChallenge } from "../../../domain/contracts/verification";
import { FACE_ACTIONS, type FaceAction, type FaceStep } from "../../../domain/face-liveness";
import type { AppContext } from "../../context";
import { storeChallenge, takeChallenge } from "../../db/challenges";

const CHALLENGE_TTL_MS = 2 * 60_000;

/** Two different actions in a random order: six sequences. */
function randomActions(): [FaceAction, FaceAction] {
  const pool = [...FACE_ACTIONS];
  const first = pool.splice(randomInt(pool.length), 1)[0] as FaceAction;
  const second = pool[randomInt(pool.length)] as FaceAction;
  return [first, second];
}

export async function issueFaceChallenge(
  { db, config }: Pick<AppContext, "db" | "config">,
  { viewerId, now }: { viewerId: string; now: Date },
): Promise<FaceChallenge> {
  const id = randomUUID();
  const steps: FaceStep[] = ["straight", ...(config.faceChallengeActions ?? randomActions())];
  const expiresAt = new Date(now.getTime() + CHALLENGE_TTL_MS);
  await storeChallenge(db, "face", {
    id,
    value: JSON.stringify({ userId: viewerId, steps }),
    expiresAt,
  });
  return { id, steps, expiresAt: expiresAt.toISOString() };
}

/** The steps of `viewerId`'s challenge `id`, taken out; undefined when unknown, used, late or
 * someone else's. */
export async function redeemFaceChallenge(
  { db }: Pick<AppContext, "db">,
  { id, viewerId, now }: { id: string; viewerId: string; now: Date },
): Promise<FaceStep[] | undefined> {
  const value = await takeChallenge(db, "face", id, now);
  if (!value) return undefined;
  const stored = JSON.parse(value) as { userId: string; steps: FaceStep[] };
  return stored.userId === viewerId ? stored.steps : undefined;
}
