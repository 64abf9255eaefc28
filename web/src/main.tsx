import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import "./app/app.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { activateLocale, initialLocale } from "./lib/locale";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

// The language's messages load beside the app's code; I18nProvider (in App) shows nothing until they are in.
void activateLocale(initialLocale(window.location.pathname));

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
