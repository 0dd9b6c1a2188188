// The route table of spec-1 §2. Guarded routes render the sign-in screen in place when signed out.
// The landing and feed, profiles and posts are in the first script; every other screen is fetched
// the first time its route matches, the old screen staying until it is in (navigations are
// transitions); so is a person's page on another server (/@name@server.example, profile-page.tsx).
// The router runs in declarative mode: the data router's loaders and actions, unused here, would
// add 16 kB to the first script (docs/performance.md "Initial JavaScript").
import { type ReactNode, Suspense, useEffect, useRef } from "react";
import { BrowserRouter, Outlet, Route, Routes, useNavigate } from "react-router";
import { fediverseHandleOf } from "../../domain/fediverse-handle";
import { type PageRoute, pageRoute } from "../../domain/page-routes";
import { Spinner } from "../components/feedback/spinner";
import { AppShell } from "../components/layout/app-shell";
import { type OnDemandScreen, onDemand } from "../lib/on-demand";
import { HomeScreen } from "../screens/Home/home-screen";
import { NotFoundScreen } from "../screens/NotFound/not-found-screen";
import { PostPageScreen } from "../screens/PostPage/post-page-screen";
import { HandleRoute } from "./handle-route";
import { ProfilePage, RemoteProfileScreen } from "./profile-page";
import { RequireAuth } from "./require-auth";
import { RouteErrorBoundary } from "./route-error";

const SignInScreen = onDemand(
  () => import("../screens/SignIn/sign-in-screen"),
  (m) => m.SignInScreen,
);
const AuthCallbackScreen = onDemand(
  () => import("../screens/AuthCallback/auth-callback-screen"),
  (m) => m.AuthCallbackScreen,
);
const PoliciesScreen = onDemand(
  () => import("../screens/Policies/policies-screen"),
  (m) => m.PoliciesScreen,
);
const AboutScreen = onDemand(
  () => import("../screens/About/about-screen"),
  (m) => m.AboutScreen,
);
const TransparencyScreen = onDemand(
  () => import("../screens/Transparency/transparency-screen"),
  (m) => m.TransparencyScreen,
);
const MailScreen = onDemand(
  () => import("../screens/Mail/mail-screen"),
  (m) => m.MailScreen,
);
const ActivityScreen = onDemand(
  () => import("../screens/Activity/activity-screen"),
  (m) => m.ActivityScreen,
);
const BookmarksScreen = onDemand(
  () => import("../screens/Bookmarks/bookmarks-screen"),
  (m) => m.BookmarksScreen,
);
const TagScreen = onDemand(
  () => import("../screens/Tag/tag-screen"),
  (m) => m.TagScreen,
);
const SearchScreen = onDemand(
  () => import("../screens/Search/search-screen"),
  (m) => m.SearchScreen,
);
const SettingsScreen = onDemand(
  () => import("../screens/Settings/settings-screen"),
  (m) => m.SettingsScreen,
);
const AppealLinkScreen = onDemand(
  () => import("../screens/Appeal/appeal-link-screen"),
  (m) => m.AppealLinkScreen,
);
const AdminReportsScreen = onDemand(
  () => import("../screens/AdminReports/admin-reports-screen"),
  (m) => m.AdminReportsScreen,
);
const PostRedirectScreen = onDemand(
  () => import("../screens/PostRedirect/post-redirect-screen"),
  (m) => m.PostRedirectScreen,
);
const CheckoutSuccessScreen = onDemand(
  () => import("../screens/CheckoutSuccess/checkout-success-screen"),
  (m) => m.CheckoutSuccessScreen,
);
const TestCheckoutScreen = onDemand(
  () => import("../screens/TestCheckout/test-checkout-screen"),
  (m) => m.TestCheckoutScreen,
);
const EditProfileScreen = onDemand(
  () => import("../screens/EditProfile/edit-profile-screen"),
  (m) => m.EditProfileScreen,
);

const guarded = (screen: ReactNode) => <RequireAuth>{screen}</RequireAuth>;

/** The on-demand screen each page shows first; the guarded ones only to someone signed in. */
const FIRST_SCREENS: Partial<Record<PageRoute["kind"], OnDemandScreen>> = {
  signup: SignInScreen,
  "auth-callback": AuthCallbackScreen,
  policies: PoliciesScreen,
  about: AboutScreen,
  transparency: TransparencyScreen,
  appeal: AppealLinkScreen,
  mail: MailScreen,
  tag: TagScreen,
};
const GUARDED_FIRST_SCREENS: Partial<Record<PageRoute["kind"], OnDemandScreen>> = {
  activity: ActivityScreen,
  bookmarks: BookmarksScreen,
  search: SearchScreen,
  settings: SettingsScreen,
  moderation: AdminReportsScreen,
  "checkout-success": CheckoutSuccessScreen,
  "test-checkout": TestCheckoutScreen,
  "edit-profile": EditProfileScreen,
};

