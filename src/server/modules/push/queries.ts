// SQL for web push (docs/notifications.md "Push"): the browsers a person subscribed
// (push_subscriptions), and those a push goes to.
import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { NotificationKind } from "../../../domain/contracts/notification-settings";
import { type Db, queryRows } from "../../db/client";
import { pushSubscriptions } from "../../db/schema/push";
import { visibleAuthor, visiblePerson } from "../../policy/visibility";
import { showsPreviews, wants } from "../notification-settings/channels";

/** The browsers one person may have at once; subscribing one more drops the oldest. */
export const MAX_SUBSCRIPTIONS = 20;

const view = {
  id: pushSubscriptions.id,
  label: pushSubscriptions.label,
  createdAt: pushSubscriptions.createdAt,
  lastSuccessAt: pushSubscriptions.lastSuccessAt,
};

export interface SubscriptionValues {
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  label: string;
}

/** The browser's row, made or taken over: an endpoint is one browser's, so a subscription the
 * browser sends again (the same person, or whoever signed in on it since) updates that row.
 * `created` is false for such a repeat. */
export async function upsertSubscription(db: Db, values: SubscriptionValues) {
  const [row] = await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId: values.userId,
        p256dh: values.p256dh,
        auth: values.auth,
        label: values.label,
      },
    })
    // xmax is 0 on a row this statement inserted, and set on one it updated.
    .returning({ ...view, created: sql<boolean>`(xmax = 0)` });
  if (!row) throw new Error("push subscription not written");
  const { created, ...subscription } = row;
  return { row: subscription, created };
}

/** Drops the person's oldest browsers beyond MAX_SUBSCRIPTIONS. */
export async function trimSubscriptions(db: Db, userId: string): Promise<void> {
  const kept = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(MAX_SUBSCRIPTIONS);
  await db
    .delete(pushSubscriptions)
    .where(
      and(eq(pushSubscriptions.userId, userId), sql`${pushSubscriptions.id} not in (${kept})`),
    );
}

/** The person's browsers, newest first (at most MAX_SUBSCRIPTIONS). */
export function listSubscriptions(db: Db, userId: string) {
  return db
    .select(view)
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(MAX_SUBSCRIPTIONS);
}

/** Deletes the person's own browser; false when it is not theirs or not there. */
export async function deleteOwnSubscription(
  db: Db,
  { userId, subscriptionId }: { userId: string; subscriptionId: string },
): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, subscriptionId), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

/** A browser the push service says is gone (404, 410). */
export async function deleteSubscription(db: Db, subscriptionId: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId));
}

export async function markDelivered(db: Db, subscriptionId: string, at: Date): Promise<void> {
  await db
    .update(pushSubscriptions)
    .set({ lastSuccessAt: at })
    .where(eq(pushSubscriptions.id, subscriptionId));
}

/** What a send needs of each browser: whose it is, its endpoint and keys; by id, the ones still
 * there. */
export async function findSubscriptions(db: Db, subscriptionIds: string[]) {
  const rows = await db
    .select({
      id: pushSubscriptions.id,
      userId: pushSubscriptions.userId,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.id, subscriptionIds));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Who a push names, and whether the recipient's mutes hide them too (Activity) or only blocks
 * and suspensions (mail). */
export interface PushActor {
  userId: string;
  mutesApply: boolean;
}

/** The recipient's browsers a push of `kind` goes to, as rows: while they want that kind pushed
 * (modules/notifications) and may see `actor` (policy/visibility.ts; none: someone outside or
 * elsewhere, or no one), with whether they show message previews. */
function targetRows(recipient: SQL, kind: NotificationKind, actor: PushActor | null): SQL {
  const actorShown = !actor
    ? sql`true`
    : actor.mutesApply
      ? visibleAuthor(recipient, sql`${actor.userId}`)
      : visiblePerson(recipient, sql`${actor.userId}`);
  return sql`select s.id, ${showsPreviews(recipient)} as previews
    from ${pushSubscriptions} s
    where s.user_id = ${recipient}
      and ${wants(recipient, kind, "push")}
      and ${actorShown}
    limit ${MAX_SUBSCRIPTIONS}`;
}

/** A browser a push goes to. */
export interface PushTarget {
  id: string;
  previews: boolean;
}

/**
 * The browsers a push of `kind` goes to, in one statement (targetRows). None when the person has
 * no browser, or turned the kind's push off.
 */
export function pushTargets(
  db: Db,
  {
    recipientId,
    kind,
    actor,
  }: { recipientId: string; kind: NotificationKind; actor: PushActor | null },
): Promise<PushTarget[]> {
  return queryRows<PushTarget>(db, targetRows(sql`${recipientId}`, kind, actor));
}

/** The same as a JSON array, for a change's own statement to return beside what it wrote, so
 * telling costs no statement of its own (docs/notifications.md "Push"). */
export function pushTargetsValue(
  recipient: SQL,
  kind: NotificationKind,
  actor: PushActor | null,
): SQL {
  return sql`(select coalesce(json_agg(json_build_object('id', t.id, 'previews', t.previews)), '[]'::json)
    from (${targetRows(recipient, kind, actor)}) t)`;
}
