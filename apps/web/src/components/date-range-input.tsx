import { DatePicker } from "antd";
import type { ComponentProps } from "react";

/** antd's range picker; loaded by list-query-form.tsx only for a list whose filters have a date range. */
export default function DateRangeInput(props: ComponentProps<typeof DatePicker.RangePicker>) {
  return <DatePicker.RangePicker {...props} />;
}
