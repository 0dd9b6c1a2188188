// 'Who can message me' in Settings (docs/mail.md "Who can be written to"): everyone until the
// person chooses the people they follow, their friends or nobody. policy/recipients.ts applies
// it to every message, here and from outside.
import type { MailSettings } from "../../../domain/contracts/mail";
import type { AppContext } from "../../context";
import * as queries from "./settings-queries";

export const mailSettingsOf = ({ db }: Pick<AppContext, "db">, userId: string) =>
  queries.mailSettingsOf(db, userId);

export const saveMailSettings = (
  { db }: Pick<AppContext, "db">,
  input: { userId: string; settings: MailSettings },
) => queries.saveMailSettings(db, input);
