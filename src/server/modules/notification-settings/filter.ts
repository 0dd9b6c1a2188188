// The filter of new accounts (docs/notifications.md "Requests"): a person who turned it on hears
// of a comment, a reply, a mention or a new thread from an account under 30 days old
// (policy/new-accounts.ts) only once they accept its sender; until then it waits under Requests.
// Someone they follow, or accepted, is never held.
import type { Db } from "../../db/client";
import { followsSender, isFilteredSender, type Sender } from "../../policy/new-accounts";
import { filterStateOf, insertAcceptedSender } from "./filter-queries";

/** Whether the person filters new accounts, and whether they accepted the sender. */
export interface FilterState {
  on: boolean;
  accepted: boolean;
}

export { filterStateSql } from "./filter-queries";

/** Whether what `sender` writes to the person now waits under their Requests. */
export async function holdsFrom(
  db: Db,
  { recipientId, sender, now }: { recipientId: string; sender: Sender; now: Date },
): Promise<boolean> {
  if ("userId" in sender && sender.userId === recipientId) return false;
  const state = await filterStateOf(db, { userId: recipientId, sender });
  return holdsWith(db, {
    state,
    sender,
    now,
    follows: () => followsSender(db, recipientId, sender),
  });
}

/** holdsFrom on a filter state read already (filterStateSql), for a sender who is not the person;
 * `follows`: whether the person follows the sender, asked only when it decides. */
export async function holdsWith(
  db: Db,
  input: {
    state: FilterState;
    sender: Sender;
    now: Date;
    follows: () => Promise<boolean> | boolean;
  },
): Promise<boolean> {
  if (!input.state.on || input.state.accepted) return false;
  if (!(await isFilteredSender(db, input.sender, input.now))) return false;
  return !(await input.follows());
}

/** The person accepts the sender: what they write from now on is told as anyone's. */
export const acceptSender = (db: Db, input: { userId: string; sender: Sender }) =>
  insertAcceptedSender(db, input);
