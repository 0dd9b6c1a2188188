// Web push use-cases for the signed-in person (docs/notifications.md "Push"): the key a browser
// subscribes with, subscribing a browser (its endpoint checked so a push cannot be aimed at our own
// network), listing and removing their browsers, and their push switches.
import type { PushSubscriptionInput, PushSubscriptionView } from "../../../domain/contracts/push";
import { ERROR_CODES } from "../../../domain/error-codes";
import type { AppContext } from "../../context";
import { badRequest } from "../../errors";
import { parseAllowedRanges } from "../../infra/public-address";
import { endpointProblem } from "../../infra/push-endpoint";
import { describeAgent } from "../../infra/user-agent";
import { missing } from "../../policy/access";
import {
  deleteOwnSubscription,
  listSubscriptions,
  trimSubscriptions,
  upsertSubscription,
} from "./queries";

type PushDeps = Pick<AppContext, "db" | "config">;

type Row = { id: string; label: string; createdAt: Date; lastSuccessAt: Date | null };

const present = (row: Row): PushSubscriptionView => ({
  id: row.id,
  label: row.label,
  createdAt: row.createdAt.toISOString(),
  lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
});

const unpadded = (value: string) => value.replace(/=+$/, "");

export const pushKey = (deps: Pick<AppContext, "config">) => ({
  publicKey: deps.config.push.vapid.publicKey,
});

/** Subscribes the browser; the same endpoint again is the same row (`created` false). */
export async function subscribeBrowser(
  deps: PushDeps,
  input: { viewerId: string; subscription: PushSubscriptionInput; userAgent: string | null },
): Promise<{ subscription: PushSubscriptionView; created: boolean }> {
  const { endpoint, keys } = input.subscription;
  const problem = endpointProblem(endpoint, parseAllowedRanges(deps.config.push.allowPrivate));
  if (problem) {
    throw badRequest(ERROR_CODES.validation, problem, { endpoint: [problem] });
  }
  const agent = describeAgent(input.userAgent);
  const { row, created } = await deps.db.transaction(async (tx) => {
    const written = await upsertSubscription(tx, {
      userId: input.viewerId,
      endpoint,
      p256dh: unpadded(keys.p256dh),
      auth: unpadded(keys.auth),
      label: `${agent.browser} · ${agent.system}`,
    });
    await trimSubscriptions(tx, input.viewerId);
    return written;
  });
  return { subscription: present(row), created };
}

export async function listBrowsers(deps: PushDeps, { viewerId }: { viewerId: string }) {
  return { items: (await listSubscriptions(deps.db, viewerId)).map(present) };
}

/** 404 for a browser that is not the viewer's, or no longer subscribed (policy/access.ts). */
export async function unsubscribeBrowser(
  deps: PushDeps,
  { viewerId, subscriptionId }: { viewerId: string; subscriptionId: string },
): Promise<void> {
  if (!(await deleteOwnSubscription(deps.db, { userId: viewerId, subscriptionId }))) {
    throw missing("push subscription");
  }
}
