// Appealing a suspension (docs/safety.md "Appealing a suspension"): the suspended person cannot
// sign in, so the suspension's e-mail carries a signed link to this one action. Through it they
// read the action as Account standing shows it, with its appeal and decision, and appeal it once,
// by the same rules as a signed-in appeal (the route calls `appealAction` with the link's target).
import type { StandingActionView } from "../../../domain/contracts/appeals";
import type { AppContext } from "../../context";
import { notFound } from "../../errors";
import { type AppealLinkTarget, readAppealToken } from "../../infra/appeal-link";
import { standingActions } from "./standing";

type Deps = Pick<AppContext, "db" | "config">;

export const INVALID_APPEAL_LINK =
  "This appeal link is not valid. Use the link in the e-mail that told you of the decision.";

/** The action and person the link names; 404 for a link we did not sign. */
export function appealLinkTarget(
  deps: Pick<AppContext, "config">,
  token: string,
): AppealLinkTarget {
  const target = readAppealToken(deps.config.sessionSecret, token);
  if (!target) throw notFound(INVALID_APPEAL_LINK);
  return target;
}

/** The linked action as its person sees it in Account standing; 404 once it is gone (the account
 * deleted with its record). */
export async function appealLinkAction(
  deps: Deps,
  { token, now }: { token: string; now: Date },
): Promise<StandingActionView> {
  const { actionId, userId } = appealLinkTarget(deps, token);
  const { items } = await standingActions(deps.db, { userId, now });
  const item = items.find((entry) => entry.id === actionId);
  if (!item) throw notFound(INVALID_APPEAL_LINK);
  return item;
}
