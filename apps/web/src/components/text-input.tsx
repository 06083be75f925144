import { Input, type InputProps } from "antd";
import type { TextAreaProps } from "antd/es/input";

/**
 * Free text with a limit (names, addresses, remarks): the counter shows how much is left, so nothing is cut
 * at the limit without the user seeing it. Fields of a fixed format (phone, code) use a plain Input with
 * `inputMode`; `text-input.test.ts` holds every screen to this.
 */
export function TextInput(props: InputProps) {
  return <Input showCount={props.maxLength !== undefined} {...props} />;
}

/** A text area with the same counter. */
export function TextArea(props: TextAreaProps) {
  return <Input.TextArea showCount={props.maxLength !== undefined} {...props} />;
}
