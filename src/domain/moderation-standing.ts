// How each moderation action taken on a person stands (docs/safety.md "Account standing"), shared
// by the server (what may be appealed) and the browser (the Settings section): a removal,
// restriction or suspension counts against the person for a year, unless an approved appeal
// reversed it or a moderator lifted it since (a restore of the same content; for a restriction
// or a suspension, a restore of the account).

export const STANDING_YEAR_MS = 365 * 24 * 3600 * 1000;

/** The actions that enforce a rule, and so count and may be appealed. */
export const ENFORCING_ACTIONS = ["remove", "restrict", "suspend"] as const;
export type EnforcingAction = (typeof ENFORCING_ACTIONS)[number];
export const isEnforcing = (action: string): action is EnforcingAction =>
  (ENFORCING_ACTIONS as readonly string[]).includes(action);

/** What the person's standing lists: the enforcing actions and the moderators' restores. */
export const STANDING_ACTIONS = [...ENFORCING_ACTIONS, "restore"] as const;
export type StandingAction = (typeof STANDING_ACTIONS)[number];

/** `active` counts; the others no longer do. */
export const STANDING_STATES = ["active", "expired", "reversed", "lifted"] as const;
export type StandingState = (typeof STANDING_STATES)[number];

export interface StandingEntry {
  id: string;
  action: StandingAction;
  targetType: string;
  targetId: string;
  createdAt: Date;
  /** Set when an approved appeal undid it. */
  reversedAt: Date | null;
}

/** Whether `restore` (a moderator's, later than `entry`) undoes `entry`: the same content for a
 * removal; the account for a restriction or a suspension, whichever of their things it was
 * taken from. */
function restoreLifts(entry: StandingEntry, restore: StandingEntry): boolean {
  if (restore.createdAt <= entry.createdAt) return false;
  if (entry.action === "remove") {
    return restore.targetType === entry.targetType && restore.targetId === entry.targetId;
  }
  return restore.targetType === "profile";
}

/** Each entry's state at `now` (null for a restore, which is told, not counted), by id. */
export function standingStates(
  entries: readonly StandingEntry[],
  now: Date,
): Map<string, StandingState | null> {
  const restores = entries.filter((e) => e.action === "restore");
  return new Map(
    entries.map((entry) => {
      if (entry.action === "restore") return [entry.id, null];
      if (entry.reversedAt) return [entry.id, "reversed"];
      if (restores.some((restore) => restoreLifts(entry, restore))) return [entry.id, "lifted"];
      if (now.getTime() - entry.createdAt.getTime() >= STANDING_YEAR_MS) {
        return [entry.id, "expired"];
      }
      return [entry.id, "active"];
    }),
  );
}

/** The appeal text's limit (characters, after trimming). */
export const APPEAL_TEXT_MAX = 1000;
/** The moderator's note to the people whose reports an action closed. */
export const REPORTER_NOTE_MAX = 500;
