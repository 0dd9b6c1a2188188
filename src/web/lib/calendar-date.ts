// A day as people write it ('March 14, 2027'), for renewal and grace dates.
import { calendarDateLabel } from "../../domain/time-labels";

export const calendarDate = (iso: string) => calendarDateLabel(new Date(iso));
