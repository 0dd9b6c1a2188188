// The daily digest (docs/accounts.md "E-mails from us"): once a run, everyone with activity since
// their last digest of a kind they want e-mailed (docs/notifications.md "Kinds and channels") gets
// one e-mail telling all of it, at most one in 24 hours, never in their quiet hours. Each person's digest is written through the
// outbox's mail topic in its own transaction, which records its time, with their preferences row
// locked (digest-queries.ts holdForDigest): two instances running at once, or a run after one that
// died half way, find the time already recorded and send nothing more; a digest that fails before
// its commit leaves neither the mail nor the time, and only that person waits for the next run.
// On the timer a run first claims its period in `job_runs`, as the username lifecycle does, so the
// instances do not all scan at once.
import { kindOfActivity } from "../../../domain/contracts/notification-settings";
import { displayHandle } from "../../../domain/handles";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { claimJobRun, scheduleJob } from "../../db/job-runs";
import { unsubscribeToken, unsubscribeUrl } from "../../infra/unsubscribe-link";
import type { Effects } from "../../outbox/outbox";
import { emailedKinds, quietUntilFor } from "../notification-settings/channels";
import { digestMail, digestSummary, sinceLabel } from "./digest-mail";
import {
  activityCountsIn,
  type Counted,
  type DigestWindow,
  digestCandidates,
  holdForDigest,
  markDigestSent,
  newFollowersIn,
  typeOfCount,
} from "./digest-queries";

type DigestDeps = Pick<AppContext, "db" | "outbox" | "config" | "log">;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Activity older than this is not told, however long ago the last digest was. */
const OLDEST_MS = 7 * DAY_MS;
/** People read at once. */
const BATCH = 100;
/** Followers named in one digest; the rest are counted. */
const NAMED_FOLLOWERS = 5;

export interface DigestReport {
  sent: number;
  /** Digests that failed this run (logged); those people are tried again on the next. */
  failed: number;
}

/** Writes one person's digest in `tx`; false when a digest went out in the last day (another run
 * got there first), it is their quiet hours, or nothing they may see and want e-mailed happened. */
async function digestOne(
  tx: Db,
  fx: Effects,
  deps: DigestDeps,
  { userId, window }: { userId: string; window: DigestWindow },
): Promise<boolean> {
  const held = await holdForDigest(tx, userId);
  if (!held) return false;
  if (held.digestSentAt && held.digestSentAt > window.dayBefore) return false;
  if (await quietUntilFor(tx, userId, window.now)) return false;
  const from = new Date(
    Math.max((held.digestSentAt ?? window.dayBefore).getTime(), window.oldest.getTime()),
  );
  const between = { userId, from, to: window.now };
  const { publicUrl, siteName, sessionSecret } = deps.config;
  const emailed = await emailedKinds(tx, userId);
  const followers = emailed.has("follow")
    ? await newFollowersIn(tx, { ...between, limit: NAMED_FOLLOWERS })
    : { people: [], total: 0 };
  const counts = await activityCountsIn(tx, between);
  for (const name of Object.keys(counts) as (keyof Counted)[]) {
    if (!emailed.has(kindOfActivity[typeOfCount(name)])) counts[name] = 0;
  }
  const content = {
    followers: {
      people: followers.people.map((row) => ({
        fullName: row.fullName,
        link: `${publicUrl}/${displayHandle(row)}`,
      })),
      total: followers.total,
    },
    ...counts,
  };
  const summary = digestSummary(content);
  if (!summary) return false;
  fx.mail(
    digestMail({
      siteName,
      to: held.email,
      since: sinceLabel(from, window.now),
      summary,
      content,
      activityLink: `${publicUrl}/activity`,
      settingsLink: `${publicUrl}/settings`,
      unsubscribeLink: unsubscribeUrl(
        publicUrl,
        unsubscribeToken({ secret: sessionSecret }, { userId, kind: "digest" }),
      ),
    }),
  );
  await markDigestSent(tx, userId, window.now);
  return true;
}

/** One run at `now`; with `everyMs`, null when some instance already ran within the period. */
export async function runEmailDigest(
  deps: DigestDeps,
  now: Date,
  everyMs = 0,
): Promise<DigestReport | null> {
  if (everyMs > 0 && !(await claimJobRun(deps.db, { name: "email-digest", now, everyMs }))) {
    return null;
  }
  const window: DigestWindow = {
    now,
    dayBefore: new Date(now.getTime() - DAY_MS),
    oldest: new Date(now.getTime() - OLDEST_MS),
  };
  const report: DigestReport = { sent: 0, failed: 0 };
  let after = "";
  for (;;) {
    const people = await digestCandidates(deps.db, { ...window, after, limit: BATCH });
    if (people.length === 0) break;
    for (const userId of people) {
      try {
        const written = await deps.outbox.transaction((tx, fx) =>
          digestOne(tx, fx, deps, { userId, window }),
        );
        if (written) report.sent++;
      } catch (error) {
        report.failed++;
        deps.log.error({ err: error, userId }, "a digest could not be written");
      }
    }
    after = people.at(-1) ?? after;
  }
  return report;
}

/** Runs the digest now and then every `everyMs`; returns the stop function. */
export function scheduleEmailDigest(deps: DigestDeps, everyMs: number): () => Promise<void> {
  return scheduleJob(
    everyMs,
    (now) => runEmailDigest(deps, now, everyMs),
    (error) => deps.log.error({ err: error }, "e-mail digest failed"),
  );
}
