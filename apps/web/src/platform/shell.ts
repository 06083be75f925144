import { createContext, useContext } from "react";

/** True inside the back-office shell: a public screen shown there (/403) leaves out its own header. */
export const InShell = createContext(false);

export const useInShell = (): boolean => useContext(InShell);
