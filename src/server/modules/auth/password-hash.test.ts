// Our password hashing against the auth library's default: stored hashes of either verify with
// the other, so switching it changed no one's password (password-hash.ts).
import { hashPassword as libraryHash, verifyPassword as libraryVerify } from "better-auth/crypto";
import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./password-hash";

describe("password hashes, byte for byte the auth library's", () => {
  it.each([
    ["plain", "violet kettle 7342"],
    ["NFKC-normalised", "ｃａｆé ｐａｓｓ ①②"],
  ])(
    "a library hash of a %s password verifies with ours, and ours with the library's",
    async (_, password) => {
      const fromLibrary = await libraryHash(password);
      expect(await verifyPassword({ hash: fromLibrary, password })).toBe(true);
      expect(await verifyPassword({ hash: fromLibrary, password: `${password}!` })).toBe(false);

      const ours = await hashPassword(password);
      expect(ours).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
      expect(await libraryVerify({ hash: ours, password })).toBe(true);
      expect(await libraryVerify({ hash: ours, password: `${password}!` })).toBe(false);
    },
  );
});
