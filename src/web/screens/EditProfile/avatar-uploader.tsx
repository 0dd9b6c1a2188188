// The avatar circle of the edit form (spec-2 §2, §5): click (or Enter/Space) to choose a picture;
// it shows at once as a preview and uploads immediately. Max 5 MB; the server reads the bytes.
import { Camera } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { ProfileView } from "../../../domain/contracts/profiles";
import { displayName } from "../../../domain/display-name";
import { HiddenImageInput } from "../../components/form/hidden-image-input";
import { Avatar, avatarControlLabel } from "../../components/person/avatar";
import { errorMessage } from "../../lib/api";
import { AVATAR_MAX_BYTES, AVATAR_TOO_LARGE, imageFileProblem } from "../../lib/image-files";
import { toast } from "../../lib/toast";
import { useUploadAvatarMutation } from "../../state/queries/profiles";

export function AvatarUploader({ profile }: { profile: ProfileView }) {
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const upload = useUploadAvatarMutation(profile.userId);
  const name = displayName(profile);

  // The preview's object URL lives only as long as it is shown.
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const onFile = (file: File | undefined) => {
    if (!file) return;
    const problem = imageFileProblem(file, {
      maxBytes: AVATAR_MAX_BYTES,
      tooLarge: AVATAR_TOO_LARGE,
    });
    if (problem) {
      toast.error(problem);
      return;
    }
    setPreview(URL.createObjectURL(file));
    upload.mutate(file, {
      onSuccess: () => toast.success("Profile image uploaded successfully"),
      onError: (error) => toast.error(errorMessage(error, "Upload failed")),
      onSettled: () => setPreview(null),
    });
  };

  return (
    <div className="flex flex-col items-center gap-2">
      <button
        type="button"
        onClick={() => input.current?.click()}
        disabled={upload.isPending}
        aria-label={avatarControlLabel("Change profile picture", name)}
        aria-describedby="avatar-hint"
        className="group relative flex rounded-full disabled:cursor-wait"
      >
        <Avatar
          name={name}
          src={preview ?? profile.profileImageUrl}
          className="size-28 sm:size-32"
          initialsClassName="text-4xl"
        />
        <span
          aria-hidden="true"
          className="absolute inset-0 flex items-center justify-center rounded-full bg-black/0 text-white transition-colors group-hover:bg-black/40 group-focus-visible:bg-black/40"
        >
          {upload.isPending ? (
            <span className="size-8 animate-spin rounded-full border-4 border-white/40 border-t-white" />
          ) : (
            <Camera
              size={28}
              className="opacity-0 group-hover:opacity-100 group-focus-visible:opacity-100"
            />
          )}
        </span>
        <span
          aria-hidden="true"
          className="absolute right-1 bottom-1 flex size-9 items-center justify-center rounded-full border-2 border-white bg-primary text-on-primary dark:border-neutral-900"
        >
          <Camera size={16} />
        </span>
      </button>
      <p id="avatar-hint" className="text-xs text-neutral-500 dark:text-neutral-400">
        {upload.isPending ? "Uploading…" : "JPG, PNG, WEBP or HEIC, up to 5 MB"}
      </p>
      <HiddenImageInput ref={input} name="avatar" onFile={onFile} />
    </div>
  );
}
