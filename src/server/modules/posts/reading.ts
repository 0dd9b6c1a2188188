// How a person reads posts (docs/feed.md "Content warnings"): "Always expand posts with content
// warnings", off until they turn it on; the browser applies it to every post it shows them.
import type { ReadingSettings } from "../../../domain/contracts/posts";
import type { AppContext } from "../../context";
import * as queries from "./reading-queries";

export const readingSettingsOf = ({ db }: Pick<AppContext, "db">, userId: string) =>
  queries.readingSettingsOf(db, userId);

export const saveReadingSettings = (
  { db }: Pick<AppContext, "db">,
  input: { userId: string; settings: ReadingSettings },
) => queries.saveReadingSettings(db, input);
