// The Settings screen over the fake account and safety APIs, for the tests of its sections.
import { SettingsScreen } from "../screens/Settings/settings-screen";
import { type AccountState, accountApi } from "./account";
import { ADA, type Route, renderWithRoutes, stubFetch } from "./posts";
import { routes, safetyApi, safetyState } from "./safety";

/** Renders /settings for Ada; `before` answers first, for the calls a test wants to shape. */
export function renderSettings(state: AccountState, before?: Route) {
  const api = routes(accountApi(state), safetyApi(safetyState()));
  const calls = stubFetch(before ? routes(before, api) : api);
  const rendered = renderWithRoutes([{ path: "/settings", element: <SettingsScreen /> }], {
    url: "/settings",
    viewer: ADA,
  });
  return { calls, ...rendered };
}
