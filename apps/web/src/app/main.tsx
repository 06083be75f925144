import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { setNavigator } from "@/platform/api-client";
import { createQueryClient } from "@/platform/query-client";
import { startStorage } from "@/platform/storage";
import { Providers } from "./providers";
import { createAppRouter } from "./router";
import "./app.css";

startStorage();
const queryClient = createQueryClient();
const router = createAppRouter();
setNavigator((to) => void router.navigate(to));

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

createRoot(root).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
