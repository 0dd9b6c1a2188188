// Browser entry: the site settings first, then query cache, realtime connection, theme, toasts and
// the router; once someone uses the page, the menus, dialogs and toaster.
import "./lib/zod-config";
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { loadDialogShell } from "./components/dialog/dialog";
import { AppToaster, loadToaster } from "./components/feedback/app-toaster";
import { loadMainMenuPanel } from "./components/layout/main-menu";
import { loadOptionsMenus } from "./components/menu/options-menu";
import { ApiRequestError } from "./lib/api";
import { servedForThisVisit } from "./lib/json-block";
import { fetchSiteConfig, readSiteConfigBlock, setSiteConfig } from "./lib/site-config";
import { useTheme } from "./lib/theme";
import { whenIdle } from "./lib/when-idle";
import { whenUsed } from "./lib/when-used";
import { AppRouter, preloadFirstScreen } from "./routing/router";
import { seedPageData } from "./state/page-data";
import { seedSession } from "./state/page-session";
import { sessionKeys } from "./state/queries/session";
import { RealtimeProvider } from "./state/realtime-provider";
import "./styles.css";

/** A 401 to a signed-in call means the session ended elsewhere (sign-out, suspension:
 * docs/safety.md): the session is asked for again, and the screens follow it. */
function onApiError(error: Error) {
  if (error instanceof ApiRequestError && error.status === 401) {
    void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
  }
}

const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError: onApiError }),
  mutationCache: new MutationCache({ onError: onApiError }),
  defaultOptions: {
    queries: {
      // A 4xx answer will not change by asking again; network and 5xx failures may.
      retry: (failureCount, error) =>
        !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) &&
        failureCount < 3,
    },
  },
});

function App() {
  const { resolved } = useTheme();
  return (
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider>
        <AppRouter />
      </RealtimeProvider>
      <AppToaster theme={resolved} />
    </QueryClientProvider>
  );
}

const container = document.getElementById("root");
if (!container) throw new Error("#root is missing from index.html");
const root = createRoot(container);
const start = () => {
  // A transition: React renders the first screen in slices and yields to the browser between
  // them instead of in one long task (docs/performance.md "Lighthouse").
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
  // What the page does without until someone uses it (docs/performance.md "Initial JavaScript"),
  // then each in an idle moment of its own: asking for a chunk and its dependencies is a task of
  // its own.
  whenUsed(() => {
    for (const load of [loadMainMenuPanel, loadOptionsMenus, loadDialogShell, loadToaster])
      whenIdle(() => void load());
  });
};

// The app server's pages carry the site settings and who is signed in, and a profile's or a post's
// page its view: the first render does not wait (unless Back or Forward brought the page back from
// the cache). Only the Vite dev server's page lacks them, and asks the API first.
// The first page's screen, when not in the first script, is waited for too: the page preloads its
// script, and the first paint then draws it with the shell (lib/on-demand.ts).
const embedded = readSiteConfigBlock();
let firstScreen: Promise<unknown> = Promise.resolve();
if (servedForThisVisit()) {
  seedSession(queryClient);
  seedPageData(queryClient);
  const session = queryClient.getQueryData<{ user: unknown }>(sessionKeys.current());
  firstScreen = preloadFirstScreen(window.location.pathname, Boolean(session?.user));
}
void Promise.all([embedded ?? fetchSiteConfig(), firstScreen]).then(([site]) => {
  setSiteConfig(site);
  start();
});
