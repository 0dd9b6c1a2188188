// 'Where you live, in search' (docs/search.md "Distance"): in plain words, what the advanced
// search's distance answers let others learn of where you live, and where to hide your city.
import { Link } from "react-router";
import { useSessionUser } from "../../state/queries/session";
import { muted, SettingsSection } from "./settings-section";

export function LocationSection() {
  const { user } = useSessionUser();
  const editProfile = user ? (
    <Link
      to={`/${user.handle}/edit-profile`}
      className="font-medium text-sky-700 hover:underline dark:text-sky-400"
    >
      Edit Profile
    </Link>
  ) : (
    "Edit Profile"
  );
  return (
    <SettingsSection title="Where you live, in search">
      <p className={`mt-2 text-sm leading-6 ${muted}`}>
        People who search around a city see how far away you are only as a band (under 10, 10–25,
        25–50, 50–100 or 100+ miles), never in miles, and people in one band are listed by name, not
        by who is nearer. While fewer than 50 people in your town can be found this way, the
        distance is measured from the middle of your county (or of your state, if your county is
        small too), so nobody can narrow you down further than that. Set your city to Friends or
        Only me on {editProfile} and nobody else finds you by distance at all.
      </p>
    </SettingsSection>
  );
}
