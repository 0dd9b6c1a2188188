// The file input behind an image picker's own button: hidden from sight and from the keyboard
// (the button is what people use), opened with `ref.current.click()`.
import type { Ref } from "react";
import { IMAGE_ACCEPT } from "../../lib/image-files";

export function HiddenImageInput(props: {
  ref: Ref<HTMLInputElement>;
  name: string;
  onFile: (file: File | undefined) => void;
}) {
  return (
    <input
      ref={props.ref}
      type="file"
      name={props.name}
      accept={IMAGE_ACCEPT}
      className="hidden"
      tabIndex={-1}
      aria-hidden="true"
      onChange={(event) => {
        props.onFile(event.target.files?.[0]);
        event.target.value = ""; // choosing the same file again still counts
      }}
    />
  );
}
