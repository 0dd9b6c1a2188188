// The one presentation of a moment in the app (domain/time-labels.ts `timeStamp`): '7m' on screen,
// the full local date and time in the <time> element's tooltip, the exact instant in `dateTime`.
import { timeStamp } from "../../../domain/time-labels";

export function TimeStamp({
  at,
  now = new Date(),
  className,
}: {
  /** ISO 8601, as the API sends it. */
  at: string;
  now?: Date;
  className?: string;
}) {
  const { short, full } = timeStamp(new Date(at), now);
  return (
    <time dateTime={at} title={full} className={className}>
      {short}
    </time>
  );
}
