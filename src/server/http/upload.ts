// Reads the one image of a multipart upload (field "file") with the limit of its kind, the
// fields of a new post, the frames of a live face check, and bounds the uploads one account has
// in flight. A multipart body is always read to its end, whatever is refused in it (a file in the
// wrong field, one over the limit): the next request on a keep-alive connection starts right after it, so a refusal that
// left part of the body unread would stall or garble that request (docs/profiles-and-media.md
// "Refused uploads").
import { finished } from "node:stream/promises";
import type { MultipartFile } from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import { ERROR_CODES } from "../../domain/error-codes";
import {
  FACE_CHALLENGE_STEPS,
  FACE_FRAME_MAX_BYTES,
  FACE_MAX_FRAMES_PER_STEP,
  frameField,
} from "../../domain/face-liveness";
import { POST_IMAGES_MAX } from "../../domain/limits";
import { AppError, badRequest, tooManyRequests } from "../errors";
import type { ImageKind } from "../infra/image-checks";
import { IMAGE_LIMITS } from "../infra/image-checks";
import { refuseControlCharacters } from "./input";

const isTooLarge = (error: unknown) =>
  (error as { code?: string } | null)?.code === "FST_REQ_FILE_TOO_LARGE";

/**
 * A body that is no multipart form (garbage, another boundary than its header names, cut short,
 * no boundary or one over busboy's 256 characters) is refused by busboy with a plain Error and no
 * HTTP status: the sender's fault, so a 400 in the error shape. @fastify/multipart's own errors
 * carry their status (a limit's 413) and reach the error handler as they are.
 */
function refusalOf(error: unknown): unknown {
  if (!(error instanceof Error) || "statusCode" in error) return error;
  return badRequest(ERROR_CODES.validation, "This upload could not be read. Please try again.");
}

/** Reads a file part nobody asked for to its end and drops its bytes. */
async function discard(part: MultipartFile): Promise<void> {
  part.file.resume();
  await finished(part.file).catch(() => undefined);
}

interface MultipartBody {
  fields: Record<string, unknown>;
  /** The files of the expected fields, by field, in the order sent (none over the limit). */
  files: Map<string, Buffer[]>;
  tooLarge: boolean;
  /** A file came in another field than the expected ones, or more than a field takes. */
  strayFile: boolean;
  /** More files came in an expected field than it takes (they were read and dropped). */
  overflow: boolean;
}

/** Every part of a multipart body, read to the end: the text fields, and up to `perField` files
 * of each of `fileFields` within `maxBytes` each; other files are read and dropped. */
async function readMultipart(
  request: FastifyRequest,
  {
    fileFields,
    perField = 1,
    maxBytes,
    maxFields,
    spareFiles = 0,
  }: {
    fileFields: string[];
    perField?: number;
    maxBytes: number;
    maxFields: number;
    /** Files beyond those taken that are still read (and dropped) to tell of the overflow. */
    spareFiles?: number;
  },
): Promise<MultipartBody> {
  const body: MultipartBody = {
    fields: {},
    files: new Map(),
    tooLarge: false,
    strayFile: false,
    overflow: false,
  };
  const files = fileFields.length * perField + spareFiles;
  const parts = request.parts({
    limits: { fileSize: maxBytes, files, fields: maxFields, parts: files + maxFields },
  });
  try {
    for await (const part of parts) {
      if (part.type === "field") {
        body.fields[part.fieldname] = part.value;
        continue;
      }
      const read = body.files.get(part.fieldname) ?? [];
      if (!fileFields.includes(part.fieldname) || read.length >= perField || body.tooLarge) {
        body.strayFile ||= !fileFields.includes(part.fieldname);
        body.overflow ||= read.length >= perField;
        await discard(part);
        continue;
      }
      // A file over the limit is still read to its end (and dropped) before this throws.
      const bytes = await part.toBuffer().catch((error: unknown) => {
        if (!isTooLarge(error)) throw error;
        body.tooLarge = true;
        return null;
      });
      if (bytes) body.files.set(part.fieldname, [...read, bytes]);
    }
  } catch (error) {
    // The parts end with the size error of a file already read to its end: the body is read.
    if (!isTooLarge(error)) throw refusalOf(error);
  }
  return body;
}

const chooseAnImage = () => badRequest(ERROR_CODES.validation, "Please choose an image.");

export async function readUploadedImage(request: FastifyRequest, kind: ImageKind): Promise<Buffer> {
  const limit = IMAGE_LIMITS[kind];
  if (!request.isMultipart())
    throw badRequest(
      ERROR_CODES.validation,
      "Send the image as multipart/form-data in a field named file.",
    );
  const body = await readMultipart(request, {
    fileFields: ["file"],
    maxBytes: limit.maxBytes,
    maxFields: 2,
  });
  if (body.tooLarge) throw new AppError(413, ERROR_CODES.tooLarge, limit.tooLargeMessage);
  const file = body.files.get("file")?.[0];
  if (!file) throw chooseAnImage();
  return file;
}

