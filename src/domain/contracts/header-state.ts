// What the signed-in header shows from the first paint, embedded in every signed-in page as a JSON
// data block (docs/architecture.md "Web app pages"): each part as its API answers it, so the app
// does not ask for them as it starts.
import { z } from "zod";
import { unreadCountResponse } from "./activity";
import { unreadMailResponse } from "./mail";
import { standingResponse } from "./safety";
import { mineResponse } from "./usernames";

export const headerState = z.object({
  /** GET /api/safety/standing */
  standing: standingResponse,
  /** GET /api/activity/unread-count */
  unreadActivity: unreadCountResponse,
  /** GET /api/mail/unread-count */
  unreadMail: unreadMailResponse,
  /** GET /api/usernames/mine */
  mine: mineResponse,
});
export type HeaderState = z.infer<typeof headerState>;
