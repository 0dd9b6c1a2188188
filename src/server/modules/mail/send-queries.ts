// The send's one read (docs/mail.md "Sending"): everything the rules decide a message on, in one
// statement — the sender's copy of the thread (none: not a member), their restriction, and for
// each other member their copy (a request, whether the thread had a message) and what the rule of
// whom one may write to reads of them (policy/recipients.ts), which also tells whether they know
// the sender (policy/new-accounts.ts), and, where the message could make their copy a request,
// their filter of new accounts (notification-settings/filter.ts), and how they are told of it
// (their message switches and quiet hours, and their browsers: notify.ts); for a thread with an
// outside address, what its mail is written from: the sender's name and address and the thread's
// last Message-IDs (docs/mail.md "Outbound"). The SQL of each rule is its owner's; this file only
// joins them to the thread.
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client";
import { chatMessages, chatThreadMembers, chatThreads } from "../../db/schema/mail";
import { profiles } from "../../db/schema/profiles";
import { type RecipientFacts, recipientFactsSql } from "../../policy/recipients";
import { restrictionEndSql } from "../../policy/restrictions";
import { type KindSettingsRead, kindSettingsSql } from "../notification-settings/channels";
import { type FilterState, filterStateSql } from "../notification-settings/filter";
import { type PushTarget, pushTargetsOf } from "../push/tell";
import type { RequestState } from "./request-queries";

/** Another member of the thread, as the send sees them. */
export interface MemberOnSend {
  userId: string;
  /** Their copy is a message request (docs/mail.md "Message requests"). */
  request: RequestState;
  /** The thread has had a message. */
  hadMessage: boolean;
  /** Null when their account is gone. */
  facts: RecipientFacts | null;
  /** Their filter of new accounts, read only when the message could make their copy a request
   * (a new thread, or one that is a request already): null otherwise. */
  filter: FilterState | null;
  /** How they are told of a message (notify.ts): their message switches and quiet hours, and the
   * browsers a push goes to. */
  told: ToldOnSend;
}

export interface ToldOnSend {
  settings: KindSettingsRead;
  targets: PushTarget[];
}

/** What a mail to the thread's outside address is written from. */
export interface OutboundFacts {
  address: string;
  /** The sender's name and their address on our domain, the mail's From; null without a profile. */
  sender: { fullName: string; chtchtEmail: string } | null;
  /** The thread's last 20 Message-IDs, oldest first: the mail's References. */
  messageIds: string[];
}

/** How many earlier Message-IDs a mail's References names. */
const REFERENCES_MAX = 20;

export interface SendingFacts {
  /** Set for a thread with an outside address. */
  outbound: OutboundFacts | null;
  /** The sender's own copy is a message request. */
  ownRequest: RequestState;
  restrictedUntil: Date | null;
  recipients: MemberOnSend[];
}

/** What sending into the thread depends on; undefined when the viewer is not a member. */
export async function sendingFacts(
  db: Db,
  { threadId, viewerId }: { threadId: string; viewerId: string },
): Promise<SendingFacts | undefined> {
  const facts = recipientFactsSql({ viewerId, userId: sql`o.user_id`, threadId: sql`o.thread_id` });
  const filter = sql`case when o.request is null and o.last_message_at is not null then null
    else ${filterStateSql(sql`o.user_id`, sql`${viewerId}::text`)} end`;
  const notice = { kind: "message", threadId, from: { userId: viewerId }, preview: null } as const;
  const told = sql`json_build_object('settings', ${kindSettingsSql(sql`o.user_id`, "message")},
    'targets', ${pushTargetsOf(sql`o.user_id`, notice)})`;
  const [row] = await queryRows<{
    external_address: string | null;
    full_name: string | null;
    chtcht_email: string | null;
    message_ids: string[] | null;
    request: RequestState;
    restricted_until: Date | string | null;
    recipients: MemberOnSend[];
  }>(
    db,
    sql`select t.external_address, me.request, ${restrictionEndSql(viewerId)} as restricted_until,
          s.full_name, s.chtcht_email,
          case when t.external_address is not null then (
            select coalesce(json_agg(m.message_id order by m.created_at), '[]')
            from (select message_id, created_at from ${chatMessages}
              where thread_id = t.id and message_id is not null
              order by created_at desc limit ${REFERENCES_MAX}) m) end as message_ids,
          coalesce((select json_agg(json_build_object('userId', o.user_id, 'request', o.request,
              'hadMessage', o.last_message_at is not null, 'facts', ${facts}, 'filter', ${filter},
              'told', ${told})
              order by o.user_id)
            from ${chatThreadMembers} o
            where o.thread_id = me.thread_id and o.user_id <> me.user_id), '[]') as recipients
        from ${chatThreadMembers} me join ${chatThreads} t on t.id = me.thread_id
          left join ${profiles} s on t.external_address is not null and s.user_id = me.user_id
        where me.thread_id = ${threadId} and me.user_id = ${viewerId}`,
  );
  if (!row) return undefined;
  const outbound =
    row.external_address === null
      ? null
      : {
          address: row.external_address,
          sender:
            row.full_name !== null && row.chtcht_email !== null
              ? { fullName: row.full_name, chtchtEmail: row.chtcht_email }
              : null,
          messageIds: row.message_ids ?? [],
        };
  return {
    outbound,
    ownRequest: row.request,
    restrictedUntil: row.restricted_until === null ? null : new Date(row.restricted_until),
    recipients: row.recipients,
  };
}
