// Request and response shapes of the 'E-mails from us' switches (docs/accounts.md "E-mails from
// us") and the kinds of e-mail a one-click unsubscribe link names. Shared by server and browser.
import { z } from "zod";

/** Every switch, on when the person wants that e-mail. */
export const emailPreferences = z.object({
  /** New followers, in the daily digest. */
  newFollowers: z.boolean(),
  /** Comments and likes on the person's posts, in the daily digest. */
  postActivity: z.boolean(),
  /** A notice of each new in-app message (spec-1 §8; the Mail switch of before). */
  messages: z.boolean(),
});
export type EmailPreferences = z.infer<typeof emailPreferences>;

export const EMAIL_PREFERENCES_EMPTY = "Say which e-mails to turn on or off.";

/** One switch or more; the others stay as they are. */
export const emailPreferencesPatch = emailPreferences
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, { message: EMAIL_PREFERENCES_EMPTY });
export type EmailPreferencesPatch = z.infer<typeof emailPreferencesPatch>;

/** The e-mails an unsubscribe link stops: the daily digest (both of its switches) or the message
 * notices. */
export const unsubscribeKinds = ["digest", "messages"] as const;
export type UnsubscribeKind = (typeof unsubscribeKinds)[number];

/** The switches each kind turns off. */
export const switchesOf: Record<UnsubscribeKind, (keyof EmailPreferences)[]> = {
  digest: ["newFollowers", "postActivity"],
  messages: ["messages"],
};

/** As the unsubscribe page names them: 'Unsubscribe from daily digest e-mails?'. */
export const unsubscribeLabels: Record<UnsubscribeKind, string> = {
  digest: "daily digest",
  messages: "new message",
};
