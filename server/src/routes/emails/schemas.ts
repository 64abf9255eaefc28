import { z } from "@hono/zod-openapi";
import { EMAIL_THEME_ID_ALIASES } from "../../services/project-config/document";

/**
 * A theme id as Stack Auth's API takes it: a UUID (the built-in themes have Stack Auth's), or
 * one of the names Gatehouse gave its built-in themes before (`default-light`, `default-dark`).
 */
export const EmailThemeIdSchema = z
  .union([z.guid(), z.enum(Object.keys(EMAIL_THEME_ID_ALIASES) as [string, ...string[]])])
  .openapi("EmailThemeId", { description: "A theme's id (a UUID; `default-light` and `default-dark` name the first two built-in themes)." });

/** What a template, draft or message is rendered in: a theme, `false` for none, `null` (or absent) for the default. */
export const EmailThemeChoiceSchema = z
  .union([EmailThemeIdSchema, z.literal(false), z.null()])
  .openapi("EmailThemeChoice", { description: "A theme id; `false`: no theme; `null`: the template's own, else the project's selected theme." });
