import dayjs from "dayjs";

/** How the screens show an instant: the reader's local date and 24-hour time, the same in both languages. */
export const DATE_TIME = "YYYY-MM-DD HH:mm";

/** An instant (ISO text) in the screens' format, or null when there is none. */
export const when = (iso: string | null | undefined): string | null => (iso ? dayjs(iso).format(DATE_TIME) : null);
