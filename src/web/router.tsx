// The route table of spec-1 §2. Guarded routes render the sign-in screen in place when signed out.
// The landing and feed, profiles and posts are in the first script; every other screen is fetched
// the first time its route matches (docs/performance.md "Initial JavaScript").
import type { ComponentType } from "react";
import { createBrowserRouter, type RouteObject } from "react-router";
import { AppShell } from "./components/app-shell";
import { HandleRoute } from "./components/handle-route";
import { RequireAuth } from "./components/require-auth";
import { RouteError } from "./components/route-error";
import { Spinner } from "./components/spinner";
import { HomeScreen } from "./screens/Home/home-screen";
import { NotFoundScreen } from "./screens/NotFound/not-found-screen";
import { PostPageScreen } from "./screens/PostPage/post-page-screen";
import { ProfileScreen } from "./screens/Profile/profile-screen";

const open = (Screen: ComponentType) => ({ Component: Screen });
const guarded = (Screen: ComponentType) => ({
  element: (
    <RequireAuth>
      <Screen />
    </RequireAuth>
  ),
});

export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    // Last resort when the shell itself fails.
    errorElement: <RouteError />,
    // Shown only while the first page's screen is fetched.
    hydrateFallbackElement: <Spinner />,
    children: [
      {
        // Errors inside a screen keep the header and menu usable.
        errorElement: <RouteError />,
        children: [
          { index: true, element: <HomeScreen /> },
          {
            path: "signup",
            lazy: () => import("./screens/SignIn/sign-in-screen").then((m) => open(m.SignInScreen)),
          },
          {
            path: "auth/callback",
            lazy: () =>
              import("./screens/AuthCallback/auth-callback-screen").then((m) =>
                open(m.AuthCallbackScreen),
              ),
          },
          {
            path: "policies",
            lazy: () =>
              import("./screens/Policies/policies-screen").then((m) => open(m.PoliciesScreen)),
          },
          {
            path: "about",
            lazy: () => import("./screens/About/about-screen").then((m) => open(m.AboutScreen)),
          },
          {
            // Mail has its own signed-out state (spec-1 §2 "Mail screen").
            path: "mail",
            lazy: () => import("./screens/Mail/mail-screen").then((m) => open(m.MailScreen)),
          },
          {
            path: "activity",
            lazy: () =>
              import("./screens/Activity/activity-screen").then((m) => guarded(m.ActivityScreen)),
          },
          {
            path: "search",
            lazy: () =>
              import("./screens/Search/search-screen").then((m) => guarded(m.SearchScreen)),
          },
          {
            path: "settings",
            lazy: () =>
              import("./screens/Settings/settings-screen").then((m) => guarded(m.SettingsScreen)),
          },
          {
            // Moderators only; the server answers 404 to everyone else (docs/safety.md).
            path: "admin/reports",
            lazy: () =>
              import("./screens/AdminReports/admin-reports-screen").then((m) =>
                guarded(m.AdminReportsScreen),
              ),
          },
          {
            path: "post/:postId",
            lazy: () =>
              import("./screens/PostRedirect/post-redirect-screen").then((m) =>
                open(m.PostRedirectScreen),
              ),
          },
          {
            path: "checkout-success/:sessionId?",
            lazy: () =>
              import("./screens/CheckoutSuccess/checkout-success-screen").then((m) =>
                guarded(m.CheckoutSuccessScreen),
              ),
          },
          {
            // The built-in checkout page when no payment provider is configured (docs/usernames.md).
            path: "checkout/test/:id",
            lazy: () =>
              import("./screens/TestCheckout/test-checkout-screen").then((m) =>
                guarded(m.TestCheckoutScreen),
              ),
          },
          {
            element: <HandleRoute />,
            children: [
              { path: ":handle", element: <ProfileScreen /> },
              {
                path: ":handle/edit-profile",
                lazy: () =>
                  import("./screens/EditProfile/edit-profile-screen").then((m) =>
                    guarded(m.EditProfileScreen),
                  ),
              },
              { path: ":handle/:postSlug", element: <PostPageScreen /> },
            ],
          },
          { path: "*", element: <NotFoundScreen /> },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
