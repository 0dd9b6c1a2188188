// A multipart/form-data request body with one file, as a browser's FormData sends it.
export async function multipartFile(
  bytes: Buffer,
  filename: string,
  contentType: string,
  field = "file",
) {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type: contentType }), filename);
  const request = new Request("http://local/", { method: "POST", body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { "content-type": request.headers.get("content-type") as string },
  };
}
