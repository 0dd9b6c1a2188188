// Appealing a suspension (docs/safety.md "Appealing a suspension"): the suspended person cannot
// sign in, so the suspension's e-mail carries a signed link to this one action. Through it they
// read the action as Account standing shows it, with its appeal and decision, and appeal it once,
// by the same rules as a signed-in appeal.
import type { StandingActionView } from "../../../domain/contracts/appeals";
import type { AppContext } from "../../context";
import { notFound } from "../../errors";
import { type AppealLinkTarget, readAppealToken } from "../../infra/appeal-link";
import { appealAction } from "./appeals";
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

/** Files the appeal of the linked action; its id. The same answers as a signed-in appeal: 409 for
 * a second one, an expired action or one undone already. */
export async function appealByLink(
  deps: Pick<AppContext, "db" | "outbox" | "config">,
  { token, text, now }: { token: string; text: string; now: Date },
): Promise<string> {
  const { actionId, userId } = appealLinkTarget(deps, token);
  return appealAction(deps, { userId, actionId, text, now });
}
