// An e-mail address in running text. It wraps only after its "@" and its dots, never inside a
// part (a hyphen or a letter), so a long address at 375 px still reads as one address.
import { Fragment } from "react";

/** The parts of an address, each keeping the "@" or "." that ends it: a.b@c.d → a. b@ c. d */
const emailParts = (email: string): string[] => email.match(/[^@.]+[@.]?|[@.]/g) ?? [];

export function EmailAddress({ email, className }: { email: string; className?: string }) {
  return (
    <strong className={className}>
      {emailParts(email).map((part, index) => (
        // The parts are positions in one fixed string.
        // biome-ignore lint/suspicious/noArrayIndexKey: position is the identity here
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          <span className="whitespace-nowrap">{part}</span>
        </Fragment>
      ))}
    </strong>
  );
}
