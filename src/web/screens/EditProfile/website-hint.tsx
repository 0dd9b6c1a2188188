// Under Edit Profile's website field: how to get the verified check mark (docs/profiles-and-media.md
// "Verified links"), with the exact link to put on that page, and whether the saved link has it.
import type { ProfileView } from "../../../domain/contracts/profiles";
import { useSite } from "../../lib/site-config";

export function WebsiteHint({ profile, value }: { profile: ProfileView; value: string }) {
  const { publicUrl } = useSite();
  const snippet = `<a rel="me" href="${publicUrl}/${profile.handle}">`;
  const saved = profile.websiteVerified && value.trim() !== "" && value === profile.websiteUrl;
  return (
    <>
      {saved ? (
        <span className="font-medium text-emerald-700 dark:text-emerald-400">
          Verified: this page links back to your profile.{" "}
        </span>
      ) : null}
      Add a link to your profile with rel="me" on that page to get a check mark:{" "}
      <code className="mt-1 block rounded-md bg-neutral-100 px-2 py-1 font-mono break-all text-neutral-800 select-all dark:bg-neutral-800 dark:text-neutral-200">
        {snippet}
      </code>
    </>
  );
}
