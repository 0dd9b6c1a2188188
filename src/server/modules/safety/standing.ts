// A person's standing (docs/safety.md "Moderate"): their roles, the read-only restriction, and the
// notices moderation leaves them (modules/audit). Who holds a role is a rule (src/server/policy/roles.ts), and so
// is whether a restricted or suspended person may write or sign in (src/server/policy/restrictions.ts).

import type { Standing } from "../../../domain/contracts/safety";
import { type RoleDeps, rolesOf } from "../../policy/roles";
import { noticesFor } from "../audit/record";

export async function standingOf(
  deps: RoleDeps,
  userId: string,
  now = new Date(),
): Promise<Standing> {
  const { admin, moderator, restrictedUntil } = await rolesOf(deps, userId);
  return {
    moderator,
    admin,
    restrictedUntil:
      restrictedUntil && restrictedUntil > now ? restrictedUntil.toISOString() : null,
    notices: await noticesFor(deps.db, userId),
  };
}
