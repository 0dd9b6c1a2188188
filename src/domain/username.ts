// spec-2 §5: a reserved username is trimmed, lower-cased, 1–15 of a–z 0–9 . - _
import { RESERVED_HANDLES } from "./handles";

export const USERNAME_MAX = 15;
const USERNAME_SHAPE = /^[a-z0-9._-]+$/;

/** Words nobody may reserve: product routes and words that would impersonate the service. */
export const RESERVED_USERNAMES = new Set([
  ...RESERVED_HANDLES,
  "www",
  "root",
  "help",
  "security",
  "abuse",
  "postmaster",
  "hostmaster",
  "webmaster",
  "noreply",
  "no-reply",
  "info",
  "staff",
  "team",
  "official",
  "chtcht",
  "mod",
  "moderator",
  "moderators",
  "billing",
  "payments",
  "verify",
  "verified",
  "system",
  "owner",
  "trust",
  "safety",
  "legal",
  "privacy",
  "press",
]);

export type UsernameProblem = "required" | "invalid" | "length" | "reserved";

/** Title and text per problem (spec-2 §5); `held`: someone else is in checkout for the name. */
export const USERNAME_MESSAGES: Record<
  UsernameProblem | "taken" | "held",
  { title: string; text: string }
> = {
  required: { title: "Username required", text: "Please enter a username." },
  invalid: {
    title: "Invalid username",
    text: "Use 1–15 chars: lowercase letters, numbers, dot, dash, underscore.",
  },
  length: { title: "Error", text: "Username must be 1–15 characters." },
  reserved: { title: "Unavailable", text: "That username is already taken." },
  taken: { title: "Unavailable", text: "That username is already taken." },
  held: {
    title: "Unavailable",
    text: "Someone is reserving that username right now. Try again later.",
  },
};

export function normalizeUsername(raw: string): string {
  return raw.trim().replace(/^@/, "").toLowerCase();
}

export function usernameProblem(raw: string): UsernameProblem | null {
  const name = normalizeUsername(raw);
  if (name.length === 0) return "required";
  if (name.length > USERNAME_MAX) return "length";
  if (!USERNAME_SHAPE.test(name)) return "invalid";
  if (RESERVED_USERNAMES.has(name)) return "reserved";
  return null;
}
