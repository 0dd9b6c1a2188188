// The banner of the edit form (docs/profiles-and-media.md "Banner"): a 3:1 box showing the banner
// (or an empty frame) with 'Upload banner' / 'Change banner' and, once there is one, 'Remove
// banner'. A chosen file shows at once as a preview and uploads immediately; the server re-encodes
// it, up to 8 MB.
import { ImageUp, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { ProfileView } from "../../../domain/contracts/profiles";
import { Button } from "../../components/controls/button";
import { HiddenImageInput } from "../../components/form/hidden-image-input";
import { errorMessage } from "../../lib/api";
import { imageFileProblem, PICTURE_MAX_BYTES, PICTURE_TOO_LARGE } from "../../lib/image-files";
import { toast } from "../../lib/toast";
import { useBannerMutation } from "../../state/queries/profiles";

export function BannerUploader({ profile }: { profile: ProfileView }) {
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const banner = useBannerMutation(profile.userId);
  const shown = preview ?? profile.bannerUrl;

  // The preview's object URL lives only as long as it is shown.
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const onFile = (file: File | undefined) => {
    if (!file) return;
    const problem = imageFileProblem(file, {
      maxBytes: PICTURE_MAX_BYTES,
      tooLarge: PICTURE_TOO_LARGE,
    });
    if (problem) {
      toast.error(problem);
      return;
    }
    setPreview(URL.createObjectURL(file));
    banner.mutate(file, {
      onSuccess: () => toast.success("Banner uploaded"),
      onError: (error) => toast.error(errorMessage(error, "Upload failed")),
      onSettled: () => setPreview(null),
    });
  };
  const remove = () =>
    banner.mutate(null, {
      onSuccess: () => toast.success("Banner removed"),
      onError: (error) => toast.error(errorMessage(error, "Could not remove the banner")),
    });

  return (
    <div className="flex w-full flex-col gap-2">
      <div className="flex aspect-[3/1] w-full items-center justify-center overflow-hidden rounded-2xl border border-dashed border-neutral-300 bg-neutral-100 dark:border-neutral-700 dark:bg-neutral-800">
        {shown ? (
          <img src={shown} alt="" className="size-full object-cover" />
        ) : (
          <span className="text-sm text-neutral-600 dark:text-neutral-300">No banner</span>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="secondary"
          onClick={() => input.current?.click()}
          busy={banner.isPending && banner.variables !== null}
          disabled={banner.isPending}
          aria-describedby="banner-hint"
        >
          <ImageUp aria-hidden="true" size={18} />
          {profile.bannerUrl ? "Change banner" : "Upload banner"}
        </Button>
        {profile.bannerUrl ? (
          <Button
            variant="ghost"
            onClick={remove}
            busy={banner.isPending && banner.variables === null}
            disabled={banner.isPending}
          >
            <Trash2 aria-hidden="true" size={18} />
            Remove banner
          </Button>
        ) : null}
      </div>
      <p id="banner-hint" className="text-xs text-neutral-500 dark:text-neutral-400">
        {banner.isPending
          ? "Saving…"
          : "A wide image across the top of your profile, 3 to 1. JPG, PNG, WEBP or HEIC, up to 8 MB"}
      </p>
      <HiddenImageInput ref={input} name="banner" onFile={onFile} />
    </div>
  );
}
