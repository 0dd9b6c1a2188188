// multipart/form-data request bodies, as a browser's FormData sends them.
import { frameField } from "../../domain/face-liveness";

async function encode(form: FormData) {
  const request = new Request("http://local/", { method: "POST", body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { "content-type": request.headers.get("content-type") as string },
  };
}

/** One image in the field "file" (avatar and picture uploads). */
export function multipartFile(bytes: Buffer, filename: string, contentType: string) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)], { type: contentType }), filename);
  return encode(form);
}

/** A new post as the composer sends it: the text, any other fields (a content warning, the
 * images' descriptions `alt0`…), and its images in order (each named .jpg, whatever it holds). */
export function multipartPost(
  content: string,
  images: Buffer | Buffer[],
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  form.append("content", content);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const image of Array.isArray(images) ? images : [images]) {
    form.append("image", new Blob([new Uint8Array(image)], { type: "image/jpeg" }), "photo.jpg");
  }
  return encode(form);
}

/** A live face check as the dialog sends it: the challenge, and each step's frames (`step0`, …). */
export function multipartFaceCheck(challenge: string, frames: Buffer[][]) {
  const form = new FormData();
  form.append("challenge", challenge);
  frames.forEach((step, i) => {
    for (const frame of step)
      form.append(
        frameField(i),
        new Blob([new Uint8Array(frame)], { type: "image/jpeg" }),
        "frame.jpg",
      );
  });
  return encode(form);
}
