// SQL of the notification settings (docs/notifications.md "Kinds and channels"): the switches a
// person set (notification_choices; a switch without a row has its default) and the row of the
// rest (notification_settings: message previews, quiet hours, the filter of new accounts). Other modules ask whether a person
// wants a kind by a channel through `wants`, inside their own statements.
import { eq, type SQL, sql } from "drizzle-orm";
import {
  DEFAULT_MATRIX,
  type NotificationChannel,
  type NotificationKind,
} from "../../../domain/contracts/notification-settings";
import type { QuietWindow } from "../../../domain/quiet-hours";
import { type Db, queryRows } from "../../db/client";
import { notificationChoices, notificationSettings } from "../../db/schema/notifications";

export interface Choice {
  kind: NotificationKind;
  channel: NotificationChannel;
  enabled: boolean;
}

/** The switches the person set. */
export function readChoices(db: Db, userId: string): Promise<Choice[]> {
  return db
    .select({
      kind: sql<NotificationKind>`${notificationChoices.kind}`,
      channel: sql<NotificationChannel>`${notificationChoices.channel}`,
      enabled: notificationChoices.enabled,
    })
    .from(notificationChoices)
    .where(eq(notificationChoices.userId, userId));
}

export async function writeChoices(db: Db, userId: string, choices: Choice[]): Promise<void> {
  if (choices.length === 0) return;
  await db
    .insert(notificationChoices)
    .values(choices.map((choice) => ({ userId, ...choice })))
    .onConflictDoUpdate({
      target: [notificationChoices.userId, notificationChoices.kind, notificationChoices.channel],
      set: { enabled: sql`excluded.enabled` },
    });
}

/** Turns off the e-mails of `kinds` (a one-click unsubscribe). */
export const turnOffEmail = (db: Db, userId: string, kinds: readonly NotificationKind[]) =>
  writeChoices(
    db,
    userId,
    kinds.map((kind) => ({ kind, channel: "email" as const, enabled: false })),
  );

export interface SettingsRow {
  messagePreviews: boolean;
  quiet: QuietWindow | null;
  filterNewAccounts: boolean;
}

const settingsColumns = {
  messagePreviews: notificationSettings.messagePreviews,
  start: notificationSettings.quietStart,
  end: notificationSettings.quietEnd,
  timeZone: notificationSettings.timeZone,
  filterNewAccounts: notificationSettings.filterNewAccounts,
};

type SettingsColumns = {
  messagePreviews: boolean;
  start: number | null;
  end: number | null;
  timeZone: string | null;
  filterNewAccounts?: boolean;
};

const asSettings = (row: SettingsColumns | undefined): SettingsRow => {
  if (!row) return { messagePreviews: false, quiet: null, filterNewAccounts: false };
  const { messagePreviews, start, end, timeZone } = row;
  return {
    messagePreviews,
    quiet: start === null || end === null || timeZone === null ? null : { start, end, timeZone },
    filterNewAccounts: row.filterNewAccounts === true,
  };
};

export async function readSettingsRow(db: Db, userId: string): Promise<SettingsRow> {
  const [row] = await db
    .select(settingsColumns)
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId))
    .limit(1);
  return asSettings(row);
}

/** A person's switches of `kind` and their quiet hours (channels.ts `channelsOfRead`). */
export interface KindSettingsRead {
  choices: { channel: NotificationChannel; enabled: boolean }[] | null;
  quiet: QuietWindow | null;
}

/** `KindSettingsRead` of the person `userId` (an SQL expression), as a JSON object, for a
 * statement that reads it with other things (a message's send: docs/mail.md "Sending"). */
export const kindSettingsSql = (userId: SQL, kind: NotificationKind): SQL =>
  sql`json_build_object(
    'choices', (select json_agg(json_build_object('channel', c.channel, 'enabled', c.enabled))
      from ${notificationChoices} c where c.user_id = ${userId} and c.kind = ${kind}),
    'quiet', (select json_build_object('start', s.quiet_start, 'end', s.quiet_end,
        'timeZone', s.time_zone)
      from ${notificationSettings} s
      where s.user_id = ${userId} and s.quiet_start is not null and s.quiet_end is not null
        and s.time_zone is not null))`;

/** `KindSettingsRead` of one person, in one round trip (a message's notices ask for it). */
export async function readKindSettings(
  db: Db,
  userId: string,
  kind: NotificationKind,
): Promise<KindSettingsRead> {
  const [row] = await queryRows<{ read: KindSettingsRead }>(
    db,
    sql`select ${kindSettingsSql(sql`${userId}::text`, kind)} as read`,
  );
  return row?.read ?? { choices: null, quiet: null };
}

/** Writes what is given of the row; the rest keeps its value (or default, for a new row). */
export async function writeSettingsRow(
  db: Db,
  userId: string,
  patch: { messagePreviews?: boolean; quiet?: QuietWindow | null; filterNewAccounts?: boolean },
): Promise<void> {
  const set = {
    ...(patch.messagePreviews === undefined ? {} : { messagePreviews: patch.messagePreviews }),
    ...(patch.filterNewAccounts === undefined
      ? {}
      : { filterNewAccounts: patch.filterNewAccounts }),
    ...(patch.quiet === undefined
      ? {}
      : {
          quietStart: patch.quiet?.start ?? null,
          quietEnd: patch.quiet?.end ?? null,
          timeZone: patch.quiet?.timeZone ?? null,
        }),
  };
  if (Object.keys(set).length === 0) return;
  await db
    .insert(notificationSettings)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: notificationSettings.userId, set });
}

/** Whether the person `userId` (an SQL expression) wants news of `kind` (a kind, or an SQL
 * expression naming one) by `channel`: their switch, or its default. An index lookup. */
export function wants(userId: SQL, kind: NotificationKind | SQL, channel: NotificationChannel) {
  const fallback =
    typeof kind === "string"
      ? sql`${DEFAULT_MATRIX[kind][channel]}`
      : sql`(${kind}) in (${sql.join(
          Object.entries(DEFAULT_MATRIX)
            .filter(([, channels]) => channels[channel])
            .map(([name]) => sql`${name}`),
          sql`, `,
        )})`;
  return sql`coalesce((select c.enabled from ${notificationChoices} c
    where c.user_id = ${userId} and c.kind = ${kind} and c.channel = ${channel}), ${fallback})`;
}

/** Whether the person shows a message's words in its pushes. */
export const showsPreviews = (userId: SQL) =>
  sql`coalesce((select s.message_previews from ${notificationSettings} s
    where s.user_id = ${userId}), false)`;
