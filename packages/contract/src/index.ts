import * as session from "./session";

export * from "./codes";
export * from "./common";
export * from "./define";
export * from "./functions";
export type { FuncNode, MemberInfo } from "./session";

/** Every call of the product, by domain. The server binds each domain; the web calls entries. */
export const contract = {
  session: session.session,
  login: session.login,
  system: session.system,
};
