// Username availability (spec-2 §4, §5): shape, reserved words, then anyone's handle, a hold of
// another buyer, or a released name kept back for its former owner (docs/usernames.md).
import type { Availability } from "../../../domain/contracts/usernames";
import { priceTier } from "../../../domain/price-tiers";
import { normalizeUsername, usernameProblem } from "../../../domain/username";
import type { Db } from "../../db/client";
import { nameStanding } from "./queries";

export async function checkUsername(
  db: Db,
  { raw, viewerId, now }: { raw: string; viewerId: string | null; now: Date },
): Promise<Availability> {
  const name = normalizeUsername(raw);
  const problem = usernameProblem(name);
  const tier = problem ? null : priceTier(name);
  if (problem) return { name, available: false, reason: problem, tier };
  const standing = await nameStanding(db, { name, buyerId: viewerId, now });
  if (standing) return { name, available: false, reason: standing, tier };
  return { name, available: true, reason: null, tier };
}
