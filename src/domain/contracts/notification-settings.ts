// The notification settings of Settings (docs/notifications.md "Kinds and channels"): one switch
// per kind of news and channel it reaches the person by, the message previews of pushes, quiet
// hours and the filter of new accounts ("Requests"). Shared by server and browser.
import { z } from "zod";

/** What a person can be told of, in the order Settings lists them. */
export const notificationKinds = [
  "follow",
  "follow_request",
  "like",
  "repost",
  "comment",
  "reply",
  "mention",
  "message",
  "moderation",
  "badge",
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** How: the Activity page and the app's unread counts, a push to subscribed browsers, e-mail. */
export const notificationChannels = ["app", "push", "email"] as const;
export type NotificationChannel = (typeof notificationChannels)[number];

export type NotificationMatrix = Record<NotificationKind, Record<NotificationChannel, boolean>>;

export const kindLabels: Record<NotificationKind, string> = {
  follow: "New followers",
  follow_request: "Follow requests",
  like: "Likes",
  repost: "Reposts and quotes",
  comment: "Comments on my posts",
  reply: "Replies to my comments",
  mention: "Mentions",
  message: "Messages",
  moderation: "Moderation notices",
  badge: "Badge decisions",
};

export const channelLabels: Record<NotificationChannel, string> = {
  app: "In the app",
  push: "Push",
  email: "E-mail",
};

const on = (app: boolean, push: boolean, email: boolean) => ({ app, push, email });

/** A new account's settings: messages and moderation everywhere, likes and reposts in the app
 * only, the rest in the app, by push and in the daily digest. */
export const DEFAULT_MATRIX: NotificationMatrix = {
  follow: on(true, true, true),
  follow_request: on(true, true, true),
  like: on(true, false, false),
  repost: on(true, false, false),
  comment: on(true, true, true),
  reply: on(true, true, true),
  mention: on(true, true, true),
  message: on(true, true, true),
  moderation: on(true, true, true),
  badge: on(true, true, true),
};

/** Switches that cannot be turned off, with why: a message is in Mail whatever the setting, and
 * what a moderator or a badge review decided about the person is always told to them. */
export const LOCKED: Partial<
  Record<NotificationKind, Partial<Record<NotificationChannel, string>>>
> = {
  message: { app: "Messages always arrive in Mail." },
  moderation: {
    app: "A moderator's decision about your account is always shown to you.",
    email: "A moderator's decision about your account is always e-mailed to you.",
  },
  badge: { app: "A badge decision is always shown to you." },
};

export const lockedReason = (kind: NotificationKind, channel: NotificationChannel) =>
  LOCKED[kind]?.[channel] ?? null;

/** Kinds e-mailed one by one; every other kind's e-mail comes in the daily digest. */
const MAILED_ALONE: readonly NotificationKind[] = ["message", "moderation", "badge"];
export const DIGEST_KINDS: readonly NotificationKind[] = notificationKinds.filter(
  (kind) => !MAILED_ALONE.includes(kind),
);

/** The kind of each row type of the Activity page (modules/activity): a reply to one's comment is
 * a reply, a request's acceptance is news of follow requests, a quote is told with reposts, what
 * became of one's report is moderation news (docs/safety.md "Reporters hear back"). */
export const kindOfActivity = {
  LIKE: "like",
  COMMENT: "comment",
  REPLY: "reply",
  FOLLOW: "follow",
  FOLLOW_REQUEST: "follow_request",
  FOLLOW_ACCEPTED: "follow_request",
  MENTION: "mention",
  REPOST: "repost",
  QUOTE: "repost",
  REPORT_OUTCOME: "moderation",
} as const satisfies Record<string, NotificationKind>;
export type ActivityRowType = keyof typeof kindOfActivity;

/** "HH:MM", 24-hour. */
const clock = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: "Give a time as HH:MM, from 00:00 to 23:59." });

export const isTimeZone = (name: string) => {
  try {
    new Intl.DateTimeFormat("en", { timeZone: name });
    return true;
  } catch {
    return false;
  }
};

/** A daily window in the person's time zone; `end` before `start` runs past midnight. */
export const quietHours = z
  .object({
    start: clock,
    end: clock,
    timeZone: z.string().max(64).refine(isTimeZone, { message: "Choose a known time zone." }),
  })
  .strict()
  .refine((hours) => hours.start !== hours.end, {
    message: "Quiet hours must start and end at different times.",
    path: ["end"],
  });
export type QuietHours = z.infer<typeof quietHours>;

const matrixShape = z.object(
  Object.fromEntries(
    notificationKinds.map((kind) => [
      kind,
      z.object(
        Object.fromEntries(notificationChannels.map((channel) => [channel, z.boolean()])) as Record<
          NotificationChannel,
          z.ZodBoolean
        >,
      ),
    ]),
  ) as Record<NotificationKind, z.ZodObject<Record<NotificationChannel, z.ZodBoolean>>>,
);

export const notificationSettings = z.object({
  matrix: matrixShape,
  /** A message's push shows its words; off, it says only who wrote. */
  messagePreviews: z.boolean(),
  quietHours: quietHours.nullable(),
  /** 'Filter messages and comments from accounts newer than 30 days': what they write waits
   * under Requests (docs/notifications.md "Requests"). */
  filterNewAccounts: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettings>;

export const NOTIFICATION_SETTINGS_EMPTY = "Say which notification settings to change.";

const cellPatch = z
  .object(
    Object.fromEntries(
      notificationChannels.map((channel) => [channel, z.boolean().optional()]),
    ) as Record<NotificationChannel, z.ZodOptional<z.ZodBoolean>>,
  )
  .strict();

/** Some switches, the previews, the quiet hours (null: none), the filter; what is not named
 * stays. */
export const notificationSettingsPatch = z
  .object({
    matrix: z
      .object(
        Object.fromEntries(notificationKinds.map((kind) => [kind, cellPatch.optional()])) as Record<
          NotificationKind,
          z.ZodOptional<typeof cellPatch>
        >,
      )
      .strict()
      .optional(),
    messagePreviews: z.boolean().optional(),
    quietHours: quietHours.nullable().optional(),
    filterNewAccounts: z.boolean().optional(),
  })
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, { message: NOTIFICATION_SETTINGS_EMPTY });
export type NotificationSettingsPatch = z.infer<typeof notificationSettingsPatch>;

/** The switches a one-click unsubscribe link turns off: the daily digest's or the message
 * notices' (docs/accounts.md "One-click unsubscribe"). */
export const unsubscribeKinds = ["digest", "messages"] as const;
export type UnsubscribeKind = (typeof unsubscribeKinds)[number];

export const unsubscribedKinds: Record<UnsubscribeKind, readonly NotificationKind[]> = {
  digest: DIGEST_KINDS,
  messages: ["message"],
};

/** As the unsubscribe page names them: 'Unsubscribe from daily digest e-mails?'. */
export const unsubscribeLabels: Record<UnsubscribeKind, string> = {
  digest: "daily digest",
  messages: "new message",
};
