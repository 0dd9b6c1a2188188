// What the account settings do with a person's passkeys (docs/accounts.md "Passkeys"): list,
// add, rename and remove them. The table is auth's (db/schema/auth.ts), as signing in with one
// reads it (passkey-sign-in.ts); its SQL is in passkey-queries.ts.
export {
  deletePasskey,
  insertPasskey,
  type PasskeyRow,
  passkeysOf,
  renamePasskey,
} from "./passkey-queries";
