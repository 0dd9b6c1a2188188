// The route table of spec-1 §2. Guarded routes render the sign-in screen in place when signed out.
import { createBrowserRouter, type RouteObject } from "react-router";
import { AppShell } from "./components/app-shell";
import { HandleRoute } from "./components/handle-route";
import { RequireAuth } from "./components/require-auth";
import { RouteError } from "./components/route-error";
import { AboutScreen } from "./screens/About/about-screen";
import { ActivityScreen } from "./screens/Activity/activity-screen";
import { AdminReportsScreen } from "./screens/AdminReports/admin-reports-screen";
import { AuthCallbackScreen } from "./screens/AuthCallback/auth-callback-screen";
import { CheckoutSuccessScreen } from "./screens/CheckoutSuccess/checkout-success-screen";
import { EditProfileScreen } from "./screens/EditProfile/edit-profile-screen";
import { HomeScreen } from "./screens/Home/home-screen";
import { MailScreen } from "./screens/Mail/mail-screen";
import { NotFoundScreen } from "./screens/NotFound/not-found-screen";
import { PoliciesScreen } from "./screens/Policies/policies-screen";
import { PostPageScreen } from "./screens/PostPage/post-page-screen";
import { PostRedirectScreen } from "./screens/PostRedirect/post-redirect-screen";
import { ProfileScreen } from "./screens/Profile/profile-screen";
import { SearchScreen } from "./screens/Search/search-screen";
import { SettingsScreen } from "./screens/Settings/settings-screen";
import { SignInScreen } from "./screens/SignIn/sign-in-screen";
import { TestCheckoutScreen } from "./screens/TestCheckout/test-checkout-screen";

export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    // Last resort when the shell itself fails.
    errorElement: <RouteError />,
    children: [
      {
        // Errors inside a screen keep the header and menu usable.
        errorElement: <RouteError />,
        children: [
          { index: true, element: <HomeScreen /> },
          { path: "signup", element: <SignInScreen /> },
          { path: "auth/callback", element: <AuthCallbackScreen /> },
          { path: "policies", element: <PoliciesScreen /> },
          { path: "about", element: <AboutScreen /> },
          // Mail has its own signed-out state (spec-1 §2 "Mail screen").
          { path: "mail", element: <MailScreen /> },
          {
            path: "activity",
            element: (
              <RequireAuth>
                <ActivityScreen />
              </RequireAuth>
            ),
          },
          {
            path: "search",
            element: (
              <RequireAuth>
                <SearchScreen />
              </RequireAuth>
            ),
          },
          {
            path: "settings",
            element: (
              <RequireAuth>
                <SettingsScreen />
              </RequireAuth>
            ),
          },
          {
            // Moderators only; the server answers 404 to everyone else (docs/safety.md).
            path: "admin/reports",
            element: (
              <RequireAuth>
                <AdminReportsScreen />
              </RequireAuth>
            ),
          },
          { path: "post/:postId", element: <PostRedirectScreen /> },
          {
            path: "checkout-success/:sessionId?",
            element: (
              <RequireAuth>
                <CheckoutSuccessScreen />
              </RequireAuth>
            ),
          },
          {
            // The built-in checkout page when no payment provider is configured (docs/usernames.md).
            path: "checkout/test/:id",
            element: (
              <RequireAuth>
                <TestCheckoutScreen />
              </RequireAuth>
            ),
          },
          {
            element: <HandleRoute />,
            children: [
              { path: ":handle", element: <ProfileScreen /> },
              {
                path: ":handle/edit-profile",
                element: (
                  <RequireAuth>
                    <EditProfileScreen />
                  </RequireAuth>
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
