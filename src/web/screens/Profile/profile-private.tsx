// A private account seen by someone who may not see its posts (docs/social-and-realtime.md
// "Private accounts"): the posts give way to "This account is private". The header above stays,
// with its Follow button, which sends a request.
import { Lock } from "lucide-react";
import type { ProfileView } from "../../../domain/contracts/profiles";
import { PersonName } from "../../components/person/person-name";

export function ProfilePrivate({ profile }: { profile: ProfileView }) {
  return (
    <section
      aria-labelledby="private-heading"
      className="flex flex-col items-center gap-3 rounded-3xl border border-dashed border-neutral-300 px-5 py-10 text-center dark:border-neutral-700"
    >
      <Lock aria-hidden="true" size={28} className="text-neutral-500 dark:text-neutral-400" />
      <h2 id="private-heading" className="text-lg font-bold">
        This account is private
      </h2>
      <p className="max-w-sm text-sm text-neutral-600 dark:text-neutral-400">
        Only the followers <PersonName person={profile} /> approves see the posts.
      </p>
    </section>
  );
}
