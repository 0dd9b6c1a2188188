// How a person is selected and shown in every list (spec-1 §2: avatar, full name, badges, handle).
// Feeds, comments, follower lists, search and activity select `personColumns` and present rows
// with `toPersonSummary`, so the handle rule and the badge fix-up live in one place.
import type { PersonSummary } from "../../../domain/contracts/follows";
import { displayHandle } from "../../../domain/handles";
import { profiles } from "../../db/schema/profiles";

export const personColumns = {
  userId: profiles.userId,
  fullName: profiles.fullName,
  username: profiles.username,
  defaultUsername: profiles.defaultUsername,
  emailAddress: profiles.emailAddress,
  profileImageUrl: profiles.profileImageUrl,
  verificationType: profiles.verificationType,
  veteran: profiles.veteran,
};

export interface PersonRow {
  userId: string;
  fullName: string;
  username: string | null;
  defaultUsername: string;
  emailAddress: string;
  profileImageUrl: string | null;
  verificationType: string;
  veteran: boolean;
}

/** spec-1 §6: yellow and black show a badge; anything else stored reads as none. */
export const asVerification = (value: string): PersonSummary["verificationType"] =>
  value === "yellow" || value === "black" ? value : "none";

export function toPersonSummary(row: PersonRow): PersonSummary {
  return {
    userId: row.userId,
    fullName: row.fullName,
    handle: displayHandle(row),
    username: row.username,
    profileImageUrl: row.profileImageUrl,
    verificationType: asVerification(row.verificationType),
    veteran: row.veteran,
  };
}

/** The person's summary with `extra` fields added, in place. Presenters run once per listed row,
 * and V8 in Node 20 added each property written after an object spread through a slow path (~1.5 µs
 * a property); Node 24 costs the same either way (docs/performance.md "Presenting rows"). */
export const personWith = <Extra extends object>(
  row: PersonRow,
  extra: Extra,
): PersonSummary & Extra => Object.assign(toPersonSummary(row), extra);
