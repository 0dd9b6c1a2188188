// spec-1 §3 / spec-2 §3 profiles: one row per user, created with the account.
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./auth";

export const profiles = pgTable(
  "profiles",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    username: text("username"),
    defaultUsername: text("default_username").notNull(),
    fullName: text("full_name").notNull(),
    emailAddress: text("email_address").notNull(),
    chtchtEmail: text("chtcht_email").notNull(),
    profileImageUrl: text("profile_image_url"),
    verificationType: text("verification_type").notNull().default("none"),
    veteran: boolean("veteran").notNull().default(false),
    about: text("about"),
    websiteUrl: text("website_url"),
    friendsCount: integer("friends_count").notNull().default(0),
    followingCount: integer("following_count").notNull().default(0),
    followersCount: integer("followers_count").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("profiles_username_lower_idx").on(sql`lower(${t.username})`),
    uniqueIndex("profiles_default_username_lower_idx").on(sql`lower(${t.defaultUsername})`),
    uniqueIndex("profiles_chtcht_email_idx").on(t.chtchtEmail),
    check(
      "profiles_verification_type_check",
      sql`${t.verificationType} in ('none', 'yellow', 'black')`,
    ),
    check(
      "profiles_counts_check",
      sql`${t.friendsCount} >= 0 and ${t.followingCount} >= 0 and ${t.followersCount} >= 0`,
    ),
  ],
);
