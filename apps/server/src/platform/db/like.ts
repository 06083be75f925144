/** Escapes LIKE's wildcards (\ % _), so that what the user typed matches literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, "\\$&");

/** A LIKE pattern matching the text anywhere. */
export const containing = (text: string) => `%${escapeLike(text)}%`;

/** A LIKE pattern matching the text at the start (a btree index can serve it). */
export const startingWith = (text: string) => `${escapeLike(text)}%`;
