import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { setNavigator } from "@/platform/api-client";
import { keepSearches } from "@/platform/kept-search";
import { createQueryClient } from "@/platform/query-client";
import { setScreenPreloader } from "@/platform/screen-preload";
import { memberQuery } from "@/platform/session/session.api";
import { startStorage } from "@/platform/storage";
import { Providers } from "./providers";
import { createAppRouter, opensPrivateScreen, screenPreloader } from "./router";
import "virtual:antd.css";
import "./app.css";

/**
 * The start runs in steps, each in its own task (evaluating the modules; the router and the session call; the first
 * render), so the browser can paint and answer input between them: as one task it blocked the main thread for about
 * half a second on a back-office screen, all of it counted as blocking time.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start() {
  const root = document.getElementById("root");
  if (!root) throw new Error("index.html has no #root element");
  startStorage();
  const queryClient = createQueryClient();
  await nextTask();
  const router = createAppRouter(queryClient);
  setNavigator((to) => void router.navigate(to));
  setScreenPreloader(screenPreloader(router, queryClient));
  keepSearches(router);
  // A private screen's shell is drawn from the session call: start it now, while the layout's and the
  // screen's code download, instead of after (the layout reads the answer from the cache).
  if (opensPrivateScreen(router.state.matches)) void queryClient.prefetchQuery(memberQuery());
  await nextTask();
  createRoot(root).render(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}

void start();
