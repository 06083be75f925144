import { createHash, randomInt } from "node:crypto";

/*
 * A password card's number and password. Passwords are random (12 of 31 unambiguous characters, about 59 bits), so a
 * SHA-256 of number and password is what redemption checks; no slow hash is needed against guessing a stored hash.
 */

/** Letters and digits that cannot be misread on a printed card (no 0/O, 1/I/L). */
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const PASSWORD_LENGTH = 12;

export const passwordHashOf = (cardNo: string, password: string) =>
  createHash("sha256").update(`${cardNo}:${password.toUpperCase()}`).digest("hex");

export const newPassword = () => Array.from({ length: PASSWORD_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");

/** 16 digits: "8", then 15 random ones (unique per seller; the unique index is the last guard). */
export const newCardNo = () => `8${Array.from({ length: 15 }, () => randomInt(10)).join("")}`;
