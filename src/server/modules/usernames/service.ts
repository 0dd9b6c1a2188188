// Username availability (spec-2 §4, §5): shape, reserved words, then anyone's handle.
import type { Availability } from "../../../domain/contracts/usernames";
import { priceTier } from "../../../domain/price-tiers";
import { normalizeUsername, usernameProblem } from "../../../domain/username";
import type { Db } from "../../db/client";
import { isHandleTaken } from "../profiles/queries";

export async function checkUsername(db: Db, raw: string): Promise<Availability> {
  const name = normalizeUsername(raw);
  const problem = usernameProblem(name);
  const tier = problem ? null : priceTier(name);
  if (problem) return { name, available: false, reason: problem, tier };
  if (await isHandleTaken(db, name)) return { name, available: false, reason: "taken", tier };
  return { name, available: true, reason: null, tier };
}
