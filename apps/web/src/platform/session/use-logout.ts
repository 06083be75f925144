import * as contract from "@sbo/contract/session";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { call, LOGIN_PATH, setLoggingOut } from "@/platform/api-client";
import { clearDrafts } from "@/platform/form-draft";
import { forgetKeptSearches } from "@/platform/kept-search";

/** End the session and go to the login page, forgetting every cached answer and the client state. */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    // From here, a call of the screen being left that is refused as "not logged in" sends nobody anywhere: this leaves.
    setLoggingOut(true);
    try {
      await call(contract.session.logout, {});
    } catch {
      // Leaving anyway (call() showed why): a failed logout must not trap anyone on a screen.
    }
    // Leave first: a member query refetched on this screen would fail and send the login page a redirect back here.
    try {
      await navigate(LOGIN_PATH);
    } finally {
      setLoggingOut(false);
    }
    queryClient.clear();
    // Unsaved form drafts and kept list filters belong to who was signed in: the next person at this browser sees none.
    clearDrafts();
    forgetKeptSearches();
  };
}
