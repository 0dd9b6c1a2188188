// Checks on an image before it is uploaded (spec-2 §5): the type by extension or MIME type and
// the size. The server decides from the bytes; this only saves a pointless upload.

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const PICTURE_MAX_BYTES = 8 * 1024 * 1024;

export const AVATAR_TOO_LARGE = "File size must be less than 5MB";
export const PICTURE_TOO_LARGE = "Image is too large. Max 8MB.";
export const IMAGE_TYPE_REFUSED = "Please upload a JPG, PNG, or WEBP image.";

const EXTENSIONS = ["jpg", "jpeg", "png", "webp", "heic", "heif"];
const MIME_TYPES = ["image/jpeg", "image/png", "image/webp", "image/heic", "image/heif"];

/** For <input type="file" accept>. */
export const IMAGE_ACCEPT = [...EXTENSIONS.map((ext) => `.${ext}`), ...MIME_TYPES].join(",");

export function isAcceptedImage(file: Pick<File, "name" | "type">): boolean {
  const type = file.type.toLowerCase();
  if (MIME_TYPES.includes(type)) return true;
  const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase();
  // Some browsers give HEIC files no MIME type at all: the extension decides then.
  return (
    ext !== undefined && EXTENSIONS.includes(ext) && (type === "" || type.startsWith("image/"))
  );
}

/** The message to show instead of uploading, or null when the file may go. */
export function imageFileProblem(
  file: Pick<File, "name" | "type" | "size">,
  limit: { maxBytes: number; tooLarge: string },
): string | null {
  if (!isAcceptedImage(file)) return IMAGE_TYPE_REFUSED;
  if (file.size > limit.maxBytes) return limit.tooLarge;
  return null;
}
