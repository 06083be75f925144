import { hash, verify } from "@node-rs/argon2";
import { loginRefusals, type Refusal } from "@sbo/contract";
import { badInput } from "../http/errors";

/** OWASP's argon2id settings: 19 MiB, 2 passes, 1 lane. */
// algorithm 2 is Argon2id (the package exports it as an ambient const enum).
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spend the same time on an unknown login name as on a wrong password. */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword("not-a-real-password-for-timing");
  await verifyPassword(await dummyHash, password);
}

const COMMON = new Set(
  `123456 123456789 12345678 password qwerty123 qwerty 111111 12345 1234567 123123 1234567890 000000 abc123 654321
  password1 iloveyou 1q2w3e4r 666666 88888888 123321 1qaz2wsx 987654321 qwertyuiop a123456 a12345678 woaini1314
  password123 admin admin123 admin@123 root123 welcome welcome1 letmein monkey dragon football baseball sunshine
  princess qazwsx 112233 zxcvbnm aa123456 abcd1234 12qwaszx qq123456 p@ssw0rd passw0rd p@ssword 1q2w3e4r5t
  asdfghjkl 147258369 521521 5201314 a1234567 Aa123456 Aa123456! Abc@1234 Abcd@1234 Admin@123 Password1 Password@1
  Qwer1234 qwer1234 test1234 Test@1234 changeme 00000000 11111111 12341234 abcdefg abcdefgh iloveyou1 superman`
    .split(/\s+/)
    .filter(Boolean)
    .map((p) => p.toLowerCase()),
);

export type WeakReason = "tooShort" | "oneCharacterClass" | "common" | "containsLoginName";

/** Why a password is weak: too short (< 8), one character class, a common password, or the login name inside. */
export function weakReasons(password: string, loginName?: string): WeakReason[] {
  const reasons: WeakReason[] = [];
  if (password.length < 8) reasons.push("tooShort");
  const classes = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  if (classes <= 1) reasons.push("oneCharacterClass");
  if (COMMON.has(password.toLowerCase())) reasons.push("common");
  if (loginName && loginName.length >= 3 && password.toLowerCase().includes(loginName.toLowerCase())) reasons.push("containsLoginName");
  return reasons;
}

const REASON_TEXT: Record<WeakReason, string> = {
  tooShort: "is shorter than 8 characters",
  oneCharacterClass: "uses only one kind of character (mix letters, digits and symbols)",
  common: "is a commonly used password",
  containsLoginName: "contains the login name",
};

/** English only (the command line); calls answer `weakPasswordError`, worded in both languages. */
export const weakText = (reasons: WeakReason[]) => `is too weak: it ${reasons.map((r) => REASON_TEXT[r]).join("; it ")}`;

/** The declared field refusal for each reason (the contract's loginRefusals), in both languages. */
export const weakRefusal: Record<WeakReason, Refusal> = {
  tooShort: loginRefusals.weakTooShort,
  oneCharacterClass: loginRefusals.weakOneCharacterClass,
  common: loginRefusals.weakCommon,
  containsLoginName: loginRefusals.weakContainsLoginName,
};

/** A 400 naming the field, one declared issue per reason the password is weak; null when it is strong enough. */
export function weakPasswordError(path: string, password: string, loginName?: string) {
  const reasons = weakReasons(password, loginName);
  if (!reasons.length) return null;
  return badInput(reasons.map((r) => ({ path, message: weakRefusal[r].en, reason: weakRefusal[r].reason })));
}
