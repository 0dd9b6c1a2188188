// What other modules ask before they tell a person something (docs/notifications.md "Kinds and
// channels"): by which channels the person wants this kind of news, and until when quiet hours
// hold pushes and e-mails; and which rows of the Activity page they asked not to see.
import {
  type ActivityRowType,
  DEFAULT_MATRIX,
  kindOfActivity,
  lockedReason,
  type NotificationChannel,
  type NotificationKind,
  notificationChannels,
  notificationKinds,
} from "../../../domain/contracts/notification-settings";
import { quietUntil } from "../../../domain/quiet-hours";
import type { Db } from "../../db/client";
import {
  type Choice,
  type KindSettingsRead,
  readChoices,
  readKindSettings,
  readSettingsRow,
} from "./queries";

export interface Channels {
  app: boolean;
  push: boolean;
  email: boolean;
  /** Pushes and e-mails wait until then (quiet hours), or go now (null). */
  holdUntil: Date | null;
}

/** A switch as it stands: locked ones on, else the person's choice, else the default. */
export function switchOf(
  choices: Choice[],
  kind: NotificationKind,
  channel: NotificationChannel,
): boolean {
  if (lockedReason(kind, channel)) return true;
  const chosen = choices.find((c) => c.kind === kind && c.channel === channel);
  return chosen ? chosen.enabled : DEFAULT_MATRIX[kind][channel];
}

export async function channelsFor(
  db: Db,
  { userId, kind, now = new Date() }: { userId: string; kind: NotificationKind; now?: Date },
): Promise<Channels> {
  return channelsOfRead(kind, await readKindSettings(db, userId, kind), now);
}

/** `channelsFor` from what a statement read of the person (queries.ts `kindSettingsSql`), so a
 * statement that reads it with other things tells them with no statement of its own
 * (docs/mail.md "Sending"). */
export function channelsOfRead(
  kind: NotificationKind,
  read: KindSettingsRead,
  now = new Date(),
): Channels {
  const choices = (read.choices ?? []).map((choice) => ({ kind, ...choice }));
  const [app, push, email] = notificationChannels.map((channel) =>
    switchOf(choices, kind, channel),
  ) as [boolean, boolean, boolean];
  return { app, push, email, holdUntil: read.quiet && quietUntil(now, read.quiet) };
}

/** When quiet hours hold the person's pushes and e-mails until, or null. */
export async function quietUntilFor(db: Db, userId: string, now = new Date()) {
  const { quiet } = await readSettingsRow(db, userId);
  return quiet && quietUntil(now, quiet);
}

/** The kinds the person wants e-mailed. */
export async function emailedKinds(db: Db, userId: string): Promise<Set<NotificationKind>> {
  const choices = await readChoices(db, userId);
  return new Set(notificationKinds.filter((kind) => switchOf(choices, kind, "email")));
}

/** The Activity rows the person turned off in the app; none for most people. */
export async function hiddenActivityTypes(db: Db, userId: string): Promise<ActivityRowType[]> {
  const choices = await readChoices(db, userId);
  const off = new Set(notificationKinds.filter((kind) => !switchOf(choices, kind, "app")));
  if (off.size === 0) return [];
  return (Object.keys(kindOfActivity) as ActivityRowType[]).filter((type) =>
    off.has(kindOfActivity[type]),
  );
}
export { type KindSettingsRead, kindSettingsSql, showsPreviews, wants } from "./queries";
