// Migration 0057 (docs/notifications.md "Kinds and channels"): every person's e-mail and push
// switches of before become the switches of the kinds they covered, so nobody gets an e-mail or a
// push they had turned off, nor loses one they had: a person who never chose keeps what they got,
// comments-and-likes e-mail included, though a new account starts with likes in the app only.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DEFAULT_MATRIX,
  type NotificationSettings,
} from "../../domain/contracts/notification-settings";
import { createAccount, type TestAccount } from "../test-support/accounts";
import { inject } from "../test-support/social";
import { createTestApp, type TestApp } from "../test-support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const statementsOf = (file: string) =>
  readFileSync(path.join(import.meta.dirname, "migrations", file), "utf8").split(
    "--> statement-breakpoint",
  );

/** The migration files after `file`, in order. */
const laterMigrations = (file: string) =>
  readdirSync(path.join(import.meta.dirname, "migrations"))
    .filter((name) => name.endsWith(".sql") && name > file)
    .sort();

const settingsOf = async (who: TestAccount): Promise<NotificationSettings> =>
  (await inject(t, who, "GET", "/api/account/notifications")).json();
const column = (settings: NotificationSettings, channel: "email" | "push") =>
  Object.fromEntries(
    Object.entries(settings.matrix).map(([kind, cells]) => [kind, cells[channel]]),
  );

describe("migration 0057_notification_matrix", () => {
  it("keeps every e-mail and push choice made before it", async () => {
    const [untouched, quiet, noDigest, pushy, fresh] = await Promise.all([
      createAccount(t),
      createAccount(t),
      createAccount(t),
      createAccount(t),
      createAccount(t),
    ]);
    const db = t.database.db;
    // Back to the schema before 0057, with the choices people had made.
    await db.execute(sql`drop table notification_choices, notification_settings`);
    await db.execute(sql`insert into mail_preferences (user_id, email_notifications,
      email_new_followers, email_post_activity) values
      (${quiet.userId}, false, false, false),
      (${noDigest.userId}, true, false, true)`);
    await db.execute(sql`insert into push_preferences (user_id, likes, comments, follows,
      messages, message_previews) values
      (${pushy.userId}, true, false, false, false, true),
      (${noDigest.userId}, false, true, true, true, false)`);
    for (const statement of statementsOf("0057_notification_matrix.sql")) {
      await db.execute(sql.raw(statement));
    }
    // And what later migrations changed of the two tables (0061's filter of new accounts).
    for (const file of laterMigrations("0057_notification_matrix.sql")) {
      for (const statement of statementsOf(file)) {
        if (/"notification_(settings|choices)"/.test(statement))
          await db.execute(sql.raw(statement));
      }
    }
    // Someone who signs up after the migration starts from the new defaults.
    await db.execute(sql`delete from notification_choices where user_id = ${fresh.userId}`);

    const everyone = await settingsOf(untouched);
    expect(column(everyone, "email")).toEqual({
      ...column({ matrix: DEFAULT_MATRIX } as NotificationSettings, "email"),
      like: true,
      repost: true,
    });
    expect(column(everyone, "push")).toEqual(
      column({ matrix: DEFAULT_MATRIX } as NotificationSettings, "push"),
    );

    const silent = column(await settingsOf(quiet), "email");
    for (const kind of ["follow", "follow_request", "like", "repost", "comment", "reply"]) {
      expect(silent[kind], kind).toBe(false);
    }
    expect(silent.mention).toBe(false);
    expect(silent.message).toBe(false);
    expect(silent.moderation).toBe(true);

    const digestless = column(await settingsOf(noDigest), "email");
    expect([digestless.follow, digestless.follow_request]).toEqual([false, false]);
    expect([digestless.like, digestless.comment, digestless.message]).toEqual([true, true, true]);

    const pushed = await settingsOf(pushy);
    expect(column(pushed, "push")).toMatchObject({
      like: true,
      comment: false,
      reply: false,
      follow: false,
      follow_request: false,
      message: false,
      mention: true,
    });
    expect(pushed.messagePreviews).toBe(true);

    expect((await settingsOf(fresh)).matrix).toEqual(DEFAULT_MATRIX);
  });
});
