// A person's standing (docs/safety.md "Moderate"): their roles, the read-only restriction, and the
// notices moderation leaves them. Who holds a role is a rule (src/server/policy/roles.ts), and so
// is whether a restricted or suspended person may write or sign in (src/server/policy/standing.ts).

import type { Standing } from "../../../domain/contracts/safety";
import type { Db } from "../../db/client";
import { type RoleDeps, rolesOf } from "../../policy/roles";
import { markNoticeSeenRow, unseenNotices } from "./queries";

export async function standingOf(
  deps: RoleDeps,
  userId: string,
  now = new Date(),
): Promise<Standing> {
  const { admin, moderator, restrictedUntil } = await rolesOf(deps, userId);
  const notices = await unseenNotices(deps.db, userId);
  return {
    moderator,
    admin,
    restrictedUntil:
      restrictedUntil && restrictedUntil > now ? restrictedUntil.toISOString() : null,
    notices: notices.map((n) => ({ id: n.id, text: n.text, createdAt: n.createdAt.toISOString() })),
  };
}

export const markNoticeSeen = (db: Db, notice: { userId: string; id: string }) =>
  markNoticeSeenRow(db, notice);
