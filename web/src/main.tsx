import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import "./app/app.css";
import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { activateLocale, initialLocale } from "./lib/locale";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

// English is active at once; another language's messages load beside the app's code, and
// I18nProvider (in App) shows nothing until they are in.
void activateLocale(initialLocale(window.location.pathname));

// As a transition, the first render yields to the browser every few milliseconds instead of
// holding the main thread for the whole page (a phone's CPU spent up to a second on it).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
