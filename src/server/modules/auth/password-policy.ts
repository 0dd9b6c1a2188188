// Rejects the most common passwords (docs/architecture.md "Accounts"), from zxcvbn-ts's maintained frequency list.
import { dictionary } from "@zxcvbn-ts/language-common";
import { PASSWORD_MIN } from "../../../domain/contracts/auth";
import { ERROR_CODES } from "../../../domain/error-codes";
import { badRequest } from "../../errors";

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

const COMMON_PASSWORD_MESSAGE =
  "This password is too common. Please choose one that is harder to guess.";

/** 400 naming `field` when the password is one of the most common. */
export function assertPasswordAllowed(password: string, field = "password"): void {
  if (isCommonPassword(password)) {
    throw badRequest(ERROR_CODES.commonPassword, COMMON_PASSWORD_MESSAGE, {
      [field]: [COMMON_PASSWORD_MESSAGE],
    });
  }
}