/** The frames of a live face check (domain/face-liveness.ts): the `challenge` field and up to
 * FACE_MAX_FRAMES_PER_STEP files in each of `step0` … ; one list per step, empty when none came. */
export async function readFaceFrames(
  request: FastifyRequest,
): Promise<{ challenge: unknown; frames: Buffer[][] }> {
  if (!request.isMultipart())
    throw badRequest(ERROR_CODES.validation, "Send the frames as multipart/form-data.");
  const fileFields = Array.from({ length: FACE_CHALLENGE_STEPS }, (_, step) => frameField(step));
  const body = await readMultipart(request, {
    fileFields,
    perField: FACE_MAX_FRAMES_PER_STEP,
    maxBytes: FACE_FRAME_MAX_BYTES,
    maxFields: 2,
  });
  if (body.tooLarge)
    throw new AppError(413, ERROR_CODES.tooLarge, "Each camera frame must be under 2 MB.");
  if (body.strayFile) throw chooseAnImage();
  return {
    challenge: body.fields.challenge,
    frames: fileFields.map((field) => body.files.get(field) ?? []),
  };
}

/** One document (field "file") up to `maxBytes`: the veteran medal's proof (docs/safety.md
 * "Badges"); its type is checked from its bytes by the caller. */
export async function readUploadedDocument(
  request: FastifyRequest,
  { maxBytes, tooLargeMessage }: { maxBytes: number; tooLargeMessage: string },
): Promise<Buffer> {
  const missing = () =>
    badRequest(ERROR_CODES.validation, "Please choose a file.", {
      file: ["Please choose a file."],
    });
  if (!request.isMultipart()) throw missing();
  const body = await readMultipart(request, { fileFields: ["file"], maxBytes, maxFields: 2 });
  if (body.tooLarge) throw new AppError(413, ERROR_CODES.tooLarge, tooLargeMessage);
  const file = body.files.get("file")?.[0];
  if (!file || file.length === 0) throw missing();
  return file;
}

/** A new post: JSON `{content}`, or multipart with a `content` field and up to POST_IMAGES_MAX
 * `image` files, in order (docs/profiles-and-media.md "Post images"); empty files are skipped. */
export async function readPostSubmission(
  request: FastifyRequest,
): Promise<{ fields: Record<string, unknown>; images: Buffer[] }> {
  if (!request.isMultipart()) {
    const fields = (request.body ?? {}) as Record<string, unknown>;
    refuseControlCharacters(fields);
    return { fields, images: [] };
  }
  const limit = IMAGE_LIMITS.post;
  const body = await readMultipart(request, {
    fileFields: ["image"],
    perField: POST_IMAGES_MAX,
    // A few more are read to their end so that a fifth image is told apart (400, not busboy's 413).
    spareFiles: POST_IMAGES_MAX,
    maxBytes: limit.maxBytes,
    // content, contentWarning, imageSensitive, linkPreviewId, quoteOf, replyPolicy, alt0–alt3
    // (contracts/posts.ts createPostFields)
    maxFields: 6 + POST_IMAGES_MAX,
  });
  if (body.tooLarge) throw new AppError(413, ERROR_CODES.tooLarge, limit.tooLargeMessage);
  // A file sent under another name is refused rather than dropped without a word.
  if (body.strayFile) throw chooseAnImage();
  if (body.overflow) throw tooManyImages();
  refuseControlCharacters(body.fields);
  const images = (body.files.get("image") ?? []).filter((image) => image.length > 0);
  return { fields: body.fields, images };
}

const tooManyImages = () =>
  badRequest(ERROR_CODES.validation, `A post can have at most ${POST_IMAGES_MAX} images.`, {
    image: [`A post can have at most ${POST_IMAGES_MAX} images.`],
  });

/** At most this many image uploads of one account are read and processed at once (per instance). */
export const UPLOADS_IN_FLIGHT_PER_ACCOUNT = 2;

/**
 * Image uploads in flight per account (docs/operations.md "Limits"): each holds up to 8 MB and a
 * decode, so a third one at the same time is a 429 rather than more memory.
 */
export class UploadSlots {
  private readonly inFlight = new Map<string, number>();

  async run<T>(accountId: string, task: () => Promise<T>): Promise<T> {
    const busy = this.inFlight.get(accountId) ?? 0;
    if (busy >= UPLOADS_IN_FLIGHT_PER_ACCOUNT) {
      throw tooManyRequests(
        5,
        ERROR_CODES.rateLimited,
        "Please wait for your other uploads to finish.",
      );
    }
    this.inFlight.set(accountId, busy + 1);
    try {
      return await task();
    } finally {
      const left = (this.inFlight.get(accountId) ?? 1) - 1;
      if (left > 0) this.inFlight.set(accountId, left);
      else this.inFlight.delete(accountId);
    }
  }
}