/** Fetches the on-demand screen the page at `pathname` shows first (main.tsx waits for it); none
 * for the pages in the first script, nor for a guarded page signed out (the sign-in screen shows
 * in its place). A failure is left to the screen's own error boundary. */
export function preloadFirstScreen(pathname: string, signedIn: boolean): Promise<unknown> {
  const route = pageRoute(pathname);
  const { kind } = route;
  const remote = kind === "profile" && fediverseHandleOf(route.handle) !== null;
  const guardedScreen = remote ? RemoteProfileScreen : GUARDED_FIRST_SCREENS[kind];
  const screen = FIRST_SCREENS[kind] ?? (signedIn ? guardedScreen : undefined);
  return screen ? screen.preload().catch(() => undefined) : Promise.resolve();
}

/** Errors inside a screen keep the header and menu usable; the spinner shows only while the
 * first page's screen is fetched. */
function ScreenFrame() {
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<Spinner />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppShell />}>
        <Route element={<ScreenFrame />}>
          <Route index element={<HomeScreen />} />
          <Route path="signup" element={<SignInScreen />} />
          <Route path="auth/callback" element={<AuthCallbackScreen />} />
          <Route path="policies" element={<PoliciesScreen />} />
          <Route path="about" element={<AboutScreen />} />
          {/* docs/safety.md "Transparency report"; "transparency" is a reserved handle. */}
          <Route path="transparency" element={<TransparencyScreen />} />
          {/* Mail has its own signed-out state (spec-1 §2 "Mail screen"). */}
          <Route path="mail" element={<MailScreen />} />
          <Route path="activity" element={guarded(<ActivityScreen />)} />
          <Route path="bookmarks" element={guarded(<BookmarksScreen />)} />
          <Route path="search" element={guarded(<SearchScreen />)} />
          <Route path="settings" element={guarded(<SettingsScreen />)} />
          {/* A suspension's signed appeal link, signed out (docs/safety.md "Appealing a suspension"). */}
          <Route path="settings/appeal/:token" element={<AppealLinkScreen />} />
          {/* Moderators only; the server answers 404 to everyone else (docs/safety.md). */}
          <Route path="admin/reports" element={guarded(<AdminReportsScreen />)} />
          <Route path="post/:postId" element={<PostRedirectScreen />} />
          {/* docs/feed.md "Hashtags"; "tags" is a reserved handle (domain/handles.ts). */}
          <Route path="tags/:tag" element={<TagScreen />} />
          <Route path="checkout-success/:sessionId?" element={guarded(<CheckoutSuccessScreen />)} />
          {/* The built-in checkout page when no payment provider is configured (docs/usernames.md). */}
          <Route path="checkout/test/:id" element={guarded(<TestCheckoutScreen />)} />
          <Route element={<HandleRoute />}>
            <Route path=":handle" element={<ProfilePage />} />
            <Route path=":handle/edit-profile" element={guarded(<EditProfileScreen />)} />
            <Route path=":handle/:postSlug" element={<PostPageScreen />} />
          </Route>
          <Route path="*" element={<NotFoundScreen />} />
        </Route>
      </Route>
    </Routes>
  );
}

/** The app's router: the outer boundary is the last resort when the shell itself fails. */
export function AppRouter() {
  return (
    <BrowserRouter>
      <ServiceWorker />
      <RouteErrorBoundary>
        <AppRoutes />
      </RouteErrorBoundary>
    </BrowserRouter>
  );
}

/** Registers the service worker once the page has loaded, in a built app only (the dev server's
 * modules are not a build): lib/service-worker.ts. */
function ServiceWorker() {
  const navigate = useNavigate();
  const latest = useRef(navigate);
  latest.current = navigate;
  useEffect(() => {
    if (!import.meta.env.PROD) return;
    const register = () =>
      void import("../lib/service-worker").then(({ registerServiceWorker }) =>
        registerServiceWorker((url) => void latest.current(url)),
      );
    if (document.readyState === "complete") register();
    else window.addEventListener("load", register, { once: true });
  }, []);
  return null;
}
