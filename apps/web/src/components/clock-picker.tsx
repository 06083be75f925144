import { TimePicker, type TimePickerProps } from "antd";
import dayjs, { type Dayjs } from "dayjs";

/** Times of day are shown and entered 24-hour in every language ("19:30", never "07:30 PM"). */
export const CLOCK_FORMAT = "HH:mm";

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** "19:30" → a dayjs today at 19:30 (no parsing plugin needed); anything else → null. */
export function clockToDayjs(value: string | null | undefined): Dayjs | null {
  const m = value ? HHMM.exec(value) : null;
  return m ? dayjs().hour(Number(m[1])).minute(Number(m[2])).second(0).millisecond(0) : null;
}

export interface ClockPickerProps extends Omit<TimePickerProps, "value" | "onChange" | "format" | "use12Hours" | "defaultValue"> {
  /** The time as the contract carries it: "HH:mm". */
  value?: string | null;
  onChange?: (value: string | null) => void;
}

/**
 * The one time-of-day picker: antd's TimePicker, 24-hour, taking and giving "HH:mm" strings, so a form's
 * value is what the contract expects. Every screen that asks for a time uses it.
 */
export function ClockPicker({ value, onChange, ...rest }: ClockPickerProps) {
  return (
    <TimePicker
      needConfirm={false}
      {...rest}
      format={CLOCK_FORMAT}
      use12Hours={false}
      value={clockToDayjs(value)}
      onChange={(d) => onChange?.(d ? d.format(CLOCK_FORMAT) : null)}
    />
  );
}
