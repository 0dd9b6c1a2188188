// Rejects the most common passwords (docs/architecture.md "Accounts"), from zxcvbn-ts's maintained frequency list.
import { dictionary } from "@zxcvbn-ts/language-common";
import { PASSWORD_MIN } from "../../../domain/contracts/auth";

let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  common ??= new Set(
    (dictionary["passwords-common"] as string[]).filter((p) => p.length >= PASSWORD_MIN),
  );
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}
