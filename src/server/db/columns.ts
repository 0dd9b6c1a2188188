// Column shapes the schema files share: a moment kept to the millisecond with its time zone (what
// JavaScript's Date holds), and a person's id that goes with their account.
import { text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./schema/auth";

export const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/** A user id that is required and deleted with the account. */
export const personRef = (name: string) =>
  text(name)
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });
