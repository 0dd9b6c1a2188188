// Names held back after an account is deleted (docs/accounts.md "Deleting the account"): the
// person's handle and default username, and with them their {name}@MAIL_DOMAIN address, can be
// neither registered, bought nor written to until `held_until`; a scheduled job then releases
// them. The row names no person: the hold outlives the account on purpose.

import { index, pgTable, text } from "drizzle-orm/pg-core";
import { at } from "../columns";

export const heldNames = pgTable(
  "held_names",
  {
    /** Lower-cased, as handles and usernames are compared. */
    name: text("name").primaryKey(),
    heldUntil: at("held_until").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [index("held_names_held_until_idx").on(t.heldUntil)],
);
