// A private account's settings (docs/social-and-realtime.md "Private accounts"): whether follows
// are requests first and posts for approved followers only, and who may open the follow lists;
// and whether Everyone details go to other servers (docs/federation.md). Turning private off
// approves every waiting request in the same transaction.

import type { AccountPrivacy, AccountPrivacyBody } from "../../../domain/contracts/follow-requests";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { notFound } from "../../errors";
import { asAudience } from "../../policy/follow-lists";
import { readPrivacy, writePrivacy } from "./privacy-queries";
import { approveAllRequests } from "./requests";

function present(row: {
  privateAccount: boolean;
  followersAudience: string;
  followingAudience: string;
  detailsElsewhere: boolean;
}): AccountPrivacy {
  return {
    privateAccount: row.privateAccount,
    followersAudience: asAudience(row.followersAudience),
    followingAudience: asAudience(row.followingAudience),
    detailsElsewhere: row.detailsElsewhere,
  };
}

const profileNotFound = () => notFound("Profile not found");

export async function accountPrivacy(db: Db, userId: string): Promise<AccountPrivacy> {
  const row = await readPrivacy(db, userId);
  if (!row) throw profileNotFound();
  return present(row);
}

export async function updateAccountPrivacy(
  deps: Pick<AppContext, "outbox" | "federation">,
  { userId, changes }: { userId: string; changes: AccountPrivacyBody },
): Promise<AccountPrivacy & { approved: number }> {
  return deps.outbox.transaction(async (tx, fx) => {
    // Approving first takes the owner's row with the requesters' in id order (requests.ts).
    const approved =
      changes.privateAccount === false
        ? (await approveAllRequests(tx, fx, userId)) +
          (await deps.federation.approveAllRequests(tx, fx, userId))
        : 0;
    const before = await readPrivacy(tx, userId);
    const row = await writePrivacy(tx, userId, changes);
    if (!row || !before) throw profileNotFound();
    if (
      before.privateAccount !== row.privateAccount ||
      before.detailsElsewhere !== row.detailsElsewhere
    ) {
      await deps.federation.actorChanged(tx, fx, userId);
      fx.publishAfterCommit({ type: "profile.changed", userId });
    }
    return { ...present(row), approved };
  });
}
